// Hub position strings (PROTOCOLS.md): side to move, then one character per square in
// number order: w/b men, W/B kings, e empty. 51 characters on 10x10, 33 on 8x8, 73 on 12x12. Games
// whose squares have algebraic names (Turkish) send their RULES.md position text instead,
// the FEN form `W:Wa2,b2,...:Ba7,...`, which names every piece's square.

import { BLACK_KING, BLACK_MAN, type Board, EMPTY, type Piece, WHITE_KING, WHITE_MAN, emptyBoard } from '../rules/board.ts';
import { BLACK, WHITE } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { NotationError } from './errors.ts';
import { crowningRow, formatFen, parseFen } from './fen.ts';

const CODES: Record<string, Piece> = { w: WHITE_MAN, W: WHITE_KING, b: BLACK_MAN, B: BLACK_KING, e: EMPTY };
const CHARS = ['e', 'w', 'W', 'b', 'B'];

export function parseHubPosition(variant: Variant, text: string): Board {
  if (variant.geometry.naming === 'algebraic') return parseFen(variant, text);
  const squares = variant.geometry.squares;
  const bad = (message: string, index: number) => new NotationError('malformed', `bad position: ${message}`, index);
  if (text.length !== squares + 1) {
    throw bad(`expected ${squares + 1} characters for ${variant.name} (side to move and ${squares} squares), got ${text.length}`, 0);
  }
  const side = text[0];
  if (side !== 'W' && side !== 'B') throw bad(`the first character must be W or B (side to move), got "${side}"`, 0);
  const board = emptyBoard(squares, side === 'W' ? WHITE : BLACK);
  for (let sq = 1; sq <= squares; sq++) {
    const piece = CODES[text[sq]];
    if (piece === undefined) throw bad(`character ${sq + 1} (square ${sq}) is "${text[sq]}": expected w, b, W, B or e`, sq);
    for (const white of [true, false]) {
      const [lo, hi] = crowningRow(variant, white);
      if (piece === (white ? WHITE_MAN : BLACK_MAN) && sq >= lo && sq <= hi) {
        throw bad(`a ${white ? 'white' : 'black'} man on square ${sq} would already have been crowned`, sq);
      }
    }
    board.squares[sq] = piece;
  }
  return board;
}

export function formatHubPosition(variant: Variant, board: Board): string {
  if (variant.geometry.naming === 'algebraic') return formatFen(variant, board);
  let out = board.side === WHITE ? 'W' : 'B';
  for (let sq = 1; sq < board.squares.length; sq++) out += CHARS[board.squares[sq]];
  return out;
}
