// One test per rule of RULES.md, on positions built by hand. Square diagrams use the
// numbering of RULES.md: English rows of 4 (1-4 at the top), International rows of 5.

import { describe, expect, it } from 'vitest';
import { DOWN_LEFT, DOWN_RIGHT, GEOMETRY_10x10, GEOMETRY_8x8, UP_LEFT, UP_RIGHT } from '../src/board/geometry.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { type Pieces, build, captureStrings } from './helpers/build.ts';
import { referenceMoves, referenceRulesOf } from './reference/reference-rules.ts';

/** Legal moves as `from-to [captured] K`, checked against the reference generator too. */
function moves(variant: Variant, side: 'W' | 'B', pieces: Pieces): string[] {
  const pos = build(variant, side, pieces);
  const fast = captureStrings(variant.legalMoves(pos));
  const ref = referenceMoves(referenceRulesOf(variant), variant.toBoard(pos));
  expect(fast).toEqual(captureStrings(ref.map((m) => ({ ...m, path: [] }))));
  return fast;
}

describe('board geometry (RULES.md checks)', () => {
  const neighbours = (g: typeof GEOMETRY_8x8, sq: number, dirs: number[]) => dirs.map((d) => g.neighbour(sq, d)).filter((n) => n).sort((a, b) => a - b);
  it('English: 9 -> 13, 14; 12 -> 16 only; 21 -> 17 only', () => {
    expect(neighbours(GEOMETRY_8x8, 9, [DOWN_LEFT, DOWN_RIGHT])).toEqual([13, 14]);
    expect(neighbours(GEOMETRY_8x8, 12, [DOWN_LEFT, DOWN_RIGHT])).toEqual([16]);
    expect(neighbours(GEOMETRY_8x8, 21, [UP_LEFT, UP_RIGHT])).toEqual([17]);
    expect(moves(ENGLISH, 'B', { black: [9, 12], white: [30] })).toEqual(['12-16 []', '9-13 []', '9-14 []']);
    expect(moves(ENGLISH, 'W', { white: [21], black: [1] })).toEqual(['21-17 []']);
  });

  it('International: 31 -> 26, 27; 35 -> 30 only', () => {
    expect(neighbours(GEOMETRY_10x10, 31, [UP_LEFT, UP_RIGHT])).toEqual([26, 27]);
    expect(neighbours(GEOMETRY_10x10, 35, [UP_LEFT, UP_RIGHT])).toEqual([30]);
    expect(moves(INTERNATIONAL, 'W', { white: [31, 35], black: [1] })).toEqual(['31-26 []', '31-27 []', '35-30 []']);
  });

  it('algebraic names: English 1 = b8, 29 = a1; International 1 = b10, 46 = a1, 5 = j10', () => {
    expect([GEOMETRY_8x8.algebraic(1), GEOMETRY_8x8.algebraic(29), GEOMETRY_8x8.algebraic(32)]).toEqual(['b8', 'a1', 'g1']);
    expect([GEOMETRY_10x10.algebraic(1), GEOMETRY_10x10.algebraic(46), GEOMETRY_10x10.algebraic(5), GEOMETRY_10x10.algebraic(50)])
      .toEqual(['b10', 'a1', 'j10', 'i1']);
  });
});

describe('English rules', () => {
  it('men move one square forward only; a man reaching the back rank crowns', () => {
    // White man on 18 may not go back to 22 or 23; Black man on 27 crowns on 31 or 32.
    expect(moves(ENGLISH, 'W', { white: [18], black: [27] })).toEqual(['18-14 []', '18-15 []']);
    expect(moves(ENGLISH, 'B', { white: [18], black: [27] })).toEqual(['27-31 [] K', '27-32 [] K']);
  });

  it('kings move one square in any direction', () => {
    expect(moves(ENGLISH, 'W', { whiteKings: [18], black: [1] })).toEqual(['18-14 []', '18-15 []', '18-22 []', '18-23 []']);
  });

  it('capturing is compulsory', () => {
    // 22 takes 18 landing on 15; the quiet moves of 30 are not offered.
    expect(moves(ENGLISH, 'W', { white: [22, 30], black: [18] })).toEqual(['22x15 [18]']);
  });

  it('men capture forward only', () => {
    // White man on 14 with a black man behind it on 18 and 23 empty: no capture.
    expect(moves(ENGLISH, 'W', { white: [14], black: [18] })).toEqual(['14-10 []', '14-9 []']);
  });

  it('kings capture in all four directions, over adjacent pieces only', () => {
    // King 18 jumps 14 (to 9) or 22 (to 25); 11 is two squares away and out of its reach.
    expect(moves(ENGLISH, 'W', { whiteKings: [18], black: [14, 22, 11] })).toEqual(['18x25 [22]', '18x9 [14]']);
  });

  it('a multi-jump is completed in full', () => {
    // 27 jumps 23 to 18, then must go on over 15 to 11.
    expect(moves(ENGLISH, 'W', { white: [27], black: [23, 15] })).toEqual(['27x11 [15,23]']);
  });

  it('free choice among captures: no majority rule', () => {
    // 27x11 takes two, 30x21 (over 25) takes one: both are legal.
    expect(moves(ENGLISH, 'W', { white: [27, 30], black: [23, 15, 25] })).toEqual(['27x11 [15,23]', '30x21 [25]']);
  });

  it('a man crowned by a capture stops there, though the new king could jump on', () => {
    // 11 jumps 7 and lands on 2, crowning; a king on 2 could jump 6 to 9, but the move is over.
    expect(moves(ENGLISH, 'W', { white: [11], black: [7, 6] })).toEqual(['11x2 [7] K']);
  });

  it('the capturing king\'s own square is free during the capture; a round trip is one move', () => {
    // Black king 18 circles 18x9x2x11x18 over 14, 6, 7 and 15, back to its own square; were
    // that square occupied the loop would be impossible (found by searching with the rule broken).
    expect(moves(ENGLISH, 'B', { whiteKings: [6, 14, 15, 20], white: [7, 8], black: [17], blackKings: [18] }))
      .toEqual(['18x18 [6,7,14,15]', '18x4 [6,7,8,14]', '18x4 [8,15]']);
  });

  it('a side with all pieces blocked has no move', () => {
    // Black man 21 is blocked by 25, and 30 behind it stops the jump.
    expect(moves(ENGLISH, 'B', { black: [21], white: [25, 30] })).toEqual([]);
  });
});

