// Lasca as a Variant: the hot path from generate.ts and make.ts, and the slow path that turns
// columns and moves into plain objects.
//
// A Board holds one piece a square plus, for Lasca, the columns as text: toBoard gives each
// column's commander in `squares` (soldier = man, officer = king), so code that asks only who
// stands where works unchanged, and the whole columns in `columns`; fromBoard reads `columns`
// when present, else every piece as a column of one.

import { GEOMETRY_7x7 } from '../../board/geometry-7x7.ts';
import { BLACK_KING, BLACK_MAN, type Board, EMPTY, type Piece, WHITE_KING, WHITE_MAN, emptyBoard } from '../board.ts';
import { CROWNS, type Move, MoveList } from '../move.ts';
import { BLACK, type Color, Position, WHITE } from '../position.ts';
import type { Variant } from '../variant.ts';
import { Z_SIDE_HI, Z_SIDE_LO } from '../zobrist.ts';
import { HEIGHT_SHIFT, PIECES_PER_SIDE, SQUARES, columnKeyHi, columnKeyLo, columnText, columnWords } from './columns.ts';
import { BLACK_FAR, LAND, OVER, WHITE_FAR, countMoves, generate, hasCapture } from './generate.ts';
import { make } from './make.ts';

export const LASCA_START = 'W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,a3w,c3w,e3w,g3w,a5b,c5b,e5b,g5b,b6b,d6b,f6b,a7b,c7b,e7b,g7b';

/** Sets the key of a position from its columns and side. */
export function computeLascaKey(pos: Position): void {
  let lo = pos.side === BLACK ? Z_SIDE_LO : 0, hi = pos.side === BLACK ? Z_SIDE_HI : 0;
  const cols = pos.cols!;
  for (let b = 0; b < SQUARES; b++) {
    lo ^= columnKeyLo(b, cols[2 * b], cols[2 * b + 1]);
    hi ^= columnKeyHi(b, cols[2 * b], cols[2 * b + 1]);
  }
  pos.keyLo = lo;
  pos.keyHi = hi;
}

/**
 * A position from its columns as text, top first, index 1..25 by square number ('' empty).
 * Throws a clear error for a bad piece letter, more than 11 pieces of a colour, or a soldier
 * commanding a column on its own far rank (it would have been promoted).
 */
export function fromColumns(side: Color, columns: readonly string[]): Position {
  if (columns.length !== SQUARES + 1) throw new Error(`expected ${SQUARES} squares, got ${columns.length - 1}`);
  const pos = new Position();
  pos.side = side;
  pos.cols = new Int32Array(2 * SQUARES);
  let white = 0, black = 0;
  for (let sq = 1; sq <= SQUARES; sq++) {
    const text = columns[sq];
    if (text === '') continue;
    const name = GEOMETRY_7x7.algebraic(sq);
    let words: [number, number];
    try {
      words = columnWords(text);
    } catch (e) {
      throw new Error(`column on ${name}: ${(e as Error).message}`);
    }
    const [colour, rank] = words;
    const b = sq - 1;
    pos.cols[2 * b] = colour;
    pos.cols[2 * b + 1] = rank;
    for (const ch of text) if (ch === 'w' || ch === 'W') white++; else black++;
    if (colour & 1) pos.bLo |= 1 << b; else pos.wLo |= 1 << b;
    if (rank & 1) pos.kLo |= 1 << b;
    else if ((colour & 1 ? BLACK_FAR : WHITE_FAR) & (1 << b)) {
      throw new Error(`a ${colour & 1 ? 'black' : 'white'} soldier commands the column on ${name}, its far rank: it would have been promoted`);
    }
  }
  if (white > PIECES_PER_SIDE) throw new Error(`White has ${white} pieces, more than the ${PIECES_PER_SIDE} a side has`);
  if (black > PIECES_PER_SIDE) throw new Error(`Black has ${black} pieces, more than the ${PIECES_PER_SIDE} a side has`);
  computeLascaKey(pos);
  return pos;
}

