// PDN FEN: `<side>:W<squares>:B<squares>` (RULES.md, Notation). Readers are forgiving about
// order, spacing, case, ranges and a trailing dot; every error names what is wrong and where.
// Squares are numbers on the diagonal boards and algebraic names (`a2`) in Turkish draughts,
// whose position text is this same form (RULES.md); ranges exist only for numbers.

import { BLACK_KING, BLACK_MAN, type Board, EMPTY, type Piece, WHITE_KING, WHITE_MAN, emptyBoard } from '../rules/board.ts';
import { BLACK, WHITE } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { NotationError } from './errors.ts';
import { formatLascaColumns, hasColumns, parseLascaPosition } from './lasca-text.ts';

const bad = (message: string, index: number) => new NotationError('malformed', `bad FEN: ${message}`, index);

/** Pieces a side can have at most: a full starting army. */
export function maxPiecesPerSide(variant: Variant): number {
  const start = variant.toBoard(variant.startPosition());
  return start.squares.filter((p) => p === WHITE_MAN || p === WHITE_KING).length;
}

/** Crowning row of a colour: a man of that colour can never stand there. */
export function crowningRow(variant: Variant, white: boolean): [number, number] {
  // By the board's rows, not by number: Spanish numbers its squares from White's side.
  const g = variant.geometry;
  const row = white ? 0 : g.rows - 1;
  const squares = Array.from({ length: g.squares }, (_, i) => i + 1).filter((sq) => g.row(sq) === row);
  return [Math.min(...squares), Math.max(...squares)];
}

export function parseFen(variant: Variant, text: string): Board {
  // Lasca's position text names columns, not pieces (RULES.md); its Board carries them.
  if (hasColumns(variant)) return variant.toBoard(parseLascaPosition(text));
  const squares = variant.geometry.squares;
  let src = text.trim();
  if (src === '') throw bad('empty text', 0);
  if (src.endsWith('.')) src = src.slice(0, -1);
  const offset = text.indexOf(src[0]);
  const fields = src.split(':');
  const sideText = fields[0].trim().toUpperCase();
  if (sideText !== 'W' && sideText !== 'B') {
    throw bad(`the side to move must be W or B, got "${fields[0].trim()}"`, offset);
  }
  const board = emptyBoard(squares, sideText === 'W' ? WHITE : BLACK);
  const seen = new Set<string>();
  let pos = offset + fields[0].length + 1;
  if (fields.length < 3) throw bad('expected a W and a B section after the side to move', pos - 1);
  for (let f = 1; f < fields.length; f++) {
    const field = fields[f];
    const lead = field.length - field.trimStart().length;
    const body = field.trim();
    const at = pos + lead;
    const colour = body.charAt(0).toUpperCase();
    if (colour !== 'W' && colour !== 'B') {
      throw bad(`a section must start with W or B, got "${body.slice(0, 8) || '(nothing)'}"`, at);
    }
    if (seen.has(colour)) throw bad(`the ${colour} section appears twice`, at);
    seen.add(colour);
    parseSection(variant, board, colour === 'W', body.slice(1), at + 1);
    pos += field.length + 1;
  }
  if (!seen.has('W') || !seen.has('B')) throw bad(`the ${seen.has('W') ? 'B' : 'W'} section is missing`, text.length);
  return board;
}

function parseSection(variant: Variant, board: Board, white: boolean, body: string, start: number): void {
  if (body.trim() === '') return;
  let count = 0;
  let pos = start;
  for (const raw of body.split(',')) {
    const lead = raw.length - raw.trimStart().length;
    const item = raw.trim();
    const at = pos + lead;
    pos += raw.length + 1;
    if (item === '') throw bad('an empty square between commas', at);
    const m = /^(K?)([a-z]?\d+)(?:-(\d+))?$/i.exec(item);
    const name = (text: string) => variant.geometry.parseSquare(text);
    const example = variant.geometry.naming === 'numeric' ? 'a square, a king (K12) or a range (1-20)' : 'a square (a2) or a king (Kd4)';
    if (!m || (m[3] !== undefined && variant.geometry.naming !== 'numeric')) throw bad(`"${item}" is not ${example}`, at);
    const king = m[1] !== '';
    const first = name(m[2]);
    const last = m[3] === undefined ? first : name(m[3]);
    for (const [n, text] of [[first, m[2]], [last, m[3]]] as const) {
      if (n === 0 && text !== undefined) throw bad(`square ${text} is off the board (${squareRange(variant)})`, at);
    }
    if (last < first) throw bad(`the range ${item} runs backwards`, at);
    for (let sq = first; sq <= last; sq++) {
      const sqName = variant.geometry.squareName(sq);
      if (board.squares[sq] !== EMPTY) throw bad(`square ${sqName} is given twice`, at);
      const [lo, hi] = crowningRow(variant, white);
      if (!king && sq >= lo && sq <= hi) {
        throw bad(`a ${white ? 'white' : 'black'} man on square ${sqName} would already have been crowned`, at);
      }
      const piece: Piece = white ? (king ? WHITE_KING : WHITE_MAN) : (king ? BLACK_KING : BLACK_MAN);
      board.squares[sq] = piece;
      count++;
    }
  }
  const max = maxPiecesPerSide(variant);
  if (count > max) throw bad(`${white ? 'White' : 'Black'} has ${count} pieces, more than the ${max} a side starts with`, start);
}

/** "1-32", or "a1-h8" on an algebraic board: for error messages. */
export function squareRange(variant: Variant): string {
  const g = variant.geometry;
  return g.naming === 'numeric' ? `1-${g.squares}` : `${g.squareName(g.squareAt(g.rows - 1, 0))}-${g.squareName(g.squareAt(0, g.rows - 1))}`;
}

/** Squares in the order writers list them: by number, or on an algebraic board by rank, then file (a1, b1, ..., h8). */
export function writingOrder(variant: Variant): number[] {
  const g = variant.geometry;
  const squares = Array.from({ length: g.squares }, (_, i) => i + 1);
  if (g.naming === 'numeric') return squares;
  return squares.sort((a, b) => g.row(b) - g.row(a) || g.file(a) - g.file(b));
}

export function formatFen(variant: Variant, board: Board): string {
  if (hasColumns(variant)) return formatLascaColumns(board.side, board.columns ?? variant.toBoard(variant.fromBoard(board)).columns!);
  const white: string[] = [];
  const black: string[] = [];
  for (const sq of writingOrder(variant)) {
    const p = board.squares[sq];
    const name = variant.geometry.squareName(sq);
    if (p === WHITE_MAN) white.push(name);
    else if (p === WHITE_KING) white.push(`K${name}`);
    else if (p === BLACK_MAN) black.push(name);
    else if (p === BLACK_KING) black.push(`K${name}`);
  }
  return `${board.side === WHITE ? 'W' : 'B'}:W${white.join(',')}:B${black.join(',')}`;
}
