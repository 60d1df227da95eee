// Moves inside the tree are indices into a ply's MoveList; the table, the killers and the
// records of a parallel search keep them as one number instead, which survives the list's reordering.

import { type MoveList, capturedEx } from '../rules/move.ts';

const ENC_VALID = 1 << 30;
/** Bits of each of the from and to squares: the 12x12 board's go up to 71. */
export const SQUARE_BITS = 7;
/** The from and to squares of an encoded move. */
export const SQUARES_MASK = (1 << (2 * SQUARE_BITS)) - 1;

/** A move's identity in 31 bits: from, to and a hash of the captured set (the table's and the parallel records' encoding). */
export function encode(list: MoveList, i: number): number {
  const h = (Math.imul(list.capLo[i], 0x9e3779b1) ^ Math.imul(list.capHi[i], 0x85ebca77) ^ Math.imul(capturedEx(list.flags[i]), 0xc2b2ae35)) >>> 16;
  return ENC_VALID | list.from[i] | (list.to[i] << SQUARE_BITS) | (h << (2 * SQUARE_BITS));
}

/** Where the move encoded as `move` stands among the first n of `list`, or -1. */
export function indexOf(list: MoveList, n: number, move: number): number {
  for (let i = 0; i < n; i++) if (encode(list, i) === move) return i;
  return -1;
}
