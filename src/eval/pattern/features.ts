// The learned evaluation's features: what the trainer fits and the evaluator sums, computed by
// this one piece of code so that the two can never disagree.
//
// A position becomes a short sparse list of (feature index, value) pairs, from the side to
// move's point of view, plus a phase in [0, 1] (1 at the start, 0 on an empty board). Every
// feature has two weights, an opening one and an endgame one, blended by the phase.
//
// Region patterns: the board is covered by overlapping 4x4 blocks of squares (8 playable
// squares each, blocks every 2 rows and 2 files: 9 on 8x8, 16 on 10x10). The contents of a
// block (each square empty, own man or opposing man: kings count as empty, they have terms of
// their own) index one of 3^8 = 6561 weights of that block. Each side reads the board from its
// own side (Black's view is the board turned 180 degrees with colours swapped), and the two
// readings enter with opposite signs: the evaluation is colour-symmetric by construction and
// every game position teaches both colours. 4x4 blocks are what strong programs use on these
// boards: small enough that our few hundred thousand positions a variant see the common
// patterns many times, large enough to hold a man's neighbours, its backers and the holes
// around it (a 3x3 block misses the squares two rows ahead that decide a man's exchanges).
//
// Global terms follow: the king's square (read from its own side), then scalar terms.

import { DOWN_LEFT, DOWN_RIGHT, type Geometry, UP_LEFT, UP_RIGHT } from '../../board/geometry.ts';
import { type Position, WHITE, popcount } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';

export const REGION_SQUARES = 8;
export const REGION_PATTERNS = 6561; // 3^8

/** Scalar terms, after the pattern and king-square weights. */
export const SCALARS = [
  'man', // men, own minus opposing
  'king', // kings
  'firstKing', // a king when the opponent has none
  'kingMobility', // empty squares our kings can move to
  'manMobility', // forward steps of our men to empty squares
  'balance', // |men on the left half - men on the right half|
  'tempo', // rows our men have advanced, summed
  'runaway', // men no opposing piece can stop (when the opponent has no king)
  'runawayAdvance', // rows those men have advanced
  'blockedMan', // men with no forward step
  'kingDiagonal', // kings on the long diagonal
  'toMove', // the side to move: its value is always 1
] as const;
export type ScalarName = (typeof SCALARS)[number];
export const TO_MOVE = SCALARS.indexOf('toMove');
/** THREES[m]: the base-3 number with digit 1 wherever the 8-bit mask m has a bit; THREES_TURNED for m read backwards. */
const THREES = new Int32Array(256);
const THREES_TURNED = new Int32Array(256);
for (let m = 0; m < 256; m++) {
  for (let k = 0; k < 8; k++) {
    if (m & (1 << k)) { THREES[m] += 3 ** k; THREES_TURNED[m] += 3 ** (7 - k); }
  }
}

/** Most (index, value) pairs one position can produce: both sides' pattern readings, king squares, scalars. */
function maxFeatures(regions: number, squares: number): number {
  return 2 * regions + squares + SCALARS.length;
}

export class PatternFeatures {
  readonly regions: number;
  /** Index of the first king-square weight (after the regions' pattern weights). */
  readonly kingBase: number;
  /** Index of the first scalar weight. */
  readonly scalarBase: number;
  /** Number of weights per phase. */
  readonly size: number;
  readonly maxFeatures: number;

  /** The bit of the square turned 180 degrees. */
  private readonly rotated = new Int32Array(64).fill(-1);
  private readonly squareIndex = new Int32Array(64).fill(-1);
  private readonly next = new Int32Array(4 * 64).fill(-1);
  private readonly advance = new Int32Array(64);
  private readonly coneLoW = new Int32Array(64);
  private readonly coneHiW = new Int32Array(64);
  private readonly coneLoB = new Int32Array(64);
  private readonly coneHiB = new Int32Array(64);
  private readonly diagLo: number;
  private readonly diagHi: number;
  private readonly leftLo: number;
  private readonly leftHi: number;
  private readonly rightLo: number;
  private readonly rightHi: number;
  /** Pieces at the start: the phase is pieces / piecesAtStart. */
  readonly piecesAtStart: number;
  private readonly flying: boolean;

  /**
   * Region r's squares are two neighbouring bits in each of its four rows. Rows 0-1 and rows
   * 2-3 of the region are chunk 2r and 2r + 1: bits {s, s+1, s+g+2, s+g+3} of the 64-bit
   * board, s = chunkShift, g = chunkGap, in the low word, the high word or across both
   * (chunkWord 0, 1, 2). A region's men of one colour are then 8 bits from a few shifts, and a
   * pattern index is a table look-up of them (THREES): no loop over the men, no branch a row.
   */
  private readonly chunkShift: Int32Array;
  private readonly chunkGap: Int32Array;
  private readonly chunkWord: Int32Array;
  /** The region that region r becomes when the board is turned 180 degrees. */
  private readonly turned: Int32Array;
  private readonly whiteBits: Int32Array;
  private readonly blackBits: Int32Array;

