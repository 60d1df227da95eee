// Square numbering and bit layout for the diagonal boards (RULES.md, "Board geometry").
// Everything here is slow-path: the generators precompute what they need from it once.

export type BoardName = '8x8' | '10x10' | '7x7';

/** Directions on the board, as White sees it: "up" is towards square 1 (White's forward). */
export const UP_LEFT = 0;
export const UP_RIGHT = 1;
export const DOWN_LEFT = 2;
export const DOWN_RIGHT = 3;
export const DIRECTIONS = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT] as const;

export interface Geometry {
  readonly name: BoardName;
  /** Playable squares: 32 or 50. */
  readonly squares: number;
  /** Playable squares in a row: 4 or 5. */
  readonly perRow: number;
  /** Rows (= files): 8 or 10. */
  readonly rows: number;
  /** Neighbour of square `sq` (1-based) in direction `dir`, or 0 off the board. */
  neighbour(sq: number, dir: number): number;
  /** 0-based row from the top (Black's back rank). */
  row(sq: number): number;
  /** 0-based file (a = 0) of the square. */
  file(sq: number): number;
  /** Bit index of the square in a Position's 64-bit (lo/hi) layout. */
  bit(sq: number): number;
  /** Square of a bit index, or 0 for a bit that is no square (a ghost bit). */
  squareOfBit(bit: number): number;
  /** Algebraic name such as "b8". */
  algebraic(sq: number): string;
}

function makeGeometry(name: BoardName, perRow: number, bitOf: (index: number) => number): Geometry {
  const squares = perRow * perRow * 2;
  const rows = perRow * 2;
  const neighbours = new Int32Array((squares + 1) * 4);
  const bits = new Int32Array(squares + 1);
  const squareOfBit = new Int32Array(64);
  const rowOf = (sq: number) => Math.floor((sq - 1) / perRow);
  const colOf = (sq: number) => (sq - 1) % perRow;
  // Files: in even rows (from the top) the first dark square is on file b, in odd rows on file a.
  const fileOf = (sq: number) => 2 * colOf(sq) + (rowOf(sq) % 2 === 0 ? 1 : 0);
  const at = (row: number, file: number) => {
    if (row < 0 || row >= rows || file < 0 || file >= rows) return 0;
    if ((row + file) % 2 === 0) return 0; // light square
    return row * perRow + Math.floor(file / 2) + 1;
  };
  for (let sq = 1; sq <= squares; sq++) {
    const r = rowOf(sq);
    const f = fileOf(sq);
    neighbours[sq * 4 + UP_LEFT] = at(r - 1, f - 1);
    neighbours[sq * 4 + UP_RIGHT] = at(r - 1, f + 1);
    neighbours[sq * 4 + DOWN_LEFT] = at(r + 1, f - 1);
    neighbours[sq * 4 + DOWN_RIGHT] = at(r + 1, f + 1);
    bits[sq] = bitOf(sq - 1);
    squareOfBit[bits[sq]] = sq;
  }
  return {
    name,
    squares,
    perRow,
    rows,
    neighbour: (sq, dir) => neighbours[sq * 4 + dir],
    row: rowOf,
    file: fileOf,
    bit: (sq) => bits[sq],
    squareOfBit: (bit) => (bit >= 0 && bit < 64 ? squareOfBit[bit] : 0),
    algebraic: (sq) => String.fromCharCode(97 + fileOf(sq)) + String(rows - rowOf(sq)),
  };
}

/** 8x8: square n is bit n-1, all in the low word. */
export const GEOMETRY_8x8: Geometry = makeGeometry('8x8', 4, (i) => i);

/**
 * 10x10: a ghost bit after every ten squares (bits 10, 21, 32, 43), so that the four
 * diagonal steps are always shifts by 5 and 6 and a step off the board lands on a ghost.
 * Bits 0-31 are the low word, 32-53 the high word.
 */
export const GEOMETRY_10x10: Geometry = makeGeometry('10x10', 5, (i) => i + Math.floor(i / 10));
