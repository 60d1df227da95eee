// One test per rule in which the 8x8 family's newer games differ (docs/variants.md), on
// hand-built positions. Usual board (Pool, Czech, Thai): English numbering, 1 = b8 ... 32 = g1,
// White moving up. Turned board: Italian 1 = a8 ... 32 = h1; Spanish 1 = h1 ... 32 = a8,
// White moving up towards 32. Every expected list was worked out by hand.

import { describe, expect, it } from 'vitest';
import { CZECH, ITALIAN, POOL, RUSSIAN, SPANISH, THAI } from '../src/rules/variants.ts';
import { expectNamedMoves, namedMoves } from './helpers/named-moves.ts';

describe('the family: starts and boards', () => {
  it('Pool starts with Black, on the English board', () => {
    expect(POOL.startPosition().side).toBe(1);
    expect(namedMoves(POOL, POOL.startFen)).toEqual(['10-14', '10-15', '11-15', '11-16', '12-16', '9-13', '9-14']);
  });

  it('Italian numbers the turned board from a8, Spanish from h1', () => {
    expect([1, 4, 5, 29, 32].map(ITALIAN.geometry.algebraic)).toEqual(['a8', 'g8', 'b7', 'b1', 'h1']);
    expect([1, 4, 5, 29, 32].map(SPANISH.geometry.algebraic)).toEqual(['h1', 'b1', 'g2', 'g8', 'a8']);
    // FID's example first move, and Spanish White's men on 9-12 stepping up.
    expect(namedMoves(ITALIAN, ITALIAN.startFen)).toContain('23-19');
    expect(namedMoves(SPANISH, SPANISH.startFen)).toEqual(['10-13', '10-14', '11-14', '11-15', '12-15', '12-16', '9-13']);
  });

  it('Thai starts with 8 men a side on their first two rows', () => {
    expect(THAI.startFen).toBe('W:W25-32:B1-8');
    expect(namedMoves(THAI, THAI.startFen)).toEqual(['25-21', '25-22', '26-22', '26-23', '27-23', '27-24', '28-24']);
  });
});

describe('the family: captures', () => {
  // White: the king on 29 (a1) can take 22 (c3) along a1-h8; the man on 27 (f2) can take 23 (e3).
  const kingOrMan = 'W:WK29,27:B22,23';

  it('Czech: when a king and a man can both capture, the king must', () => {
    expectNamedMoves(CZECH, kingOrMan, ['29x18 [22]', '29x15 [22]', '29x11 [22]', '29x8 [22]', '29x4 [22]']);
  });

  it('Pool: free choice between the king\'s and the man\'s capture', () => {
    // Pool's man goes on backwards over 22 onto 25 (b2).
    expectNamedMoves(POOL, kingOrMan, ['29x18 [22]', '29x15 [22]', '29x11 [22]', '29x8 [22]', '29x4 [22]', '27x18x25 [22,23]']);
  });

  it('Pool: a man reaching the far row mid-capture goes on as a man; Russian crowns it at once', () => {
    // The man on 11 (f6) takes 7 (e7) onto 2 (d8), then 6 (c7) backwards onto 9 (b6).
    expectNamedMoves(POOL, 'W:W11:B6,7', ['11x2x9 [6,7]']);
    expectNamedMoves(RUSSIAN, 'W:W11:B6,7', ['11x2x9 [6,7] K', '11x2x13 [6,7] K']);
  });

  it('Thai: a capturing king lands just beyond the piece it takes', () => {
    expectNamedMoves(THAI, 'W:WK29:B22,1', ['29x18 [22]']);
  });

  it('Thai: a king never turns straight back, though the piece it took is gone', () => {
    // The king on 18 (d4) takes 15 (e5) onto 11 (f6), or 25 (b2) onto 29 (a1). Turning back
    // over the emptied square it would take the other too (18x11x29, 18x29x11).
    expectNamedMoves(THAI, 'W:WK18:B15,25,1', ['18x11 [15]', '18x29 [25]']);
  });

  it('Spanish: the most pieces, then the most kings', () => {
    // White's man on 7 (c2) can take 12 (b3, a man) onto 16, or 11 (d3, a king) onto 14.
    expectNamedMoves(SPANISH, 'W:W7:B12,K11,32', ['7x14 [11]']);
  });

  it('Italian: a man never takes a king', () => {
    // White's man on 26 (c2) faces 22 (d3) with 19 (e4) empty beyond.
    expect(namedMoves(ITALIAN, 'W:W26:BK22,1').some((m) => m.includes('x'))).toBe(false);
    expectNamedMoves(ITALIAN, 'W:W26:B22,1', ['26x19 [22]']);
  });

  it('Italian: kings move one square; at equal count a king\'s capture before a man\'s', () => {
    // The king on 32 (h1) takes 28 (g2) onto 23 (f3); the man on 26 takes 22 onto 19.
    expectNamedMoves(ITALIAN, 'W:W26,K32:B22,28,1', ['32x23 [28]']);
    expect(namedMoves(ITALIAN, 'W:WK32:B1')).toEqual(['32-28']);
  });
});
