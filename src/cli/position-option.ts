// Turning --fen (and an optional move list) into a position, shared by the commands.

import { parseFen } from '../notation/fen.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';

export function positionFromFen(variant: Variant, fen: string | undefined): Position {
  if (fen === undefined || fen.trim() === '' || fen.trim() === 'start') return variant.startPosition();
  return variant.fromBoard(parseFen(variant, fen));
}
