// The classic evaluation: thirteen hand-set terms (weights/*.json), in centi-men from the side
// to move. Kept beside the learned pattern evaluation so that the two can be compared
// (`--eval classic`); one pass over the pieces with per-square tables built once.

import type { Geometry } from '../board/geometry.ts';
import { UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT } from '../board/geometry.ts';
import { BoardTables } from './board-tables.ts';
import { type Position, WHITE, popcount } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type EvalWeights, defaultWeights } from './weights.ts';
import type { PositionEvaluator } from './position-evaluator.ts';

export class ClassicEvaluator implements PositionEvaluator {
  private readonly manW = new Int32Array(64);
  private readonly manB = new Int32Array(64);
  private readonly kingPst = new Int32Array(64);
  /** Neighbour bit by direction, -1 off the board. */
  private readonly next: Int32Array;
  /** Squares from which an opposing piece could stop a man on this bit (White, Black). */
  private readonly coneLoW: Int32Array;
  private readonly coneHiW: Int32Array;
  private readonly coneLoB: Int32Array;
  private readonly coneHiB: Int32Array;
  /** Rows advanced by a White man on this bit; a Black man's is its row. */
  private readonly advW: Int32Array;
  private readonly advB: Int32Array;
  private readonly rowOf: Int32Array;
  private readonly fileOf: Int32Array;
  private readonly leftLo: number;
  private readonly leftHi: number;
  private readonly rightLo: number;
  private readonly rightHi: number;
  private readonly piecesAtStart: number;
  /**
   * Set by evaluate(): the side to move has no step to an empty square (men forward, kings any
   * way), so if it has no capture either it has no legal move and has lost.
   */
  sideToMoveStuck = false;

  constructor(readonly variant: Variant, readonly weights: EvalWeights = defaultWeights(variant.name)) {
    const g: Geometry = variant.geometry;
    const w = weights;
    const rows = g.rows;
    const t = BoardTables.of(g);
    this.next = t.next;
    this.coneLoW = t.coneLoW; this.coneHiW = t.coneHiW; this.coneLoB = t.coneLoB; this.coneHiB = t.coneHiB;
    this.advW = t.advance;
    this.advB = t.row;
    this.rowOf = t.row;
    this.fileOf = t.file;
    this.leftLo = t.leftLo; this.leftHi = t.leftHi; this.rightLo = t.rightLo; this.rightHi = t.rightHi;
    for (let sq = 1; sq <= g.squares; sq++) {
      const b = g.bit(sq);
      const row = g.row(sq), file = g.file(sq);
      this.manW[b] = w.manRow[rows - 1 - row] + w.manFile[file];
      // The mirror square (180 degrees) for Black keeps the evaluation colour-symmetric.
      this.manB[b] = w.manRow[row] + w.manFile[rows - 1 - file];
      const centre = (rows - 1) / 2;
      const dist = Math.max(Math.abs(row - centre), Math.abs(file - centre));
      const edge = row === 0 || row === rows - 1 || file === 0 || file === rows - 1;
      this.kingPst[b] = Math.round(w.kingCentre * (centre - dist)) + (edge ? w.kingEdge : 0);
    }
    this.piecesAtStart = 2 * popcount(variant.startPosition().wLo) + 2 * popcount(variant.startPosition().wHi);
  }

