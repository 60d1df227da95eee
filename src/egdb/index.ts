// The perfect index of a balance: every placement of its pieces, with the side to move as
// White (moving towards square 1), gets a distinct number below `size`, and every number
// below `size` is a placement. Men never stand on their own crowning row, so the men are
// placed first in blocks by how many White men stand on White's back row and Black men on
// Black's (rows only one colour's men may use); the rest of the men share the middle rows
// without overlapping; kings then take the squares the men left free. Each group of like
// pieces is a combination, ranked in colex order.

import type { Geometry } from '../board/geometry.ts';
import { Position, WHITE } from '../rules/position.ts';
import type { Balance } from './balance.ts';

const MAX_N = 64;
const BINOMIAL: Float64Array[] = [];
for (let n = 0; n <= MAX_N; n++) {
  const row = new Float64Array(MAX_N + 1);
  row[0] = 1;
  for (let k = 1; k <= n; k++) row[k] = BINOMIAL[n - 1][k - 1] + (k <= n - 1 ? BINOMIAL[n - 1][k] : 0);
  BINOMIAL.push(row);
}

export function binomial(n: number, k: number): number {
  return k < 0 || n < 0 || k > n ? 0 : BINOMIAL[n][k];
}

/** Colex rank of ascending compressed values: the sum of C(c_i, i + 1). */
function rank(values: Int32Array, count: number): number {
  let r = 0;
  for (let i = 0; i < count; i++) r += BINOMIAL[values[i]][i + 1];
  return r;
}

/** Inverse of rank: fills values[0..count) ascending. */
function unrank(r: number, count: number, values: Int32Array): void {
  for (let i = count; i >= 1; i--) {
    // The largest c with C(c, i) <= r, by bisection.
    let lo = i - 1, hi = MAX_N;
    while (hi - lo > 1) {
      const m = (lo + hi) >>> 1;
      if (BINOMIAL[m][i] <= r) lo = m; else hi = m;
    }
    const c = lo;
    r -= BINOMIAL[c][i];
    values[i - 1] = c;
  }
}

export class BalanceIndex {
  /** Number of positions (placements with White to move). */
  readonly size: number;
  private readonly n: number;
  private readonly perRow: number;
  private readonly middle: number;
  /** First men-index of each block, by [whiteOnBackRow * (perRow + 1) + blackOnBackRow]; -1 when empty. */
  private readonly blockStart: Float64Array;
  private readonly squareOfBit: Int32Array;
  private readonly bitOfSquare: Int32Array;
  // Scratch, so that indexing allocates nothing.
  private readonly wBack = new Int32Array(16);
  private readonly wMid = new Int32Array(16);
  private readonly bBack = new Int32Array(16);
  private readonly bMid = new Int32Array(16);
  private readonly wKing = new Int32Array(16);
  private readonly bKing = new Int32Array(16);
  private readonly men = new Int32Array(16);
  private readonly compressed = new Int32Array(16);
  /** Men blocks as (first index, White men on White's back row, Black men on Black's back row), by first index. */
  private readonly blocks: number[] = [];

  constructor(readonly geometry: Geometry, readonly balance: Balance) {
    const n = geometry.squares, p = geometry.perRow;
    this.n = n;
    this.perRow = p;
    this.middle = n - 2 * p;
    this.squareOfBit = new Int32Array(64).fill(-1);
    this.bitOfSquare = new Int32Array(n);
    for (let sq = 1; sq <= n; sq++) {
      this.bitOfSquare[sq - 1] = geometry.bit(sq);
      this.squareOfBit[geometry.bit(sq)] = sq - 1;
    }
    const { myMen: wm, theirMen: bm, myKings: wk, theirKings: bk } = balance;
    this.blockStart = new Float64Array((p + 1) * (p + 1)).fill(-1);
    let men = 0;
    for (let w = 0; w <= Math.min(wm, p); w++) {
      for (let b = 0; b <= Math.min(bm, p); b++) {
        const wmid = wm - w, bmid = bm - b;
        const count = binomial(p, w) * binomial(p, b) * binomial(this.middle, wmid) * binomial(this.middle - wmid, bmid);
        if (count === 0) continue;
        this.blockStart[w * (p + 1) + b] = men;
        this.blocks.push(men, w, b);
        men += count;
      }
    }
    const free = n - wm - bm;
    this.size = men * binomial(free, wk) * binomial(free - wk, bk);
  }

