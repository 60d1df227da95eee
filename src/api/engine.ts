// The library's engine: searches a game's position on a worker (a Node worker thread or a
// browser Web Worker, the same search code), reports each iteration through a callback or
// an async iterator, and stops on request. Stopping uses a flag in shared memory; where a
// page has none (not cross-origin isolated) stop() ends the worker instead and answers with
// the last finished iteration, at the cost of the table.

import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { BOOK_MARGIN_MAX, type BookSettings, DEFAULT_BOOK } from '../book/settings.ts';
import { mateIn } from '../search/score.ts';
import type { Limits, SearchInfo as InnerInfo, SearchResult as InnerResult } from '../search/types.ts';
import { DamkaError } from './errors.ts';
import type { SearchMessage, ServiceReply } from './engine-service.ts';
import { type DraughtsGame, describeLine, internalGame } from './game.ts';
import type { SearchInfo, SearchLimits, SearchResult } from './types.ts';
import type { WorkerLink, WorkerLinkFactory } from './worker-link.ts';

export interface EngineOptions {
  /** Transposition table in MB (1-4096, default 64). */
  tableMb?: number;
  /**
   * Answer from an opening book before searching: true for the variant's shipped book, or its
   * settings; default false (a search of the library analyses, as the Hub's go analyze does).
   * A book move comes at once, its result flagged `book`.
   */
  book?: boolean | BookOptions;
  /** Told of a problem that does not stop the search (a book that cannot be read, once); default console.warn. */
  onWarning?: (message: string) => void;
}

export interface BookOptions {
  /** A book file (Node only); absent for the variant's shipped book. */
  file?: string;
  /** The last ply (moves since the game's start) at which the book is asked; default every ply. */
  lastPly?: number;
  /** Centi-men: a random move among those this close to the best, weighted towards the best; default 0 (always the best). */
  margin?: number;
}

export interface SearchOptions {
  /** Called with every finished iteration. */
  onInfo?: (info: SearchInfo) => void;
}

/** A running search: iterate it for progress, await `result`, or stop it. */
export interface Search extends AsyncIterable<SearchInfo> {
  readonly result: Promise<SearchResult>;
  stop(): void;
}

const MAX_DEPTH = 100;

interface Running {
  id: number;
  variant: Variant;
  root: Position;
  last: InnerInfo | null;
  stopped: boolean;
  onInfo: (info: InnerInfo) => void;
  settle: (result: InnerResult | Error) => void;
}

export class DraughtsEngine {
  private link: WorkerLink | null = null;
  private readonly signals: Int32Array | null;
  private tableMb: number;
  private clearNext = true;
  private nextId = 1;
  private running: Running | null = null;
  /** The newest search, running or waiting its turn. */
  private latest: Running | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly book: BookSettings | null;
  private readonly onWarning: (message: string) => void;

  constructor(private readonly makeLink: WorkerLinkFactory, options: EngineOptions = {}) {
    this.tableMb = checkTableMb(options.tableMb ?? 64);
    this.book = bookSettings(options.book);
    this.onWarning = options.onWarning ?? ((message) => console.warn(`damka: ${message}`));
    // A browser page shares memory with its workers only when cross-origin isolated.
    const shared = typeof SharedArrayBuffer !== 'undefined' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
    this.signals = shared ? new Int32Array(new SharedArrayBuffer(4)) : null;
  }

  /** Table size for the searches that follow. */
  setTableSize(mb: number): void {
    this.tableMb = checkTableMb(mb);
  }

  /** Forget what was learnt (the table) before the next search. */
  newGame(): void {
    this.clearNext = true;
  }

