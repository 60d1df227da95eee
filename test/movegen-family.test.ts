// The 8x8 family's generator (rules/family-8x8) against the simple reference generator on
// random positions of every new game: same moves, counts, capture flags, paths, positions
// after each move and keys. Brazilian and Russian, on the same generator, are checked against
// their own reference in movegen-reference.test.ts; the family reference knows them as well.

import { describe, expect, it } from 'vitest';
import type { Board } from '../src/rules/board.ts';
import { computeKey, moveFromList } from '../src/rules/convert.ts';
import { MoveList } from '../src/rules/move.ts';
import { Position } from '../src/rules/position.ts';
import { formatFen } from '../src/notation/fen.ts';
import { CZECH, ITALIAN, POOL, SPANISH, THAI } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { applyFamilyMove, familyReferenceMoves } from './reference/family-reference.ts';
import { randomBoard, rng } from './reference/random-positions.ts';

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

const key = (from: number, to: number, captured: number[], crowns: boolean) => `${from}-${to} [${captured.join(',')}]${crowns ? ' K' : ''}`;

/** As movegen-reference.test.ts: cheap comparisons, expect() only on a failure, with the position. */
function check(variant: Variant, seed: number): { captures: number; longest: number; crownings: number } {
  const list = new MoveList(true);
  const child = new Position();
  const fresh = new Position();
  let captures = 0, longest = 0, crownings = 0;
  for (const board of positionsFor(variant, seed)) {
    const pos = variant.fromBoard(board);
    const expected = familyReferenceMoves(variant, board);
    const n = variant.generate(pos, list);
    const fast = Array.from({ length: n }, (_, i) => moveFromList(variant.geometry, list, i));
    const context = () => `${variant.name} position ${formatFen(variant, board)}`;
    const fastKeys = fast.map((m) => key(m.from, m.to, m.captured, m.crowns)).sort();
    const refKeys = expected.map((m) => key(m.from, m.to, m.captured, m.crowns)).sort();
    if (fastKeys.join('|') !== refKeys.join('|')) expect(fastKeys, context()).toEqual(refKeys);
    const count = variant.countMoves(pos);
    if (count !== n) expect(count, context()).toBe(n);
    const capture = expected.some((m) => m.captured.length > 0);
    if (variant.hasCapture(pos) !== capture) expect(variant.hasCapture(pos), context()).toBe(capture);
    for (let i = 0; i < n; i++) {
      const move = fast[i];
      const ref = expected.find((m) => m.from === move.from && m.to === move.to && m.captured.join() === move.captured.join())!;
      const what = () => `${context()} after ${key(move.from, move.to, move.captured, move.crowns)}`;
      if (move.crowns) crownings++;
      if (move.captured.length > 0) {
        captures++;
        longest = Math.max(longest, move.captured.length);
        if (!ref.paths.includes(move.path.join(','))) expect(ref.paths, `${what()}: path`).toContain(move.path.join(','));
      }
      variant.make(child, pos, list, i);
      const after = variant.toBoard(child), refAfter = applyFamilyMove(board, ref);
      if (after.side !== refAfter.side || after.squares.join() !== refAfter.squares.join()) expect(after, what()).toEqual(refAfter);
      fresh.copyFrom(child);
      computeKey(fresh);
      if (child.keyLo !== fresh.keyLo || child.keyHi !== fresh.keyHi) {
        expect([child.keyLo, child.keyHi], `${what()}: incremental key`).toEqual([fresh.keyLo, fresh.keyHi]);
      }
    }
  }
  return { captures, longest, crownings };
}

describe('the 8x8 family generator matches the reference generator', () => {
  it.each([
    ['Pool', POOL, 2323],
    ['Czech', CZECH, 2929],
    ['Spanish', SPANISH, 2424],
    ['Italian', ITALIAN, 2222],
    ['Thai', THAI, 3131],
  ] as const)(`%s: ${POSITIONS} random positions`, (_name, variant, seed) => {
    const { captures, longest, crownings } = check(variant, seed);
    // The positions must exercise long captures and promotions, or the check proves little.
    expect(captures).toBeGreaterThan(1000);
    expect(longest).toBeGreaterThanOrEqual(4);
    expect(crownings).toBeGreaterThan(100);
  });
});
