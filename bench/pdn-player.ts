// A player's games in a match's PDN file, for the bench tools that study one side's games.

import type { PdnGameRecord } from '../src/notation/pdn.ts';
import { BLACK, type Color, WHITE } from '../src/rules/position.ts';

/** The colour `name` had in the game, or null if the game is not theirs. Tags name the colours in Damka's sense. */
export function playerColour(record: PdnGameRecord, name: string): Color | null {
  if (record.tags.get('White') === name) return WHITE;
  if (record.tags.get('Black') === name) return BLACK;
  return null;
}
