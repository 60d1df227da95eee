// A plain, slow description of a position by square number: what notation reads and writes
// and what people and tests build by hand. Rules convert it to and from bitboards.

import type { Color } from './position.ts';

export const EMPTY = 0;
export const WHITE_MAN = 1;
export const WHITE_KING = 2;
export const BLACK_MAN = 3;
export const BLACK_KING = 4;
export type Piece = typeof EMPTY | typeof WHITE_MAN | typeof WHITE_KING | typeof BLACK_MAN | typeof BLACK_KING;

export interface Board {
  /** Side to move. */
  side: Color;
  /** Index 1..squares holds the piece on that square; index 0 is unused. */
  squares: Piece[];
  /**
   * Lasca: each square's whole column as text, top first (w/b soldiers, W/B officers, '' empty),
   * index as `squares`, which then holds the commanders.
   */
  columns?: string[];
}

export function emptyBoard(squares: number, side: Color): Board {
  return { side, squares: new Array<Piece>(squares + 1).fill(EMPTY) };
}

export const isWhite = (p: Piece) => p === WHITE_MAN || p === WHITE_KING;
export const isBlack = (p: Piece) => p === BLACK_MAN || p === BLACK_KING;
export const isKing = (p: Piece) => p === WHITE_KING || p === BLACK_KING;
