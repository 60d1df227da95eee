// The draw rules of Brazilian, Russian and Turkish draughts (RULES.md), each at exactly the
// ply it fires, in a Game and in the counters the search carries.

import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { drawRulesOf, drawnByCounters, materialSignature, nextQuiet } from '../src/game/draw-rules.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { BRAZILIAN, ENGLISH, ITALIAN, RUSSIAN, TURKISH, VARIANTS } from '../src/rules/variants.ts';
import { fen } from './helpers/named-moves.ts';
import { quietWalk } from './helpers/quiet-walk.ts';

describe('Brazilian: International draw rules', () => {
  it('25 moves each with only kings moving and no capture: drawn at ply 50, not 49', () => {
    const game = new Game(BRAZILIAN, fen(BRAZILIAN, 'W:WK29,K32:BK1,K4'));
    quietWalk(game, 49, true, 3);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 4);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '25 moves each with only kings moving and no capture' });
  });

  it('16-move rule: three kings against a lone king, drawn after 32 plies, not 31', () => {
    const game = new Game(BRAZILIAN, fen(BRAZILIAN, 'W:WK30,K31,K32:BK5'));
    quietWalk(game, 31, true, 5);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 6);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '16-move rule in a king ending' });
  });
});

describe('Russian draw rules', () => {
  it('15 moves each with only kings moving and no capture: drawn at ply 30, not 29', () => {
    const game = new Game(RUSSIAN, fen(RUSSIAN, 'W:WK29,K32:BK1,K4'));
    quietWalk(game, 29, true, 3);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, true, 4);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '15 moves each with only kings moving and no capture' });
  });

  it('three kings (and a man) against a lone king: 15 more moves each, counted from the ending, not the quiet count', () => {
    const game = new Game(RUSSIAN, fen(RUSSIAN, 'W:WK30,K31,K32,21:BK5'));
    // The man's step restarts the quiet count but not the ending's.
    game.play(parseMove(RUSSIAN, game.position, '21-17'));
    quietWalk(game, 28, true, 7);
    expect(game.status().result).toBe('*');
    expect(game.drawCounters.quiet).toBe(28);
    quietWalk(game, 1, true, 8);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '15-move rule: three or more kings against a lone king' });
  });

  it('two kings against one have no ending rule', () => {
    const rules = drawRulesOf(RUSSIAN);
    expect(rules.endingLimit(materialSignature(fen(RUSSIAN, 'W:WK29,K30:BK4')))).toBe(0);
    expect(rules.endingLimit(materialSignature(fen(RUSSIAN, 'W:WK29,K30,K31,K32:BK4')))).toBe(30);
    expect(rules.endingLimit(materialSignature(fen(RUSSIAN, 'W:WK29,K30,K31:BK4,8')))).toBe(0);
  });
});

describe('Turkish draw rules', () => {
  it('50 plies without a capture, man moves included: drawn at ply 50, not 49', () => {
    const game = new Game(TURKISH, fen(TURKISH, 'W:WKa1,Kh1,c3,f3:BKa8,Kh8,c6,f6'));
    quietWalk(game, 49, false, 9);
    expect(game.moves.some((m) => !['a1', 'h1', 'a8', 'h8'].includes(TURKISH.geometry.squareName(m.from)))).toBe(true);
    expect(game.status().result).toBe('*');
    quietWalk(game, 1, false, 10);
    expect(game.status()).toEqual({ result: '1/2-1/2', reason: '50 plies without a capture' });
  });

  it('the search counts the same: a man move does not restart the count, a capture does', () => {
    const rules = drawRulesOf(TURKISH);
    expect(nextQuiet(rules, 48, true, false, false)).toBe(49);
    expect(nextQuiet(rules, 49, false, true, false)).toBe(0);
    expect(drawnByCounters(rules, 49, -1, materialSignature(TURKISH.startPosition()))).toBe(false);
    expect(drawnByCounters(rules, 50, -1, materialSignature(TURKISH.startPosition()))).toBe(true);
    expect(drawnByCounters(rules, 0, -1, materialSignature(fen(TURKISH, 'W:Wd4:Bh7')))).toBe(true);
  });
});

describe('rules that never read the material', () => {
  // The search skips counting the material after captures where readsMaterial is false, so
  // such rules must give the same answers whatever the material is.
  it('have no ending rule and no material drawn at once, for any men and kings of each side', () => {
    const skipping = VARIANTS.filter((v) => !drawRulesOf(v).readsMaterial);
    expect(skipping.map((v) => v.name).sort()).toEqual(['czech', 'english', 'italian', 'lasca', 'spanish', 'thai']);
    for (const variant of skipping) {
      const rules = drawRulesOf(variant);
      for (let wm = 0; wm <= 12; wm++) for (let wk = 0; wk <= 12 - wm; wk++) {
        for (let bm = 0; bm <= 12; bm++) for (let bk = 0; bk <= 12 - bm; bk++) {
          const sig = ((wm * 64 + wk) * 64 + bm) * 64 + bk;
          expect(rules.endingLimit(sig)).toBe(0);
          expect(rules.drawnAtOnce(sig)).toBe(false);
        }
      }
    }
  });
});

describe('repetition', () => {
  // Two kings stepping out and back: the start position comes round again every four plies.
  function shuffle(game: Game): void {
    const out = game.legalMoves()[0];
    game.play(out);
    const reply = game.legalMoves()[0];
    game.play(reply);
    for (const m of [out, reply]) game.play(game.legalMoves().find((b) => b.from === m.to && b.to === m.from)!);
  }

  it('draws Italian at the fourth occurrence (FID), English and the rest at the third', () => {
    const italian = new Game(ITALIAN, fen(ITALIAN, 'W:WK29:BK4'));
    shuffle(italian);
    shuffle(italian);
    expect(italian.repetitions()).toBe(3);
    expect(italian.status().result).toBe('*');
    shuffle(italian);
    expect(italian.status()).toEqual({ result: '1/2-1/2', reason: 'fourfold repetition' });
    const english = new Game(ENGLISH, fen(ENGLISH, 'W:WK29:BK4'));
    shuffle(english);
    expect(english.status().result).toBe('*');
    shuffle(english);
    expect(english.status()).toEqual({ result: '1/2-1/2', reason: 'threefold repetition' });
  });
});