  // Filled by scan(), reused (no allocation per position).
  readonly reading: Int32Array;
  readonly kingIndex = new Int32Array(64);
  readonly kingSign = new Int32Array(64);
  kings = 0;
  /** The scalar terms from White's side (the last, toMove, is not set here). */
  readonly scalarValues = new Float64Array(SCALARS.length);

  /** Set by extract(): the phase of the last position (and its pieces), and whether its side to move has no step. */
  phase = 1;
  pieces = 0;
  sideToMoveStuck = false;

  constructor(readonly variant: Variant) {
    const g: Geometry = variant.geometry;
    const n = g.squares;
    const starts: number[] = [];
    for (let s = 0; s + 4 <= g.rows; s += 2) starts.push(s);
    this.regions = starts.length * starts.length;
    this.kingBase = this.regions * REGION_PATTERNS;
    this.scalarBase = this.kingBase + n;
    this.size = this.scalarBase + SCALARS.length;
    this.maxFeatures = maxFeatures(this.regions, n);
    this.reading = new Int32Array(2 * this.regions);
    // For each bit: the regions holding its square and its place value (3^k) there.
    const regionOf = new Int32Array(64 * 4).fill(-1); // [bit * 4 + j], -1 ends
    const placeOf = new Int32Array(64 * 4);

    this.chunkShift = new Int32Array(this.regions * 2);
    this.chunkGap = new Int32Array(this.regions * 2);
    this.chunkWord = new Int32Array(this.regions * 2);
    this.turned = new Int32Array(this.regions);
    this.whiteBits = new Int32Array(this.regions);
    this.blackBits = new Int32Array(this.regions);
    let region = 0;
    for (const r0 of starts) {
      for (const f0 of starts) {
        const squares: number[] = [];
        for (let sq = 1; sq <= n; sq++) {
          if (g.row(sq) >= r0 && g.row(sq) < r0 + 4 && g.file(sq) >= f0 && g.file(sq) < f0 + 4) squares.push(sq);
        }
        // Two squares a row, numbered one after the other, on neighbouring bits of one word.
        if (squares.length !== REGION_SQUARES) throw new Error(`pattern region ${region} has ${squares.length} squares`);
        for (let q = 0; q < 4; q++) {
          const b = g.bit(squares[2 * q]);
          if (g.bit(squares[2 * q + 1]) !== b + 1 || b === 31) throw new Error(`pattern region ${region}: row ${q} is not two neighbouring bits`);
        }
        for (let c = 0; c < 2; c++) {
          const first = g.bit(squares[4 * c]), second = g.bit(squares[4 * c + 2]);
          const k = region * 2 + c;
          this.chunkShift[k] = first;
          this.chunkGap[k] = second - first - 2;
          this.chunkWord[k] = second + 1 < 32 ? 0 : first >= 32 ? 1 : 2;
        }
        // Turned half a turn, the block starting at (r0, f0) is the one at (rows-4-r0, rows-4-f0).
        this.turned[region] = starts.indexOf(g.rows - 4 - r0) * starts.length + starts.indexOf(g.rows - 4 - f0);
        region++;
      }
    }

    let lLo = 0, lHi = 0, rLo = 0, rHi = 0, dLo = 0, dHi = 0;
    const setBit = (b: number, lo: number, hi: number): [number, number] => (b < 32 ? [lo | (1 << b), hi] : [lo, hi | (1 << (b - 32))]);
    for (let sq = 1; sq <= n; sq++) {
      const b = g.bit(sq);
      const row = g.row(sq), file = g.file(sq);
      this.rotated[b] = g.bit(n + 1 - sq);
      this.squareIndex[b] = sq - 1;
      this.advance[b] = g.rows - 1 - row; // White's rows advanced; Black reads it on the rotated bit
      for (const dir of [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT]) {
        const m = g.neighbour(sq, dir);
        if (m) this.next[dir * 64 + b] = g.bit(m);
      }
      if (file < g.rows / 2) [lLo, lHi] = setBit(b, lLo, lHi);
      else [rLo, rHi] = setBit(b, rLo, rHi);
      // The long diagonal (a1-h8 / a1-j10 as files and rows: row + file = rows - 1 from the top).
      if (row + file === g.rows - 1) [dLo, dHi] = setBit(b, dLo, dHi);
      for (let sq2 = 1; sq2 <= n; sq2++) {
        const r2 = g.row(sq2), f2 = g.file(sq2), b2 = g.bit(sq2);
        const ahead = row - r2;
        if (ahead > 0 && Math.abs(f2 - file) <= ahead + 1) {
          if (b2 < 32) this.coneLoW[b] |= 1 << b2; else this.coneHiW[b] |= 1 << (b2 - 32);
        }
        if (-ahead > 0 && Math.abs(f2 - file) <= -ahead + 1) {
          if (b2 < 32) this.coneLoB[b] |= 1 << b2; else this.coneHiB[b] |= 1 << (b2 - 32);
        }
      }
    }
    this.leftLo = lLo; this.leftHi = lHi; this.rightLo = rLo; this.rightHi = rHi;
    this.diagLo = dLo; this.diagHi = dHi;
    const start = variant.startPosition();
    this.piecesAtStart = popcount(start.wLo) + popcount(start.wHi) + popcount(start.bLo) + popcount(start.bHi);
    this.flying = variant.flyingKings;
  }

