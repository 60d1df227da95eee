// The engine as the front-ends see it: searches run on piscina workers so that the caller's
// thread keeps reading its protocol. With `threads` N, N workers search the same root at once
// (lazy SMP, src/search/lazy-smp.ts): one main search that reports and decides, N-1 helpers.
// Everything they share lives in shared memory: the transposition table, the node counts and
// the stop flags (Atomics), so a stop reaches a worker while it is busy searching.
//
// piscina suits this long-lived pool: its workers start once and are reused by every search
// (each keeps its Searcher between tasks), N tasks on N threads run at once, and a worker
// that dies fails only its own task and is replaced by a fresh one.

import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Variant } from '../rules/variant.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { newBusyMoves } from '../search/busy-moves.ts';
import { newProgress } from '../search/lazy-smp.ts';
import { LAST_GENERATION, TranspositionTable } from '../search/tt.ts';
import { distFile } from '../tools/dist-path.ts';
import { newArrivals } from './arrival-barrier.ts';
import type { Engine, EngineRequest } from './engine.ts';
import type { Limits } from '../search/types.ts';
import { STOP, STOP_HELPERS, type PrefaultTask, type PrepareTask, type SearchTask, type TaskInfo, type TaskResult, plainPosition } from './task.ts';

const newSignals = () => new Int32Array(new SharedArrayBuffer(4 * 4));

/** Helpers search until the main search has decided (or a stop): it alone keeps the limits. */
const HELPER_LIMITS: Limits = { infinite: true };

export class WorkerEngine implements Engine {
  private pool: Piscina | null = null;
  private poolThreads = 0;
  /** Variants (and evaluations) whose searchers the pool's workers have made and warmed up. */
  private prepared = new Set<string>();
  /** How many distinct workers ran the last preparation (each of `threads` should). */
  preparedWorkers = 0;
  private ttMb: number;
  private threads: number;
  private evalKind: EvalKind | undefined;
  private weightsPath: string | undefined;
  private egdbPath: string | null | undefined = undefined;
  /**
   * Whether start() warms the workers up (warm-up.ts): about a second that a script starting an
   * engine for one search, or a test suite starting hundreds, can do without (DAMKA_WARM_UP=0).
   */
  private readonly warmUp = process.env.DAMKA_WARM_UP !== '0';
  private table: SharedArrayBuffer | null = null;
  private tableMb = 0;
  private tableId = 0;
  /** The table's age: the generation of the last search, and the first since the last new game. */
  private generation = 0;
  private oldest = 1;
  private clearNext = true;
  /**
   * The stop flags of the latest search asked for. Each search gets its own, made the moment
   * it is asked for, so a stop that follows at once (in the same read as its `go`) reaches it
   * even before the workers have started, and nothing can wipe that stop out.
   */
  private signals = newSignals();
  private deadline: NodeJS.Timeout | null = null;
  private running: Promise<TaskResult> | null = null;
  /** Settles when every worker of the last search has ended (helpers may end just after the answer). */
  private idle: Promise<unknown> = Promise.resolve();
  /** close() was called: workers ended by it have not failed, and no search starts again. */
  private closed = false;
  /** Where a worker's failure is reported (the search goes on with a move from a surviving worker). */
  onWorkerError: (message: string) => void = (message) => process.stderr.write(`damka: ${message}\n`);

  constructor(ttMb = 64, threads = 1) {
    this.ttMb = ttMb;
    this.threads = threads;
  }

  /**
   * Starts the workers (a pool of `threads`); with a variant, also makes the table and each
   * worker's searcher and warms them up, so that the first search pays for none of it (a
   * protocol answers ready only after this).
   */
  async start(variant?: Variant): Promise<void> {
    return this.startWorkers(variant, true);
  }

