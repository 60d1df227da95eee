// Which of a book position's moves to play. With margin 0 the best, always (the book's main
// line: what a match for strength wants). With a margin, a random one among those within the
// margin of the best, so that games from the same opening differ, weighted towards the best
// so that a move at the edge of the margin is rare.
//
// The weight falls off exponentially, exp(-(best - score) / (margin / 2)): a move at the edge
// of the margin is chosen e^2 (about 7.4) times less often than the best, whatever the margin,
// so the setting means the same at 5 and at 50 centi-men. Scan does the same with a fixed
// temperature; tying it to the margin keeps a small margin from being a coin toss.

import type { BookMove } from './types.ts';

/** A number in [0, 1): Math.random, or a seeded generator for games that can be replayed. */
export type RandomSource = () => number;

/** The best score among the moves (the book's value of the position); -Infinity for none. */
export function bestBookScore(moves: readonly BookMove[]): number {
  let best = -Infinity;
  for (const m of moves) if (m.score > best) best = m.score;
  return best;
}

/**
 * The move to play among `candidates`, or null when none is within `margin` of `best`. `best`
 * is the book's best score over all its moves, passed apart because a caller may have removed
 * some (a move illegal in the position): when the best of those left is more than the margin
 * below the book's best, the book has no move good enough and the engine searches.
 */
export function chooseBookMove(candidates: readonly BookMove[], best: number, margin: number, random: RandomSource): BookMove | null {
  const near = candidates.filter((m) => m.score >= best - margin);
  if (near.length === 0) return null;
  // The first of the best when there is no margin (ties keep the book's order).
  const top = near.reduce((a, m) => (m.score > a.score ? m : a), near[0]);
  if (margin === 0 || near.length === 1) return top;
  const temperature = margin / 2;
  const weights = near.map((m) => Math.exp((m.score - top.score) / temperature));
  let r = random() * weights.reduce((a, w) => a + w, 0);
  for (let i = 0; i < near.length; i++) {
    r -= weights[i];
    if (r < 0) return near[i];
  }
  return near[near.length - 1];
}
