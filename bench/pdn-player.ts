// A player's games in a match's PDN file, for the bench tools that study one side's games.

import { readFileSync } from 'node:fs';
import { whitePoints } from '../src/game/game.ts';
import { type PdnGameRecord, parsePdn } from '../src/notation/pdn.ts';
import { BLACK, type Color, WHITE } from '../src/rules/position.ts';

/** The colour `name` had in the game, or null if the game is not theirs. Tags name the colours in Damka's sense. */
export function playerColour(record: PdnGameRecord, name: string): Color | null {
  if (record.tags.get('White') === name) return WHITE;
  if (record.tags.get('Black') === name) return BLACK;
  return null;
}

/** A game's outcome for one side, as the index of a tally [won, drawn, lost]. */
export const WON = 0, DRAWN = 1, LOST = 2;

/** How the game went for `colour` (a game without a result counts as drawn, as whitePoints has it). */
export function playerOutcome(record: PdnGameRecord, colour: Color): number {
  const white = whitePoints(record.result);
  const points = colour === WHITE ? white : 1 - white;
  return points === 1 ? WON : points === 0 ? LOST : DRAWN;
}

/** The games of a PDN file; one that cannot be read or parsed ends `tool` with a message (exit code 2). */
export function readPdnFile(tool: string, file: string): PdnGameRecord[] {
  try {
    return parsePdn(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`${tool}: ${file}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
}
