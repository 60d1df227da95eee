// Worker entry points are separate bundles in dist/ (piscina loads them by file name).
// Bundled code runs from dist/ itself; tests run the TypeScript sources, two levels below
// the package root, and use the build that `npm test` makes first.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function distFile(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const file = here.endsWith('dist') ? join(here, name) : join(here, '..', '..', 'dist', name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  return file;
}

/** A file shipped with the package (bench positions, openings), by its path from the package root. */
export function packageFile(relative: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = here.endsWith('dist') ? join(here, '..') : join(here, '..', '..');
  return join(root, relative);
}
