// The GUI side of the Hub protocol: starts an engine process from a command line, brings it
// to `ready` with its parameters, asks it for moves, and notices when it dies or goes silent.

import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { formatHubLine, parseHubLine } from '../protocols/hub/line.ts';

export class EngineFailure extends Error {
  constructor(readonly kind: 'crash' | 'timeout' | 'protocol', message: string) {
    super(message);
  }
}

/** Splits a command line like a shell would for simple cases: spaces, '...' and "..." quoting. */
export function splitCommand(command: string): string[] {
  const out: string[] = [];
  let current = '', quote: string | null = null, any = false;
  for (const c of command) {
    if (quote) {
      if (c === quote) quote = null; else current += c;
    } else if (c === '"' || c === "'") { quote = c; any = true; }
    else if (/\s/.test(c)) { if (current || any) out.push(current); current = ''; any = false; }
    else current += c;
  }
  if (quote) throw new Error(`unbalanced quote in engine command: ${command}`);
  if (current || any) out.push(current);
  if (out.length === 0) throw new Error('empty engine command');
  return out;
}

export interface EngineSpec {
  command: string;
  /** Hub parameters to set before init. */
  params: Record<string, string>;
  /** Working directory of the engine process (engines that load files from their own folder). */
  cwd?: string;
  /** Time odds: this engine's move time or clock (and increment) is the time control's times this factor. */
  timeFactor?: number;
}

export class HubClient {
  name: string;
  private child: ChildProcess | null = null;
  private waiting: { pattern: RegExp; resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  private exitError: EngineFailure | null = null;
  /** Lines the engine wrote that were not protocol answers we waited for (info, errors). */
  readonly log: string[] = [];
  private readonly pending: string[] = [];

  constructor(readonly spec: EngineSpec) {
    this.name = spec.command;
  }

  get alive(): boolean {
    return this.child !== null && this.exitError === null;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const [cmd, ...args] = splitCommand(this.spec.command);
    this.exitError = null;
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'], cwd: this.spec.cwd });
    this.child = child;
    child.stdin!.on('error', () => { /* a dead engine: reported through 'exit' */ });
    child.on('error', (err) => this.failed(new EngineFailure('crash', `${this.spec.command}: ${err.message}`)));
    child.on('exit', (code, signal) => this.failed(new EngineFailure('crash', `${this.name} exited (${signal ?? `code ${code}`})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => this.received(line));
    this.send('hub');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = await this.expect(/^(id|param|wait)\b/, deadline - Date.now());
      if (line.startsWith('wait')) break;
      const parsed = parseHubLine(line);
      const name = parsed?.args.get('name');
      if (parsed?.command === 'id' && typeof name === 'string') this.name = name;
    }
    for (const [name, value] of Object.entries(this.spec.params)) this.send(formatHubLine('set-param', { name, value }));
    this.send('init');
    await this.expect(/^ready\b/, deadline - Date.now());
  }

  send(line: string): void {
    if (this.child?.stdin?.writable) this.child.stdin.write(`${line}\n`);
  }

  newGame(): void {
    this.send('new-game');
  }

  /** Asks for a move; resolves with the move text and the seconds it took. */
  async think(pos: string, moves: string[], level: string, timeoutMs: number): Promise<{ move: string; seconds: number }> {
    this.send(formatHubLine('pos', { pos, moves: moves.length ? moves.join(' ') : undefined }));
    this.send(level);
    const t0 = performance.now();
    this.send('go think');
    const line = await this.expect(/^done\b/, timeoutMs);
    const seconds = (performance.now() - t0) / 1000;
    const move = parseHubLine(line)?.args.get('move');
    if (typeof move !== 'string') throw new EngineFailure('protocol', `${this.name} answered "${line}" without a move`);
    return { move, seconds };
  }

  async quit(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || this.exitError) return;
    this.send('quit');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 1000);
      child.once('exit', () => { clearTimeout(timer); resolve(); });
    });
  }

  kill(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  private received(line: string): void {
    // Several lines can arrive in one chunk, before the next expect() is set up: queue them.
    this.pending.push(line);
    this.deliver();
  }

  /** Hands the first pending line that the waiter wants to it; lines before it go to the log. */
  private deliver(): void {
    const w = this.waiting;
    if (!w) return;
    while (this.pending.length > 0) {
      const line = this.pending.shift()!;
      if (w.pattern.test(line)) {
        this.waiting = null;
        w.resolve(line);
        return;
      }
      this.log.push(line);
      if (this.log.length > 200) this.log.shift();
    }
  }

  private failed(err: EngineFailure): void {
    if (this.exitError) return;
    this.exitError = err;
    const w = this.waiting;
    this.waiting = null;
    w?.reject(err);
  }

  private expect(pattern: RegExp, ms: number): Promise<string> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new EngineFailure('timeout', `${this.name} did not answer in time (waiting for ${pattern.source})`));
      }, Math.max(0, ms));
      this.waiting = {
        pattern,
        resolve: (line) => { clearTimeout(timer); resolve(line); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      };
      this.deliver();
    });
  }
}
