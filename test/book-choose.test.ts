// Choosing among a book position's moves, and the book settings' parsing.

import { describe, expect, it } from 'vitest';
import { bestBookScore, chooseBookMove } from '../src/book/choose.ts';
import { BookSettingError, bookFromOption, parseBookMargin, parseBookPly, parseBookSwitch } from '../src/book/settings.ts';
import type { BookMove } from '../src/book/types.ts';
import { seededRandom } from '../src/train/selfplay-game.ts';

const moves: BookMove[] = [
  { move: 'a', score: 10, depth: 3 },
  { move: 'b', score: 10, depth: 1 },
  { move: 'c', score: 4, depth: 0 },
  { move: 'd', score: -20, depth: 0 },
];

describe('choosing a book move', () => {
  it('plays the best (the first of equals) at margin 0, whatever the random source says', () => {
    for (const r of [0, 0.5, 0.999]) expect(chooseBookMove(moves, 10, 0, () => r)!.move).toBe('a');
    expect(bestBookScore(moves)).toBe(10);
    expect(bestBookScore([])).toBe(-Infinity);
  });

  it('chooses only among moves within the margin, the better ones more often', () => {
    const random = seededRandom(7);
    const count = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const m = chooseBookMove(moves, 10, 6, random)!.move;
      count.set(m, (count.get(m) ?? 0) + 1);
    }
    expect([...count.keys()].sort()).toEqual(['a', 'b', 'c']);
    // Weights exp(-(10 - s) / 3): 1, 1 and e^-2 of them for c.
    const share = count.get('c')! / 3000;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.08);
    expect(Math.abs(count.get('a')! - count.get('b')!)).toBeLessThan(200);
  });

  it('has no move when every candidate is more than the margin below the book\'s best', () => {
    // The best (a and b) removed, as an illegal move would be: c is 6 below.
    expect(chooseBookMove(moves.slice(2), 10, 5, () => 0)).toBeNull();
    expect(chooseBookMove(moves.slice(2), 10, 6, () => 0)!.move).toBe('c');
    expect(chooseBookMove([], 10, 100, () => 0)).toBeNull();
  });
});

describe('book settings', () => {
  it('reads the switch, the ply and the margin, and refuses bad values with the setting\'s name', () => {
    expect(parseBookSwitch('book', 'false')).toBe(false);
    expect(parseBookSwitch('book', ' True ')).toBe(true);
    expect(() => parseBookSwitch('book', 'maybe')).toThrow(/book must be true or false, got "maybe"/);
    expect(parseBookPly('book-ply', '12')).toBe(12);
    expect(parseBookPly('book-ply', 'all')).toBe(Infinity);
    expect(parseBookPly('book-ply', '9999')).toBe(Infinity);
    expect(() => parseBookPly('book-ply', '-1')).toThrow(BookSettingError);
    expect(parseBookMargin('--book-margin', '25')).toBe(25);
    expect(() => parseBookMargin('--book-margin', '2.5')).toThrow(/--book-margin must be a whole number/);
    expect(() => parseBookMargin('--book-margin', '10001')).toThrow(/from 0 to 10000/);
  });

  it('reads a command line\'s --book FILE|shipped|none', () => {
    expect(bookFromOption(undefined)).toEqual({ use: true, lastPly: Infinity, margin: 0, file: '' });
    expect(bookFromOption('none').use).toBe(false);
    expect(bookFromOption('shipped')).toMatchObject({ use: true, file: '' });
    expect(bookFromOption('my.book')).toMatchObject({ use: true, file: 'my.book' });
  });
});
