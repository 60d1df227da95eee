// Queue worker processes for the queue tests: `damka worker` of the build in dist/.

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/damka.js', import.meta.url));

export interface WorkerProcess { child: ChildProcess; stderr: () => string; kill(signal?: NodeJS.Signals): Promise<void> }

export function spawnWorker(url: string, args: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [CLI, 'worker', '--queue', url, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
  return {
    child,
    stderr: () => err,
    kill: (signal = 'SIGTERM') => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
      child.once('exit', () => resolve());
      child.kill(signal);
    }),
  };
}

/** Runs the CLI to its end: exit code, stdout and stderr. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