  /**
   * Starts searching the game's current position (a copy: the game may change meanwhile).
   * A search already running is stopped first. Limits: `depth`, `nodes`, `time` (seconds),
   * or `infinite` until stop().
   */
  search(game: DraughtsGame, limits: SearchLimits, options: SearchOptions = {}): Search {
    if (this.closed) throw new DamkaError('engine-closed', 'the engine is closed');
    const inner = internalGame(game);
    const request = toLimits(limits);
    const variant = inner.variant;
    const root = inner.position.clone();
    const history = inner.historyKeys();
    const counters = { ...inner.drawCounters };
    const infos = new InfoStream();

    const toInfo = (info: InnerInfo) => publicInfo(variant, root, info);
    let handle!: Running;
    const started = this.queue.then(() => new Promise<InnerResult>((resolve, reject) => {
      if (handle.stopped) { resolve(fallbackResult(variant, root, null)); return; }
      if (this.closed) { reject(new DamkaError('engine-closed', 'the engine is closed')); return; }
      this.running = handle;
      handle.settle = (r) => (r instanceof Error ? reject(r) : resolve(r));
      if (this.signals) Atomics.store(this.signals, 0, 0);
      const message: SearchMessage = {
        type: 'search', id: handle.id, variant: variant.name,
        root: { wLo: root.wLo, wHi: root.wHi, bLo: root.bLo, bHi: root.bHi, kLo: root.kLo, kHi: root.kHi, wEx: root.wEx, bEx: root.bEx, kEx: root.kEx, side: root.side, kingRun: root.kingRun },
        historyLo: history.lo, historyHi: history.hi, counters, limits: request, analyze: true,
        tableMb: this.tableMb, clear: this.clearNext, signals: this.signals, book: this.book, ply: inner.ply,
      };
      this.clearNext = false;
      const link = this.ensureLink();
      link.busy(true);
      link.post(message);
    }));
    handle = {
      id: this.nextId++, variant, root, last: null, stopped: false,
      onInfo: (info) => {
        handle.last = info;
        const out = toInfo(info);
        options.onInfo?.(out);
        infos.push(out);
      },
      settle: () => undefined,
    };
    const result = started.then(
      (r) => {
        const out = publicResult(variant, root, r, handle.stopped);
        infos.end();
        return out;
      },
      (err: unknown) => {
        infos.fail(err);
        throw err;
      },
    );
    // The next search waits for this one to end, whatever its outcome.
    this.queue = result.catch(() => undefined);
    // Stop what runs or waits now so that this search starts soon.
    if (this.latest) this.stopRunning(this.latest);
    if (this.running) this.stopRunning(this.running);
    this.latest = handle;
    return {
      result,
      stop: () => this.stopRunning(handle),
      [Symbol.asyncIterator]: () => infos.iterator(),
    };
  }

  /** Searches to the limits and resolves with the best move; `onInfo` sees each iteration. */
  analyse(game: DraughtsGame, limits: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<SearchResult> {
    return this.search(game, limits, { onInfo }).result;
  }

  /** Stops the running search, if any; its result is the best move found so far. */
  stop(): void {
    if (this.running) this.stopRunning(this.running);
  }

  /** Ends the worker; running and waiting searches are stopped first. The engine cannot search again. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.latest) this.stopRunning(this.latest);
    this.stop();
    this.closed = true;
    await this.queue;
    const link = this.link;
    this.link = null;
    await link?.terminate();
  }

  private stopRunning(handle: Running): void {
    handle.stopped = true;
    if (this.running !== handle) return; // not started yet: it will end at once
    if (this.signals) {
      Atomics.store(this.signals, 0, 1);
      return;
    }
    // No shared memory: the busy worker cannot be told, so it goes; a new one serves the next search.
    const link = this.link;
    this.link = null;
    this.running = null;
    void link?.terminate();
    handle.settle(fallbackResult(handle.variant, handle.root, handle.last));
  }

  private ensureLink(): WorkerLink {
    if (this.link) return this.link;
    const link = this.makeLink();
    link.listen(
      (message) => {
        if (this.link !== link) return;
        this.receive(message as ServiceReply);
      },
      (error) => {
        if (this.link !== link) return;
        this.link = null;
        const running = this.running;
        this.running = null;
        running?.settle(new DamkaError('engine-failed', error.message));
      },
    );
    this.link = link;
    return link;
  }

  private receive(reply: ServiceReply): void {
    const running = this.running;
    if (!running || reply.id !== running.id) return;
    if (reply.type === 'info') { running.onInfo(reply.info); return; }
    if (reply.type === 'warning') { this.onWarning(reply.message); return; }
    this.running = null;
    this.link?.busy(false);
    if (reply.type === 'result') running.settle(reply.result);
    else running.settle(new DamkaError('engine-failed', reply.message));
  }
}

/** The book settings of the engine's options, checked; null for no book. */
function bookSettings(book: EngineOptions['book']): BookSettings | null {
  if (book === undefined || book === false) return null;
  if (book === true) return { ...DEFAULT_BOOK };
  if (book === null || typeof book !== 'object') throw new DamkaError('bad-book', 'book must be true, false or { file, lastPly, margin }');
  const { file = '', lastPly = Infinity, margin = 0 } = book;
  if (typeof file !== 'string') throw new DamkaError('bad-book', 'book.file must be a path');
  if (!(lastPly === Infinity || (Number.isInteger(lastPly) && lastPly >= 0))) throw new DamkaError('bad-book', `book.lastPly must be a whole number from 0, got ${lastPly}`);
  if (!(Number.isInteger(margin) && margin >= 0 && margin <= BOOK_MARGIN_MAX)) throw new DamkaError('bad-book', `book.margin must be a whole number of centi-men from 0 to ${BOOK_MARGIN_MAX}, got ${margin}`);
  return { use: true, file, lastPly, margin };
}

function checkTableMb(mb: number): number {
  if (!Number.isInteger(mb) || mb < 1 || mb > 4096) throw new DamkaError('bad-limits', `the table size must be a whole number of MB from 1 to 4096, got ${mb}`);
  return mb;
}

function toLimits(limits: SearchLimits): Limits {
  if (limits === null || typeof limits !== 'object') throw new DamkaError('bad-limits', 'limits must be an object such as { depth: 10 } or { time: 1 }');
  const { depth, nodes, time, infinite } = limits;
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= MAX_DEPTH)) {
    throw new DamkaError('bad-limits', `depth must be a whole number from 1 to ${MAX_DEPTH}, got ${depth}`);
  }
  if (nodes !== undefined && !(Number.isInteger(nodes) && nodes >= 1)) throw new DamkaError('bad-limits', `nodes must be a whole number above 0, got ${nodes}`);
  if (time !== undefined && !(typeof time === 'number' && Number.isFinite(time) && time > 0)) throw new DamkaError('bad-limits', `time must be a number of seconds above 0, got ${time}`);
  if (infinite !== undefined && typeof infinite !== 'boolean') throw new DamkaError('bad-limits', 'infinite must be true or false');
  if (depth === undefined && nodes === undefined && time === undefined && !infinite) {
    throw new DamkaError('bad-limits', 'give a limit: depth, nodes, time (seconds), or infinite: true (then stop())');
  }
  const out: Limits = {};
  if (depth !== undefined) out.depth = depth;
  if (nodes !== undefined) out.nodes = nodes;
  if (time !== undefined) out.moveTime = time;
  if (infinite) out.infinite = true;
  return out;
}

