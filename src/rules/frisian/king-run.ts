// Frisian's limit on king moves (docs/variants-10x10.md): while a side still has men, one king
// may make at most three non-capturing moves in a row. Each side's run (how many such moves
// the same king has made in a row, and where that king stands) is part of the position, packed
// in Position.kingRun, and so of its Zobrist key: the same pieces with another run are another
// position for the transposition table and for repetition.
//
// Packing, per side (White bits 0-7, Black bits 8-15): the count (0-3) in the low 2 bits, the
// king's bit index (International's layout) in the next 6. A side without men has run 0.

import type { Color } from '../position.ts';

export const MAX_KING_RUN = 3;

export function runCount(run: number, side: Color): number {
  return (run >>> (side * 8)) & 3;
}

export function runSquareBit(run: number, side: Color): number {
  return (run >>> (side * 8 + 2)) & 63;
}

/** `run` with `side`'s part set to `count` moves by the king now on bit `bit` (count 0: no run). */
export function withRun(run: number, side: Color, count: number, bit: number): number {
  const part = count === 0 ? 0 : count | (bit << 2);
  return (run & ~(0xff << (side * 8))) | (part << (side * 8));
}

// Keys of their own (a fixed seed, as rules/zobrist.ts), index side * 256 + count * 64 + bit.
export const RUN_LO = new Int32Array(512);
export const RUN_HI = new Int32Array(512);
let state = 0x2545f491;
function next(): number {
  state = (state + 0x9e3779b9) | 0;
  let z = Math.imul(state ^ (state >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}
for (let i = 0; i < 512; i++) {
  RUN_LO[i] = next();
  RUN_HI[i] = next();
}

function index(run: number, side: Color): number {
  const part = (run >>> (side * 8)) & 0xff;
  return part === 0 ? -1 : side * 256 + (part & 3) * 64 + (part >>> 2);
}

/** The low half of a run's key contribution (0 for no run). */
export function runKeyLo(run: number): number {
  if (run === 0) return 0;
  const w = index(run, 0), b = index(run, 1);
  return (w < 0 ? 0 : RUN_LO[w]) ^ (b < 0 ? 0 : RUN_LO[b]);
}

export function runKeyHi(run: number): number {
  if (run === 0) return 0;
  const w = index(run, 0), b = index(run, 1);
  return (w < 0 ? 0 : RUN_HI[w]) ^ (b < 0 ? 0 : RUN_HI[b]);
}
