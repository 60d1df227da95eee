// One test per Lasca rule of RULES.md, on hand-built positions written in Lasca's position
// text (columns top first: w/b soldiers, W/B officers). Expected move lists and columns were
// worked out by hand. Board (White at the bottom, used squares only):
//
//   7  a7  .  c7  .  e7  .  g7        squares  1  .  2  .  3  .  4
//   6   . b6  .  d6  .  f6  .                  .  5  .  6  .  7  .
//   5  a5  .  c5  .  e5  .  g5                 8  .  9  . 10  . 11
//   4   . b4  .  d4  .  f4  .                  . 12  . 13  . 14  .
//   3  a3  .  c3  .  e3  .  g3                15  . 16  . 17  . 18
//   2   . b2  .  d2  .  f2  .                  . 19  . 20  . 21  .
//   1  a1  .  c1  .  e1  .  g1                22  . 23  . 24  . 25
//       a  b  c  d  e  f  g

import { describe, expect, it } from 'vitest';
import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT } from '../src/board/geometry.ts';
import { Game } from '../src/game/game.ts';
import { NotationError } from '../src/notation/errors.ts';
import { formatLascaMove, formatLascaPosition, parseLascaMove, parseLascaPosition } from '../src/notation/lasca-text.ts';
import { LASCA, LASCA_START } from '../src/rules/lasca/lasca.ts';
import { WHITE } from '../src/rules/position.ts';

const moves = (text: string) => LASCA.legalMoves(parseLascaPosition(text)).map(formatLascaMove).sort();
const after = (text: string, move: string) => {
  const pos = parseLascaPosition(text);
  return formatLascaPosition(LASCA.play(pos, parseLascaMove(LASCA, pos, move)));
};

describe('Lasca: board and start', () => {
  it('numbers and names the 25 squares as RULES.md does', () => {
    const g = LASCA.geometry;
    expect([1, 4, 5, 7, 8, 12, 21, 22, 25].map(g.algebraic)).toEqual(['a7', 'g7', 'b6', 'f6', 'a5', 'b4', 'f2', 'a1', 'g1']);
    // c3 has four neighbours, a3 and g5 (edge files) two, a1 (corner) one.
    expect([UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT].map((d) => g.algebraic(g.neighbour(16, d)))).toEqual(['b4', 'd4', 'b2', 'd2']);
    expect([UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT].map((d) => g.neighbour(15, d))).toEqual([0, 12, 0, 19]);
    expect([UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT].map((d) => g.neighbour(11, d))).toEqual([7, 0, 14, 0]);
    expect([UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT].map((d) => g.neighbour(22, d))).toEqual([0, 19, 0, 0]);
  });

  it('starts with 11 soldiers a side, rank 4 empty, White to move with six moves', () => {
    const start = LASCA.startPosition();
    expect(formatLascaPosition(start)).toBe(LASCA_START);
    expect(start.side).toBe(WHITE);
    expect(moves(LASCA_START)).toEqual(['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4']);
  });
});

describe('Lasca: quiet moves', () => {
  it('moves a soldier-commanded column one square forward, an officer-commanded one any way, never further', () => {
    // d4 "wb": a white soldier over a black prisoner, forward only; d2 "Wb" an officer, one square any way.
    expect(moves('W:d2Wb,d4wb,a7b')).toEqual(['d2-c1', 'd2-c3', 'd2-e1', 'd2-e3', 'd4-c5', 'd4-e5']);
    // The same for Black, whose forward is down the board.
    expect(moves('B:a1w,d4bw,d6Bw')).toEqual(['d4-c3', 'd4-e3', 'd6-c5', 'd6-c7', 'd6-e5', 'd6-e7']);
  });

  it('moves the whole column', () => {
    expect(after('W:d4wbW,a7b', 'd4-e5')).toBe('B:e5wbW,a7b');
  });
});

describe('Lasca: captures', () => {
  it('makes capturing compulsory; soldiers capture forward only, officers backwards too', () => {
    // c3 could take b2 only backwards (not for a soldier); the officer on g3 takes f2 backwards.
    expect(moves('W:c3w,g3W,b2b,d4b,f2b')).toEqual(['c3xe5', 'g3xe1']);
  });

  it('takes only the commander, to the bottom of the capturing column; the rest stays', () => {
    expect(after('W:c3wb,d4bbw', 'c3xe5')).toBe('B:d4bw,e5wbb');
  });

  it('frees a prisoner when the taken commander had one of ours beneath', () => {
    expect(after('W:c3w,d4bw,a7b', 'c3xe5')).toBe('B:d4w,e5wb,a7b');
  });

  it('lets officers keep their rank in prison and when freed', () => {
    // A black officer taken stays an officer at the bottom of White's column.
    expect(after('W:c3w,d4Bw,a7b', 'c3xe5')).toBe('B:d4w,e5wB,a7b');
    // A white officer freed from under a black soldier commands again as an officer: it can step back.
    const freed = after('W:c3w,d4bW,a7b', 'c3xe5');
    expect(freed).toBe('B:d4W,e5wb,a7b');
    expect(moves(after(freed, 'a7-b6'))).toContain('d4-c3');
  });

  it('counts the capturing column\'s square as empty, and the order of the jumps makes the move', () => {
    // The officer on c3 goes round d4, f4, f2, d2 either way and lands on c3 again. The same squares
    // in another order are another move: the black officer on d4 ends second or last in the column.
    expect(moves('W:c3W,d4B,f4b,f2b,d2b')).toEqual(['c3xe1xg3xe5xc3', 'c3xe5xg3xe1xc3']);
    expect(after('W:c3W,d4B,f4b,f2b,d2b', 'c3xe5xg3xe1xc3')).toBe('B:c3WBbbb');
    expect(after('W:c3W,d4B,f4b,f2b,d2b', 'c3xe1xg3xe5xc3')).toBe('B:c3WbbbB');
  });

  it('never jumps the same column twice, even when Black still commands it', () => {
    // d4 "bb" is still Black's after its top is taken; from e5 (and again from c3) it could be
    // jumped once more onto an empty square, but the same column is not jumped twice.
    expect(moves('W:c3W,d4bb,f4b,f2b,d2b')).toEqual(['c3xe1xg3xe5xc3', 'c3xe5xg3xe1xc3']);
    expect(after('W:c3W,d4bb,f4b,f2b,d2b', 'c3xe5xg3xe1xc3')).toBe('B:c3Wbbbb,d4b');
  });

  it('completes a sequence in full, with free choice between sequences (no majority rule)', () => {
    // a3 takes two (b4, d6), g1 takes one (f2); both are legal, a3xc5 alone is not.
    expect(moves('W:a3w,g1w,b4b,d6b,f2b')).toEqual(['a3xc5xe7', 'g1xe3']);
  });
});

