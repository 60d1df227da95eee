// One test per move-generation rule of Brazilian and Russian draughts in RULES.md, on
// hand-built positions (English numbering: 1 = b8 ... 32 = g1, White moving up towards 1).
// Diagonals used below: 29-25-22-18-15-11-8-4 (a1-h8), 21-17-14-10-7-3, 2-6-9-13,
// 11-7-2, 18-23-27. Every expected list was worked out by hand.

import { describe, expect, it } from 'vitest';
import { BRAZILIAN, RUSSIAN } from '../src/rules/variants.ts';
import { expectNamedMoves, fen, namedMoves } from './helpers/named-moves.ts';

describe('Brazilian and Russian: board and start', () => {
  it.each([['Brazilian', BRAZILIAN], ['Russian', RUSSIAN]] as const)('%s: English board and numbering, White moving first', (_name, V) => {
    expect(V.geometry.squares).toBe(32);
    expect(V.startFen).toBe('W:W21-32:B1-12');
    expect(V.startPosition().side).toBe(0);
    expect(namedMoves(V, V.startFen)).toEqual(['21-17', '22-17', '22-18', '23-18', '23-19', '24-19', '24-20']);
  });
});

describe('Brazilian and Russian: what they share with International', () => {
  it.each([['Brazilian', BRAZILIAN], ['Russian', RUSSIAN]] as const)('%s: men capture backwards', (_name, V) => {
    // White's man on 18 (d4) takes 23 (e3), behind it, landing on 27 (f2).
    expectNamedMoves(V, 'W:W18:B23,1', ['18x27 [23]']);
  });

  it.each([['Brazilian', BRAZILIAN], ['Russian', RUSSIAN]] as const)('%s: kings fly and land on any empty square beyond', (_name, V) => {
    expectNamedMoves(V, 'W:WK29:B18,1', ['29x15 [18]', '29x11 [18]', '29x8 [18]', '29x4 [18]']);
    // Without a capture the king slides to every empty square on its diagonals.
    expect(namedMoves(V, 'W:WK29:B1')).toEqual(['29-11', '29-15', '29-18', '29-22', '29-25', '29-4', '29-8']);
  });
});

describe('Brazilian: International rules on 8x8', () => {
  it('majority rule: only the sequences taking the most pieces', () => {
    // 21x14x23 (17, then 18 backwards) and 22x15x8 (18, 11) take two; 22x13 only 17.
    expectNamedMoves(BRAZILIAN, 'W:W21,22:B11,17,18', ['21x14x23 [17,18]', '22x15x8 [11,18]']);
  });

  it('a man passing the back rank during a capture stays a man', () => {
    // 11 takes 7 onto 2 (d8), then 6 backwards onto 9: no crown.
    expectNamedMoves(BRAZILIAN, 'W:W11:B6,7', ['11x2x9 [6,7]']);
    // Ending on the back rank crowns.
    expectNamedMoves(BRAZILIAN, 'W:W11:B7,12', ['11x2 [7] K']);
  });
});

describe('Russian: its own rules', () => {
  it('no majority rule: any capture sequence, each completed in full', () => {
    expectNamedMoves(RUSSIAN, 'W:W21,22:B11,17,18', ['21x14x23 [17,18]', '22x13 [17]', '22x15x8 [11,18]']);
  });

  it('a man reaching the back rank during a capture is crowned and goes on as a flying king', () => {
    // 11 takes 7 onto 2 and is crowned; as a king it takes 6 and may land on 9 or 13.
    expectNamedMoves(RUSSIAN, 'W:W11:B6,7', ['11x2x9 [6,7] K', '11x2x13 [6,7] K']);
  });

  it('a king must land where it can capture again, when such a square exists', () => {
    // After 18 the king could stop on 15, 11, 8 or 4; only from 11 can it go on (over 7 to 2).
    expectNamedMoves(RUSSIAN, 'W:WK29:B18,7', ['29x11x2 [7,18]']);
  });
});
