import { describe, expect, it } from 'vitest';
import { Game, type Result, whitePoints } from '../src/game/game.ts';
import type { Move } from '../src/rules/move.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { build } from './helpers/build.ts';
import { quietWalk } from './helpers/quiet-walk.ts';

function find(game: Game, text: string): Move {
  const [from, to] = text.split(/[-x]/).map(Number);
  const move = game.legalMoves().find((m) => m.from === from && m.to === to);
  if (!move) throw new Error(`${text} is not legal here`);
  return move;
}

describe('English draw rules', () => {
  it('40 moves each without capture or crowning: drawn at ply 80, not 79', () => {
    const game = new Game(ENGLISH, build(ENGLISH, 'B', { whiteKings: [29, 31], white: [24], blackKings: [2, 4], black: [9] }));
    quietWalk(game, 79, false, 7);
    expect(game.status()).toEqual({ result: '*', reason: '' });
    quietWalk(game, 1, false, 8);
    expect(game.status().result).toBe('1/2-1/2');
    expect(game.status().reason).toMatch(/40 moves/);
  });

  it('a man move does not reset the English count, a capture does', () => {
    const game = new Game(ENGLISH, build(ENGLISH, 'W', { whiteKings: [29], white: [27], blackKings: [4], black: [5] }));
    game.play(find(game, '27-23'));
    expect(game.drawCounters.quiet).toBe(1);
    const capture = new Game(ENGLISH, build(ENGLISH, 'W', { whiteKings: [29], white: [22], black: [18, 5] }));
    capture.play(find(capture, '22x15'));
    expect(capture.drawCounters.quiet).toBe(0);
  });

  it('threefold repetition: drawn on the third occurrence, not before', () => {
    const game = new Game(ENGLISH, build(ENGLISH, 'W', { whiteKings: [29], blackKings: [4] }));
    const cycle = ['29-25', '4-8', '25-29', '8-4'];
    for (let i = 0; i < 7; i++) {
      game.play(find(game, cycle[i % 4]));
      expect(game.status().result, `ply ${i + 1}`).toBe('*');
    }
    expect(game.repetitions()).toBe(2);
    game.play(find(game, cycle[7 % 4]));
    expect(game.repetitions()).toBe(3);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: 'threefold repetition' });
  });

  it('a side with no legal move loses: no pieces, or all blocked', () => {
    expect(new Game(ENGLISH, build(ENGLISH, 'B', { white: [22] })).status()).toEqual({ result: '1-0', reason: 'Black has no legal move' });
    // Black man on 21 is blocked by 25, and 30 behind it stops the jump.
    const blocked = new Game(ENGLISH, build(ENGLISH, 'B', { black: [21], white: [25, 30] }));
    expect(blocked.status().result).toBe('1-0');
    expect(new Game(ENGLISH, build(ENGLISH, 'W', { black: [1] })).status().result).toBe('0-1');
  });
});

