// The start position of a family game from its FEN: men only, square ranges, as the table
// writes them (rules/ cannot use notation/, which is built on the rules).

import type { Geometry } from '../../board/geometry.ts';
import { BLACK_MAN, type Board, WHITE_MAN, emptyBoard } from '../board.ts';
import { BLACK, WHITE } from '../position.ts';

export function parseStartFen(g: Geometry, fen: string): Board {
  const [side, ...sections] = fen.split(':');
  const board = emptyBoard(g.squares, side === 'B' ? BLACK : WHITE);
  for (const section of sections) {
    const piece = section[0] === 'W' ? WHITE_MAN : BLACK_MAN;
    for (const item of section.slice(1).split(',')) {
      const [lo, hi = lo] = item.split('-').map(Number);
      for (let sq = lo; sq <= hi; sq++) board.squares[sq] = piece;
    }
  }
  return board;
}
