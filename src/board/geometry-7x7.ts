// Lasca's 7x7 board (RULES.md, Lasca): the 25 squares of the corner colour, four on ranks 1, 3,
// 5 and 7 (files a, c, e, g) and three on ranks 2, 4 and 6 (b, d, f). Squares are numbered like
// the other boards, row by row from the top (rank 7) and left to right: 1 = a7 ... 25 = g1.
//
// Bit n-1 holds square n. Rows then alternate four and three bits with no ghost bits, and every
// diagonal step is a shift by 3 or 4 (down-left +3, down-right +4, up-left -4, up-right -3)
// except off the a- and g-files of the four-square rows, which the masks below exclude.

import { DOWN_LEFT, DOWN_RIGHT, type Geometry, UP_LEFT, UP_RIGHT } from './geometry.ts';

const ROWS = 7;
/** First square number of each row (0-based from the top), and one past the last row. */
const ROW_START = [1, 5, 8, 12, 15, 19, 22, 26];

function rowOf(sq: number): number {
  let r = 0;
  while (ROW_START[r + 1] <= sq) r++;
  return r;
}

/** Rows 0, 2, 4, 6 (ranks 7, 5, 3, 1) start on file a; the others on file b. */
const fileOf = (sq: number) => {
  const r = rowOf(sq);
  return 2 * (sq - ROW_START[r]) + (r % 2);
};

function at(row: number, file: number): number {
  if (row < 0 || row >= ROWS || file < 0 || file >= ROWS || (row + file) % 2 !== 0) return 0;
  return ROW_START[row] + Math.floor(file / 2);
}

const neighbours = new Int32Array(26 * 4);
for (let sq = 1; sq <= 25; sq++) {
  const r = rowOf(sq), f = fileOf(sq);
  neighbours[sq * 4 + UP_LEFT] = at(r - 1, f - 1);
  neighbours[sq * 4 + UP_RIGHT] = at(r - 1, f + 1);
  neighbours[sq * 4 + DOWN_LEFT] = at(r + 1, f - 1);
  neighbours[sq * 4 + DOWN_RIGHT] = at(r + 1, f + 1);
}

export const GEOMETRY_7x7: Geometry = {
  name: '7x7',
  squares: 25,
  // Rows alternate 4 and 3 squares; code that needs a row's squares uses row() and file().
  perRow: 4,
  rows: ROWS,
  neighbour: (sq, dir) => neighbours[sq * 4 + dir],
  row: rowOf,
  file: fileOf,
  bit: (sq) => sq - 1,
  squareOfBit: (bit) => (bit >= 0 && bit < 25 ? bit + 1 : 0),
  algebraic: (sq) => String.fromCharCode(97 + fileOf(sq)) + String(ROWS - rowOf(sq)),
  squareAt: at,
  naming: 'algebraic',
  squareName: (sq) => String.fromCharCode(97 + fileOf(sq)) + String(ROWS - rowOf(sq)),
  parseSquare: (text) => squareOfName(text),
};

/** Square number of an algebraic name such as "a3", or 0 when it is not a used square. */
export function squareOfName(name: string): number {
  const m = /^([a-g])([1-7])$/.exec(name.trim().toLowerCase());
  if (!m) return 0;
  return at(ROWS - Number(m[2]), m[1].charCodeAt(0) - 97);
}
