// Zobrist keys for the 64-bit square layout shared by both boards. Fixed seed: keys are
// the same in every process, so hash tables and node counts are reproducible.

import { BLACK_KING, BLACK_MAN, WHITE_KING, WHITE_MAN } from './board.ts';

/**
 * Index: kind * 64 + bit, kind 0 white man, 1 white king, 2 black man, 3 black king, for bits
 * 0-63; bits 64-95 (the 12x12 board's third word) at Z_EX + kind * 32 + bit - 64 (zIndex()),
 * drawn after the others so that the keys of the smaller boards stay what they were.
 */
export const Z_LO = new Int32Array(384);
export const Z_HI = new Int32Array(384);
export const Z_EX = 256;
export const Z_WM = 0;
export const Z_WK = 64;
export const Z_BM = 128;
export const Z_BK = 192;
export let Z_SIDE_LO = 0;
export let Z_SIDE_HI = 0;

// A Weyl sequence through a multiply-xorshift finaliser (MurmurHash3's). Not xorshift32: that
// generator is linear over GF(2) with a 32-bit state, so all its 64-bit keys lay in a space of
// 32 dimensions and distinct positions shared a key about once in 2^32 look-ups (seen in the
// evaluation cache: two false hits in 700,000 International evaluations).
let state = 0x9e3779b9 | 0;
function next(): number {
  state = (state + 0x9e3779b9) | 0;
  let z = Math.imul(state ^ (state >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}
for (let i = 0; i < 256; i++) {
  Z_LO[i] = next();
  Z_HI[i] = next();
}
Z_SIDE_LO = next();
Z_SIDE_HI = next();
for (let i = 256; i < 384; i++) {
  Z_LO[i] = next();
  Z_HI[i] = next();
}

/** The key index of a piece kind (Z_WM ... Z_BK) on any bit 0-95. */
export function zIndex(base: number, bit: number): number {
  return bit < 64 ? base + bit : Z_EX + (base >> 1) + bit - 64;
}

export function zobristBase(piece: number): number {
  switch (piece) {
    case WHITE_MAN: return Z_WM;
    case WHITE_KING: return Z_WK;
    case BLACK_MAN: return Z_BM;
    case BLACK_KING: return Z_BK;
    default: throw new Error(`no Zobrist key for piece ${piece}`);
  }
}
