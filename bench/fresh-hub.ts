// A fresh `damka hub` process past `ready`, for the bench tools that time what a GUI sees.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { distFile } from '../src/tools/dist-path.ts';

export interface FreshHub {
  child: ChildProcessWithoutNullStreams;
  /** Waits for the next line matching `pattern` and returns it with the lines read before it. */
  next: (pattern: RegExp) => Promise<{ line: string; before: string[] }>;
}

/** Starts `damka hub`, sets the given parameters (variant, tt-size, threads, ...) and waits for `ready`. */
export async function freshHub(params: Record<string, string | number>): Promise<FreshHub> {
  const child = spawn(process.execPath, [distFile('damka.js'), 'hub']);
  let buffer = '';
  let waiter: (() => void) | null = null;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => { buffer += chunk; waiter?.(); });
  const next = (pattern: RegExp) => new Promise<{ line: string; before: string[] }>((resolve) => {
    const look = () => {
      const lines = buffer.split('\n');
      // The last piece may be a line still being written.
      const i = lines.slice(0, -1).findIndex((l) => pattern.test(l));
      if (i < 0) return false;
      buffer = lines.slice(i + 1).join('\n');
      waiter = null;
      resolve({ line: lines[i], before: lines.slice(0, i) });
      return true;
    };
    if (!look()) waiter = () => { look(); };
  });
  const sets = Object.entries(params).map(([name, value]) => `set-param name=${name} value=${value}\n`).join('');
  child.stdin.write(`hub\n${sets}init\n`);
  await next(/^ready$/);
  return { child, next };
}