function publicInfo(variant: Variant, root: Position, info: InnerInfo & { book?: boolean }): SearchInfo {
  return {
    depth: info.depth,
    selDepth: info.selDepth,
    score: info.score,
    mate: mateIn(info.score),
    nodes: info.nodes,
    timeMs: info.timeMs,
    nodesPerSecond: info.timeMs > 0 ? Math.round((info.nodes * 1000) / info.timeMs) : 0,
    pv: describeLine(variant, root, info.pv).map((m) => m.text),
    book: info.book === true,
  };
}

function publicResult(variant: Variant, root: Position, result: InnerResult & { book?: boolean }, stopped: boolean): SearchResult {
  const line = result.move ? describeLine(variant, root, result.ponder ? [result.move, result.ponder] : [result.move]) : [];
  return { ...publicInfo(variant, root, result), move: line[0] ?? null, ponder: line[1] ?? null, stopped };
}

/** The answer of a search cut short without the worker's word: its last iteration, else any legal move. */
function fallbackResult(variant: Variant, root: Position, last: InnerInfo | null): InnerResult {
  if (last && last.pv.length > 0) return { ...last, move: last.pv[0], ponder: last.pv[1] ?? null };
  const first = variant.legalMoves(root)[0] ?? null;
  return { depth: 0, selDepth: 0, score: 0, nodes: 0, timeMs: 0, pv: first ? [first] : [], move: first, ponder: null };
}

/** Infos as an async iterator: buffered until read, ending when the search ends. */
class InfoStream {
  private readonly buffered: SearchInfo[] = [];
  private waiting: ((r: IteratorResult<SearchInfo>) => void) | null = null;
  private failWaiting: ((err: unknown) => void) | null = null;
  private done = false;
  private error: unknown = null;

  push(info: SearchInfo): void {
    if (this.waiting) this.resume({ value: info, done: false });
    else this.buffered.push(info);
  }

  end(): void {
    this.done = true;
    if (this.waiting) this.resume({ value: undefined, done: true });
  }

  fail(err: unknown): void {
    this.done = true;
    this.error = err;
    const reject = this.failWaiting;
    this.waiting = this.failWaiting = null;
    reject?.(err);
  }

  iterator(): AsyncIterator<SearchInfo> {
    return {
      next: () => {
        const info = this.buffered.shift();
        if (info) return Promise.resolve({ value: info, done: false });
        if (this.error) return Promise.reject(this.error);
        if (this.done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => { this.waiting = resolve; this.failWaiting = reject; });
      },
    };
  }

  private resume(r: IteratorResult<SearchInfo>): void {
    const resolve = this.waiting!;
    this.waiting = this.failWaiting = null;
    resolve(r);
  }
}