  /** The weight index of a scalar term. */
  scalar(name: ScalarName): number {
    return this.scalarBase + SCALARS.indexOf(name);
  }

  /**
   * Reads the board once: each region's pattern from both sides (`reading`: White's view of
   * region r at r, Black's at regions + r), the kings' squares and the scalar terms from
   * White's side. Sets `pieces`, `phase` and `sideToMoveStuck`. Both extract() and the
   * evaluator consume what this leaves, so training and play read positions alike.
   */
  scan(pos: Position): void {
    const acc = this.reading, R = this.regions, wBits = this.whiteBits, bBits = this.blackBits;
    const shift = this.chunkShift, gap = this.chunkGap, word = this.chunkWord;
    const next = this.next, rotated = this.rotated, advance = this.advance;
    const eLo = ~(pos.wLo | pos.bLo), eHi = ~(pos.wHi | pos.bHi);
    const wmLo = pos.wLo & ~pos.kLo, wmHi = pos.wHi & ~pos.kHi;
    const bmLo = pos.bLo & ~pos.kLo, bmHi = pos.bHi & ~pos.kHi;
    const wkLo = pos.wLo & pos.kLo, wkHi = pos.wHi & pos.kHi;
    const bkLo = pos.bLo & pos.kLo, bkHi = pos.bHi & pos.kHi;
    const wm = popcount(wmLo) + popcount(wmHi), bm = popcount(bmLo) + popcount(bmHi);
    const wk = popcount(wkLo) + popcount(wkHi), bk = popcount(bkLo) + popcount(bkHi);

    for (let k = 0; k < 2 * R; k++) {
      const s = shift[k], w = word[k];
      let xw: number, xb: number;
      if (w === 0) { xw = wmLo >>> s; xb = bmLo >>> s; }
      else if (w === 1) { xw = wmHi >>> (s - 32); xb = bmHi >>> (s - 32); }
      else { xw = (wmLo >>> s) | (wmHi << (32 - s)); xb = (bmLo >>> s) | (bmHi << (32 - s)); }
      const gw = (xw & 3) | ((xw >>> gap[k]) & 12), gb = (xb & 3) | ((xb >>> gap[k]) & 12);
      if ((k & 1) === 0) { wBits[k >> 1] = gw; bBits[k >> 1] = gb; }
      else { wBits[k >> 1] |= gw << 4; bBits[k >> 1] |= gb << 4; }
    }
    for (let r = 0; r < R; r++) {
      acc[r] = THREES[wBits[r]] + 2 * THREES[bBits[r]];
      const t = this.turned[r];
      acc[R + r] = THREES_TURNED[bBits[t]] + 2 * THREES_TURNED[wBits[t]];
    }

    let wMob = 0, bMob = 0, wKMob = 0, bKMob = 0, blocked = 0, tempo = 0, run = 0, runAdv = 0;
    for (let lo = wmLo, hi = wmHi; (lo | hi) !== 0;) {
      let b: number;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); lo &= lo - 1; } else { b = 63 - Math.clz32(hi & -hi); hi &= hi - 1; }
      const steps = emptyAt(next[UP_LEFT * 64 + b], eLo, eHi) + emptyAt(next[UP_RIGHT * 64 + b], eLo, eHi);
      wMob += steps;
      if (steps === 0) blocked++;
      tempo += advance[b];
      if (bk === 0 && (this.coneLoW[b] & pos.bLo) === 0 && (this.coneHiW[b] & pos.bHi) === 0) { run++; runAdv += advance[b]; }
    }
    for (let lo = bmLo, hi = bmHi; (lo | hi) !== 0;) {
      let b: number;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); lo &= lo - 1; } else { b = 63 - Math.clz32(hi & -hi); hi &= hi - 1; }
      const steps = emptyAt(next[DOWN_LEFT * 64 + b], eLo, eHi) + emptyAt(next[DOWN_RIGHT * 64 + b], eLo, eHi);
      bMob += steps;
      if (steps === 0) blocked--;
      tempo -= advance[rotated[b]];
      if (wk === 0 && (this.coneLoB[b] & pos.wLo) === 0 && (this.coneHiB[b] & pos.wHi) === 0) { run--; runAdv -= advance[rotated[b]]; }
    }

    let onDiagonal = 0, kings = 0;
    for (let lo = wkLo | bkLo, hi = wkHi | bkHi; (lo | hi) !== 0;) {
      let b: number, white: boolean;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); white = (pos.wLo & (lo & -lo)) !== 0; lo &= lo - 1; }
      else { b = 63 - Math.clz32(hi & -hi); white = (pos.wHi & (hi & -hi)) !== 0; hi &= hi - 1; }
      let reach = 0;
      for (let dir = 0; dir < 4; dir++) {
        let t = next[dir * 64 + b];
        while (t >= 0 && emptyAt(t, eLo, eHi) === 1) {
          reach++;
          if (!this.flying) break;
          t = next[dir * 64 + t];
        }
      }
      const diag = b < 32 ? (this.diagLo >>> b) & 1 : (this.diagHi >>> (b - 32)) & 1;
      if (white) {
        wKMob += reach; onDiagonal += diag;
        this.kingIndex[kings] = this.kingBase + this.squareIndex[b]; this.kingSign[kings++] = 1;
      } else {
        bKMob += reach; onDiagonal -= diag;
        this.kingIndex[kings] = this.kingBase + this.squareIndex[rotated[b]]; this.kingSign[kings++] = -1;
      }
    }
    this.kings = kings;

    const wBal = popcount(wmLo & this.leftLo) + popcount(wmHi & this.leftHi) - popcount(wmLo & this.rightLo) - popcount(wmHi & this.rightHi);
    const bBal = popcount(bmLo & this.leftLo) + popcount(bmHi & this.leftHi) - popcount(bmLo & this.rightLo) - popcount(bmHi & this.rightHi);
    const sc = this.scalarValues;
    sc[0] = wm - bm;
    sc[1] = wk - bk;
    sc[2] = (wk > 0 && bk === 0 ? 1 : 0) - (bk > 0 && wk === 0 ? 1 : 0);
    sc[3] = wKMob - bKMob;
    sc[4] = wMob - bMob;
    sc[5] = Math.abs(wBal) - Math.abs(bBal);
    sc[6] = tempo;
    sc[7] = run;
    sc[8] = runAdv;
    sc[9] = blocked;
    sc[10] = onDiagonal;
    this.pieces = Math.min(this.piecesAtStart, wm + bm + wk + bk);
    this.phase = this.pieces / this.piecesAtStart;
    this.sideToMoveStuck = (pos.side === WHITE ? wMob + wKMob : bMob + bKMob) === 0;
  }

  /**
   * Writes the features of `pos` (side to move's view) into idx/val and returns their number.
   * Sets `phase` and `sideToMoveStuck`. The arrays need `maxFeatures` entries.
   */
  extract(pos: Position, idx: Int32Array, val: Float64Array): number {
    this.scan(pos);
    const sign = pos.side === WHITE ? 1 : -1;
    const acc = this.reading, R = this.regions;
    let n = 0;
    for (let r = 0; r < R; r++) {
      idx[n] = r * REGION_PATTERNS + acc[r]; val[n++] = sign;
      idx[n] = r * REGION_PATTERNS + acc[R + r]; val[n++] = -sign;
    }
    for (let k = 0; k < this.kings; k++) { idx[n] = this.kingIndex[k]; val[n++] = sign * this.kingSign[k]; }
    const sc = this.scalarValues, s = this.scalarBase;
    for (let k = 0; k < TO_MOVE; k++) {
      if (sc[k] !== 0) { idx[n] = s + k; val[n++] = sign * sc[k]; }
    }
    idx[n] = s + TO_MOVE; val[n++] = 1;
    return n;
  }
}

function emptyAt(b: number, eLo: number, eHi: number): number {
  if (b < 0) return 0;
  return b < 32 ? (eLo >>> b) & 1 : (eHi >>> (b - 32)) & 1;
}
