// One build at a time in a table directory: a build holds DIR/<variant>/.build-lock, made
// with exclusive creation and holding the builder's process id. A lock whose process has
// died (a build killed or crashed) is taken over. Builds write each file whole under a name
// of their own and rename it into place (build.ts), so even two builds that met would never
// let a reader see half a file; the lock keeps them from doubling the work.

import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

export interface BuildLock {
  readonly file: string;
  /** Gives the lock to another process (the background builder this one started). */
  handOver(pid: number): void;
  /** Removes the lock if it is still this holder's. */
  release(): void;
}

export function buildLockFile(dir: string, variant: string): string {
  return join(dir, variant, '.build-lock');
}

/** The lock, or the process id of the live build that holds it. */
export function takeBuildLock(dir: string, variant: string): BuildLock | { heldBy: number } {
  const file = buildLockFile(dir, variant);
  mkdirSync(join(dir, variant), { recursive: true });
  let holder = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (createWith(file, process.pid)) return heldLock(file, process.pid);
    holder = lockHolder(file);
    if (holder > 0 && alive(holder)) return { heldBy: holder };
    try { unlinkSync(file); } catch { /* another process took it over first */ }
  }
  return { heldBy: holder };
}

/** The lock a parent took and handed to this process (build-on-demand.ts). */
export function adoptBuildLock(dir: string, variant: string): BuildLock {
  return heldLock(buildLockFile(dir, variant), process.pid);
}

/**
 * Creates the lock holding `pid`, or false when it exists. Written under another name and
 * linked into place, so that no one ever reads a lock without its process id.
 */
function createWith(file: string, pid: number): boolean {
  // The threads of one process share its id: each writes its own.
  const tmp = `${file}.${pid}-${threadId}.tmp`;
  writeFileSync(tmp, String(pid));
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    unlinkSync(tmp);
  }
}

function heldLock(file: string, pid: number): BuildLock {
  let owner = pid;
  return {
    file,
    handOver(next: number) {
      // Replaced whole: a reader sees the old holder or the new one.
      writeFileSync(`${file}.${next}.tmp`, String(next));
      renameSync(`${file}.${next}.tmp`, file);
      owner = next;
    },
    release() {
      if (lockHolder(file) !== owner) return;
      try { unlinkSync(file); } catch { /* already gone */ }
    },
  };
}

/** The process id in a lock file; 0 when it is unreadable or gone. */
function lockHolder(file: string): number {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // Someone else's process: alive, only not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
