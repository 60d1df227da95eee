// A fast generator against a simple reference generator on a list of positions: same move
// sets, counts, capture flags and paths, the same positions after each move, and keys kept
// right incrementally. Shared by the reference comparisons of every game.
//
// Each comparison is made cheaply first and handed to expect() only when it fails, with the
// position in the message: a quarter of a million expect() calls a game cost more than the
// generators, and the assertions are the same.

import { expect } from 'vitest';
import { formatFen } from '../../src/notation/fen.ts';
import type { Board } from '../../src/rules/board.ts';
import { computeKey, moveFromList } from '../../src/rules/convert.ts';
import { MoveList } from '../../src/rules/move.ts';
import { Position } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import type { RefMove } from '../reference/reference-rules.ts';

export interface Reference {
  moves(board: Board): RefMove[];
  apply(board: Board, move: RefMove): Board;
}

const key = (from: number, to: number, captured: number[], crowns: boolean) => `${from}-${to} [${captured.join(',')}]${crowns ? ' K' : ''}`;

/** Checks every position; returns how many captures and crownings the fast generator listed, and the longest capture. */
export function compareWithReference(variant: Variant, boards: Board[], reference: Reference): { captures: number; longest: number; crownings: number } {
  const list = new MoveList(true);
  const child = new Position();
  const fresh = new Position();
  let captures = 0, longest = 0, crownings = 0;
  for (const board of boards) {
    const pos = variant.fromBoard(board);
    const expected = reference.moves(board);
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
      const after = variant.toBoard(child), refAfter = reference.apply(board, ref);
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
