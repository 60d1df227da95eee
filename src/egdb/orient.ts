// Tables hold positions with the side to move as White. A position with Black to move is
// turned half a circle (square s becomes squares + 1 - s, on both boards) with the colours
// swapped: the same game, seen from the other side.

import type { Geometry } from '../board/geometry.ts';
import { type Position, WHITE, popcount, reverseBits } from '../rules/position.ts';
import type { Balance } from './balance.ts';

export class Orienter {
  /** Bit index of the square opposite each bit's square, -1 for ghost bits. */
  private readonly opposite = new Int32Array(64).fill(-1);
  /** 8x8: square s is bit s - 1, so turning the board reverses the 32-bit word. */
  private readonly reverseWord: boolean;

  constructor(geometry: Geometry) {
    const n = geometry.squares;
    this.reverseWord = n === 32 && geometry.bit(1) === 0 && geometry.bit(32) === 31;
    for (let sq = 1; sq <= n; sq++) this.opposite[geometry.bit(sq)] = geometry.bit(n + 1 - sq);
  }

  /** out := pos seen from its side to move (out may be pos). The Zobrist key is not kept. */
  orient(pos: Position, out: Position): void {
    if (pos.side === WHITE) {
      if (out !== pos) out.copyFrom(pos);
      return;
    }
    const wLo = pos.wLo, wHi = pos.wHi, bLo = pos.bLo, bHi = pos.bHi, kLo = pos.kLo, kHi = pos.kHi;
    if (this.reverseWord) {
      out.wLo = reverseBits(bLo); out.bLo = reverseBits(wLo); out.kLo = reverseBits(kLo);
      out.wHi = out.bHi = out.kHi = 0;
      out.side = WHITE;
      return;
    }
    this.turn(bLo, bHi); out.wLo = this.turnedLo; out.wHi = this.turnedHi;
    this.turn(wLo, wHi); out.bLo = this.turnedLo; out.bHi = this.turnedHi;
    this.turn(kLo, kHi); out.kLo = this.turnedLo; out.kHi = this.turnedHi;
    out.side = WHITE;
  }

  /** The two words of the last turn(). */
  private turnedLo = 0;
  private turnedHi = 0;

  /** Turns a set of bits half a circle: one pass over its bits fills both words. */
  private turn(lo: number, hi: number): void {
    let rLo = 0, rHi = 0;
    for (let h = 0; h < 2; h++) {
      let m = (h === 0 ? lo : hi) >>> 0;
      while (m !== 0) {
        const low = m & -m;
        const t = this.opposite[31 - Math.clz32(low) + 32 * h];
        if (t < 32) rLo |= 1 << t; else rHi |= 1 << (t - 32);
        m = (m ^ low) >>> 0;
      }
    }
    this.turnedLo = rLo;
    this.turnedHi = rHi;
  }
}

/** The balance of a position from its side to move. */
export function balanceOf(pos: Position): Balance {
  const w = [popcount(pos.wLo & ~pos.kLo) + popcount(pos.wHi & ~pos.kHi), popcount(pos.wLo & pos.kLo) + popcount(pos.wHi & pos.kHi)];
  const b = [popcount(pos.bLo & ~pos.kLo) + popcount(pos.bHi & ~pos.kHi), popcount(pos.bLo & pos.kLo) + popcount(pos.bHi & pos.kHi)];
  const [mine, theirs] = pos.side === WHITE ? [w, b] : [b, w];
  return { myMen: mine[0], myKings: mine[1], theirMen: theirs[0], theirKings: theirs[1] };
}

/** balanceKey(balanceOf(pos)) without allocating: the hot-path form for probing. */
export function balanceKeyOf(pos: Position): number {
  const wm = popcount(pos.wLo & ~pos.kLo) + popcount(pos.wHi & ~pos.kHi), wk = popcount(pos.wLo & pos.kLo) + popcount(pos.wHi & pos.kHi);
  const bm = popcount(pos.bLo & ~pos.kLo) + popcount(pos.bHi & ~pos.kHi), bk = popcount(pos.bLo & pos.kLo) + popcount(pos.bHi & pos.kHi);
  return pos.side === WHITE ? ((wm * 16 + wk) * 16 + bm) * 16 + bk : ((bm * 16 + bk) * 16 + wm) * 16 + wk;
}
