// The dense regions of an 8x8 board (PatternLayout.denseRegions): the 4x4 blocks at the
// offsets that the blocks every 2 rows and files leave out (every row and file: 16), then every
// pair of neighbouring rows (7). Each is read like the blocks in features.ts: a base-3 pattern
// of its 8 squares (digit k the k-th of its squares in the rule book's order; 0 empty, 1 own
// piece, 2 opposing piece) from both sides, Black reading the board turned half a turn, so its
// reading of region r comes from r's partner, the region turned.
//
// On this board a row holds 4 squares in 4 neighbouring bits, so the squares of rows s and
// s + 1 are the byte from bit 4s, for every s (not only even s as the blocks use). A region's
// half (its two upper or two lower rows, or a whole row pair) is a fixed set of bits of such a
// byte, the same set for every byte of the same parity of s: so, as for the blocks, a look-up
// a byte and colour gives every half's base-3 value along that pair of rows and the values
// turned (digits backwards), which Black reads. No loop over squares.

import type { Geometry } from '../../board/geometry.ts';

/** Bits a half's base-3 value takes in a packed table entry (3^4 - 1 = 80 < 2^7). */
const HALF_BITS = 7;
/** A row pair's byte. */
const FIELD_BITS = 8;
/** The offset blocks in order: rows 0-3 (files 1, 3), 1-4 (files 0-4), 2-5 (1, 3), 3-6 (0-4), 4-7 (1, 3); where each block row starts. */
const BLOCK_ROW_START = [0, 2, 7, 9, 14];
/** Regions read here: 16 offset blocks and 7 row pairs (the board is always 8x8). */
export const DENSE_REGIONS = 23;

export class DenseRegions {
  /**
   * Look-ups of a row pair's byte of one colour: the blocks at odd files (two halves across,
   * by parity of s), their values in the low 16 bits and turned in the high 16; the pair
   * itself likewise. So one look-up a colour gives both readings: the byte of White's pieces
   * and twice Black's summed give White's value low, and Black's and twice White's give Black's
   * (turned) value high; no field reaches the next (at most 3^8 - 1 < 2^13).
   */
  private readonly oddFiles = new Int32Array(2 << FIELD_BITS);
  private readonly pairs = new Int32Array(1 << FIELD_BITS);
  /** The blocks at even files, whose three halves across take 21 bits (only at odd s): values, and turned. */
  private readonly evenFiles = new Int32Array(1 << FIELD_BITS);
  private readonly evenFilesTurned = new Int32Array(1 << FIELD_BITS);

  constructor(g: Geometry, private readonly first: number) {
    const rows = g.rows;
    if (rows !== 8 || g.perRow !== 4) throw new Error('dense pattern regions are laid out for 8x8 boards');
    // The byte of rows s and s + 1 must start at bit 4s and hold exactly their squares.
    for (let sq = 1; sq <= g.squares; sq++) {
      if (g.bit(sq) !== 4 * g.row(sq) + (g.bit(sq) & 3)) throw new Error('dense pattern regions: a row is not 4 neighbouring bits');
    }
    const bitsOf = (r0: number, f0: number, height: number, width: number) => {
      const bits: number[] = [];
      for (let sq = 1; sq <= g.squares; sq++) {
        if (g.row(sq) >= r0 && g.row(sq) < r0 + height && g.file(sq) >= f0 && g.file(sq) < f0 + width) bits.push(g.bit(sq));
      }
      return bits.sort((a, b) => a - b);
    };
    // Half layouts: key 2 * (parity of s) + (parity of the first file), across = f0 >> 1.
    const layout = new Map<string, number[]>();
    const halfOf = (s: number, f0: number): number[] => {
      const bits = bitsOf(s, f0, 2, 4).map((b) => b - 4 * s);
      if (bits.length !== 4) throw new Error(`dense pattern regions: a half at row ${s}, file ${f0} has ${bits.length} squares`);
      const key = `${2 * (s & 1) + (f0 & 1)}:${f0 >> 1}`, seen = layout.get(key);
      if (seen && seen.join() !== bits.join()) throw new Error(`dense pattern regions: halves at row ${s}, file ${f0} laid out unlike others of their parity`);
      layout.set(key, bits);
      return bits;
    };
    const offsetBlocks: [number, number][] = [];
    for (let r0 = 0; r0 + 4 <= rows; r0++) {
      for (let f0 = 0; f0 + 4 <= rows; f0++) if ((r0 & 1) !== 0 || (f0 & 1) !== 0) offsetBlocks.push([r0, f0]);
    }
    if (offsetBlocks.length + rows - 1 !== DENSE_REGIONS) throw new Error('dense pattern regions miscounted');
    // read() walks the blocks in this order: each block row from BLOCK_ROW_START, by file.
    offsetBlocks.forEach(([r0, f0], i) => {
      halfOf(r0, f0); halfOf(r0 + 2, f0);
      if (bitsOf(r0, f0, 4, 4).length !== 8) throw new Error(`dense pattern regions: block at row ${r0}, file ${f0} is not 8 squares`);
      const place = BLOCK_ROW_START[r0] + ((r0 & 1) !== 0 ? f0 : f0 >> 1);
      if (place !== i) throw new Error(`dense pattern regions: block at row ${r0}, file ${f0} is number ${i}, read as ${place}`);
    });
    for (const [key, bits] of layout) {
      const [kind, across] = key.split(':').map(Number);
      // Kinds: 1 odd files at even s, 2 even files at odd s, 3 odd files at odd s (0, the blocks', is not read here).
      if (kind === 0 || (kind === 2 ? across > 2 : across > 1)) throw new Error(`dense pattern regions: halves of kind ${kind} ${across} across`);
      for (let f = 0; f < 1 << FIELD_BITS; f++) {
        let value = 0, turned = 0;
        for (let k = 0; k < 4; k++) {
          if ((f >> bits[k]) & 1) { value += 3 ** k << (HALF_BITS * across); turned += 3 ** (3 - k) << (HALF_BITS * across); }
        }
        if (kind === 2) { this.evenFiles[f] += value; this.evenFilesTurned[f] += turned; }
        else this.oddFiles[((kind >> 1) << FIELD_BITS) + f] += value + (turned << 16);
      }
    }
    // A row pair's squares are its byte's 8 bits in order: digit k is bit k, turned bit 7 - k.
    for (let f = 0; f < 1 << FIELD_BITS; f++) {
      for (let k = 0; k < FIELD_BITS; k++) {
        if ((f >> k) & 1) this.pairs[f] += 3 ** k + (3 ** (FIELD_BITS - 1 - k) << 16);
      }
    }
  }

