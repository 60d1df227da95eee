// How long to think. A soft budget decides whether to start another iteration (stretched
// when the best move changes or the score drops); a hard deadline ends the search
// mid-iteration, and it always leaves a reserve on the clock so that we never lose on time.

import type { Limits } from './types.ts';

/**
 * Time for one move under a clock, in seconds: a share of what is left plus most of the increment.
 * A long control (DXP's 150 moves: the whole game) is shared over fewer moves than it names, as
 * a game rarely lasts that long: the first 40 in full, a quarter of the rest (150 moves: 67.5).
 * Spending a 150-move clock as if it were 40 moves left Damka 7 s for its last 89 moves against
 * Moby Dam; sharing it over 20 + half (95) left 40% of the minute unused at the end of games of
 * 60-90 moves, where Moby Dam used most of its own.
 */
export function moveBudget(time: number, inc: number, movesToGo: number): number {
  const moves = movesToGo > 0 ? Math.min(movesToGo, 40 + Math.max(0, movesToGo - 40) / 4) : 30;
  const reserve = Math.min(1, time * 0.05);
  return Math.max(0.005, Math.min(time * 0.5, (time - reserve) / moves + inc * 0.8));
}

export interface TimePlan {
  /** Milliseconds after which no new iteration starts (before stretching); Infinity without a clock. */
  softMs: number;
  /** Milliseconds after which the search stops at once. */
  hardMs: number;
}

/**
 * Overhead we allow for answering after the search stops (message passing, output). Measured
 * through the Hub at 0.1 s a move (English, 80 moves of a game, 1 or 2 threads): 8 gives a
 * median of 94 ms from go to done and at most 99; the 15 it was left 13 ms of every move unused
 * (median 87), and 5 ran over (up to 106).
 */
const LATENCY_MS = 8;

export function planTime(limits: Limits): TimePlan {
  if (limits.infinite) return { softMs: Infinity, hardMs: Infinity };
  if (limits.moveTime !== undefined) {
    const ms = Math.max(1, limits.moveTime * 1000 - LATENCY_MS);
    // A fixed time a move is there to be used: only the hard deadline ends the search.
    return { softMs: Infinity, hardMs: ms };
  }
  if (limits.time !== undefined) {
    const time = Math.max(0, limits.time);
    const budget = moveBudget(time, limits.inc ?? 0, limits.movesToGo ?? 0) * 1000;
    // Never more than a third of the clock on one move, and keep a reserve for latency.
    const ceiling = Math.max(1, Math.min(time * 1000 / 3, time * 1000 - 50 - LATENCY_MS));
    return { softMs: Math.min(budget, ceiling), hardMs: Math.min(budget * 3, ceiling) };
  }
  return { softMs: Infinity, hardMs: Infinity };
}
