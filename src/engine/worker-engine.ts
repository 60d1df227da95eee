// The engine as the front-ends see it: searches run on a piscina worker so that the caller's
// thread keeps reading its protocol; stop is a flag in shared memory (Atomics), the same
// mechanism parallel search will use.

import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Variant } from '../rules/variant.ts';
import { distFile } from '../tools/dist-path.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { Engine, EngineRequest } from './engine.ts';
import { STOP, type PrepareTask, type SearchTask, type TaskInfo, type TaskResult, plainPosition } from './task.ts';

const newSignals = () => new Int32Array(new SharedArrayBuffer(4 * 4));

export class WorkerEngine implements Engine {
  private pool: Piscina | null = null;
  private ttMb = 64;
  private evalKind: EvalKind | undefined;
  private clearNext = true;
  /**
   * The stop flag of the latest search asked for. Each search gets its own, made the moment
   * it is asked for, so a stop that follows at once (in the same read as its `go`) reaches it
   * even before the worker has started, and nothing can wipe that stop out.
   */
  private signals = newSignals();
  private deadline: NodeJS.Timeout | null = null;
  private running: Promise<TaskResult> | null = null;

  constructor(ttMb = 64) {
    this.ttMb = ttMb;
  }

  /**
   * Starts the worker; with a variant, also makes its searcher and table, so that the first
   * search pays for neither (a protocol answers ready only after this).
   */
  async start(variant?: Variant): Promise<void> {
    // One worker: its transposition table lives on between the searches of a game.
    this.pool ??= new Piscina({ filename: distFile('search-worker.js'), minThreads: 1, maxThreads: 1, idleTimeout: Infinity });
    if (variant) await this.pool.run({ variant: variant.name, ttMb: this.ttMb, evalKind: this.evalKind } satisfies PrepareTask, { name: 'prepare' });
  }

  setTableSize(mb: number): void {
    this.ttMb = mb;
  }

  /** The evaluation of the next searches (and of the warm-up, when set before start). */
  setEvaluation(kind: EvalKind): void {
    this.evalKind = kind;
  }

  search(request: EngineRequest, onInfo?: (info: TaskInfo) => void): Promise<TaskResult> {
    // Everything up to the first await happens now, in the caller's order of events: the
    // previous search is told to stop and this one's flag and clock are set.
    this.stop();
    const signals = newSignals();
    this.signals = signals;
    const startedAt = Date.now();
    const previous = this.running;
    const run = (async () => {
      // One search at a time: the worker runs tasks in turn, but wait so that the infos of
      // the two never interleave.
      if (previous) await previous.catch(() => undefined);
      return this.run(request, signals, startedAt, onInfo);
    })();
    this.running = run;
    const settled = () => { if (this.running === run) this.running = null; };
    run.then(settled, settled);
    return run;
  }

  private async run(request: EngineRequest, signals: Int32Array, startedAt: number, onInfo?: (info: TaskInfo) => void): Promise<TaskResult> {
    await this.start();
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
      egdbPath: request.egdbPath,
      ttMb: this.ttMb,
      evalKind: this.evalKind,
      clear: this.clearNext,
      startedAt,
      signals,
      port: port2,
    };
    this.clearNext = false;
    try {
      const result: TaskResult = await this.pool!.run(task, { transferList: [port2] });
      await portEnded;
      return result;
    } finally {
      if (this.signals === signals) this.cancelDeadline();
      port1.close();
    }
  }

  /** Stops the latest search asked for, whether it is running yet or not. */
  stop(): void {
    Atomics.store(this.signals, STOP, 1);
  }

  /** Stops the latest search after `seconds` (pondering turned into a timed search). */
  stopAfter(seconds: number): void {
    this.cancelDeadline();
    const signals = this.signals;
    this.deadline = setTimeout(() => Atomics.store(signals, STOP, 1), Math.max(0, seconds * 1000));
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