  /** Score of `pos` for the side to move. */
  evaluate(pos: Position): number {
    const w = this.weights;
    const eLo = ~(pos.wLo | pos.bLo), eHi = ~(pos.wHi | pos.bHi);
    const wmLo = pos.wLo & ~pos.kLo, wmHi = pos.wHi & ~pos.kHi;
    const bmLo = pos.bLo & ~pos.kLo, bmHi = pos.bHi & ~pos.kHi;
    const wkLo = pos.wLo & pos.kLo, wkHi = pos.wHi & pos.kHi;
    const bkLo = pos.bLo & pos.kLo, bkHi = pos.bHi & pos.kHi;
    const wm = popcount(wmLo) + popcount(wmHi), bm = popcount(bmLo) + popcount(bmHi);
    const wk = popcount(wkLo) + popcount(wkHi), bk = popcount(bkLo) + popcount(bkHi);
    const next = this.next;

    const material = (wm - bm) * w.man + (wk - bk) * w.king;
    let score = material;

    // Men: square tables, forward mobility, blocked men, runaways.
    let wMob = 0, bMob = 0, blocked = 0, pst = 0, run = 0;
    for (let lo = wmLo, hi = wmHi; (lo | hi) !== 0;) {
      let b: number;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); lo &= lo - 1; } else { b = 63 - Math.clz32(hi & -hi); hi &= hi - 1; }
      pst += this.manW[b];
      const steps = this.emptyAt(next[UP_LEFT * 64 + b], eLo, eHi) + this.emptyAt(next[UP_RIGHT * 64 + b], eLo, eHi);
      wMob += steps;
      if (steps === 0) blocked++;
      if (bk === 0 && (this.coneLoW[b] & pos.bLo) === 0 && (this.coneHiW[b] & pos.bHi) === 0) {
        run += w.runaway + w.runawayRow * this.advW[b];
      }
    }
    for (let lo = bmLo, hi = bmHi; (lo | hi) !== 0;) {
      let b: number;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); lo &= lo - 1; } else { b = 63 - Math.clz32(hi & -hi); hi &= hi - 1; }
      pst -= this.manB[b];
      const steps = this.emptyAt(next[DOWN_LEFT * 64 + b], eLo, eHi) + this.emptyAt(next[DOWN_RIGHT * 64 + b], eLo, eHi);
      bMob += steps;
      if (steps === 0) blocked--;
      if (wk === 0 && (this.coneLoB[b] & pos.wLo) === 0 && (this.coneHiB[b] & pos.wHi) === 0) {
        run -= w.runaway + w.runawayRow * this.advB[b];
      }
    }
    // Kings: centralisation and the squares around them.
    for (let lo = wkLo | bkLo, hi = wkHi | bkHi; (lo | hi) !== 0;) {
      let b: number, white: boolean;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); white = (pos.wLo & (lo & -lo)) !== 0; lo &= lo - 1; }
      else { b = 63 - Math.clz32(hi & -hi); white = (pos.wHi & (hi & -hi)) !== 0; hi &= hi - 1; }
      const around = this.emptyAt(next[b], eLo, eHi) + this.emptyAt(next[64 + b], eLo, eHi) +
        this.emptyAt(next[128 + b], eLo, eHi) + this.emptyAt(next[192 + b], eLo, eHi);
      if (white) { pst += this.kingPst[b]; wMob += around; } else { pst -= this.kingPst[b]; bMob += around; }
    }
    score += pst + run + w.mobility * (wMob - bMob) + w.blockedMan * blocked;
    // Without a capture (the caller knows), a side with no free square next to any piece has no move.
    this.sideToMoveStuck = (pos.side === WHITE ? wMob : bMob) === 0;

    if (w.balance !== 0) {
      const wBal = popcount(wmLo & this.leftLo) + popcount(wmHi & this.leftHi) - popcount(wmLo & this.rightLo) - popcount(wmHi & this.rightHi);
      const bBal = popcount(bmLo & this.leftLo) + popcount(bmHi & this.leftHi) - popcount(bmLo & this.rightLo) - popcount(bmHi & this.rightHi);
      score += w.balance * (Math.abs(wBal) - Math.abs(bBal));
    }

    // A material lead counts for more as the board empties.
    if (material !== 0) {
      const pieces = wm + bm + wk + bk;
      score += Math.trunc((material * w.trade * (this.piecesAtStart - pieces)) / (100 * this.piecesAtStart));
      if (w.chase !== 0) {
        if (material > 0 && bm + bk <= 3 && wk > 0) score -= w.chase * this.kingDistance(wkLo, wkHi, pos.bLo, pos.bHi);
        else if (material < 0 && wm + wk <= 3 && bk > 0) score += w.chase * this.kingDistance(bkLo, bkHi, pos.wLo, pos.wHi);
      }
    }
    return (pos.side === WHITE ? score : -score) | 0;
  }

  private emptyAt(b: number, eLo: number, eHi: number): number {
    if (b < 0) return 0;
    return b < 32 ? (eLo >>> b) & 1 : (eHi >>> (b - 32)) & 1;
  }

  /** Sum over our kings of the distance to the nearest enemy piece. */
  private kingDistance(kLo: number, kHi: number, oLo: number, oHi: number): number {
    let total = 0;
    for (let lo = kLo, hi = kHi; (lo | hi) !== 0;) {
      let b: number;
      if (lo !== 0) { b = 31 - Math.clz32(lo & -lo); lo &= lo - 1; } else { b = 63 - Math.clz32(hi & -hi); hi &= hi - 1; }
      let best = 99;
      for (let l2 = oLo, h2 = oHi; (l2 | h2) !== 0;) {
        let c: number;
        if (l2 !== 0) { c = 31 - Math.clz32(l2 & -l2); l2 &= l2 - 1; } else { c = 63 - Math.clz32(h2 & -h2); h2 &= h2 - 1; }
        const d = Math.max(Math.abs(this.rowOf[b] - this.rowOf[c]), Math.abs(this.fileOf[b] - this.fileOf[c]));
        if (d < best) best = d;
      }
      if (best < 99) total += best;
    }
    return total;
  }
}
