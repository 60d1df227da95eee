// One test per move-generation rule of English draughts in RULES.md, on hand-built positions.
// Every expected move list below was worked out by hand from the numbering in RULES.md; the
// diagrams show each occupied square as colour+number (w man, W king, b man, B king), White at
// the bottom, Black men moving down (towards higher numbers), White men up.
//
// Diagonal steps used in the working (RULES.md, n = 4): in an even row (1-4, 9-12, 17-20,
// 25-28) up-left s-4, up-right s-3, down-left s+4, down-right s+5; in an odd row (5-8, 13-16,
// 21-24, 29-32) up-left s-5, up-right s-4, down-left s+3, down-right s+4; none off the edge.

import { describe, expect, it } from 'vitest';
import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT } from '../src/board/geometry.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { build, expectMoveKeys, expectMoves, legal, moveText } from './helpers/build.ts';

const V = ENGLISH;

describe('English: numbering and neighbours', () => {
  it('has the neighbours RULES.md gives as checks', () => {
    const g = V.geometry;
    // The checks are stated "towards the bottom" for 9 and 12 and "towards the top" for 21.
    expect([g.neighbour(9, DOWN_LEFT), g.neighbour(9, DOWN_RIGHT)]).toEqual([13, 14]);
    expect([g.neighbour(12, DOWN_LEFT), g.neighbour(12, DOWN_RIGHT)]).toEqual([16, 0]);
    expect([g.neighbour(21, UP_LEFT), g.neighbour(21, UP_RIGHT)]).toEqual([0, 17]);
    // And the other way round, so a table that is right one way only still fails.
    expect([g.neighbour(13, UP_RIGHT), g.neighbour(14, UP_LEFT), g.neighbour(16, UP_RIGHT), g.neighbour(17, DOWN_LEFT)])
      .toEqual([9, 9, 12, 21]);
    expect([g.algebraic(1), g.algebraic(4), g.algebraic(29), g.algebraic(32)]).toEqual(['b8', 'h8', 'a1', 'g1']);
  });

  it('gives men exactly those squares as moves', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .  b9   .  10   .  11   . b12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    // w21   .  22   .  23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   .  32   .
    // 12 is on the right edge and 21 on the left, so each has a single forward square.
    const pieces = { black: [9, 12], white: [21] };
    expectMoves(V, build(V, 'B', pieces), ['9-13', '9-14', '12-16']);
    expectMoves(V, build(V, 'W', pieces), ['21-17']);
  });
});

describe('English: quiet moves', () => {
  it('moves men one square forward only and kings one square in any direction', () => {
    //   .   1   .   2   .   3   .   4
    //  w5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   . b14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    //  21   .  22   .  23   .  24   .
    //   .  25   . b26   . B27   .  28
    //  29   .  30   .  31   .  32   .
    // b14 may not go back to 9/10; b26 reaches the back rank and is crowned; the king on 27
    // goes to 31/32 too but is not "crowned" again, and never two squares (19, 20, ...).
    expectMoves(V, build(V, 'B', { black: [14, 26], blackKings: [27], white: [5] }), [
      '14-17', '14-18', '26-30 K', '26-31 K', '27-23', '27-24', '27-31', '27-32',
    ]);

    //   .   1   .   2   .   3   .   4
    //   5   .  W6   .  w7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    //  21   . w22   .  23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   . b32   .
    // The same for White, whose forward is towards square 1.
    expectMoves(V, build(V, 'W', { white: [22, 7], whiteKings: [6], black: [32] }), [
      '22-17', '22-18', '7-2 K', '7-3 K', '6-1', '6-2', '6-9', '6-10',
    ]);
  });
});

