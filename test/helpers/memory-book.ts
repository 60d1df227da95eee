// A small opening book held in memory, keyed as a real one is (the positions' Zobrist keys),
// made from real positions: the tests of playing from a book need no book file.

import type { BookMove, BookProbe } from '../../src/book/types.ts';
import { Game } from '../../src/game/game.ts';
import { parseMove } from '../../src/notation/move-text.ts';
import type { Variant } from '../../src/rules/variant.ts';

export interface BookLine {
  /** Moves from the start position to the book position. */
  after: string[];
  /** Its book moves, in any order (they are not checked: a test may give an illegal one). */
  moves: BookMove[];
}

/** The game after `moves` from the start. */
export function gameAfter(variant: Variant, moves: readonly string[]): Game {
  const game = new Game(variant);
  for (const m of moves) game.play(parseMove(variant, game.position, m));
  return game;
}

export function memoryBook(variant: Variant, lines: readonly BookLine[]): BookProbe {
  const entries = new Map<string, BookMove[]>();
  for (const line of lines) {
    const pos = gameAfter(variant, line.after).position;
    entries.set(`${pos.keyLo}:${pos.keyHi}`, [...line.moves].sort((a, b) => b.score - a.score));
  }
  return {
    variant: variant.name,
    size: entries.size,
    probe: (lo, hi) => {
      const moves = entries.get(`${lo}:${hi}`);
      return moves ? { moves } : undefined;
    },
  };
}
