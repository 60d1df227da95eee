// How the search scores what the endgame tables know. A table draw is 0. A table win is
// TABLE_WIN plus a measure of progress, so that among won positions the search prefers the
// ones nearer the end: fewer enemy pieces, more of our kings, our men further up, our kings
// close to the enemy; minus the ply, so that sooner is better. Table wins stay below the
// scores of a win the search sees to the end (MATE_BOUND), which are surer still.
//
// The values hold win, draw or loss only, not how far the win is. So in a position with the
// root's own material, a win or loss in the tables does not end the search there: it looks
// further for a capture or crowning (which lands in a smaller won balance and scores more
// progress). Everywhere else a table value ends the line.
//
// That guide is a heuristic and can miss a forced exchange within the draw rules' limits.
// So a root the tables call won or lost is not searched at all when its distances to
// conversion are at hand: the move comes from them (rootMove, table-move.ts), scored
// TABLE_DISTANCE_WIN less the distance. The tree never needs distances: only the root does.

import { balanceKeyOf } from '../egdb/orient.ts';
import { tableLine, tableMove } from '../egdb/table-move.ts';
import type { EndgameTables } from '../egdb/tables.ts';
import { DRAW, UNKNOWN, WIN } from '../egdb/values.ts';
import type { Move, MoveList } from '../rules/move.ts';
import { type Position, WHITE, popcount } from '../rules/position.ts';

export const TABLE_WIN = 20000;
/** Scores at least this far from 0 (and below MATE_BOUND) are table wins. */
export const TABLE_WIN_BOUND = TABLE_WIN - 5000;
/** A root win at a known distance to conversion scores this less the distance (at most 255 plies). */
export const TABLE_DISTANCE_WIN = TABLE_WIN + 4000;
const DISTANCE_BOUND = TABLE_DISTANCE_WIN - 256;
/** Longest principal variation shown for a table move. */
const TABLE_LINE_PLIES = 32;

/** Plies to conversion of a root table score (positive: we win), or null for any other score. */
export function tableDistanceOf(score: number): number | null {
  if (score >= DISTANCE_BOUND && score <= TABLE_DISTANCE_WIN) return TABLE_DISTANCE_WIN - score;
  if (score <= -DISTANCE_BOUND && score >= -TABLE_DISTANCE_WIN) return -(TABLE_DISTANCE_WIN + score);
  return null;
}

export interface RootTableMove {
  /** Index in the root's move list. */
  index: number;
  score: number;
  /** Plies to conversion, with best play. */
  distance: number;
  /** The tables' line from the root, this move first. */
  pv: Move[];
}

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

  /** At a root the tables call won or lost, their move by distance to conversion; null elsewhere, or without sound distances. */
  rootMove(root: Position, list: MoveList, n: number): RootTableMove | null {
    const n0 = popcount(root.wLo) + popcount(root.wHi) + popcount(root.bLo) + popcount(root.bHi);
    if (n0 > this.tables.maxPieces) return null;
    const variant = this.tables.variant;
    const move = tableMove(variant, this.tables, root, list, n);
    if (move === null) return null;
    this.hits += n + 1;
    const score = move.value === WIN ? TABLE_DISTANCE_WIN - move.distance : -(TABLE_DISTANCE_WIN - move.distance);
    const pv = tableLine(variant, this.tables, root, Math.min(move.distance, TABLE_LINE_PLIES));
    // The line starts with the same choice, made again; a line cut short still starts right.
    if (pv.length === 0) pv.push(variant.moveFromList(list, move.index));
    return { index: move.index, score, distance: move.distance, pv };
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