describe('English: captures', () => {
  it('makes capturing compulsory', () => {
    //   .  b1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   . b14   .  15   .  16   .
    //   .  17   . w18   .  19   .  20
    //  21   .  22   .  23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   .  32   .
    // 14 jumps 18 to 23; the quiet 1-5, 1-6 and 14-17 are not offered.
    expectMoves(V, build(V, 'B', { black: [14, 1], white: [18] }), ['14x23 [18]']);
  });

  it('lets men capture forwards only', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   . w14   .  15   .  16   .
    //   .  17   . b18   .  19   .  20
    //  21   .  22   . w23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   .  32   .
    // 18 over 14 to 9 would be backwards for Black.
    expectMoves(V, build(V, 'B', { black: [18], white: [14, 23] }), ['18x27 [23]']);

    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   . b10   .  11   .  12
    //  13   .  14   . w15   .  16   .
    //   .  17   .  18   . b19   .  20
    //  21   .  22   .  23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   .  32   .
    // 15 over 19 to 24 would be backwards for White.
    expectMoves(V, build(V, 'W', { white: [15], black: [19, 10] }), ['15x6 [10]']);
  });

  it('lets kings capture in all four directions', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   . w14   . w15   .  16   .
    //   .  17   . B18   .  19   .  20
    //  21   . w22   . w23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   .  32   .
    // One jump each way; after it the only adjacent white piece is the one just taken, and
    // jumping it back onto the vacated 18 would take it twice.
    expectMoves(V, build(V, 'B', { blackKings: [18], white: [14, 15, 22, 23] }), [
      '18x9 [14]', '18x11 [15]', '18x25 [22]', '18x27 [23]',
    ]);
  });

  it('keeps kings short: they take only an adjacent piece and land directly beyond it', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    //  21   .  22   . w23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   . B32   .
    // 32-27-23-18-14 is one diagonal: 23 is two squares away, so no capture and no flying.
    expectMoves(V, build(V, 'B', { blackKings: [32], white: [23] }), ['32-27', '32-28']);

    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    //  21   .  22   . w23   .  24   .
    //   .  25   .  26   . B27   .  28
    //  29   .  30   .  31   .  32   .
    // Adjacent now: the king lands on 18 only, not further along on 14 or 9.
    expectMoves(V, build(V, 'B', { blackKings: [27], white: [23] }), ['27x18 [23]']);
  });

  it('completes a multi-jump to the end', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   . b11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   . b19   .  20
    //  21   .  22   .  23   .  24   .
    //   .  25   . b26   . b27   .  28
    //  29   . w30   .  31   .  32   .
    // 30 over 26 to 23, over 19 to 16, over 11 to 7. Stopping on 23 or 16 is not a move.
    // From 23, 27 with 32 empty behind it is a jump only a king could make (backwards).
    expectMoves(V, build(V, 'W', { white: [30], black: [26, 19, 11, 27] }), ['30x23x16x7 [11,19,26]']);
  });

  it('leaves the choice among captures free (no majority rule)', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   . b19   .  20
    //  21   .  22   .  23   .  24   .
    //   . b25   .  26   . b27   .  28
    // w29   .  30   . w31   .  32   .
    // 29 takes one piece (29x22, then 17 and 18 are empty); 31 takes two (31x24x15).
    expectMoves(V, build(V, 'W', { white: [29, 31], black: [25, 27, 19] }), ['29x22 [25]', '31x24x15 [19,27]']);

    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   . b19   .  20
    //  21   .  22   .  23   .  24   .
    //   . b25   . b26   .  27   .  28
    //  29   . w30   .  31   .  32   .
    // The same piece may choose its shorter branch: 30x21 (one, 17 is empty) or 30x23x16 (two).
    expectMoves(V, build(V, 'W', { white: [30], black: [25, 26, 19] }), ['30x21 [25]', '30x23x16 [19,26]']);
  });

  it('ends the move when a man is crowned, even if the new king could jump on', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    //  21   . b22   .  23   .  24   .
    //   .  25   . w26   . w27   .  28
    //  29   .  30   .  31   .  32   .
    // 22 over 26 lands on 31 and is crowned; as a king it could take 27 (to 24), but may not.
    const pos = build(V, 'B', { black: [22], white: [26, 27] });
    expectMoves(V, pos, ['22x31 [26] K']);
  });

  it('takes a piece only once, and one capture reached by two routes is one move', () => {
    //   .   1   .   2   .   3   .   4
    //   5   .   6   .   7   .   8   .
    //   .   9   .  10   .  11   .  12
    //  13   .  14   . w15   . w16   .
    //   .  17   .  18   .  19   .  20
    //  21   .  22   . w23   . w24   .
    //   .  25   .  26   . B27   .  28
    //  29   .  30   .  31   .  32   .
    // The king goes round 19: 27x20x11x18x27 or 27x18x11x20x27, the same four pieces and the
    // same from and to, so one move. Back on its (vacated) start square 27 it stands next to
    // 23 and 24 again with 18 and 20 empty behind them: taking either twice would go on for
    // ever. (A jumped piece blocking a *landing* cannot be shown with short jumps: landing
    // squares and jumped squares are never the same squares for one piece's sequence.)
    const pos = build(V, 'B', { blackKings: [27], white: [15, 16, 23, 24] });
    expectMoveKeys(V, pos, ['27x27 [15,16,23,24]']);
    const [move] = legal(V, pos);
    expect(['27x20x11x18x27', '27x18x11x20x27']).toContain(moveText(move));
    expect(move.crowns).toBe(false);

    // The pieces go only when the sequence is over: all four at once, the king back on 27.
    const after = V.toBoard(V.play(pos, move));
    const occupied = after.squares.flatMap((p, sq) => (sq > 0 && p !== 0 ? [sq] : []));
    expect(occupied).toEqual([27]);
  });
});

describe('English: no legal move', () => {
  it('gives a blocked side an empty list', () => {
    //   .   1   .   2   .   3   .  b4
    //  b5   .   6   .   7   .  w8   .
    //   .  w9   .  10   . w11   .  12
    //  13   . w14   .  15   .  16   .
    //   .  17   .  18   .  19   .  20
    //  21   .  22   .  23   .  24   .
    //   .  25   .  26   .  27   .  28
    //  29   .  30   .  31   .  32   .
    // 4 has only 8 ahead (11 behind it is taken), 5 only 9 (14 behind it is taken).
    expectMoves(V, build(V, 'B', { black: [4, 5], white: [8, 9, 11, 14] }), []);
  });

  it('gives a side without pieces an empty list', () => {
    expectMoves(V, build(V, 'B', { white: [8] }), []);
  });
});
