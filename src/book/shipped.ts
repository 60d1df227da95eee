// The books shipped in the package, at src/book/data/<variant>.book from the package root. The
// code asking runs from the sources (src/book/), from the CLI and worker bundles (dist/) or
// from the library bundle (dist/lib/), so the root is found by going up to the directory that
// holds src/book/data.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getVariant } from '../rules/variants.ts';

const DATA = join('src', 'book', 'data');

/** The shipped book's path for a variant (which may not have one: check that the file exists). */
export function shippedBookPath(variant: string): string {
  const name = `${getVariant(variant).name}.book`;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++) {
    if (existsSync(join(dir, DATA))) return join(dir, DATA, name);
    dir = dirname(dir);
  }
  throw new Error(`no ${DATA} directory above ${dirname(fileURLToPath(import.meta.url))}: the package is incomplete`);
}
