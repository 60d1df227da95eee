// Hand-built positions for tests: pieces by square number.

import { expect } from 'vitest';
import { BLACK_KING, BLACK_MAN, type Piece, WHITE_KING, WHITE_MAN, emptyBoard } from '../../src/rules/board.ts';
import { BLACK, type Position, WHITE } from '../../src/rules/position.ts';
import type { Variant } from '../../src/rules/variant.ts';
import type { Move } from '../../src/rules/move.ts';

export interface Pieces {
  white?: number[];
  whiteKings?: number[];
  black?: number[];
  blackKings?: number[];
}

export function build(variant: Variant, side: 'W' | 'B', pieces: Pieces): Position {
  const board = emptyBoard(variant.geometry.squares, side === 'W' ? WHITE : BLACK);
  const put = (squares: number[] | undefined, piece: Piece) => {
    for (const sq of squares ?? []) {
      // A typo must fail loudly rather than quietly test another position.
      if (!Number.isInteger(sq) || sq < 1 || sq > variant.geometry.squares) {
        throw new Error(`square ${sq} is not on the ${variant.geometry.name} board`);
      }
      if (board.squares[sq] !== 0) throw new Error(`square ${sq} used twice in a test position`);
      board.squares[sq] = piece;
    }
  };
  put(pieces.white, WHITE_MAN);
  put(pieces.whiteKings, WHITE_KING);
  put(pieces.black, BLACK_MAN);
  put(pieces.blackKings, BLACK_KING);
  return variant.fromBoard(board);
}

/** Moves as sorted strings: `9-13`, or captures with their full landing path `28x19x10`. */
export function moveStrings(moves: Move[]): string[] {
  return moves.map((m) => (m.captured.length ? [m.from, ...m.path].join('x') : `${m.from}-${m.to}`)).sort();
}

/** Moves as sorted strings with their captured squares: `28x19 [23]`. */
export function captureStrings(moves: Move[]): string[] {
  return moves.map((m) => `${m.from}${m.captured.length ? 'x' : '-'}${m.to} [${m.captured.join(',')}]${m.crowns ? ' K' : ''}`).sort();
}

/** `32-28` for a quiet move, `28x19x10` (start then every landing square) for a capture. */
export function moveText(m: Move): string {
  return m.captured.length === 0 ? `${m.from}-${m.to}` : [m.from, ...m.path].join('x');
}

/** moveText plus the captured squares and a crown mark: `28x19x10 [14,23]`, `7-2 K`. */
export function describeMove(m: Move): string {
  const caps = m.captured.length > 0 ? ` [${m.captured.join(',')}]` : '';
  return moveText(m) + caps + (m.crowns ? ' K' : '');
}

/** What makes two captures the same move (RULES.md): from, to and the captured set, not the path. */
export function moveKey(m: Move): string {
  const caps = m.captured.length > 0 ? ` [${m.captured.join(',')}]` : '';
  return `${m.from}${m.captured.length > 0 ? 'x' : '-'}${m.to}${caps}${m.crowns ? ' K' : ''}`;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The legal moves, after checking what every capture must satisfy whatever the position: one
 * landing per captured piece, the path ending on `to`, captured squares ascending and distinct.
 * Without this a wrong path could hide behind a right from/to.
 */
export function legal(variant: Variant, pos: Position): Move[] {
  const moves = variant.legalMoves(pos);
  for (const m of moves) {
    const where = `${m.from}->${m.to} captured [${m.captured.join(',')}] path [${m.path.join(',')}]`;
    for (let i = 1; i < m.captured.length; i++) {
      expect(m.captured[i], `captured squares ascending and distinct: ${where}`).toBeGreaterThan(m.captured[i - 1]);
    }
    if (m.captured.length > 0) {
      expect(m.path.length, `one landing per captured piece: ${where}`).toBe(m.captured.length);
      expect(m.path[m.path.length - 1], `path ends on to: ${where}`).toBe(m.to);
    }
  }
  return moves;
}

/** Asserts the exact legal moves as describeMove strings, in any order; a duplicate fails. */
export function expectMoves(variant: Variant, pos: Position, expected: string[]): void {
  expect(legal(variant, pos).map(describeMove).sort(byText)).toEqual([...expected].sort(byText));
}

/** Like expectMoves but by moveKey, for positions where one move is reachable by several paths. */
export function expectMoveKeys(variant: Variant, pos: Position, expected: string[]): void {
  expect(legal(variant, pos).map(moveKey).sort(byText)).toEqual([...expected].sort(byText));
}
