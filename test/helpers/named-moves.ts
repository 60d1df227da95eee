// Moves of hand-built positions written as notation writes them, for the games whose tests
// read better with square names (Turkish) or FEN set-ups: `d4xd6xf6 [d5,e6] K`.

import { expect } from 'vitest';
import { parseFen } from '../../src/notation/fen.ts';
import { formatMove } from '../../src/notation/move-text.ts';
import type { Position } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';

export const fen = (variant: Variant, text: string): Position => variant.fromBoard(parseFen(variant, text));

/** The legal moves of a FEN position: long notation, captured squares, and K for a crowning. */
export function namedMoves(variant: Variant, text: string): string[] {
  const pos = fen(variant, text);
  const legal = variant.legalMoves(pos);
  const name = variant.geometry.squareName;
  return legal.map((m) => {
    // Captured squares ascending by number, or alphabetically by name on algebraic boards.
    const captured = variant.geometry.naming === 'numeric' ? m.captured.map(name) : m.captured.map(name).sort();
    const caps = m.captured.length > 0 ? ` [${captured.join(',')}]` : '';
    return formatMove(variant, m, legal, 'long') + caps + (m.crowns ? ' K' : '');
  }).sort();
}

export function expectNamedMoves(variant: Variant, text: string, expected: string[]): void {
  expect(namedMoves(variant, text), text).toEqual([...expected].sort());
}