describe('International rules', () => {
  it('men move forward only, one square', () => {
    expect(moves(INTERNATIONAL, 'W', { white: [28], black: [3] })).toEqual(['28-22 []', '28-23 []']);
  });

  it('kings fly along empty diagonals and stop before any piece', () => {
    // King on 46 (a1) has only the long diagonal; its own man on 37 stops it after 41.
    expect(moves(INTERNATIONAL, 'W', { whiteKings: [46], white: [37], black: [3] }).filter((m) => m.startsWith('46')))
      .toEqual(['46-41 []']);
    const open = moves(INTERNATIONAL, 'W', { whiteKings: [46], black: [15] });
    expect(open).toEqual(['46-10 []', '46-14 []', '46-19 []', '46-23 []', '46-28 []', '46-32 []', '46-37 []', '46-41 []', '46-5 []']);
  });

  it('men capture backwards too', () => {
    // White man 23 takes the black man behind it on 28, landing on 32.
    expect(moves(INTERNATIONAL, 'W', { white: [23], black: [28] })).toEqual(['23x32 [28]']);
  });

  it('a flying king captures at a distance and may land on any empty square beyond', () => {
    // King 46, black man on 28: land on 23, 19, 14, 10 or 5.
    expect(moves(INTERNATIONAL, 'W', { whiteKings: [46], black: [28] }))
      .toEqual(['46x10 [28]', '46x14 [28]', '46x19 [28]', '46x23 [28]', '46x5 [28]']);
  });

  it('majority rule: the longest capture only', () => {
    // 28 can take 22 and 11 (to 6) or just 23 (to 19): only the two-piece capture is legal.
    expect(moves(INTERNATIONAL, 'W', { white: [28], black: [22, 11, 23] })).toEqual(['28x6 [11,22]']);
  });

  it('majority rule: kings and men count the same', () => {
    // Route A takes the king on 23 and the man on 13 (to 8); route B the men on 22 and 11 (to 6).
    expect(moves(INTERNATIONAL, 'W', { white: [28], black: [22, 11, 13], blackKings: [23] }))
      .toEqual(['28x6 [11,22]', '28x8 [13,23]']);
    // One king against two men: the two men must be taken, a king is worth no more.
    expect(moves(INTERNATIONAL, 'W', { white: [28], black: [22, 11], blackKings: [23] })).toEqual(['28x6 [11,22]']);
  });

  it('a man passing the back rank in a capture stays a man; ending there crowns it', () => {
    // 13 takes 8 landing on 2 (back rank), then must take 7 landing on 11: no crown.
    expect(moves(INTERNATIONAL, 'W', { white: [13], black: [8, 7] })).toEqual(['13x11 [7,8]']);
    expect(moves(INTERNATIONAL, 'W', { white: [13], black: [8] })).toEqual(['13x2 [8] K']);
  });

  it('Turkish strike: a jumped piece stays on the board and blocks until the capture ends', () => {
    // Black king 32 on the long diagonal between white 37 (c3) and 23 (f6). After taking 23 it
    // may not turn back through 23's square to take 37 as well: one piece either way.
    expect(moves(INTERNATIONAL, 'B', { whiteKings: [23], white: [37], blackKings: [32] })).toEqual([
      '32x10 [23]', '32x14 [23]', '32x19 [23]', '32x41 [37]', '32x46 [37]', '32x5 [23]',
    ]);
  });

  it('the capturing piece\'s start square counts as empty: a man may capture round back to it', () => {
    // The loop 37x28x39x48x37 over 32, 33, 43 and 42 takes four; were 37 occupied, only
    // three-piece captures would exist (found by searching with the rule broken).
    expect(moves(INTERNATIONAL, 'W', { white: [21, 37], black: [32, 33, 42], blackKings: [43] })).toEqual(['37x37 [32,33,42,43]']);
  });

  it('the same capture by two routes is one move', () => {
    // 43x32x23x34x43 and 43x34x23x32x43 go round 38, 28, 29 and 39 both ways: one move.
    expect(moves(INTERNATIONAL, 'W', { white: [43], black: [38, 28, 39, 29] })).toEqual(['43x43 [28,29,38,39]']);
  });

  it('a side with all pieces blocked has no move', () => {
    // White man 46 (a1): 41 holds a black man with 37 behind it occupied.
    expect(moves(INTERNATIONAL, 'W', { white: [46], black: [41, 37] })).toEqual([]);
  });
});
