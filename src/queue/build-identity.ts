// Which build made a job: the package version and the commit it was built from. A worker of
// another build refuses the job, so that one match never pits two different engines against each
// other under one name. The build script writes the commit into dist/build.json; without it
// (tests of the sources before a build) the commit is unknown and only like matches like.

import { existsSync, readFileSync } from 'node:fs';
import { packageFile } from '../tools/dist-path.ts';

export interface BuildIdentity { version: string; commit: string }

let cached: BuildIdentity | null = null;

export function buildIdentity(): BuildIdentity {
  if (cached) return cached;
  const version = String((JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown');
  const file = packageFile('dist/build.json');
  let commit = 'unknown';
  if (existsSync(file)) {
    const built = JSON.parse(readFileSync(file, 'utf8')) as { commit?: unknown };
    if (typeof built.commit === 'string') commit = built.commit;
  }
  cached = { version, commit };
  return cached;
}

export function buildText(b: BuildIdentity): string {
  return `damka ${b.version} (${b.commit.slice(0, 12)})`;
}

export function sameBuild(a: BuildIdentity, b: BuildIdentity): boolean {
  return a.version === b.version && a.commit === b.commit;
}
