// Grows a book: searches the roots, then again and again expands the leaf drop-out expansion
// picks (expansion.ts), every child a leaf search on the LeafSearcher, until the positions or
// minutes asked for are spent, nothing is left to expand, or it is stopped. The file is the
// checkpoint: rewritten whole (atomically) at least every `checkpointMs` and at the end, so a
// kill loses only the searches since the last write, and a build given that file goes on from
// there. With a --nodes or --depth limit a build is deterministic, with any number of searches
// at once: the same command gives the same book, interrupted and resumed or not. For that the
// next leaf to expand is chosen only once every search running has ended (the choice depends on
// their scores), so the workers run one expansion's children at a time and may wait at its end;
// `overlap` chooses it at once instead, for many workers (a queue), and the book then depends on
// which search ended first.
//
// A build that deepens (--deepen) searches a leaf again, with its deeper search, when the
// leaf's search had less and expansion comes to it: before it is expanded, so that the book
// grows, in expansion's order, from leaves scored by the deeper search, and the leaves far from
// the main lines keep their old search until their turn comes. With expand false it only
// searches leaves again, in that order, so that a book can be made deeper a session at a time.

import type { Variant } from '../rules/variant.ts';
import { type Book, writeBookFile } from './book-file.ts';
import { BookGraph, type BookNode } from './book-graph.ts';
import type { BookParams } from './book-format.ts';
import { type GameRoots, bookRoots, type RootChoice, rootsName } from './book-roots.ts';
import { type BookRoot, EXPANSION_WEIGHT, mainLine, nextLeaf, nextLeafToDeepen, scoreNodes } from './expansion.ts';
import type { LeafSearcher } from './leaf-searcher.ts';
import type { LeafLimits, LeafResult } from './types.ts';

export interface BuildOptions {
  variant: Variant;
  /** The file written (and rewritten at every checkpoint). */
  path: string;
  /** The book to go on from (read from `path` or another file), or none for a new book. */
  from?: Book;
  limits: LeafLimits;
  searcher: LeafSearcher;
  /** Stop after this many new searches. */
  positions?: number;
  /** Stop starting searches after this long. */
  minutes?: number;
  checkpointMs?: number;
  weight?: number;
  /** The start and the openings matches start from (the default), or the start alone. */
  roots?: RootChoice;
  /** Played games' positions, roots beside the openings (searched after them, in the games' order). */
  games?: GameRoots;
  /** False: search the roots that have no search yet and stop, expanding nothing (learning a match's games). */
  expand?: boolean;
  /** Search again, with `limits`, a leaf searched with less (shallower()) before expanding it (with expand false: instead). */
  deepen?: boolean;
  /** Choose the next leaf while searches still run (faster with many workers; the book is then not reproducible). */
  overlap?: boolean;
  onProgress?: (p: BuildProgress) => void;
}

export interface BuildProgress {
  positions: number;
  /** Searches finished by this run. */
  searched: number;
  seconds: number;
  /** Plies of the main line from the first root. */
  mainLine: string[];
  /** The deepest best line below any root, in plies. */
  deepest: number;
  writes: number;
}

export interface BuildResult extends BuildProgress {
  stopped: 'positions' | 'minutes' | 'complete' | 'interrupted';
  bytes: number;
}

/** What a book was built with: its last build's limits, the weight, and how many searches each search per leaf made. */
export interface BuiltWith {
  /** The search per leaf of the last build (a build extending the book uses the same, unless told to mix). */
  limits?: LeafLimits;
  weight?: number;
  searches: number;
  seconds: number;
  /** Searches by search per leaf (its JSON), in the order first used: one entry unless builds mixed them. */
  byLimits: Record<string, number>;
  /** Of the searches, those that replaced a leaf's earlier, shallower one (--deepen). */
  researched: number;
}

/**
 * Whether `limits` would search deeper than the search a leaf has: more nodes, or a greater
 * depth. A node-limited search stops at its limit, so one made with the limit counts it in
 * full; one that ended sooner (a line seen to its end) is searched again, quickly, by each build.
 */
export function shallower(search: LeafResult, limits: LeafLimits): boolean {
  if (limits.nodes !== undefined) return search.nodes < limits.nodes;
  if (limits.depth !== undefined) return search.depth < limits.depth;
  return false;
}

export function buildParams(book: Book): BuiltWith {
  const p = book.params;
  const limits = p.limits as LeafLimits | undefined;
  const searches = Number(p.searches ?? book.size);
  const byLimits = (p.searchesByLimits as Record<string, number> | undefined) ?? (limits ? { [JSON.stringify(limits)]: searches } : {});
  return { limits, weight: p.weight as number | undefined, searches, seconds: Number(p.seconds ?? 0), byLimits, researched: Number(p.researched ?? 0) };
}

export class BookBuilder {
  private readonly graph: BookGraph;
  private readonly roots: BookRoot[];
  private readonly queue: BookNode[] = [];
  private inFlight = 0;
  private searched = 0;
  private started = 0;
  private writes = 0;
  private readonly prior: { searches: number; seconds: number; byLimits: Record<string, number>; researched: number };
  /** Leaves this build has searched again (each once, even where the deeper search ended early). */
  private readonly deepened = new Set<BookNode>();
  private researched = 0;
  private stopping = false;
  private failure: unknown = null;
  private wake: (() => void) | null = null;
  private readonly t0 = performance.now();

