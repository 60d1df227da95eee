// The fast bitboard generators against the simple reference generator on many random
// positions: same move sets, same counts, same positions after each move, same keys.

import { describe, expect, it } from 'vitest';
import perftTable from './data/perft.json' with { type: 'json' };
import type { Board } from '../src/rules/board.ts';
import { parseFen } from '../src/notation/fen.ts';
import { BRAZILIAN, CANADIAN, ENGLISH, INTERNATIONAL, KILLER, RUSSIAN, TURKISH } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { applyReferenceMove, referenceMoves, referencePerft, referenceRulesOf } from './reference/reference-rules.ts';
import { randomBoard, randomPlayout, rng } from './reference/random-positions.ts';
import { compareWithReference } from './helpers/compare-generators.ts';

const POSITIONS = 20_000;

const rulesOf = referenceRulesOf;


function positionsFor(variant: Variant, seed: number, count = POSITIONS): Board[] {
  const rules = rulesOf(variant);
  const random = rng(seed);
  const boards: Board[] = [];
  while (boards.length < count / 2) boards.push(randomBoard(rules, random));
  const start = variant.toBoard(variant.startPosition());
  while (boards.length < count) boards.push(...randomPlayout(rules, start, 120, random));
  // Playouts from random placements reach king endings and promotions from everywhere.
  return boards.slice(0, count);
}

function check(variant: Variant, seed: number, count = POSITIONS): { captures: number; longest: number } {
  const rules = rulesOf(variant);
  return compareWithReference(variant, positionsFor(variant, seed, count), {
    moves: (board) => referenceMoves(rules, board),
    apply: applyReferenceMove,
  });
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

  // Killer differs only where a king takes a king, which the random placements' kings do often.
  it('Killer: 8000 random positions', () => {
    const { captures, longest } = check(KILLER, 9595, 8000);
    expect(captures).toBeGreaterThan(4000);
    expect(longest).toBeGreaterThanOrEqual(4);
  });

  it(`Brazilian: ${POSITIONS} random positions`, () => {
    const { captures, longest } = check(BRAZILIAN, 2626);
    expect(captures).toBeGreaterThan(10_000);
    expect(longest).toBeGreaterThanOrEqual(4);
  });

  it(`Russian: ${POSITIONS} random positions`, () => {
    const { captures, longest } = check(RUSSIAN, 2525);
    expect(captures).toBeGreaterThan(10_000);
    expect(longest).toBeGreaterThanOrEqual(4);
  });

  it(`Turkish: ${POSITIONS} random positions`, () => {
    const { captures, longest } = check(TURKISH, 3030);
    expect(captures).toBeGreaterThan(10_000);
    expect(longest).toBeGreaterThanOrEqual(5);
  });

  // Fewer: the reference generator is slower on the big board (about two seconds for these).
  it('Canadian: 6000 random positions', () => {
    const { captures, longest } = check(CANADIAN, 2727, 6000);
    expect(captures).toBeGreaterThan(5_000);
    expect(longest).toBeGreaterThanOrEqual(6);
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

  it("matches the published Killer perft of a position with kings to depth 4 (International's differs)", () => {
    const { fen, counts } = perftTable.killer.positions[0];
    const board = parseFen(KILLER, fen);
    for (let d = 1; d <= 4; d++) expect(referencePerft(rulesOf(KILLER), board, d), `depth ${d}`).toBe(counts[d - 1]);
    expect(referencePerft(rulesOf(INTERNATIONAL), board, 4)).not.toBe(counts[3]);
  });

  // Brazilian and Russian first differ from English at depth 5, Turkish has captures from depth 3.
  it.each([
    ['Brazilian', BRAZILIAN, perftTable.brazilian.counts, 6],
    ['Russian', RUSSIAN, perftTable.russian.counts, 6],
    ['Turkish', TURKISH, perftTable.turkish.counts, 4],
    ['Canadian', CANADIAN, perftTable.canadian.counts, 4],
  ] as const)('matches the published %s perft', (_name, variant, counts, depth) => {
    const board = variant.toBoard(variant.startPosition());
    for (let d = 1; d <= depth; d++) expect(referencePerft(rulesOf(variant), board, d), `depth ${d}`).toBe(counts[d - 1]);
  });
});
