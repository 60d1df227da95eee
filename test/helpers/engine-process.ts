// A Damka process driven line by line over stdin/stdout, as a GUI or match manager drives it.

import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/damka.js', import.meta.url));

/** One run of the built CLI to its end: exit code, stdout, stderr. */
export function damka(...args: string[]) {
  return damkaFed('', ...args);
}

/** One run of the built CLI with `input` on stdin, all of it there at once, then closed. */
export function damkaFed(input: string, ...args: string[]) {
  return damkaIn({}, input, ...args);
}

/** One run of the built CLI with these environment variables changed (undefined: removed). */
export function damkaIn(env: Record<string, string | undefined>, input: string, ...args: string[]) {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 60_000, env: merged });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

export class EngineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every stdout line so far. */
  readonly lines: string[] = [];
  stderr = '';
  private next = 0;
  private buffer = '';
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor(args: string[], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [CLI, ...args], { stdio: 'pipe', env: { ...process.env, ...env } });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let i: number;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, i));
        this.buffer = this.buffer.slice(i + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.child.stderr.on('data', (chunk) => { this.stderr += String(chunk); });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => {
      resolve(code);
      for (const w of this.waiters.splice(0)) w();
    }));
  }

  send(...lines: string[]): void {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
  }

  /** The next unread line matching `pattern` (lines before it are consumed), or an error after `ms`. */
  async expect(pattern: RegExp, ms = 10_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.next < this.lines.length) {
        const line = this.lines[this.next++];
        if (pattern.test(line)) return line;
      }
      if (this.child.exitCode !== null) throw new Error(`process exited before ${pattern}; output:\n${this.lines.join('\n')}\n${this.stderr}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${pattern}; output:\n${this.lines.join('\n')}\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  /** Every unread line up to and including the next one matching `pattern` (for a search's info lines). */
  async collect(pattern: RegExp, ms = 10_000): Promise<string[]> {
    const from = this.next;
    await this.expect(pattern, ms);
    return this.lines.slice(from, this.next);
  }

  /** Unread lines so far (consumes them). */
  drain(): string[] {
    const out = this.lines.slice(this.next);
    this.next = this.lines.length;
    return out;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
