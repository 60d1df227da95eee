// The engine as the front-ends see it: searches run on a piscina worker so that the caller's
// thread keeps reading its protocol; stop is a flag in shared memory (Atomics), the same
// mechanism parallel search will use.

import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { distFile } from '../tools/dist-path.ts';
import type { Engine, EngineRequest } from './engine.ts';
import { STOP, type SearchTask, type TaskInfo, type TaskResult, plainPosition } from './task.ts';

export class WorkerEngine implements Engine {
  private pool: Piscina | null = null;
  private ttMb = 64;
  private clearNext = true;
  private readonly signals = new Int32Array(new SharedArrayBuffer(4 * 4));
  private deadline: NodeJS.Timeout | null = null;
  private running: Promise<TaskResult> | null = null;

  constructor(ttMb = 64) {
    this.ttMb = ttMb;
  }

  /** Starts the worker (and so the table's allocation) ahead of the first search. */
  async start(): Promise<void> {
    // One worker: its transposition table lives on between the searches of a game.
    this.pool ??= new Piscina({ filename: distFile('search-worker.js'), minThreads: 1, maxThreads: 1, idleTimeout: Infinity });
  }

  setTableSize(mb: number): void {
    this.ttMb = mb;
  }

  async search(request: EngineRequest, onInfo?: (info: TaskInfo) => void): Promise<TaskResult> {
    // One search at a time: a new one first stops the old (the stop flag is shared).
    while (this.running) {
      this.stop();
      await this.running.catch(() => undefined);
    }
    const run = this.run(request, onInfo);
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private async run(request: EngineRequest, onInfo?: (info: TaskInfo) => void): Promise<TaskResult> {
    await this.start();
    Atomics.store(this.signals, STOP, 0);
    const history = request.history;
    const { port1, port2 } = new MessageChannel();
    let ended!: () => void;
    const portEnded = new Promise<void>((resolve) => { ended = resolve; });
    port1.on('message', (message: TaskInfo | { end: true }) => {
      if ('end' in message) ended();
      else onInfo?.(message);
    });
    const task: SearchTask = {
      variant: request.variant.name,
      root: plainPosition(request.root),
      historyLo: history.lo,
      historyHi: history.hi,
      counters: request.counters,
      limits: request.limits,
      analyze: request.analyze ?? false,
      ttMb: this.ttMb,
      clear: this.clearNext,
      signals: this.signals,
      port: port2,
    };
    this.clearNext = false;
    try {
      const result: TaskResult = await this.pool!.run(task, { transferList: [port2] });
      await portEnded;
      return result;
    } finally {
      this.cancelDeadline();
      port1.close();
    }
  }

  stop(): void {
    Atomics.store(this.signals, STOP, 1);
  }

  /** Stops the running search after `seconds` (pondering turned into a timed search). */
  stopAfter(seconds: number): void {
    this.cancelDeadline();
    this.deadline = setTimeout(() => this.stop(), Math.max(0, seconds * 1000));
  }

  private cancelDeadline(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  newGame(): void {
    this.clearNext = true;
  }

  async close(): Promise<void> {
    this.stop();
    this.cancelDeadline();
    await this.pool?.destroy();
    this.pool = null;
  }
}
