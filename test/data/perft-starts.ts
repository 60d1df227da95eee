// Where the published perft tables (perft.json, a copy of the shared reference) start each game.
// Mostly the game's own start; but the tables start every 8x8 game from 12 men a side on the
// first three rows, where Thai's own start has 8, and Spanish's table numbers the turned board
// from White's side (rules/family-8x8/rules.ts). Used by test/perft.test.ts and
// bench/perft-speed.ts, so that both count from the position the table counts from.

import { parseStartFen } from '../../src/rules/family-8x8/start.ts';
import type { Position } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';

const TABLE_STARTS: Readonly<Record<string, string>> = {
  pool: 'W:W21-32:B1-12', czech: 'W:W21-32:B1-12', spanish: 'W:W1-12:B21-32', italian: 'W:W21-32:B1-12', thai: 'W:W21-32:B1-12',
};

/** The position a game's published perft table counts from. */
export function perftStart(variant: Variant): Position {
  const fen = TABLE_STARTS[variant.name];
  return fen === undefined ? variant.startPosition() : variant.fromBoard(parseStartFen(variant.geometry, fen));
}