  constructor(private readonly o: BuildOptions) {
    this.graph = o.from ? BookGraph.fromBook(o.variant, o.from, o.path) : new BookGraph(o.variant);
    this.roots = [...bookRoots(o.variant, o.roots), ...(o.games?.roots ?? [])].map((r) => ({ node: this.graph.node(r.pos), ply: r.ply }));
    this.prior = o.from ? buildParams(o.from) : { searches: 0, seconds: 0, byLimits: {}, researched: 0 };
    for (const { node } of this.roots) if (node.search === null) this.queue.push(node);
    for (const r of o.games?.roots ?? []) this.graph.node(r.pos).gamePosition = true;
  }

  /** Ends the build soon: the searches finished so far are written, those running are dropped. */
  stop(): void {
    this.stopping = true;
    this.wake?.();
  }

  async run(): Promise<BuildResult> {
    const o = this.o;
    const deadline = o.minutes === undefined ? Infinity : this.t0 + o.minutes * 60_000;
    const every = o.checkpointMs ?? 60_000;
    let lastWrite = performance.now();
    let stopped: BuildResult['stopped'] = 'complete';
    const parallel = Math.max(1, o.searcher.parallel ?? 1);
    let bytes = 0;
    for (;;) {
      if (this.failure !== null) break;
      if (this.stopping) { stopped = 'interrupted'; break; }
      const budget = o.positions === undefined || this.started < o.positions;
      const inTime = performance.now() < deadline;
      while (budget && inTime && this.inFlight < parallel && this.started < (o.positions ?? Infinity)) {
        const node = this.nextSearch(o.overlap === true || this.inFlight === 0);
        if (node === null) break;
        this.dispatch(node);
      }
      if (this.inFlight === 0) {
        stopped = !budget ? 'positions' : !inTime ? 'minutes' : 'complete';
        break;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        const timer = setTimeout(resolve, Math.max(10, lastWrite + every - performance.now()));
        timer.unref?.();
      });
      this.wake = null;
      if (performance.now() - lastWrite >= every) {
        bytes = this.write();
        lastWrite = performance.now();
      }
    }
    bytes = this.write();
    if (this.failure !== null) throw this.failure;
    return { ...this.progress(), stopped, bytes };
  }

  /** The next node to search: one already waiting, else (when it may choose) the children of the leaf expanded next. */
  private nextSearch(mayChoose: boolean): BookNode | null {
    for (;;) {
      const waiting = this.queue.shift();
      if (waiting !== undefined) {
        if (waiting.search === null && !waiting.pending) return waiting;
        continue;
      }
      if (!mayChoose) return null;
      const weight = this.o.weight ?? EXPANSION_WEIGHT;
      const again = (n: BookNode) => !this.deepened.has(n) && shallower(n.search!, this.o.limits);
      if (this.o.deepen && this.o.expand === false) return this.deepen(nextLeafToDeepen(this.graph, this.roots, weight, again));
      if (this.o.expand === false) return null;
      const leaf = nextLeaf(this.graph, this.roots, weight);
      if (leaf === null) return null;
      if (this.o.deepen && again(leaf)) return this.deepen(leaf);
      this.queue.push(...this.graph.expand(leaf));
    }
  }

  private deepen(leaf: BookNode | null): BookNode | null {
    if (leaf !== null) this.deepened.add(leaf);
    return leaf;
  }

  private dispatch(node: BookNode): void {
    node.pending = true;
    this.inFlight++;
    this.started++;
    const job = { variant: this.o.variant.name, fen: this.graph.fen(node), limits: this.o.limits };
    this.o.searcher.run(job).then(
      (result: LeafResult) => {
        node.pending = false;
        this.inFlight--;
        // A search that ends after the build was stopped is not part of the book just written.
        if (this.stopping) return;
        if (node.search !== null) this.researched++;
        node.search = result;
        this.searched++;
        this.graph.settle();
        if (this.o.onProgress) this.o.onProgress(this.progress());
        this.wake?.();
      },
      (err: unknown) => {
        node.pending = false;
        this.inFlight--;
        if (!this.stopping) this.failure ??= err;
        this.wake?.();
      },
    );
  }

  private progress(): BuildProgress {
    scoreNodes(this.graph);
    let positions = 0;
    for (const n of this.graph.nodes.values()) if (n.search !== null) positions++;
    return {
      positions, searched: this.searched, seconds: (performance.now() - this.t0) / 1000,
      mainLine: mainLine(this.roots[0].node), deepest: Math.max(0, ...this.roots.map((r) => r.node.height)), writes: this.writes,
    };
  }

  private write(): number {
    scoreNodes(this.graph);
    const seconds = this.prior.seconds + (performance.now() - this.t0) / 1000;
    const byLimits = { ...this.prior.byLimits };
    const mine = JSON.stringify(this.o.limits);
    byLimits[mine] = (byLimits[mine] ?? 0) + this.searched;
    const params: BookParams = {
      builder: 'damka book build', variant: this.o.variant.name, limits: this.o.limits, searchesByLimits: byLimits, weight: this.o.weight ?? EXPANSION_WEIGHT,
      roots: rootsName(this.o.variant, this.o.roots) + (this.o.games ? `, and ${this.o.games.name}` : ''), searches: this.prior.searches + this.searched, seconds: Math.round(seconds),
    };
    const researched = this.prior.researched + this.researched;
    if (researched > 0) params.researched = researched;
    this.writes++;
    return writeBookFile(this.o.path, this.o.variant.name, params, this.graph.records());
  }
}