describe('International draw rules', () => {
  it('25 moves each with only kings moving and no capture: drawn at ply 50, not 49', () => {
    const start = build(INTERNATIONAL, 'W', { whiteKings: [47, 49], white: [36, 40], blackKings: [2, 4], black: [11, 15] });
    const game = new Game(INTERNATIONAL, start);
    quietWalk(game, 49, true, 3);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 4);
    expect(game.status().result).toBe('1/2-1/2');
    expect(game.status().reason).toMatch(/25 moves/);
  });

  it('a man move resets the 25-move count', () => {
    const game = new Game(INTERNATIONAL, build(INTERNATIONAL, 'W', { whiteKings: [48], white: [40], blackKings: [3], black: [11] }));
    game.play(find(game, '48-43'));
    expect(game.drawCounters.quiet).toBe(1);
    game.play(find(game, '11-16'));
    expect(game.drawCounters.quiet).toBe(0);
  });

  it('16-move rule: three kings against a lone king is drawn after 32 plies, not 31', () => {
    const game = new Game(INTERNATIONAL, build(INTERNATIONAL, 'W', { whiteKings: [47, 48, 49], blackKings: [26] }));
    quietWalk(game, 31, true, 5);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 6);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '16-move rule in a king ending' });
  });

  it('16-move rule also for a king and two men against a king; more material has no ending rule', () => {
    const game = new Game(INTERNATIONAL, build(INTERNATIONAL, 'W', { whiteKings: [47], white: [36, 40], blackKings: [26] }));
    expect(game.drawCounters.ending).toBe(0);
    quietWalk(game, 31, true, 13);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 14);
    expect(game.status().reason).toBe('16-move rule in a king ending');
    const bigger = new Game(INTERNATIONAL, build(INTERNATIONAL, 'W', { whiteKings: [47, 48], white: [36, 40], blackKings: [26] }));
    expect(bigger.drawCounters.ending).toBe(-1);
  });

  it('5-move rule: two kings against a king is drawn after 10 plies, not 9', () => {
    const game = new Game(INTERNATIONAL, build(INTERNATIONAL, 'B', { whiteKings: [47, 49], blackKings: [26] }));
    quietWalk(game, 9, true, 9);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 10);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '5-move rule in a king ending' });
  });

  it('the ending count starts when a capture makes the ending, and restarts on a change of material', () => {
    // White's king on 46 must take the man on 37; what is left is three kings against one.
    const game = new Game(INTERNATIONAL, build(INTERNATIONAL, 'W', { whiteKings: [46, 49, 50], blackKings: [3], black: [37] }));
    expect(game.drawCounters.ending).toBe(-1);
    const capture = game.legalMoves().find((m) => m.captured.includes(37));
    expect(capture).toBeDefined();
    game.play(capture!);
    expect(game.drawCounters.ending).toBe(0);
    quietWalk(game, 31, true, 11);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 12);
    expect(game.status().reason).toBe('16-move rule in a king ending');
  });

  it('no legal move loses in International too', () => {
    expect(new Game(INTERNATIONAL, build(INTERNATIONAL, 'W', { black: [20] })).status())
      .toEqual({ result: '0-1', reason: 'White has no legal move' });
  });
});

describe('game history', () => {
  it('undo and redo restore positions and counters', () => {
    const game = new Game(ENGLISH);
    const start = game.position.clone();
    for (const text of ['11-15', '23-19', '8-11', '22-17']) game.play(find(game, text));
    const after = game.position.clone();
    const counters = { ...game.drawCounters };
    for (let i = 0; i < 4; i++) game.undo();
    expect(game.position.equals(start)).toBe(true);
    expect(game.ply).toBe(0);
    for (let i = 0; i < 4; i++) game.redo();
    expect(game.position.equals(after)).toBe(true);
    expect(game.drawCounters).toEqual(counters);
  });

  it('rejects an illegal move and a move after the end', () => {
    const game = new Game(ENGLISH);
    expect(() => game.play({ from: 9, to: 18, captured: [], path: [], crowns: false })).toThrow(/not a legal move/);
    const over = new Game(ENGLISH, build(ENGLISH, 'B', { white: [22] }));
    expect(() => over.play({ from: 22, to: 18, captured: [], path: [], crowns: false })).toThrow(/game is over/);
  });

  it('historyKeys covers the positions since the last irreversible move', () => {
    const game = new Game(ENGLISH, build(ENGLISH, 'W', { whiteKings: [29], blackKings: [4], white: [27] }));
    game.play(find(game, '29-25'));
    game.play(find(game, '4-8'));
    expect(game.historyKeys().lo.length).toBe(3);
    game.play(find(game, '27-23'));
    expect(game.historyKeys().lo.length).toBe(1);
    expect(game.historyKeys().lo[0]).toBe(game.position.keyLo);
  });
});

describe('a game record', () => {
  it('keeps every position by ply, and undo drops the last', () => {
    const game = new Game(ENGLISH);
    const seen = [game.position.clone()];
    for (const text of ['11-15', '23-19', '8-11']) {
      game.play(find(game, text));
      seen.push(game.position.clone());
    }
    seen.forEach((pos, ply) => expect(game.positionAt(ply).equals(pos)).toBe(true));
    expect(game.positionAt(0).equals(ENGLISH.startPosition())).toBe(true);
    expect(() => game.positionAt(4)).toThrow(/no position at ply 4 \(0-3\)/);
    expect(() => game.positionAt(-1)).toThrow(RangeError);
    game.undo();
    expect(() => game.positionAt(3)).toThrow(RangeError);
    expect(game.positionAt(2).equals(seen[2])).toBe(true);
  });

  it("scores White's points from a result", () => {
    expect(['1-0', '1/2-1/2', '0-1'].map((r) => whitePoints(r as Result))).toEqual([1, 0.5, 0]);
  });
});