  /**
   * start(), and with `prefault` a table made now has its memory made real now, rather than
   * in the first moves. A table made for a search (resized since) is not prefaulted: for a
   * large one that would take seconds of the move's time.
   */
  private async startWorkers(variant: Variant | undefined, prefault: boolean): Promise<void> {
    if (this.closed) throw new Error('the engine is closed');
    if (!this.pool || this.poolThreads !== this.threads) {
      const old = this.pool;
      const pool = new Piscina({ filename: distFile('search-worker.js'), minThreads: this.threads, maxThreads: this.threads, idleTimeout: Infinity });
      this.pool = pool;
      this.poolThreads = this.threads;
      this.prepared.clear();
      // A worker that dies between tasks: piscina replaces it; say so rather than crash.
      pool.on('error', (err: Error) => this.onWorkerError(`a search worker died between searches: ${err.message}`));
      await old?.destroy();
    }
    if (variant) {
      const before = this.tableId;
      const table = this.sharedTable();
      if (prefault && this.tableId !== before) {
        const pool = this.pool;
        const task: PrefaultTask = { table, next: new Int32Array(new SharedArrayBuffer(4)) };
        const shares = Array.from({ length: this.threads }, () => pool.run(task, { name: 'prefaultTable' }));
        // This thread takes chunks too, once the workers have theirs (with one worker, that halves the wait).
        // One Promise.all over both, made at once: a share that fails while this thread waits
        // (close() during init ends the workers) is then handled, not an unhandled rejection
        // that would kill the process.
        const mine = new Promise((resolve) => setTimeout(resolve, 1)).then(() => TranspositionTable.prefault(table, task.next));
        await Promise.all([...shares, mine]);
      }
      const key = `${variant.name}:${this.evalKind ?? 'default'}:${this.weightsPath ?? ''}:${this.egdbPath === undefined ? 'default' : this.egdbPath ?? 'none'}`;
      if (!this.prepared.has(key)) {
        const pool = this.pool;
        // One task a worker: each makes and warms up its own searcher, and waits for the others.
        const workers = this.threads;
        const arrived = newArrivals();
        const task: PrepareTask = { variant: variant.name, evalKind: this.evalKind, weightsPath: this.weightsPath, egdbPath: this.egdbPath, warmUp: this.warmUp, arrived, workers };
        const threadIds: number[] = await Promise.all(Array.from({ length: workers }, () => pool.run(task, { name: 'prepare' })));
        this.preparedWorkers = new Set(threadIds).size;
        this.prepared.add(key);
      }
    }
  }

  setTableSize(mb: number): void {
    this.ttMb = mb;
  }

  /**
   * The evaluation of the next searches (and of the warm-up, when set before start), and the
   * learned evaluation's weights file (undefined: the shipped weights). The caller checks the
   * file first (readWeightsFile), so that a bad one is reported where it was named.
   */
  setEvaluation(kind: EvalKind, weightsPath?: string): void {
    this.evalKind = kind;
    this.weightsPath = weightsPath;
  }

  /**
   * The endgame table directory the searches will use (undefined: the default one, null:
   * none), so that start() reads its tables ahead of the first move.
   */
  setEndgameTables(path: string | null | undefined): void {
    this.egdbPath = path;
  }

  /** Workers searching each position from the next search on. */
  setThreads(n: number): void {
    if (!Number.isInteger(n) || n < 1) throw new Error(`threads must be a whole number from 1, got ${n}`);
    this.threads = n;
  }

  search(request: EngineRequest, onInfo?: (info: TaskInfo) => void): Promise<TaskResult> {
    if (this.closed) return Promise.reject(new Error('the engine is closed'));
    // Everything up to the first await happens now, in the caller's order of events: the
    // previous search is told to stop and this one's flags and clock are set.
    this.stop();
    const signals = newSignals();
    this.signals = signals;
    const startedAt = Date.now();
    const previous = this.running;
    const run = (async () => {
      // One search at a time: wait so that the infos of two never interleave, and until every
      // worker of the previous one has ended.
      if (previous) await previous.catch(() => undefined);
      await this.idle;
      return this.run(request, signals, startedAt, onInfo);
    })();
    this.running = run;
    const settled = () => { if (this.running === run) this.running = null; };
    run.then(settled, settled);
    return run;
  }

