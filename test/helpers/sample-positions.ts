// Positions for evaluation tests: random boards and positions from random games, a board's
// colour-swapped mirror, and the start a man up.

import { BLACK_KING, BLACK_MAN, type Board, WHITE_KING, WHITE_MAN } from '../../src/rules/board.ts';
import { type Position, WHITE } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import { randomBoard, randomPlayout, rng } from '../reference/random-positions.ts';
import type { RefRules } from '../reference/reference-rules.ts';

export const rulesOf = (v: Variant): RefRules => ({ geometry: v.geometry, international: v.flyingKings });

/** The board turned half a turn with the colours swapped and the other side to move: it should score as `board` does for its side to move. */
export function mirror(board: Board): Board {
  const n = board.squares.length - 1;
  const swap = [0, BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING];
  const squares = board.squares.map((_, sq) => (sq === 0 ? 0 : swap[board.squares[n + 1 - sq]])) as Board['squares'];
  return { side: board.side === 0 ? 1 : 0, squares };
}

/** `count` positions: random boards and every seventh position of random games, alternately. */
export function samplePositions(variant: Variant, count: number, seed: number): Board[] {
  const random = rng(seed);
  const out: Board[] = [];
  const ref = rulesOf(variant);
  while (out.length < count) {
    if (out.length % 2 === 0) out.push(randomBoard(ref, random));
    else out.push(...randomPlayout(ref, variant.toBoard(variant.startPosition()), 80, random).filter((_, i) => i % 7 === 3));
  }
  return out.slice(0, count);
}

/** The start position with one man taken from the side not to move: a man up for the side to move. */
export function manUpAtStart(variant: Variant): Position {
  const up = variant.startPosition().clone();
  if (up.side === WHITE) up.bLo &= up.bLo - 1;
  else if (up.wHi !== 0) up.wHi &= up.wHi - 1;
  else up.wLo &= up.wLo - 1;
  return up;
}
