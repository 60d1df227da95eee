// The 8x8 family's newer games through the front ends: names, PDN GameType, the opening files
// for matches, and nothing borrowed from another game (endgame tables, learned weights, book).

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedBookPath } from '../src/book/shipped.ts';
import { tablesPossible } from '../src/egdb/tables.ts';
import { planEvaluation } from '../src/eval/evaluators.ts';
import { drawRulesOf } from '../src/game/draw-rules.ts';
import { defaultOpenings, openingGame } from '../src/match/openings.ts';
import { formatPdnGame, parsePdn, replayPdn } from '../src/notation/pdn.ts';
import { hubVariantName, variantOfHubName } from '../src/protocols/hub/variant-name.ts';
import { CZECH, ITALIAN, POOL, SPANISH, THAI, getVariant, variantOfGameType } from '../src/rules/variants.ts';

const GAMES = [
  ['pool', POOL, 23], ['czech', CZECH, 29], ['spanish', SPANISH, 24], ['italian', ITALIAN, 22], ['thai', THAI, 31],
] as const;

describe('the new 8x8 games in the front ends', () => {
  it.each(GAMES)('%s: its name, Hub name and PDN GameType find it', (name, variant, type) => {
    expect(getVariant(name)).toBe(variant);
    expect(hubVariantName(variant)).toBe(name);
    expect(variantOfHubName(name)).toBe(variant);
    expect(variant.gameType).toBe(type);
    expect(variantOfGameType(type)).toBe(variant);
  });

  it.each(GAMES)('%s: the generic evaluation, no endgame tables, no opening book', (_name, variant) => {
    expect(planEvaluation(variant).evaluator).toBe('generic');
    expect(planEvaluation(variant, { kind: 'classic' }).evaluator).toBe('generic');
    expect(tablesPossible(variant)).toBe(false);
    expect(existsSync(shippedBookPath(variant.name))).toBe(false);
    expect(drawRulesOf(variant).quietLimit).toBeGreaterThan(0);
  });

  it.each(GAMES)('%s: every shipped opening replays, and a game written as PDN reads back', (_name, variant) => {
    const openings = defaultOpenings(variant);
    expect(openings.length).toBe(50);
    for (const opening of openings) expect(openingGame(variant, opening).ply).toBe(opening.moves.length);
    const game = openingGame(variant, openings[0]);
    const back = replayPdn(parsePdn(formatPdnGame(game))[0]);
    expect(back.variant).toBe(variant);
    expect(back.position.equals(game.position)).toBe(true);
  });
});
