// Square numbering and bit layout per board (RULES.md, "Board geometry"): the diagonal
// boards numbered 1..32, 1..50 and 1..72 (docs/variants-12x12.md), and Turkish draughts' orthogonal 8x8 board, whose 64
// squares are numbered internally the same way (row by row from Black's side, so 1 = a8 and
// 64 = h1) but named algebraically. Everything here is slow-path: the generators
// precompute what they need from it once.

export type BoardName = '8x8' | '10x10' | '12x12' | '7x7' | '8x8 orthogonal' | '8x8 turned';

/** Directions on the board, as White sees it: "up" is towards square 1 (White's forward). */
export const UP_LEFT = 0;
export const UP_RIGHT = 1;
export const DOWN_LEFT = 2;
export const DOWN_RIGHT = 3;
export const DIRECTIONS = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT] as const;

/** Directions on the orthogonal board; as on the diagonal ones, 3 - d is the opposite of d. */
export const UP = 0;
export const LEFT = 1;
export const RIGHT = 2;
export const DOWN = 3;

export interface Geometry {
  readonly name: BoardName;
  /** Playable squares: 32, 50 or 72 on the diagonal boards. */
  readonly squares: number;
  /** Playable squares in a row: 4, 5 or 6. */
  readonly perRow: number;
  /** Rows (= files): 8, 10 or 12. */
  readonly rows: number;
  /** Neighbour of square `sq` (1-based) in direction `dir`, or 0 off the board. */
  neighbour(sq: number, dir: number): number;
  /** 0-based row from the top (Black's back rank). */
  row(sq: number): number;
  /** 0-based file (a = 0) of the square. */
  file(sq: number): number;
  /** Bit index of the square in a Position's lo/hi/ex words (0-63, or 0-95 on the 12x12 board). */
  bit(sq: number): number;
  /** Square of a bit index, or 0 for a bit that is no square (a ghost bit). */
  squareOfBit(bit: number): number;
  /** Algebraic name such as "b8". */
  algebraic(sq: number): string;
  /** Square at a 0-based row (from the top) and file, or 0 where there is none (a light square). */
  squareAt(row: number, file: number): number;
  /** How squares are written: numbers (diagonal boards) or algebraic names (Turkish). */
  readonly naming: 'numeric' | 'algebraic';
  /** The square as notation writes it: "32" or "d3". */
  squareName(sq: number): string;
  /** The square a name stands for, or 0 if the name is none of this board's squares. */
  parseSquare(text: string): number;
}

/** Number and algebraic naming helpers shared by the boards. */
function naming(kind: 'numeric' | 'algebraic', squares: number, algebraic: (sq: number) => string) {
  const byName = new Map<string, number>();
  for (let sq = 1; sq <= squares; sq++) byName.set(algebraic(sq), sq);
  return kind === 'numeric'
    ? {
        naming: kind,
        squareName: (sq: number) => String(sq),
        parseSquare: (text: string) => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= squares ? Number(text) : 0),
      }
    : { naming: kind, squareName: algebraic, parseSquare: (text: string) => byName.get(text.toLowerCase()) ?? 0 };
}

function makeGeometry(name: BoardName, perRow: number, bitOf: (index: number) => number): Geometry {
  const squares = perRow * perRow * 2;
  const rows = perRow * 2;
  const neighbours = new Int32Array((squares + 1) * 4);
  const bits = new Int32Array(squares + 1);
  const squareOfBit = new Int32Array(96);
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
  const algebraic = (sq: number) => String.fromCharCode(97 + fileOf(sq)) + String(rows - rowOf(sq));
  return {
    name,
    squares,
    perRow,
    rows,
    neighbour: (sq, dir) => neighbours[sq * 4 + dir],
    row: rowOf,
    file: fileOf,
    bit: (sq) => bits[sq],
    squareOfBit: (bit) => (bit >= 0 && bit < 96 ? squareOfBit[bit] : 0),
    algebraic,
    squareAt: at,
    ...naming('numeric', squares, algebraic),
  };
}

/** The orthogonal 8x8 board: square n (1 = a8 ... 64 = h1) is bit n-1, a8..h5 in the low word. */
function makeOrthogonalGeometry(): Geometry {
  const rows = 8;
  const squares = 64;
  const rowOf = (sq: number) => (sq - 1) >> 3;
  const fileOf = (sq: number) => (sq - 1) & 7;
  const at = (row: number, file: number) => (row < 0 || row >= rows || file < 0 || file >= rows ? 0 : row * 8 + file + 1);
  const step = [[-1, 0], [0, -1], [0, 1], [1, 0]]; // UP, LEFT, RIGHT, DOWN as (row, file)
  const algebraic = (sq: number) => String.fromCharCode(97 + fileOf(sq)) + String(rows - rowOf(sq));
  const squareOfBit = (bit: number) => (bit >= 0 && bit < 64 ? bit + 1 : 0);
  return {
    name: '8x8 orthogonal',
    squares,
    perRow: 8,
    rows,
    neighbour: (sq, dir) => at(rowOf(sq) + step[dir][0], fileOf(sq) + step[dir][1]),
    row: rowOf,
    file: fileOf,
    bit: (sq) => sq - 1,
    squareOfBit,
    algebraic,
    squareAt: at,
    ...naming('algebraic', squares, algebraic),
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

/**
 * 12x12 (Canadian): square n is bit n-1, no ghost bits: squares 1-32 the low word, 33-64 the
 * high, 65-72 the third word. Its generator (rules/flying-board.ts) steps by square tables,
 * not whole-board shifts, so ghosts would buy nothing.
 */
export const GEOMETRY_12x12: Geometry = makeGeometry('12x12', 6, (i) => i);

/** Turkish draughts' board: all 64 squares, orthogonal steps. */
export const GEOMETRY_8x8_ORTHOGONAL: Geometry = makeOrthogonalGeometry();
