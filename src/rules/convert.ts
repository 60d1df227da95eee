// Board <-> Position conversion and from-scratch Zobrist keys, shared by the variants.

import type { Geometry } from '../board/geometry.ts';
import { BLACK_KING, BLACK_MAN, type Board, EMPTY, type Piece, WHITE_KING, WHITE_MAN, emptyBoard } from './board.ts';
import { CROWNS, type Move, MoveList, capturedEx } from './move.ts';
import { BLACK, Position, WHITE } from './position.ts';
import { runKeyHi, runKeyLo } from './frisian/king-run.ts';
import { Z_HI, Z_LO, Z_SIDE_HI, Z_SIDE_LO, zIndex, zobristBase } from './zobrist.ts';

export function testBit(lo: number, hi: number, bit: number): boolean {
  return bit < 32 ? ((lo >>> bit) & 1) === 1 : ((hi >>> (bit - 32)) & 1) === 1;
}

/** testBit over three words (bits 0-95: the 12x12 board's layout). */
export function testBit3(lo: number, hi: number, ex: number, bit: number): boolean {
  return bit < 64 ? testBit(lo, hi, bit) : bit < 96 && ((ex >>> (bit - 64)) & 1) === 1;
}

export function pieceAt(pos: Position, bit: number): Piece {
  const king = testBit3(pos.kLo, pos.kHi, pos.kEx, bit);
  if (testBit3(pos.wLo, pos.wHi, pos.wEx, bit)) return king ? WHITE_KING : WHITE_MAN;
  if (testBit3(pos.bLo, pos.bHi, pos.bEx, bit)) return king ? BLACK_KING : BLACK_MAN;
  return EMPTY;
}

/** Sets the position's Zobrist key from its pieces and side. */
export function computeKey(pos: Position): void {
  let lo = pos.side === BLACK ? Z_SIDE_LO : 0;
  let hi = pos.side === BLACK ? Z_SIDE_HI : 0;
  for (let bit = 0; bit < 96; bit++) {
    const p = pieceAt(pos, bit);
    if (p === EMPTY) continue;
    const z = zIndex(zobristBase(p), bit);
    lo ^= Z_LO[z];
    hi ^= Z_HI[z];
  }
  pos.keyLo = lo ^ runKeyLo(pos.kingRun);
  pos.keyHi = hi ^ runKeyHi(pos.kingRun);
}

export function boardToPosition(geometry: Geometry, board: Board): Position {
  if (board.squares.length !== geometry.squares + 1) {
    throw new Error(`board has ${board.squares.length - 1} squares, the ${geometry.name} board has ${geometry.squares}`);
  }
  const pos = new Position();
  pos.side = board.side === BLACK ? BLACK : WHITE;
  for (let sq = 1; sq <= geometry.squares; sq++) {
    const p = board.squares[sq];
    if (p === EMPTY) continue;
    const bit = geometry.bit(sq);
    const lo = bit < 32 ? 1 << bit : 0, hi = bit >= 32 && bit < 64 ? 1 << (bit - 32) : 0, ex = bit >= 64 ? 1 << (bit - 64) : 0;
    if (p === WHITE_MAN || p === WHITE_KING) { pos.wLo |= lo; pos.wHi |= hi; pos.wEx |= ex; }
    else if (p === BLACK_MAN || p === BLACK_KING) { pos.bLo |= lo; pos.bHi |= hi; pos.bEx |= ex; }
    else throw new Error(`bad piece code ${p} on square ${sq}`);
    if (p === WHITE_KING || p === BLACK_KING) { pos.kLo |= lo; pos.kHi |= hi; pos.kEx |= ex; }
  }
  computeKey(pos);
  return pos;
}

export function positionToBoard(geometry: Geometry, pos: Position): Board {
  const board = emptyBoard(geometry.squares, pos.side);
  for (let sq = 1; sq <= geometry.squares; sq++) board.squares[sq] = pieceAt(pos, geometry.bit(sq));
  return board;
}

/** Bits set in (lo, hi, ex) that are squares of the board, as square numbers, ascending. */
export function squaresOf(geometry: Geometry, lo: number, hi: number, ex = 0): number[] {
  const out: number[] = [];
  for (let bit = 0; bit < 96; bit++) {
    const sq = testBit3(lo, hi, ex, bit) ? geometry.squareOfBit(bit) : 0;
    if (sq !== 0) out.push(sq);
  }
  return out.sort((a, b) => a - b);
}

export function moveFromList(geometry: Geometry, list: MoveList, i: number): Move {
  const captured = squaresOf(geometry, list.capLo[i], list.capHi[i], capturedEx(list.flags[i]));
  const path: number[] = [];
  if (list.paths && list.pathLength) {
    for (let k = 0; k < list.pathLength[i]; k++) path.push(geometry.squareOfBit(list.paths[i * MoveList.MAX_PATH + k]));
  }
  return {
    from: geometry.squareOfBit(list.from[i]),
    to: geometry.squareOfBit(list.to[i]),
    captured,
    path: captured.length > 0 ? path : [],
    crowns: (list.flags[i] & CROWNS) !== 0,
  };
}