  /**
   * Writes the dense regions' readings into `acc` (as features.ts lays it out: White's reading
   * of region r at r, Black's at regions + r) from the pieces the patterns read (one word).
   * Written out for the 8x8 board's 7 row pairs and 5 block rows (the constructor checks the
   * board), walking the row pairs once and keeping the two before: no array in between.
   */
  read(white: number, black: number, acc: Int32Array, regions: number): void {
    const of = this.oddFiles, ev = this.evenFiles, evT = this.evenFilesTurned, pp = this.pairs;
    // Where the row pairs' readings go (after the 16 offset blocks), and Black's readings start.
    const first = this.first, pairAt = first + 16, bl = regions + first;
    // Row pair s - 2's and s - 1's half values (odd files; even files only at odd s), plain and turned.
    let o2 = 0, ot2 = 0, e2 = 0, et2 = 0, o1 = 0, ot1 = 0, e1 = 0, et1 = 0;
    for (let s = 0; s < 7; s++) {
      const w = (white >>> (4 * s)) & 255, b = (black >>> (4 * s)) & 255;
      // Never a carry between packed halves: a square holds one colour, so each digit stays below 3.
      const parity = (s & 1) << FIELD_BITS, ow = of[parity + w], ob = of[parity + b];
      const o = (ow + 2 * ob) & 0xffff, ot = (ob + 2 * ow) >>> 16;
      let e = 0, et = 0;
      if ((s & 1) !== 0) { e = ev[w] + 2 * ev[b]; et = evT[b] + 2 * evT[w]; }
      const pw = pp[w], pb = pp[b];
      acc[pairAt + s] = (pw + 2 * pb) & 0xffff;
      acc[regions + pairAt + 6 - s] = (pb + 2 * pw) >>> 16;
      if (s >= 2) {
        // The blocks over rows s - 2 to s + 1: row pair s - 2 is their upper half, s their lower.
        // Black reads a block turned (lower half first, digits backwards) as its partner's reading.
        const r0 = s - 2, at = first + BLOCK_ROW_START[r0], partner = bl + BLOCK_ROW_START[4 - r0];
        if ((r0 & 1) === 0) {
          acc[at] = (o2 & 127) + 81 * (o & 127);
          acc[at + 1] = ((o2 >>> 7) & 127) + 81 * ((o >>> 7) & 127);
          acc[partner + 1] = (ot & 127) + 81 * (ot2 & 127);
          acc[partner] = ((ot >>> 7) & 127) + 81 * ((ot2 >>> 7) & 127);
        } else {
          for (let f0 = 0, sh = 0; f0 < 5; f0 += 2, sh += 7) {
            acc[at + f0] = ((e2 >>> sh) & 127) + 81 * ((e >>> sh) & 127);
            acc[partner + 4 - f0] = ((et >>> sh) & 127) + 81 * ((et2 >>> sh) & 127);
          }
          for (let f0 = 1, sh = 0; f0 < 4; f0 += 2, sh += 7) {
            acc[at + f0] = ((o2 >>> sh) & 127) + 81 * ((o >>> sh) & 127);
            acc[partner + 4 - f0] = ((ot >>> sh) & 127) + 81 * ((ot2 >>> sh) & 127);
          }
        }
      }
      o2 = o1; ot2 = ot1; e2 = e1; et2 = et1;
      o1 = o; ot1 = ot; e1 = e; et1 = et;
    }
  }
}