  /** Index of a position with White to move and exactly this balance (not checked here). */
  indexOf(pos: Position): number {
    const n = this.n, p = this.perRow;
    const backStart = n - p;
    let nwb = 0, nwm = 0, nbb = 0, nbm = 0, nwk = 0, nbk = 0, nmen = 0;
    const wBack = this.wBack, wMid = this.wMid, bBack = this.bBack, bMid = this.bMid, wKing = this.wKing, bKing = this.bKing, men = this.men;
    // Squares ascending: bits ascend with squares in both layouts.
    for (let half = 0; half < 2; half++) {
      const w = half === 0 ? pos.wLo : pos.wHi, b = half === 0 ? pos.bLo : pos.bHi, k = half === 0 ? pos.kLo : pos.kHi;
      let all = (w | b) >>> 0;
      while (all !== 0) {
        const low = all & -all;
        const s = this.squareOfBit[31 - Math.clz32(low) + half * 32];
        all = (all ^ low) >>> 0;
        if (k & low) {
          if (w & low) wKing[nwk++] = s; else bKing[nbk++] = s;
        } else {
          men[nmen++] = s;
          if (w & low) {
            if (s >= backStart) wBack[nwb++] = s - backStart; else wMid[nwm++] = s;
          } else if (s < p) bBack[nbb++] = s;
          else bMid[nbm++] = s;
        }
      }
    }
    // Black's middle men skip the squares White's middle men hold (both lists ascend).
    for (let i = 0, j = 0; i < nbm; i++) {
      const s = bMid[i];
      while (j < nwm && wMid[j] < s) j++;
      bMid[i] = s - p - j;
    }
    for (let i = 0; i < nwm; i++) wMid[i] -= p;
    const mid = this.middle;
    let index = this.blockStart[nwb * (p + 1) + nbb] +
      ((rank(wBack, nwb) * binomial(p, nbb) + rank(bBack, nbb)) * binomial(mid, nwm) + rank(wMid, nwm)) * binomial(mid - nwm, nbm) + rank(bMid, nbm);
    // Kings: White's skip the men, Black's skip the men and White's kings (all lists ascend).
    const wkc = this.compressed;
    for (let i = 0, j = 0; i < nwk; i++) {
      const s = wKing[i];
      while (j < nmen && men[j] < s) j++;
      wkc[i] = s - j;
    }
    for (let i = 0, j = 0, q = 0; i < nbk; i++) {
      const s = bKing[i];
      while (j < nmen && men[j] < s) j++;
      while (q < nwk && wKing[q] < s) q++;
      bKing[i] = s - j - q;
    }
    const free = n - nmen;
    index = (index * binomial(free, nwk) + rank(wkc, nwk)) * binomial(free - nwk, nbk) + rank(bKing, nbk);
    return index;
  }

  /** Sets `pos` to the placement with this index, White to move (the Zobrist key is left stale). */
  setPosition(index: number, pos: Position): void {
    const n = this.n, p = this.perRow, mid = this.middle;
    const { myMen: wm, theirMen: bm, myKings: wk, theirKings: bk } = this.balance;
    const free = n - wm - bm;
    const bkCount = binomial(free - wk, bk);
    const bkRank = index % bkCount;
    index = (index - bkRank) / bkCount;
    const wkCount = binomial(free, wk);
    const wkRank = index % wkCount;
    let menIndex = (index - wkRank) / wkCount;
    // The block: the last start at or below menIndex (starts increase with the block number).
    const blocks = this.blocks;
    let k = 0;
    while (k + 3 < blocks.length && blocks[k + 3] <= menIndex) k += 3;
    menIndex -= blocks[k];
    const nwb = blocks[k + 1], nbb = blocks[k + 2];
    const nwm = wm - nwb, nbm = bm - nbb;
    const cbm = binomial(mid - nwm, nbm);
    const rbm = menIndex % cbm; menIndex = (menIndex - rbm) / cbm;
    const cwm = binomial(mid, nwm);
    const rwm = menIndex % cwm; menIndex = (menIndex - rwm) / cwm;
    const cbb = binomial(p, nbb);
    const rbb = menIndex % cbb;
    const rwb = (menIndex - rbb) / cbb;

    pos.wLo = pos.wHi = pos.bLo = pos.bHi = pos.kLo = pos.kHi = 0;
    pos.side = WHITE;
    const v = this.wBack, occ = this.men;
    let nocc = 0;
    // White's middle men first: Black's middle men skip them. Each group is expanded against
    // the squares taken before it, then put on the board.
    unrank(rwm, nwm, v);
    for (let i = 0; i < nwm; i++) nocc = this.put(pos, v[i] + p, true, false, nocc);
    unrank(rbm, nbm, v);
    for (let i = 0; i < nbm; i++) v[i] = skip(v[i] + p, occ, nocc);
    for (let i = 0; i < nbm; i++) nocc = this.put(pos, v[i], false, false, nocc);
    unrank(rwb, nwb, v);
    for (let i = 0; i < nwb; i++) nocc = this.put(pos, v[i] + n - p, true, false, nocc);
    unrank(rbb, nbb, v);
    for (let i = 0; i < nbb; i++) nocc = this.put(pos, v[i], false, false, nocc);
    // Kings: White's skip the men, Black's the men and White's kings.
    unrank(wkRank, wk, v);
    for (let i = 0; i < wk; i++) v[i] = skip(v[i], occ, nocc);
    for (let i = 0; i < wk; i++) nocc = this.put(pos, v[i], true, true, nocc);
    unrank(bkRank, bk, v);
    for (let i = 0; i < bk; i++) v[i] = skip(v[i], occ, nocc);
    for (let i = 0; i < bk; i++) nocc = this.put(pos, v[i], false, true, nocc);
  }

  /** Puts a piece on square s and keeps occ[0..nocc) (this.men) sorted; returns the new count. */
  private put(pos: Position, s: number, white: boolean, king: boolean, nocc: number): number {
    const bit = this.bitOfSquare[s];
    const lo = bit < 32 ? 1 << bit : 0, hi = bit < 32 ? 0 : 1 << (bit - 32);
    if (white) { pos.wLo |= lo; pos.wHi |= hi; } else { pos.bLo |= lo; pos.bHi |= hi; }
    if (king) { pos.kLo |= lo; pos.kHi |= hi; }
    const occ = this.men;
    let i = nocc;
    while (i > 0 && occ[i - 1] > s) { occ[i] = occ[i - 1]; i--; }
    occ[i] = s;
    return nocc + 1;
  }
}

/** The square s >= c whose position among the squares not in occ[0..count) (sorted) is c. */
function skip(c: number, occ: Int32Array, count: number): number {
  let s = c;
  for (let i = 0; i < count; i++) if (occ[i] <= s) s++;
  return s;
}
