// The fast bitboard generators against the simple reference generator on many random
// positions: same move sets, same counts, same positions after each move, same keys.

import { describe, expect, it } from 'vitest';
import perftTable from './data/perft.json' with { type: 'json' };
import type { Board } from '../src/rules/board.ts';
import { computeKey, moveFromList } from '../src/rules/convert.ts';
import { MoveList } from '../src/rules/move.ts';
import { Position } from '../src/rules/position.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { type RefRules, applyReferenceMove, referenceMoves, referencePerft } from './reference/reference-rules.ts';
import { randomBoard, randomPlayout, rng } from './reference/random-positions.ts';

const POSITIONS = 20_000;

const rulesOf = (variant: Variant): RefRules => ({ geometry: variant.geometry, international: variant.flyingKings });

function describeBoard(board: Board): string {
  const list = (codes: number[]) => board.squares.flatMap((p, sq) => (codes.includes(p) ? [p === 2 || p === 4 ? `K${sq}` : String(sq)] : [])).join(',');
  return `${board.side === 0 ? 'W' : 'B'}:W${list([1, 2])}:B${list([3, 4])}`;
}

function positionsFor(variant: Variant, seed: number): Board[] {
  const rules = rulesOf(variant);
  const random = rng(seed);
  const boards: Board[] = [];
  while (boards.length < POSITIONS / 2) boards.push(randomBoard(rules, random));
  const start = variant.toBoard(variant.startPosition());
  while (boards.length < POSITIONS) boards.push(...randomPlayout(rules, start, 120, random));
  // Playouts from random placements reach king endings and promotions from everywhere.
  return boards.slice(0, POSITIONS);
}

const key = (from: number, to: number, captured: number[], crowns: boolean) => `${from}-${to} [${captured.join(',')}]${crowns ? ' K' : ''}`;

function check(variant: Variant, seed: number): { captures: number; longest: number } {
  const rules = rulesOf(variant);
  const list = new MoveList(true);
  const child = new Position();
  let captures = 0;
  let longest = 0;
  for (const board of positionsFor(variant, seed)) {
    const pos = variant.fromBoard(board);
    const expected = referenceMoves(rules, board);
    const n = variant.generate(pos, list);
    const fast = Array.from({ length: n }, (_, i) => moveFromList(variant.geometry, list, i));
    const context = () => `position ${describeBoard(board)}`;
    expect(fast.map((m) => key(m.from, m.to, m.captured, m.crowns)).sort(), context())
      .toEqual(expected.map((m) => key(m.from, m.to, m.captured, m.crowns)).sort());
    expect(variant.countMoves(pos), context()).toBe(n);
    expect(variant.hasCapture(pos), context()).toBe(expected.some((m) => m.captured.length > 0));
    for (let i = 0; i < n; i++) {
      const move = fast[i];
      const ref = expected.find((m) => m.from === move.from && m.to === move.to && m.captured.join() === move.captured.join())!;
      if (move.captured.length > 0) {
        captures++;
        longest = Math.max(longest, move.captured.length);
        expect(ref.paths, `${context()} path of ${key(move.from, move.to, move.captured, move.crowns)}`).toContain(move.path.join(','));
      }
      variant.make(child, pos, list, i);
      expect(variant.toBoard(child), `${context()} after ${key(move.from, move.to, move.captured, move.crowns)}`)
        .toEqual(applyReferenceMove(board, ref));
      const fresh = child.clone();
      computeKey(fresh);
      expect([child.keyLo, child.keyHi], `${context()} incremental key`).toEqual([fresh.keyLo, fresh.keyHi]);
    }
  }
  return { captures, longest };
}

describe('fast generators match the reference generator', () => {
  it(`English: ${POSITIONS} random positions`, () => {
    const { captures, longest } = check(ENGLISH, 12345);
    // The positions must exercise captures, including multi-jumps, or the check proves little.
    expect(captures).toBeGreaterThan(10_000);
    expect(longest).toBeGreaterThanOrEqual(4);
  });

  it(`International: ${POSITIONS} random positions`, () => {
    const { captures, longest } = check(INTERNATIONAL, 54321);
    expect(captures).toBeGreaterThan(10_000);
    expect(longest).toBeGreaterThanOrEqual(5);
  });
});

describe('the reference generator itself', () => {
  it('matches the published English perft to depth 6', () => {
    const board = ENGLISH.toBoard(ENGLISH.startPosition());
    for (let d = 1; d <= 6; d++) expect(referencePerft(rulesOf(ENGLISH), board, d)).toBe(perftTable.english.counts[d - 1]);
  });

  it('matches the published International perft to depth 4', () => {
    const board = INTERNATIONAL.toBoard(INTERNATIONAL.startPosition());
    for (let d = 1; d <= 4; d++) expect(referencePerft(rulesOf(INTERNATIONAL), board, d)).toBe(perftTable.international.counts[d - 1]);
  });
});
