// Hand-built positions for tests: pieces by square number.

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