/** Every square's column as text, top first, index 1..25 ('' for an empty square). */
export function columnsOf(pos: Position): string[] {
  const out = [''];
  for (let b = 0; b < SQUARES; b++) out.push(columnText(pos.cols![2 * b], pos.cols![2 * b + 1]));
  return out;
}

/** Height of the column on a square (0 when empty). */
export function heightAt(pos: Position, sq: number): number {
  return pos.cols![2 * (sq - 1)] >>> HEIGHT_SHIFT;
}

const PIECE_LETTER: Record<number, string> = { [WHITE_MAN]: 'w', [WHITE_KING]: 'W', [BLACK_MAN]: 'b', [BLACK_KING]: 'B' };

function fromBoard(board: Board): Position {
  if (board.squares.length !== SQUARES + 1) throw new Error(`board has ${board.squares.length - 1} squares, the 7x7 board has ${SQUARES}`);
  return fromColumns(board.side, board.columns ?? board.squares.map((p, sq) => (sq === 0 || p === EMPTY ? '' : PIECE_LETTER[p])));
}

function toBoard(pos: Position): Board {
  const board = emptyBoard(SQUARES, pos.side);
  for (let b = 0; b < SQUARES; b++) {
    const officer = (pos.kLo >>> b) & 1;
    let p: Piece = EMPTY;
    if ((pos.wLo >>> b) & 1) p = officer ? WHITE_KING : WHITE_MAN;
    else if ((pos.bLo >>> b) & 1) p = officer ? BLACK_KING : BLACK_MAN;
    board.squares[b + 1] = p;
  }
  board.columns = columnsOf(pos);
  return board;
}

/** Move i of a generated list as an object: `captured` ascending, `path` the landings in order. */
function moveFromList(list: MoveList, i: number): Move {
  const from = list.from[i];
  const path: number[] = [];
  const captured: number[] = [];
  let at = from;
  for (let j = 0; j < list.captures[i]; j++) {
    const d = (list.capHi[i] >>> (2 * j)) & 3;
    captured.push(OVER[d * 32 + at] + 1);
    at = LAND[d * 32 + at];
    path.push(at + 1);
  }
  return { from: from + 1, to: list.to[i] + 1, captured: captured.sort((a, b) => a - b), path, crowns: (list.flags[i] & CROWNS) !== 0 };
}

const slowList = new MoveList();

function legalMoves(pos: Position): Move[] {
  const n = generate(pos, slowList);
  const out: Move[] = [];
  for (let i = 0; i < n; i++) out.push(moveFromList(slowList, i));
  return out;
}

/** The same move: for a capture the route decides (the order of jumps matters in Lasca). */
export function sameLascaMove(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to && a.path.length === b.path.length && a.path.every((sq, i) => sq === b.path[i]);
}

function play(pos: Position, move: Move): Position {
  const n = generate(pos, slowList);
  for (let i = 0; i < n; i++) {
    if (sameLascaMove(moveFromList(slowList, i), move)) {
      const next = new Position();
      make(next, pos, slowList, i);
      return next;
    }
  }
  const text = move.path.length > 0 ? [move.from, ...move.path].map(GEOMETRY_7x7.algebraic).join('x') : `${GEOMETRY_7x7.algebraic(move.from)}-${GEOMETRY_7x7.algebraic(move.to)}`;
  throw new Error(`not a legal move: ${text}`);
}

function startColumns(): string[] {
  const columns = new Array<string>(SQUARES + 1).fill('');
  for (let sq = 1; sq <= 11; sq++) columns[sq] = 'b';
  for (let sq = 15; sq <= 25; sq++) columns[sq] = 'w';
  return columns;
}

export const LASCA: Variant = {
  name: 'lasca',
  // PDN has no registered GameType for Lasca: we write and read 99, a number no standard game uses.
  gameType: 99,
  geometry: GEOMETRY_7x7,
  startFen: LASCA_START,
  firstToMove: WHITE,
  flyingKings: false,
  majorityRule: false,
  removesCapturedAtOnce: false,
  generate,
  countMoves,
  hasCapture,
  make,
  moveFromList,
  fromBoard,
  toBoard,
  startPosition: () => fromColumns(WHITE, startColumns()),
  legalMoves,
  play,
};
