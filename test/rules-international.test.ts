// One test per move-generation rule of International draughts in RULES.md, on hand-built
// positions. Every expected move list below was worked out by hand from the numbering in
// RULES.md; the diagrams show each occupied square as colour+number (w man, W king, b man,
// B king), White at the bottom moving up (towards square 1), Black men moving down.
//
// Diagonal steps used in the working (RULES.md, n = 5): in an even row (1-5, 11-15, 21-25,
// 31-35, 41-45) up-left s-5, up-right s-4, down-left s+5, down-right s+6; in an odd row
// (6-10, 16-20, 26-30, 36-40, 46-50) up-left s-6, up-right s-5, down-left s+4, down-right s+5;
// none off the edge. Diagonals used below:
//   46-41-37-32-28-23-19-14-10-5    6-11-17-22-28-33-39-44-50    2-8-13-19-24-30-35
//   3-8-12-17-21-26    1-7-12-18-23-29-34-40-45

import { describe, expect, it } from 'vitest';
import { UP_LEFT, UP_RIGHT } from '../src/board/geometry.ts';
import { INTERNATIONAL } from '../src/rules/variants.ts';
import { build, expectMoveKeys, expectMoves, legal, moveText } from './helpers/build.ts';

const V = INTERNATIONAL;

describe('International: numbering and neighbours', () => {
  it('has the neighbours RULES.md gives as checks', () => {
    const g = V.geometry;
    expect([g.neighbour(31, UP_LEFT), g.neighbour(31, UP_RIGHT)]).toEqual([26, 27]);
    expect([g.neighbour(35, UP_LEFT), g.neighbour(35, UP_RIGHT)]).toEqual([30, 0]);
    expect([g.algebraic(1), g.algebraic(5), g.algebraic(46), g.algebraic(50)]).toEqual(['b10', 'j10', 'a1', 'i1']);
  });

  it('gives men exactly those squares as moves', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   .  12   .  13   .  14   . b15
    // b16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   .  28   .  29   .  30   .
    //   . w31   .  32   .  33   .  34   . w35
    //  36   .  37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    //  46   .  47   .  48   .  49   .  50   .
    // 35 and 15 are on the right edge, 16 on the left: one forward square each.
    const pieces = { white: [31, 35], black: [16, 15] };
    expectMoves(V, build(V, 'W', pieces), ['31-26', '31-27', '35-30']);
    expectMoves(V, build(V, 'B', pieces), ['16-21', '15-20']);
  });
});

describe('International: quiet moves', () => {
  it('moves men one square forward and kings any distance until blocked', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .  w7   .   8   .   9   .  10   .
    //   .  11   .  12   .  13   .  14   .  15
    //  16   .  17   .  18   . w19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   . W28   .  29   .  30   .
    //   .  31   .  32   .  33   .  34   .  35
    //  36   . w37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    //  46   .  47   .  48   .  49   . B50   .
    // King 28: up-left to the edge (22 17 11 6); up-right stops before its own 19 (23);
    // down-left before its own 37 (32); down-right before Black's 50, which has no square
    // behind it (33 39 44). Men never step back; 7 is crowned on 1 or 2, the king never.
    expectMoves(V, build(V, 'W', { whiteKings: [28], white: [19, 37, 7], blackKings: [50] }), [
      '28-22', '28-17', '28-11', '28-6', '28-23', '28-32', '28-33', '28-39', '28-44',
      '19-13', '19-14', '37-31', '37-32', '7-1 K', '7-2 K',
    ]);
  });

  it('lets no king capture two pieces in a row or over its own piece', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   .  12   .  13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   . b28   .  29   .  30   .
    //   .  31   . b32   .  33   .  34   .  35
    //  36   . b37   .  38   . w39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    // W46   .  47   .  48   .  49   . W50   .
    // 46: 37 is backed by 32, so no landing square. 50: its own 39 stands before 28.
    expectMoves(V, build(V, 'W', { whiteKings: [46, 50], white: [39], black: [37, 32, 28] }), [
      '46-41', '50-44', '50-45', '39-33', '39-34',
    ]);
  });
});

