// Lazy SMP: several searches of the same root at once, sharing one transposition table, so
// that what one has searched the others find there. The main search decides the move and
// reports; helpers fill the table and race it. Each search publishes the iterations it
// finishes; one that sees another finish its current depth (or a deeper one) abandons that
// iteration rather than repeat it: the main search takes the other's result as its own and
// goes on one deeper, a helper moves on. Whichever finishes a depth first moves everyone on.
// With a table of busy moves (busy-moves.ts, what the engine uses) every search works on the
// main search's depth and they split its moves; without one, helpers keep one or two plies
// ahead of the main search, where what they store gives it cut-offs. Helpers also order the
// quiet moves at the root a little differently, so that two searches do not walk in step.

/** Where a search stands among those sharing its table. */
export interface ParallelRole {
  /** 0 for the main search, 1 and up for helpers. */
  index: number;
  /** Nodes searched so far, one slot a search (by index), published as the search polls its stop flag. */
  nodeCounts: BigInt64Array;
  /** Iterations finished, PROGRESS_WORDS a search (by index): see publishIteration. */
  progress: Int32Array;
  /**
   * The moves being searched (busy-moves.ts), when the searches split each depth's work between
   * them: then every search searches the main search's depth, none runs ahead.
   */
  busy?: Int32Array;
}

/**
 * Two records a search, each a sequence number (odd while being written), depth, best move and
 * score: its last finished iteration, then its unfinished one's new best (publishUnfinished).
 */
export const PROGRESS_WORDS = 8;
const UNFINISHED = 4;

export function newProgress(searches: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * PROGRESS_WORDS * searches));
}

/** How many plies past the deepest finished iteration search `index` starts its next one. */
export function aheadOf(role: ParallelRole): number {
  return role.index === 0 || role.busy ? 1 : 2 + ((role.index - 1) >> 1);
}

/** A small per-helper bias for a quiet root move (0 for the main search), below any killer or crowning bonus. */
export function rootOrderBias(index: number, from: number, to: number): number {
  if (index === 0) return 0;
  return (Math.imul(from * 64 + to + 1, 0x9e3779b1 + index * 0x632be5ab) >>> 22) & 1023;
}

/** Records that this search finished iteration `depth` with `move` (the search's encoding) scoring `score`. */
export function publishIteration(role: ParallelRole, depth: number, move: number, score: number): void {
  writeRecord(role.progress, role.index * PROGRESS_WORDS, depth, move, score);
}

/**
 * Records that in iteration `depth`, which this search has not finished, `move` has beaten the
 * first move it searched, scoring `score`. A search stopped by its clock mid-iteration plays
 * such a move (the previous best, searched first, has been refuted); the main search looks for
 * one in the helpers' records too, as they search other root moves than it does at the time.
 */
export function publishUnfinished(role: ParallelRole, depth: number, move: number, score: number): void {
  writeRecord(role.progress, role.index * PROGRESS_WORDS + UNFINISHED, depth, move, score);
}

function writeRecord(p: Int32Array, at: number, depth: number, move: number, score: number): void {
  // A reader that sees the sequence number odd, or changed while it read, ignores what it read.
  const seq = Atomics.add(p, at, 1) + 1;
  Atomics.store(p, at + 1, depth);
  Atomics.store(p, at + 2, move);
  Atomics.store(p, at + 3, score);
  Atomics.store(p, at, seq + 1);
}

/** The record at `at` read consistently (a slot being written just then is waited for: its writer takes a few stores), or null if empty. */
function readRecord(p: Int32Array, at: number): IterationRecord | null {
  for (let tries = 0; tries < 10_000; tries++) {
    const seq = Atomics.load(p, at);
    if (seq & 1) continue;
    const depth = Atomics.load(p, at + 1), move = Atomics.load(p, at + 2), score = Atomics.load(p, at + 3);
    if (Atomics.load(p, at) !== seq) continue;
    return depth > 0 ? { depth, move, score } : null;
  }
  return null;
}

/**
 * The deepest iteration another search has finished, up to `limit` deep (0: none), by its depth
 * alone, which may show before the rest of its record: where a helper starts, not a result to take.
 */
export function deepestElsewhere(role: ParallelRole, limit: number): number {
  const p = role.progress;
  let deepest = 0;
  for (let i = 0, at = 0; at < p.length; i++, at += PROGRESS_WORDS) {
    if (i === role.index) continue;
    const d = Atomics.load(p, at + 1);
    if (d > deepest && d <= limit) deepest = d;
  }
  return deepest;
}

/** What a search published of an iteration: its depth, best move (the search's encoding) and score. */
export interface IterationRecord {
  depth: number;
  move: number;
  score: number;
}

/**
 * The deepest iteration, `atLeast` to `limit` deep, that another search has finished, read
 * consistently, or null. Cheap when there is none (polled in the search). A record still being
 * written counts only once it is complete: its depth may show before its move, and a search that
 * gave up its own iteration for a record it then could not read would have nothing to play.
 */
export function finishedElsewhere(role: ParallelRole, atLeast: number, limit: number): IterationRecord | null {
  const p = role.progress;
  let best: IterationRecord | null = null;
  for (let i = 0, at = 0; at < p.length; i++, at += PROGRESS_WORDS) {
    if (i === role.index) continue;
    const d = Atomics.load(p, at + 1);
    if (d < atLeast || d > limit) continue;
    const r = readRecord(p, at);
    if (r !== null && r.depth >= atLeast && r.depth <= limit && (best === null || r.depth > best.depth)) best = r;
  }
  return best;
}

/** The best-scoring new best that another search has found in its unfinished iteration `depth`, or null. */
export function unfinishedElsewhere(role: ParallelRole, depth: number): IterationRecord | null {
  let best: IterationRecord | null = null;
  for (let i = 0; i < role.progress.length / PROGRESS_WORDS; i++) {
    if (i === role.index) continue;
    const r = readRecord(role.progress, i * PROGRESS_WORDS + UNFINISHED);
    if (r !== null && r.depth === depth && (best === null || r.score > best.score)) best = r;
  }
  return best;
}

export function publishNodes(role: ParallelRole, nodes: number): void {
  Atomics.store(role.nodeCounts, role.index, BigInt(nodes));
}

/** Nodes of every search sharing the table: `own` for the caller's slot (exact), the published counts for the rest. */
export function totalNodes(role: ParallelRole, own: number): number {
  let total = own;
  for (let i = 0; i < role.nodeCounts.length; i++) if (i !== role.index) total += Number(Atomics.load(role.nodeCounts, i));
  return total;
}
