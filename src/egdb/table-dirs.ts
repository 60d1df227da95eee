// Where the engine looks for endgame tables, in this order:
// 1. the directory the user names (`--egdb-path`, Hub `egdb-path`): that directory alone, a
//    user's own (larger) build;
// 2. otherwise, for each balance, the cache directory (cache-dir.ts: `damka egdb build`'s
//    default, so a user's own build, possibly larger) where it holds that balance's file,
// 3. else the tables shipped in the package (src/egdb/data/: English to five pieces,
//    International to four, win/draw/loss only).
// Distance files never ship: in the default lookup they are read from the cache directory,
// where `damka egdb build --distances` (or the engine, on demand) writes them.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultTableDir } from './cache-dir.ts';

/**
 * Names the shipped tables' directory instead of the package's: `none` for no shipped tables
 * (the test suite sets it, so that its searches are the same with or without the package's
 * data; a test that wants them asks), or a directory laid out the same way.
 */
export const SHIPPED_ENV = 'DAMKA_EGDB_SHIPPED';

/** The package's root: the nearest directory above this module with a package.json (the sources, dist/ and dist/lib/ alike). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

/** The shipped tables (DIR/<variant>/<balance>.egdb), or null when SHIPPED_ENV says none. */
export function shippedTableDir(): string | null {
  const chosen = process.env[SHIPPED_ENV];
  if (chosen === 'none') return null;
  return chosen ? chosen : join(packageRoot(), 'src', 'egdb', 'data');
}

/** The default lookup: the cache directory first, then the shipped tables. */
export function defaultTableDirs(): string[] {
  const shipped = shippedTableDir();
  return shipped === null ? [defaultTableDir()] : [defaultTableDir(), shipped];
}

/** The directories an `egdb-path` means: undefined the default lookup, a directory that one alone. */
export function tableDirsOf(egdbPath: string | undefined): string[] {
  return egdbPath === undefined ? defaultTableDirs() : [egdbPath];
}

/** For help texts: what the default lookup is. */
export function defaultLookupText(): string {
  return `${defaultTableDir()}, then the tables shipped in the package`;
}
