// The 8x8 family's generator (rules/family-8x8) against the simple reference generator on
// random positions of every new game: same moves, counts, capture flags, paths, positions
// after each move and keys. Brazilian and Russian, on the same generator, are checked against
// their own reference in movegen-reference.test.ts; the family reference knows them as well.

import { describe, expect, it } from 'vitest';
import type { Board } from '../src/rules/board.ts';
import { CZECH, ITALIAN, POOL, SPANISH, THAI } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { applyFamilyMove, familyReferenceMoves } from './reference/family-reference.ts';
import { randomBoard, rng } from './reference/random-positions.ts';
import { compareWithReference } from './helpers/compare-generators.ts';

const POSITIONS = 3000;

function positionsFor(variant: Variant, seed: number): Board[] {
  const random = rng(seed);
  const boards: Board[] = [];
  while (boards.length < POSITIONS / 2) boards.push(randomBoard({ geometry: variant.geometry, international: false }, random));
  // Playouts from the start and from random placements: promotions, king endings.
  while (boards.length < POSITIONS) {
    let board = random() < 0.5 ? variant.toBoard(variant.startPosition()) : boards[Math.floor(random() * POSITIONS / 2)];
    for (let ply = 0; ply < 120 && boards.length < POSITIONS; ply++) {
      const moves = familyReferenceMoves(variant, board);
      if (moves.length === 0) break;
      board = applyFamilyMove(board, moves[Math.floor(random() * moves.length)]);
      boards.push(board);
    }
  }
  return boards;
}

describe('the 8x8 family generator matches the reference generator', () => {
  it.each([
    ['Pool', POOL, 2323],
    ['Czech', CZECH, 2929],
    ['Spanish', SPANISH, 2424],
    ['Italian', ITALIAN, 2222],
    ['Thai', THAI, 3131],
  ] as const)(`%s: ${POSITIONS} random positions`, (_name, variant, seed) => {
    const { captures, longest, crownings } = compareWithReference(variant, positionsFor(variant, seed), {
      moves: (board) => familyReferenceMoves(variant, board),
      apply: applyFamilyMove,
    });
    // The positions must exercise long captures and promotions, or the check proves little.
    expect(captures).toBeGreaterThan(1000);
    expect(longest).toBeGreaterThanOrEqual(4);
    expect(crownings).toBeGreaterThan(100);
  });
});
