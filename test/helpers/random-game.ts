// A game of random legal moves, for tests that need real games (PDN, training data).

import { Game } from '../../src/game/game.ts';
import type { Position } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import { rng } from '../reference/random-positions.ts';

/** Random legal moves from `start`, seeded, to the game's end or `plies` plies. */
export function randomGame(variant: Variant, seed: number, plies = 300, start: Position = variant.startPosition()): Game {
  const random = rng(seed);
  const game = new Game(variant, start);
  while (game.status().result === '*' && game.ply < plies) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  return game;
}
