// A position as bitboards. Every board uses the same shape (lo/hi/ex words) so that every
// consumer sees one monomorphic class; the 8x8 board simply leaves the high words zero, and
// only the 12x12 board (72 squares, bits 0-71) uses the third, `ex`, words (bits 64-95).
//
// Why a third word rather than an array of squares for the big board: the evaluation, the
// draw rules and the search read a position's material as popcounts of these words, and a
// third word keeps them one code path for every board at the price of three more numbers per
// copy; the fast 10x10 and 8x8 generators never read or write it (their make() leaves it as
// the zero every position of theirs starts with). Measured in bench/perft-speed.ts.

export const WHITE = 0;
export const BLACK = 1;
export type Color = typeof WHITE | typeof BLACK;

export class Position {
  /** White pieces (men and kings). */
  wLo = 0;
  wHi = 0;
  /** Black pieces. */
  bLo = 0;
  bHi = 0;
  /** Kings of either colour. */
  kLo = 0;
  kHi = 0;
  /** Bits 64-95 of the three boards above: the 12x12 board's squares 65-72, zero elsewhere. */
  wEx = 0;
  bEx = 0;
  kEx = 0;
  /** Side to move: WHITE or BLACK. */
  side: Color = WHITE;
  /** 64-bit Zobrist key as two 32-bit halves, kept up to date by make(). */
  keyLo = 0;
  keyHi = 0;
  /**
   * Lasca only: every square's column (rules/lasca/columns.ts), the bitboards above holding the
   * commanders. Null on the other boards, whose hot paths never touch it.
   */
  cols: Int32Array | null = null;
  /** Frisian only: each side's run of non-capturing moves by one king (rules/frisian/king-run.ts); 0 elsewhere. */
  kingRun = 0;

  copyFrom(p: Position): this {
    this.wLo = p.wLo;
    this.wHi = p.wHi;
    this.bLo = p.bLo;
    this.bHi = p.bHi;
    this.kLo = p.kLo;
    this.kHi = p.kHi;
    this.wEx = p.wEx;
    this.bEx = p.bEx;
    this.kEx = p.kEx;
    this.side = p.side;
    this.keyLo = p.keyLo;
    this.keyHi = p.keyHi;
    this.kingRun = p.kingRun;
    if (p.cols !== null) {
      if (this.cols === null || this.cols.length !== p.cols.length) this.cols = new Int32Array(p.cols.length);
      this.cols.set(p.cols);
    } else {
      this.cols = null;
    }
    return this;
  }

  clone(): Position {
    return new Position().copyFrom(this);
  }

  equals(p: Position): boolean {
    return (
      this.wLo === p.wLo && this.wHi === p.wHi && this.bLo === p.bLo && this.bHi === p.bHi &&
      this.kLo === p.kLo && this.kHi === p.kHi &&
      this.wEx === p.wEx && this.bEx === p.bEx && this.kEx === p.kEx && this.side === p.side && this.kingRun === p.kingRun && sameColumns(this.cols, p.cols)
    );
  }

  /** The Zobrist key as a 16-digit hex string (for maps and display, not hot paths). */
  keyString(): string {
    return (this.keyHi >>> 0).toString(16).padStart(8, '0') + (this.keyLo >>> 0).toString(16).padStart(8, '0');
  }
}

function sameColumns(a: Int32Array | null, b: Int32Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bit i to bit 31 - i: a 32-bit board word turned half a turn. */
export function reverseBits(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}
