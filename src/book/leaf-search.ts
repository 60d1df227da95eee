// One leaf search of the book builder: a position and its limits in, score and best move out.
// It runs inside a worker thread (leaf-searcher.ts) or on another machine's queue worker, so
// the job is checked here, where it arrives, and a bad one is refused with a clear message.
//
// Reproducible by design: each search starts from a cleared table and history, with the
// default evaluation and no endgame tables (whether a machine has tables built would otherwise
// decide the book), so a --nodes or --depth build gives the same book on any machine.

import type { Limits } from '../search/types.ts';
import { parseFen } from '../notation/fen.ts';
import { formatMove } from '../notation/move-text.ts';
import type { Variant } from '../rules/variant.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import type { LeafJob, LeafLimits, LeafResult } from './types.ts';

/** Ample for the few million nodes of a leaf search; the same for every leaf, so results do not depend on the machine. */
export const LEAF_TABLE_MB = 32;
/** The largest node and depth limits a job may ask for (a mistyped limit would otherwise search for days). */
export const MAX_LEAF_NODES = 2_000_000_000;
export const MAX_LEAF_DEPTH = 100;
export const MAX_LEAF_SECONDS = 3600;

let cached: Searcher | null = null;

function searcherFor(variant: Variant): Searcher {
  if (cached === null || cached.variant !== variant) cached = new Searcher(variant, LEAF_TABLE_MB);
  return cached;
}

/** The engine's limits for a leaf's: exactly one of nodes, depth or time, each in range. */
export function leafLimits(limits: LeafLimits | undefined): Limits {
  if (limits === null || typeof limits !== 'object') throw new Error('bad leaf job: limits missing (give one of nodes, depth or time)');
  const given = (['nodes', 'depth', 'time'] as const).filter((k) => limits[k] !== undefined);
  if (given.length !== 1) throw new Error(`bad leaf job: limits need exactly one of nodes, depth or time, got ${given.length === 0 ? 'none' : given.join(' and ')}`);
  const value = limits[given[0]];
  const whole = (n: unknown, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max;
  if (limits.nodes !== undefined) {
    if (!whole(value, MAX_LEAF_NODES)) throw new Error(`bad leaf job: nodes must be a whole number from 1 to ${MAX_LEAF_NODES}, got ${String(value)}`);
    return { nodes: limits.nodes };
  }
  if (limits.depth !== undefined) {
    if (!whole(value, MAX_LEAF_DEPTH)) throw new Error(`bad leaf job: depth must be a whole number from 1 to ${MAX_LEAF_DEPTH}, got ${String(value)}`);
    return { depth: limits.depth };
  }
  if (!(typeof value === 'number' && value > 0 && value <= MAX_LEAF_SECONDS)) throw new Error(`bad leaf job: time must be seconds above 0 and at most ${MAX_LEAF_SECONDS}, got ${String(value)}`);
  return { moveTime: value };
}

export function searchLeaf(job: LeafJob): LeafResult {
  if (job === null || typeof job !== 'object') throw new Error('bad leaf job: not an object');
  if (typeof job.variant !== 'string') throw new Error('bad leaf job: variant missing');
  if (typeof job.fen !== 'string' || job.fen.trim() === '') throw new Error('bad leaf job: fen missing');
  let variant: Variant;
  try {
    variant = getVariant(job.variant);
  } catch (err) {
    throw new Error(`bad leaf job: ${err instanceof Error ? err.message : String(err)}`);
  }
  const limits = leafLimits(job.limits);
  let pos;
  try {
    pos = variant.fromBoard(parseFen(variant, job.fen));
  } catch (err) {
    throw new Error(`bad leaf job: ${err instanceof Error ? err.message : String(err)}`);
  }
  const searcher = searcherFor(variant);
  searcher.clear();
  // analyze: a single legal move is searched too, since the book needs its score.
  const found = searcher.search(pos, { limits, analyze: true });
  if (found.move === null) return { score: found.score, move: '', depth: 0, nodes: 0 };
  return { score: found.score, move: formatMove(variant, found.move, variant.legalMoves(pos), 'hub'), depth: found.depth, nodes: found.nodes };
}
