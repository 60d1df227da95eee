// How a Lasca position is held: the commanders as bitboards in the ordinary Position fields
// (wLo / bLo: columns White / Black commands, kLo: columns commanded by an officer), and the
// whole column of every square packed in two integers of Position.cols:
//
//   cols[2b]     colour word: bit i is set when the piece i places below the top is Black;
//                the height (1..22) sits in bits 24-28; 0 means an empty square
//   cols[2b + 1] rank word: bit i is set when that piece is an officer
//
// Why this shape: move generation needs only who commands what, which the bitboards give with
// the same shifts as English draughts; a capture moves one piece from the top of one column to
// the bottom of another, a shift and an OR on these words; copy-make copies 50 integers; and a
// column hashes in O(1) from its two words. At most 22 pieces exist, so a column always fits.

import { Z_HI, Z_LO } from '../zobrist.ts';

export const SQUARES = 25;
/** Bits of the colour word that hold colours (the rest is the height). */
export const COLOUR_BITS = 0xffffff;
export const HEIGHT_SHIFT = 24;
/** Every piece on the board: 11 soldiers a side, never removed. */
export const PIECES_PER_SIDE = 11;

export const heightOf = (colour: number) => colour >>> HEIGHT_SHIFT;

/**
 * A column as text, top first: `w`/`b` soldiers, `W`/`B` officers (RULES.md's position text).
 * Empty string for an empty square.
 */
export function columnText(colour: number, rank: number): string {
  let out = '';
  for (let i = 0; i < heightOf(colour); i++) {
    const black = (colour >>> i) & 1, officer = (rank >>> i) & 1;
    out += black ? (officer ? 'B' : 'b') : (officer ? 'W' : 'w');
  }
  return out;
}

/** The two words of a column given as text (top first); throws on anything but w, b, W, B. */
export function columnWords(text: string): [number, number] {
  let colour = 0, rank = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== 'w' && ch !== 'b' && ch !== 'W' && ch !== 'B') throw new Error(`"${ch}" is not a piece (w, b, W or B)`);
    if (ch === 'b' || ch === 'B') colour |= 1 << i;
    if (ch === 'W' || ch === 'B') rank |= 1 << i;
  }
  return [colour | (text.length << HEIGHT_SHIFT), rank];
}

// Column keys: a column can hold any of billions of stacks, too many for a table, so its key
// mixes the two words with per-square seeds (murmur3's finaliser, twice). Seeds come from the
// shared Zobrist tables (entries no 7x7 square uses), so keys are the same in every process.
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Low half of the key of a column on bit b (0 for an empty square). */
export function columnKeyLo(b: number, colour: number, rank: number): number {
  if (colour === 0) return 0;
  return fmix(fmix(colour ^ Z_LO[32 + b]) ^ Math.imul(rank + 0x3c6ef372, 0x27d4eb2f));
}

/** High half of the key of a column on bit b. */
export function columnKeyHi(b: number, colour: number, rank: number): number {
  if (colour === 0) return 0;
  return fmix(fmix(colour ^ Z_HI[32 + b]) + Math.imul(rank ^ 0x5bd1e995, 0x165667b1));
}
