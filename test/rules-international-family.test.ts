// Killer, Antidraughts and Breakthrough: International's moves with one rule changed each
// (docs/variants-10x10.md). Diagonals used: 46-41-37-32-28-23-19-14-10-5 (a1-j10) and
// 35-30-24-19-13-8-2. Every expected list was worked out by hand.

import { describe, expect, it } from 'vitest';
import { DraughtsGame } from '../src/api/game.ts';
import { Game } from '../src/game/game.ts';
import { formatPdnGame, parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { existsSync } from 'node:fs';
import { shippedBookPath } from '../src/book/shipped.ts';
import { tablesPossible } from '../src/egdb/tables.ts';
import { createEvaluator, planEvaluation } from '../src/eval/evaluators.ts';
import { GenericEvaluator } from '../src/eval/generic.ts';
import { ANTIDRAUGHTS, BREAKTHROUGH, FRISIAN, FRYSK, INTERNATIONAL, KILLER, getVariant, variantOfGameType } from '../src/rules/variants.ts';
import { variantOfHubName } from '../src/protocols/hub/variant-name.ts';
import { expectNamedMoves, fen } from './helpers/named-moves.ts';

describe('Killer: a king whose last capture takes a king lands just beyond it', () => {
  it('a lone king taken: only the square just beyond', () => {
    expectNamedMoves(KILLER, 'W:WK46:BK37', ['46x32 [37]']);
    expectNamedMoves(INTERNATIONAL, 'W:WK46:BK37', ['46x32 [37]', '46x28 [37]', '46x23 [37]', '46x19 [37]', '46x14 [37]', '46x10 [37]', '46x5 [37]']);
  });

  it('a man taken last: any square beyond, as in International', () => {
    expectNamedMoves(KILLER, 'W:WK46:B37', ['46x32 [37]', '46x28 [37]', '46x23 [37]', '46x19 [37]', '46x14 [37]', '46x10 [37]', '46x5 [37]']);
  });

  it('a king taken before the last capture leaves the landing free; the last king taken does not', () => {
    // 37 (a king) first, landing far on 19, then the king on 13: 8 only, not 2.
    expectNamedMoves(KILLER, 'W:WK46:BK37,K13', ['46x19x8 [13,37]']);
    expectNamedMoves(INTERNATIONAL, 'W:WK46:BK37,K13', ['46x19x2 [13,37]', '46x19x8 [13,37]']);
    // The last piece a man: both landings.
    expectNamedMoves(KILLER, 'W:WK46:BK37,24', ['46x19x30 [24,37]', '46x19x35 [24,37]']);
  });

  it('names: killer, PDN GameType 95, Hub killer', () => {
    expect(getVariant('killer')).toBe(KILLER);
    expect(variantOfGameType(95)).toBe(KILLER);
    expect(variantOfHubName('killer')).toBe(KILLER);
  });
});

describe('Antidraughts: the side with no legal move wins', () => {
  it('International moves and start', () => {
    expect(ANTIDRAUGHTS.startFen).toBe(INTERNATIONAL.startFen);
    expect(ANTIDRAUGHTS.legalMoves(ANTIDRAUGHTS.startPosition())).toHaveLength(9);
  });

  it('a player who has lost every piece has won', () => {
    // White's last man takes 28 onto 23 (12 blocks a second jump), Black's 18 takes it onto 29,
    // and White has nothing left.
    const game = new Game(ANTIDRAUGHTS, fen(ANTIDRAUGHTS, 'W:W32:B28,18,12'));
    game.play(parseMove(ANTIDRAUGHTS, game.position, '32x23'));
    expect(game.status().result).toBe('*');
    game.play(parseMove(ANTIDRAUGHTS, game.position, '18x29'));
    expect(game.status()).toEqual({ result: '1-0', reason: 'White has no legal move' });
  });

  it('a blocked player has won, in either colour', () => {
    // Black's man on 31: 36 and 37 are taken, 42 and the edge stop a jump over them, 27 is behind it
    // and 26 has the edge beyond.
    expect(new Game(ANTIDRAUGHTS, fen(ANTIDRAUGHTS, 'B:W26,36,37,42:B31')).status().result).toBe('0-1');
    expect(new Game(INTERNATIONAL, fen(INTERNATIONAL, 'B:W26,36,37,42:B31')).status().result).toBe('1-0');
  });

  it('the library reports the winner; names losing and antidraughts, GameType 98', () => {
    const g = DraughtsGame.create('losing', 'B:W26,36,37,42:B31');
    expect(g.status()).toMatchObject({ over: true, winner: 'black', end: 'no-legal-move' });
    expect(variantOfHubName('losing')).toBe(ANTIDRAUGHTS);
    expect(variantOfHubName('antidraughts')).toBe(ANTIDRAUGHTS);
    expect(variantOfGameType(98)).toBe(ANTIDRAUGHTS);
  });
});

describe('Breakthrough: the first side to crown a king wins at once', () => {
  it('a crowning ends the game, won by the side that crowned', () => {
    const game = new Game(BREAKTHROUGH, fen(BREAKTHROUGH, 'W:W7,45:B20,30'));
    game.play(parseMove(BREAKTHROUGH, game.position, '7-2'));
    // Black still has moves: the game is over all the same.
    expect(BREAKTHROUGH.countMoves(game.position)).toBeGreaterThan(0);
    expect(game.status()).toEqual({ result: '1-0', reason: 'White crowned a king' });
    expect(() => game.play(parseMove(BREAKTHROUGH, game.position, '20-25'))).toThrow(/game is over/);
  });

  it('the same move in International goes on', () => {
    const game = new Game(INTERNATIONAL, fen(INTERNATIONAL, 'W:W7,45:B20,30'));
    game.play(parseMove(INTERNATIONAL, game.position, '7-2'));
    expect(game.status().result).toBe('*');
  });

  it('a crowning by capture counts, and the library says why', () => {
    const h = DraughtsGame.create('bt', 'B:W42:B37,1');
    h.play('37x48');
    expect(h.status()).toMatchObject({ over: true, winner: 'black', end: 'crowned-king', reason: 'Black crowned a king' });
  });

  it('no legal move still loses; names bt and breakthrough, GameType 96', () => {
    expect(new Game(BREAKTHROUGH, fen(BREAKTHROUGH, 'B:W26,36,37,42:B31')).status().result).toBe('1-0');
    expect(variantOfHubName('bt')).toBe(BREAKTHROUGH);
    expect(variantOfGameType(96)).toBe(BREAKTHROUGH);
  });

  it('PDN carries the GameType and the result', () => {
    const game = new Game(BREAKTHROUGH, fen(BREAKTHROUGH, 'W:W7,45:B20,30'));
    game.play(parseMove(BREAKTHROUGH, game.position, '7-2'));
    const text = formatPdnGame(game, {});
    expect(text).toMatch(/\[GameType "96"\]/);
    expect(text).toMatch(/1-0/);
    const again = replayPdn(parsePdn(text)[0]);
    expect(again.variant).toBe(BREAKTHROUGH);
    expect(again.status().result).toBe('1-0');
  });
});

describe("the 10x10 variants use nothing of International's that the rules make different", () => {
  const games = [KILLER, ANTIDRAUGHTS, BREAKTHROUGH, FRISIAN, FRYSK];

  it.each(games.map((v) => [v.name, v] as const))('%s: the generic evaluation, no endgame tables, no shipped book', (_name, variant) => {
    expect(planEvaluation(variant)).toEqual({ evaluator: 'generic' });
    expect(planEvaluation(variant, { kind: 'classic' })).toEqual({ evaluator: 'generic' });
    expect(tablesPossible(variant)).toBe(false);
    expect(existsSync(shippedBookPath(variant.name))).toBe(false);
  });

  it('Antidraughts: material counts the other way; Breakthrough: advancement counts more', () => {
    const upAMan = 'W:W31-50:B1-19';
    expect(new GenericEvaluator(INTERNATIONAL).evaluate(fen(INTERNATIONAL, upAMan))).toBeGreaterThan(50);
    expect(createEvaluator(ANTIDRAUGHTS).evaluate(fen(ANTIDRAUGHTS, upAMan))).toBeLessThan(-50);
    // White's man on 11 is two rows from crowning, Black's on 5 has not moved: White leads the race.
    const race = 'W:W11:B5';
    expect(createEvaluator(BREAKTHROUGH).evaluate(fen(BREAKTHROUGH, race))).toBeGreaterThan(new GenericEvaluator(INTERNATIONAL).evaluate(fen(INTERNATIONAL, race)));
  });
});