describe('Lasca: promotion', () => {
  it('promotes a soldier commander reaching the far rank, and only the commander', () => {
    expect(after('W:b6ww,a3b', 'b6-a7')).toBe('B:a3b,a7Ww');
    expect(after('B:b2bw,a1w', 'b2-c1')).toBe('W:a1w,c1Bw');
  });

  it('ends a capture sequence at promotion, though the new officer could jump on', () => {
    // After c5xe7 an officer on e7 could take f6 backwards; the soldier's sequence ends instead.
    expect(moves('W:c5ww,d6b,f6b')).toEqual(['c5xe7']);
    expect(after('W:c5ww,d6b,f6b', 'c5xe7')).toBe('B:f6b,e7Wwb');
    // An officer reaching the far rank mid-capture simply goes on.
    expect(moves('W:c5W,d6b,f6b')).toEqual(['c5xe7xg5']);
  });
});

describe('Lasca: end of the game', () => {
  it('a side that commands no column, or whose columns are all blocked, has lost', () => {
    const none = new Game(LASCA, parseLascaPosition('W:d4bw,c3b'));
    expect(none.status()).toEqual({ result: '0-1', reason: 'White has no legal move' });
    // g5 is blocked by f6, and cannot take it: e7 behind it is occupied.
    const blocked = new Game(LASCA, parseLascaPosition('W:g5w,f6b,e7b'));
    expect(blocked.status().result).toBe('0-1');
  });
});

describe('Lasca: position text and moves', () => {
  it('reads columns in any order and with spaces, and writes them by rank, then file', () => {
    const pos = parseLascaPosition(' B: e5wbB , a1W,c7b ,d4b .');
    expect(formatLascaPosition(pos)).toBe('B:a1W,d4b,e5wbB,c7b');
  });

  it('refuses bad text with a clear message', () => {
    const bad: [string, RegExp][] = [
      ['X:a1w', /side to move must be W or B/],
      ['W', /expected ":"/],
      ['W:b1w', /b1 is not a square/],
      ['W:h2w', /h2 is not a square/],
      ['W:a1w,a1b', /a1 is given twice/],
      ['W:a1wx', /only w, b, W and B/],
      ['W:a1', /column on a1 is empty/],
      ['W:a1w,,c1w', /is not a square and a column/],
      ['W:a7w', /soldier commands the column on a7/],
      ['B:c1b', /soldier commands the column on c1/],
      ['W:a1wwwwwwwwwwww', /White has 12 pieces/],
    ];
    for (const [text, message] of bad) {
      expect(() => parseLascaPosition(text), text).toThrow(message);
      expect(() => parseLascaPosition(text), text).toThrow(NotationError);
    }
  });

  it('parses moves against the legal moves and explains the wrong ones', () => {
    const pos = parseLascaPosition('W:c3W,d4B,f4b,f2b,d2b,a1w');
    expect(formatLascaMove(parseLascaMove(LASCA, pos, 'c3xe5xg3xe1xc3'))).toBe('c3xe5xg3xe1xc3');
    expect(() => parseLascaMove(LASCA, pos, 'c3xc3')).toThrow(/ambiguous move "c3xc3": it could be c3xe1xg3xe5xc3 or c3xe5xg3xe1xc3/);
    expect(() => parseLascaMove(LASCA, pos, 'a1-b2')).toThrow(/a capture is compulsory: c3xe1xg3xe5xc3, c3xe5xg3xe1xc3/);
    expect(() => parseLascaMove(LASCA, pos, 'c3-h4')).toThrow(/"h4" is not a square/);
    expect(() => parseLascaMove(LASCA, pos, 'c3')).toThrow(/expected squares joined by - or x/);
    const quiet = parseLascaPosition('W:d4wb,a7b');
    expect(parseLascaMove(LASCA, quiet, 'd4-c5').to).toBe(9);
    expect(() => parseLascaMove(LASCA, quiet, 'd4-d5')).toThrow(/"d5" is not a square/);
    expect(() => parseLascaMove(LASCA, quiet, 'd4-c3')).toThrow(/the column on d4 can play d4-c5, d4-e5/);
  });
});
