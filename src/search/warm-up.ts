// Warming a searcher up before its first real search. V8 compiles a function for speed only
// after it has run a while, and compiles it again (after throwing the first version away)
// when it meets kinds of values it has not seen: the first searches of a fresh worker ran at
// an eighth of its speed, and a two-thread engine needed half a dozen moves at 0.1 s to reach
// full speed. So the warm-up searches many positions of a fixed pseudo-random game (men,
// kings, captures, crownings, endgames), as a real search is asked (stop flag, history, the
// endgame tables the searcher uses), and with `parallel` also in the roles of a shared-table
// search (main and helper), whose code paths a lone search never takes.

import { MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import { newBusyMoves } from './busy-moves.ts';
import { type ParallelRole, newProgress } from './lazy-smp.ts';
import type { Searcher } from './search.ts';

export interface WarmUpOptions {
  /** Positions to search, one after another along the game. */
  searches: number;
  /** Nodes a search, small enough that many positions get their turn. */
  nodes: number;
  /** Stop earlier once this many milliseconds have passed (a slow machine). */
  maxMs: number;
  /** Also search as the main search and as a helper of a shared-table search. */
  parallel: boolean;
}

/**
 * Adds about 0.5 s to an engine's start with one worker and 1 s with two (English, on the
 * 2-core development machine, where `init` then takes 0.9 and 1.5 s without tables).
 * bench/first-moves.ts (English, 2 threads, 0.1 s a move, median M nodes a second of moves 1,
 * 2, 4 and 5 of fresh processes): 10,000 nodes at the start position gave 0.4, 0.9, 1.7 and
 * 3.5; this warm-up 2.8, 2.9, 3.6 and 3.5, where the engine's speed later in a game is 3.5-4.5.
 */
export const DEFAULT_WARM_UP: WarmUpOptions = { searches: 60, nodes: 15_000, maxMs: 2_000, parallel: false };

/** Plies of a warm-up game before it starts again from the beginning. */
const GAME_PLIES = 120;

export interface WarmUpSummary {
  searches: number;
  /** Searches of positions with a king on the board, and with a capture to make. */
  withKings: number;
  withCaptures: number;
}

/**
 * Searches positions of a pseudo-random game with `searcher`, then forgets what it learnt
 * (table, history).
 */
export function warmUp(searcher: Searcher, options: WarmUpOptions = DEFAULT_WARM_UP): WarmUpSummary {
  const variant = searcher.variant;
  const deadline = performance.now() + options.maxMs;
  // Two searches' slots: the warm-up searches in each role in turn, the other slot idle.
  const roles: (ParallelRole | undefined)[] = options.parallel
    ? [0, 1].map((index) => ({ index, nodeCounts: new BigInt64Array(new SharedArrayBuffer(16)), progress: newProgress(2), busy: newBusyMoves() }))
    : [undefined];
  // What a real search is given (a stop flag, a game history, a listener), so that the code is
  // compiled for those and not thrown away at the first move for meeting them.
  const signals = new Int32Array(new SharedArrayBuffer(8));
  const onInfo = () => {};
  const keysLo = new Int32Array(GAME_PLIES + 1), keysHi = new Int32Array(GAME_PLIES + 1);
  const list = new MoveList();
  const summary: WarmUpSummary = { searches: 0, withKings: 0, withCaptures: 0 };
  let pos = variant.startPosition();
  let next = new Position();
  let seed = 0x2545f491;
  for (let ply = 0; summary.searches < options.searches && performance.now() < deadline; ply++) {
    const count = variant.generate(pos, list);
    if (count === 0 || ply >= GAME_PLIES) {
      pos = variant.startPosition();
      ply = -1;
      continue;
    }
    keysLo[ply] = pos.keyLo;
    keysHi[ply] = pos.keyHi;
    if (count > 1) {
      const role = roles[summary.searches % roles.length];
      if (role) role.progress.fill(0);
      const history = { lo: keysLo.subarray(0, ply + 1), hi: keysHi.subarray(0, ply + 1) };
      searcher.search(pos, { limits: { nodes: options.nodes }, role, signals, stopIndex: role?.index ? 1 : 0, history, onInfo, startedAt: Date.now() });
      summary.searches++;
      if (pos.kLo !== 0 || pos.kHi !== 0) summary.withKings++;
      if (list.captures[0] > 0) summary.withCaptures++;
    }
    seed = (Math.imul(seed, 1103515245) + 12345) | 0;
    variant.make(next, pos, list, ((seed >>> 16) & 0x7fff) % count);
    [pos, next] = [next, pos];
  }
  searcher.clear();
  return summary;
}
