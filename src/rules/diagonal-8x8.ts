// Whole-board diagonal steps on the 8x8 board of English, Brazilian and Russian draughts
// (square n is bit n-1 of one word).
//
// A step's bit distance depends on the row's parity (RULES.md neighbours): from an even row
// (0-based from the top) down-left is +4 and down-right +5; from an odd row down-left is +3
// and down-right +4; up is the mirror image. Masks keep the +3/+5 steps from wrapping.

import { popcount } from './position.ts';

/** Even rows, files b..f (not the right edge): may step +5 down / -3 up. */
export const M5 = 0x07070707;
/** Odd rows, files c..g (not the left edge): may step +3 down / -5 up. */
export const M3 = 0xe0e0e0e0 | 0;
const EVEN = 0x0f0f0f0f;
const ODD = 0xf0f0f0f0 | 0;
/** Crowning rows: White on squares 1-4, Black on 29-32. */
export const WHITE_CROWN = 0x0000000f;
export const BLACK_CROWN = 0xf0000000 | 0;

export const stepDownLeft = (x: number) => ((x & EVEN) << 4) | ((x & M3) << 3);
export const stepDownRight = (x: number) => ((x & M5) << 5) | ((x & ODD) << 4);
export const stepUpLeft = (x: number) => ((x & EVEN) >>> 4) | ((x & M3) >>> 5);
export const stepUpRight = (x: number) => ((x & M5) >>> 3) | ((x & ODD) >>> 4);

/** Pieces of `movers` with a jump downwards (towards square 32): step back from the empty landing squares. */
export function jumpersDown(movers: number, opp: number, empty: number): number {
  return movers & (stepUpRight(stepUpRight(empty) & opp) | stepUpLeft(stepUpLeft(empty) & opp));
}
/** Pieces of `movers` with a jump upwards (towards square 1). */
export function jumpersUp(movers: number, opp: number, empty: number): number {
  return movers & (stepDownRight(stepDownRight(empty) & opp) | stepDownLeft(stepDownLeft(empty) & opp));
}

/**
 * Empty squares one step forward of `men` (White up, Black down). The +3 and +5 steps land
 * on rows of opposite parity, so one popcount covers both.
 */
export function manStepCount(men: number, white: boolean, empty: number): number {
  return white
    ? popcount((men >>> 4) & empty) + popcount((((men & M3) >>> 5) | ((men & M5) >>> 3)) & empty)
    : popcount((men << 4) & empty) + popcount((((men & M5) << 5) | ((men & M3) << 3)) & empty);
}
