// The distance files of the default lookup (table-dirs.ts) are not shipped: the first time a
// search needs them (a root the tables call won or lost, table-move.ts) and they are not in
// the cache directory, a build of them starts in the background, in a process of its own
// (`damka egdb build --distances`, at the lowest priority), and says so in one line. The
// search meanwhile plays such wins by search, as without distances, and finds the files when
// they are there (EndgameTables looks again every few seconds).
//
// Safe against itself: the build lock (build-lock.ts) is taken here, before the process
// starts, so that of the threads, engines and users asking at once only one starts a build,
// and every file is renamed into place whole (build.ts). The builder is detached and holds
// none of this process's streams: an engine that exits leaves it to finish.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { takeBuildLock } from './build-lock.ts';
import { packageRoot } from './table-dirs.ts';
import type { EndgameTables } from './tables.ts';

/** Variant and directory pairs this thread has started (or tried to start) a build for. */
const asked = new Set<string>();

/** The build's output, beside the files it writes. */
export function buildLogFile(dir: string, variant: string): string {
  return join(dir, variant, 'distances-build.log');
}

/**
 * Starts building the distance files of `tables` (up to its largest piece count) into `dir`,
 * unless this thread has asked before or another build holds the lock. Says what it did
 * through `report`; never throws (a search calls it).
 */
export function buildDistancesInBackground(tables: EndgameTables, dir: string, report: (message: string) => void): void {
  const name = tables.variant.name;
  if (asked.has(`${name}\n${dir}`)) return;
  asked.add(`${name}\n${dir}`);
  try {
    const cli = join(packageRoot(), 'dist', 'damka.js');
    if (!existsSync(cli)) { report(`cannot build the ${name} distance files: ${cli} is missing`); return; }
    const lock = takeBuildLock(dir, name);
    if (!('file' in lock)) return; // another build is on it
    const log = buildLogFile(dir, name);
    const out = openSync(log, 'w');
    try {
      const args = [cli, 'egdb', 'build', '--variant', name, '--pieces', String(tables.maxPieces), '--dir', dir, '--distances', '--lock-held'];
      const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', out, out] });
      child.on('error', (err) => { lock.release(); report(`the ${name} distance build did not start: ${err.message}`); });
      if (child.pid === undefined) return;
      lock.handOver(child.pid);
      child.unref();
    } finally {
      closeSync(out);
    }
    report(`building the ${name} distance files (up to ${tables.maxPieces} pieces) in ${join(dir, name)} in the background, minutes of one core (log: ${log}); until they are there, table wins are played by search`);
  } catch (err) {
    report(`cannot build the ${name} distance files in ${dir}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