  /** The table for the next search: made when first needed or resized, fresh memory being zero already. */
  private sharedTable(): SharedArrayBuffer {
    if (this.table === null || this.tableMb !== this.ttMb || this.generation >= LAST_GENERATION - 1) {
      this.table = TranspositionTable.allocate(this.ttMb) as SharedArrayBuffer;
      this.tableMb = this.ttMb;
      this.tableId++;
      this.generation = 0;
      this.oldest = 1;
    }
    return this.table;
  }

  private async run(request: EngineRequest, signals: Int32Array, startedAt: number, onInfo?: (info: TaskInfo) => void): Promise<TaskResult> {
    await this.startWorkers(request.variant, false);
    const history = request.history;
    const { port1, port2 } = new MessageChannel();
    let ended!: () => void;
    const portEnded = new Promise<void>((resolve) => { ended = resolve; });
    port1.on('message', (message: TaskInfo | { end: true }) => {
      if ('end' in message) ended();
      else onInfo?.(message);
    });
    const n = this.threads;
    const table = this.sharedTable();
    if (this.clearNext) this.oldest = this.generation + 1;
    const common = {
      variant: request.variant.name,
      root: plainPosition(request.root),
      historyLo: history.lo,
      historyHi: history.hi,
      counters: request.counters,
      analyze: request.analyze ?? false,
      egdbPath: request.egdbPath,
      evalKind: this.evalKind,
      weightsPath: this.weightsPath,
      table,
      tableId: this.tableId,
      generation: this.generation,
      oldest: this.oldest,
      clear: this.clearNext,
      startedAt,
      signals,
      nodeCounts: n > 1 ? new BigInt64Array(new SharedArrayBuffer(8 * n)) : undefined,
      progress: n > 1 ? newProgress(n) : undefined,
      busy: n > 1 ? newBusyMoves() : undefined,
    };
    this.clearNext = false;
    this.generation++;
    const pool = this.pool!;
    const tasks: Promise<TaskResult>[] = [];
    for (let index = 0; index < n; index++) {
      const task: SearchTask = index === 0
        ? { ...common, index, limits: request.limits, port: port2 }
        : { ...common, index, limits: HELPER_LIMITS };
      // A failed worker stops the others: its search is over, and none of them may run on unsupervised.
      tasks.push(pool.run(task, index === 0 ? { transferList: [port2] } : {}).catch((err: unknown) => {
        Atomics.store(signals, STOP, 1);
        Atomics.store(signals, STOP_HELPERS, 1);
        const message = `search worker ${index + 1} of ${n} failed: ${err instanceof Error ? err.message : String(err)}`;
        if (!this.closed) this.onWorkerError(message);
        throw new Error(message);
      }));
    }
    const settled = Promise.allSettled(tasks);
    this.idle = settled;
    try {
      // The main search answers; the helpers, already told to stop, end within moments.
      const result = await tasks[0].catch(() => null);
      if (result !== null) {
        await portEnded;
        return result;
      }
      // The main search is lost; a helper searched the same root, so its move stands in.
      const outcomes = await settled;
      const helper = outcomes.find((o): o is PromiseFulfilledResult<TaskResult> => o.status === 'fulfilled' && o.value.move !== null);
      if (helper) return helper.value;
      throw (outcomes[0] as PromiseRejectedResult).reason;
    } finally {
      if (this.signals === signals) this.cancelDeadline();
      port1.close();
    }
  }

  /** Stops the latest search asked for, whether it is running yet or not, and all its workers. */
  stop(): void {
    Atomics.store(this.signals, STOP, 1);
    Atomics.store(this.signals, STOP_HELPERS, 1);
  }

  /** Stops the latest search after `seconds` (pondering turned into a timed search). */
  stopAfter(seconds: number): void {
    this.cancelDeadline();
    const signals = this.signals;
    this.deadline = setTimeout(() => {
      Atomics.store(signals, STOP, 1);
      Atomics.store(signals, STOP_HELPERS, 1);
    }, Math.max(0, seconds * 1000));
  }

  private cancelDeadline(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  newGame(): void {
    this.clearNext = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    this.cancelDeadline();
    await this.pool?.destroy();
    this.pool = null;
  }
}