describe('International: captures', () => {
  it('makes capturing compulsory and lets men capture backwards', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   .  12   .  13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   .  28   .  29   .  30   .
    //   . w31   .  32   . w33   .  34   .  35
    //  36   .  37   .  38   . b39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    //  46   .  47   .  48   .  49   .  50   .
    // The only capture is backwards (33 over 39 to 44); it excludes every quiet move.
    expectMoves(V, build(V, 'W', { white: [33, 31], black: [39] }), ['33x44 [39]']);

    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   . w12   .  13   .  14   .  15
    //  16   .  17   . b18   .  19   . b20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   .  28   .  29   .  30   .
    // ... (rows 6-9 empty)
    // Black backwards is up: 18 over 12 to 7.
    expectMoves(V, build(V, 'B', { black: [18, 20], white: [12] }), ['18x7 [12]']);
  });

  it('lets a king capture at a distance and land on any empty square beyond', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   . w10   .
    //   .  11   .  12   .  13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   . b28   .  29   .  30   .
    //   .  31   .  32   .  33   .  34   .  35
    //  36   .  37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    // W46   .  47   .  48   .  49   .  50   .
    // 46 passes 41 37 32, takes 28, lands on 23, 19 or 14; its own 10 ends the run.
    expectMoves(V, build(V, 'W', { whiteKings: [46], white: [10], black: [28] }), [
      '46x23 [28]', '46x19 [28]', '46x14 [28]',
    ]);
  });

  it('applies the majority rule to where a king lands', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   .  12   . b13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   . b28   .  29   .  30   .
    //   .  31   .  32   .  33   .  34   .  35
    //  36   .  37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    // W46   .  47   .  48   .  49   .  50   .
    // After 28 the king may land on 23 19 14 10 5, but only from 19 can it go on (over 13 to
    // 8 or 2), and the longer capture is compulsory.
    expectMoves(V, build(V, 'W', { whiteKings: [46], black: [28, 13] }), ['46x19x8 [13,28]', '46x19x2 [13,28]']);
  });

  it('counts kings and men the same under the majority rule', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   .  12   .  13   .  14   .  15
    //  16   . b17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   . b27   .  28   .  29   . b30   .
    //   .  31   . w32   .  33   .  34   .  35
    //  36   .  37   .  38   .  39   . B40   .
    //   .  41   . b42   .  43   . w44   .  45
    //  46   . w47   .  48   .  49   .  50   .
    // 32x21x12 takes two men, 44x35x24 a king and a man: both count 2. 47x38 takes one
    // (from 38 its own 32 is in the way) and is not allowed.
    const pieces = { white: [32, 44, 47], black: [27, 17, 30, 42], blackKings: [40] };
    expectMoves(V, build(V, 'W', pieces), ['32x21x12 [17,27]', '44x35x24 [30,40]']);

    // Without 30, 44 takes only the king: one piece, less than two men.
    expectMoves(V, build(V, 'W', { ...pieces, black: [27, 17, 42] }), ['32x21x12 [17,27]']);
  });

  it('keeps jumped pieces on the board until the end (Turkish strike): they block a later jump', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   . b12   . b13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   .  23   .  24   .  25
    //  26   .  27   . b28   .  29   .  30   .
    //   .  31   .  32   .  33   .  34   .  35
    //  36   .  37   .  38   . b39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    // W46   .  47   .  48   .  49   .  50   .
    // 46x19 (28), x8 (13), then over 12 to 17, 21 or 26. From 17 the diagonal down-right runs
    // 22, 28, 33, 39: 28 is still there, already taken, so 39 is out of reach (if 28 were
    // lifted at once, or could be jumped again, 46x19x8x17x44 would take four). Landing on 23
    // instead leads to 12 only (46x23x7, two pieces).
    const pos = build(V, 'W', { whiteKings: [46], black: [28, 13, 12, 39] });
    expectMoves(V, pos, ['46x19x8x17 [12,13,28]', '46x19x8x21 [12,13,28]', '46x19x8x26 [12,13,28]']);

    // Removal happens when the move is over: all three at once, 39 untouched.
    const move = legal(V, pos).find((m) => m.to === 17);
    expect(move).toBeDefined();
    const after = V.toBoard(V.play(pos, move!));
    const occupied = after.squares.flatMap((p, sq) => (sq > 0 && p !== 0 ? [sq] : []));
    expect(occupied).toEqual([17, 39]);
  });

  it('keeps jumped pieces on the board until the end (Turkish strike): they block a landing', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   . b12   . b13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   . b22   .  23   .  24   .  25
    //  26   .  27   . b28   .  29   .  30   .
    //   .  31   .  32   .  33   .  34   .  35
    //  36   .  37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    // W46   .  47   .  48   .  49   .  50   .
    // As above, but from 17 the piece on 22 has the taken 28 right behind it: no landing square.
    expectMoves(V, build(V, 'W', { whiteKings: [46], black: [28, 13, 12, 22] }), [
      '46x19x8x17 [12,13,28]', '46x19x8x21 [12,13,28]', '46x19x8x26 [12,13,28]',
    ]);
  });

  it("counts the capturing piece's own start square as empty", () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   . b12   . b13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   . b23   .  24   .  25
    //  26   .  27   . W28   .  29   .  30   .
    //   .  31   .  32   . b33   .  34   .  35
    //  36   .  37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    //  46   .  47   .  48   .  49   .  50   .
    // 28x19 (23), x8 (13), x17 (12), then down-right over 22 and its own start square 28 to
    // take 33 and land on 39, 44 or 50. Taking 33 first ends the move (one piece).
    expectMoves(V, build(V, 'W', { whiteKings: [28], black: [23, 13, 12, 33] }), [
      '28x19x8x17x39 [12,13,23,33]', '28x19x8x17x44 [12,13,23,33]', '28x19x8x17x50 [12,13,23,33]',
    ]);
  });

  it('crowns a man only when its capture ends on the back rank', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .  b8   .  b9   .  10   .
    //   .  11   . w12   .  13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   .  22   . b23   .  24   .  25
    //  26   .  27   .  28   .  29   .  30   .
    // ... (rows 6-9 empty)
    // 12 over 8 to 3 (back rank), must go on over 9 to 14, and stays a man: a king on 14
    // would take 23 at a distance (19 empty), a man cannot.
    expectMoves(V, build(V, 'W', { white: [12], black: [8, 9, 23] }), ['12x3x14 [8,9]']);

    // Without 9 the capture ends on 3 and the man is crowned.
    expectMoves(V, build(V, 'W', { white: [12], black: [8] }), ['12x3 [8] K']);
  });

  it('lists a capture reached by two routes (same from, to and pieces) once', () => {
    //   .   1   .   2   .   3   .   4   .   5
    //   6   .   7   .   8   .   9   .  10   .
    //   .  11   . b12   . b13   .  14   .  15
    //  16   .  17   .  18   .  19   .  20   .
    //   .  21   . b22   . b23   .  24   .  25
    //  26   .  27   . W28   .  29   .  30   .
    //   .  31   .  32   .  33   .  34   .  35
    //  36   .  37   .  38   .  39   .  40   .
    //   .  41   .  42   .  43   .  44   .  45
    //  46   .  47   .  48   .  49   .  50   .
    // Round the square 18 either way: 28x19x8x17 then over 22 to 28 33 39 44 50, or
    // 28x17x8x19 then over 23 to 28 32 37 41 46. Both take all four; only 28x28 is reached by
    // both routes, so nine moves.
    const pos = build(V, 'W', { whiteKings: [28], black: [23, 13, 12, 22] });
    const all = '[12,13,22,23]';
    expectMoveKeys(V, pos, [28, 33, 39, 44, 50, 32, 37, 41, 46].map((to) => `28x${to} ${all}`));
    const roundTrip = legal(V, pos).filter((m) => m.to === 28);
    expect(roundTrip).toHaveLength(1);
    expect(['28x19x8x17x28', '28x17x8x19x28']).toContain(moveText(roundTrip[0]));
    // The one-route moves keep their own route.
    const paths = legal(V, pos).filter((m) => m.to !== 28).map(moveText).sort();
    expect(paths).toEqual([
      '28x17x8x19x32', '28x17x8x19x37', '28x17x8x19x41', '28x17x8x19x46',
      '28x19x8x17x33', '28x19x8x17x39', '28x19x8x17x44', '28x19x8x17x50',
    ]);
  });
});

describe('International: no legal move', () => {
  it('gives a blocked side an empty list', () => {
    //   .  ... (rows 0-3 empty)
    //   .  21   .  22   .  23   . b24   .  25
    //  26   .  27   .  28   .  29   . b30   .
    //   .  31   .  32   .  33   .  34   . w35
    //  36   . b37   .  38   .  39   .  40   .
    //   . b41   .  42   .  43   .  44   .  45
    // w46   .  47   .  48   .  49   .  50   .
    // 46 has only 41 ahead, backed by 37; 35 only 30, backed by 24; nothing to take backwards.
    expectMoves(V, build(V, 'W', { white: [46, 35], black: [41, 37, 30, 24] }), []);
  });

  it('gives a side without pieces an empty list', () => {
    expectMoves(V, build(V, 'B', { white: [28] }), []);
  });
});
