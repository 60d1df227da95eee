// How the search scores what the endgame tables know. A table draw is 0. A table win is
// TABLE_WIN plus a measure of progress, so that among won positions the search prefers the
// ones nearer the end: fewer enemy pieces, more of our kings, our men further up, our kings
// close to the enemy; minus the ply, so that sooner is better. Table wins stay below the
// scores of a win the search sees to the end (MATE_BOUND), which are surer still.
//
// The tables hold win, draw or loss only, not how far the win is. So in a position with the
// root's own material, a win or loss in the tables does not end the search there: it looks
// further for a capture or crowning (which lands in a smaller won balance and scores more
// progress). Everywhere else a table value ends the line.

import { balanceKeyOf } from '../egdb/orient.ts';
import type { EndgameTables } from '../egdb/tables.ts';
import { DRAW, UNKNOWN, WIN } from '../egdb/values.ts';
import { type Position, WHITE, popcount } from '../rules/position.ts';

export const TABLE_WIN = 20000;
/** Scores at least this far from 0 (and below MATE_BOUND) are table wins. */
export const TABLE_WIN_BOUND = TABLE_WIN - 5000;
/** Returned when the tables do not know the position. */
export const NO_TABLE_SCORE = -1 << 30;

export class TableScorer {
  /** Positions scored from the tables since the last reset (a search's "tb hits"). */
  hits = 0;
  private rootKey = -1;
  private readonly rowOf = new Int32Array(64);
  private readonly fileOf = new Int32Array(64);
  private readonly rows: number;

  constructor(readonly tables: EndgameTables) {
    const g = tables.variant.geometry;
    this.rows = g.rows;
    for (let sq = 1; sq <= g.squares; sq++) {
      this.rowOf[g.bit(sq)] = g.row(sq);
      this.fileOf[g.bit(sq)] = g.file(sq);
    }
  }

  /** At the start of a search: the root's material decides where wins do not end a line. */
  setRoot(root: Position): void {
    this.hits = 0;
    const n = popcount(root.wLo) + popcount(root.wHi) + popcount(root.bLo) + popcount(root.bHi);
    // Material keys are from the side to move; both sides' views of the root count as "root material".
    this.rootKey = n <= this.tables.maxPieces ? materialKey(root) : -1;
  }

  /**
   * Score of `pos` for its side to move at `ply`, or NO_TABLE_SCORE. `leaf`: the search stops
   * here anyway (quiescence), so a win ends the line even with the root's material.
   */
  score(pos: Position, ply: number, leaf: boolean): number {
    const n = popcount(pos.wLo) + popcount(pos.wHi) + popcount(pos.bLo) + popcount(pos.bHi);
    if (n > this.tables.maxPieces) return NO_TABLE_SCORE;
    const v = this.tables.probe(pos);
    if (v === UNKNOWN) return NO_TABLE_SCORE;
    if (v === DRAW) { this.hits++; return 0; }
    if (!leaf && materialKey(pos) === this.rootKey) return NO_TABLE_SCORE;
    this.hits++;
    const winnerIsWhite = (pos.side === WHITE) === (v === WIN);
    const s = TABLE_WIN + this.progress(pos, winnerIsWhite) - ply;
    return v === WIN ? s : -s;
  }

  /** Progress of the winning side, within about ±3000. */
  private progress(pos: Position, winnerIsWhite: boolean): number {
    const wLo = winnerIsWhite ? pos.wLo : pos.bLo, wHi = winnerIsWhite ? pos.wHi : pos.bHi;
    const lLo = winnerIsWhite ? pos.bLo : pos.wLo, lHi = winnerIsWhite ? pos.bHi : pos.wHi;
    const loserPieces = popcount(lLo) + popcount(lHi);
    const winnerKings = popcount(wLo & pos.kLo) + popcount(wHi & pos.kHi);
    let p = -400 * loserPieces + 150 * winnerKings;
    for (let h = 0; h < 2; h++) {
      let m = (h === 0 ? wLo : wHi) >>> 0;
      const kings = h === 0 ? pos.kLo : pos.kHi;
      while (m !== 0) {
        const low = m & -m;
        m = (m ^ low) >>> 0;
        const b = 31 - Math.clz32(low) + 32 * h;
        if (kings & low) p -= 4 * this.nearest(b, lLo, lHi);
        else p += 10 * (winnerIsWhite ? this.rows - 1 - this.rowOf[b] : this.rowOf[b]);
      }
    }
    return p;
  }

  /** Distance in king steps (rows or files, the larger) from bit b to the nearest piece of a set. */
  private nearest(b: number, lo: number, hi: number): number {
    let best = this.rows;
    for (let h = 0; h < 2; h++) {
      let m = (h === 0 ? lo : hi) >>> 0;
      while (m !== 0) {
        const low = m & -m;
        m = (m ^ low) >>> 0;
        const t = 31 - Math.clz32(low) + 32 * h;
        const d = Math.max(Math.abs(this.rowOf[b] - this.rowOf[t]), Math.abs(this.fileOf[b] - this.fileOf[t]));
        if (d < best) best = d;
      }
    }
    return best;
  }
}

/** The material of both sides, the same whichever side is to move. */
function materialKey(pos: Position): number {
  const key = balanceKeyOf(pos);
  return pos.side === WHITE ? key : ((key & 0xff) << 8) | (key >>> 8);
}
