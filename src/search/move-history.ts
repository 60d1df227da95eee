// What the search learns about quiet moves as it goes, to try the likely cut-offs first:
// two killers a ply, a history score per (side, from, to), and continuation histories that
// score a move by the move before it (the opponent's reply it answers) and by our own move
// two plies up (the plan it follows). A move that cuts off gains; the quiet moves tried
// before it at that node lose as much. Scores saturate towards ±HISTORY_MAX ("gravity"), so
// old lessons fade as new ones come without any rescaling pass.

import { MAX_MOVES } from '../rules/move.ts';

/** The largest magnitude any history score approaches. */
export const HISTORY_MAX = 1 << 16;
/** Bit indices a square can have: a Position's three words (the 12x12 board's squares go up to bit 71). */
const BITS = 96;
/** Index of a move for the main table: side, from and to bits. */
const FROM_TO = BITS * BITS;
/** Where tryQuiet() packs a tried move's piece-to index, above its from-to index (< 2^14). */
const PIECE_TO_SHIFT = 14;
/** Index of a move for the continuation tables: a man's or a king's destination bit. */
const PIECE_TO = 2 * BITS;
/** The row of a continuation table read when there is no move before (the root). */
const NO_MOVE = PIECE_TO;

export class MoveHistory {
  readonly killers: Int32Array;
  private readonly main = new Int32Array(2 * FROM_TO);
  /** [previous move's piece-to, or NO_MOVE][this move's piece-to] */
  private readonly counter = new Int32Array((PIECE_TO + 1) * PIECE_TO);
  private readonly followUp = new Int32Array((PIECE_TO + 1) * PIECE_TO);
  /**
   * The piece-to index of the move made at each ply of the current line, at ply + 2: the two
   * plies before the root read NO_MOVE, with no test for the root in the hot lookups.
   */
  private readonly played: Int32Array;
  /** Quiet moves tried at each ply before the current one (from-to and piece-to packed). */
  private readonly tried: Int32Array;
  private readonly triedCount: Int32Array;

  /** False: the history alone, by depth squared, halved when large, no losses (as before continuation histories). */
  continuation = true;

  constructor(maxPly: number) {
    this.killers = new Int32Array(maxPly * 2);
    this.played = new Int32Array(maxPly + 3).fill(NO_MOVE);
    this.tried = new Int32Array((maxPly + 1) * MAX_MOVES);
    this.triedCount = new Int32Array(maxPly + 1);
  }

  clear(): void {
    this.killers.fill(0);
    this.main.fill(0);
    this.counter.fill(0);
    this.followUp.fill(0);
  }

  /** Records the move made at `ply` (its piece-to index: pieceTo()). */
  setPlayed(ply: number, pieceTo: number): void {
    this.played[ply + 2] = pieceTo;
  }

  /** Score of a quiet move at `ply` by the side `side`. */
  score(ply: number, side: number, from: number, to: number, pieceTo: number): number {
    if (!this.continuation) return this.main[side * FROM_TO + from * BITS + to];
    const prev = this.played[ply + 1], own = this.played[ply];
    return this.main[side * FROM_TO + from * BITS + to] + this.counter[prev * PIECE_TO + pieceTo] + this.followUp[own * PIECE_TO + pieceTo];
  }

  /** A new node at `ply`: no quiet move tried yet. */
  startNode(ply: number): void {
    this.triedCount[ply] = 0;
  }

  /**
   * The quiet move (from, to) made at `ply` (its piece-to index recorded by setPlayed) was
   * searched and did not cut off (yet).
   */
  tryQuiet(ply: number, from: number, to: number): void {
    this.tried[ply * MAX_MOVES + this.triedCount[ply]++] = (from * BITS + to) | (this.played[ply + 2] << PIECE_TO_SHIFT);
  }

  /**
   * The quiet move (from, to) made at `ply` (setPlayed) cut off with `depth` to go: it gains,
   * the ones tried before it lose.
   */
  cutOff(ply: number, side: number, depth: number, from: number, to: number, encoded: number): void {
    const k = ply * 2;
    if (this.killers[k] !== encoded) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = encoded;
    }
    if (!this.continuation) {
      const h = side * FROM_TO + from * BITS + to;
      this.main[h] += depth * depth;
      if (this.main[h] > 20_000_000) for (let j = 0; j < this.main.length; j++) this.main[j] >>= 1;
      return;
    }
    const bonus = Math.min(depth * depth * 32, HISTORY_MAX >> 2);
    const pieceTo = this.played[ply + 2], prev = this.played[ply + 1], own = this.played[ply];
    this.adjust(side * FROM_TO + from * BITS + to, prev * PIECE_TO + pieceTo, own * PIECE_TO + pieceTo, bonus);
    const t = ply * MAX_MOVES, n = this.triedCount[ply];
    for (let j = 0; j < n; j++) {
      const x = this.tried[t + j], ft = x & ((1 << PIECE_TO_SHIFT) - 1), pt = x >>> PIECE_TO_SHIFT;
      if (ft === from * BITS + to) continue;
      this.adjust(side * FROM_TO + ft, prev * PIECE_TO + pt, own * PIECE_TO + pt, -bonus);
    }
  }

  private adjust(m: number, c: number, f: number, delta: number): void {
    const a = delta < 0 ? -delta : delta;
    this.main[m] += delta - ((this.main[m] * a) / HISTORY_MAX | 0);
    this.counter[c] += delta - ((this.counter[c] * a) / HISTORY_MAX | 0);
    this.followUp[f] += delta - ((this.followUp[f] * a) / HISTORY_MAX | 0);
  }
}

/** A move's continuation index: its destination bit, and whether a king makes it. */
export function pieceTo(to: number, king: boolean): number {
  return king ? BITS + to : to;
}
