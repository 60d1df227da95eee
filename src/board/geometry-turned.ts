// The turned 8x8 board of Italian and Spanish draughts (docs/variants.md): the board seen in a
// mirror, so that the dark corner square is at each player's right (h1 and a8 are playing
// squares, a1 is not). The federations number its squares differently:
// - Italian (FID): 1 = a8, then to the right and down row by row; White on 21-32.
// - Spanish: 1 = h1, then to the left and up row by row; White on 1-12.
//
// The game on the turned board is the game on the usual board reflected left to right, and
// the rules are the same under that reflection. So positions keep the usual 8x8 bit layout
// (square n of the usual board is bit n-1) and the fast generators stay as they are: only the
// square numbers are different. A square's bit is the bit of its mirror image on the usual
// board (same row, file h-a swapped). Rows, files and neighbours below are the turned
// board's own, for notation, the page and the reference generator.

import { DOWN_LEFT, DOWN_RIGHT, type Geometry, UP_LEFT, UP_RIGHT } from './geometry.ts';

const ROWS = 8;
const SQUARES = 32;

/** `numberAt(row, k)`: the number of the k-th playing square (0-based, from the left as White sees it) of a row (0-based from the top). */
function makeTurnedGeometry(numberAt: (row: number, k: number) => number): Geometry {
  const rowOf = new Int32Array(SQUARES + 1);
  const kOf = new Int32Array(SQUARES + 1);
  const byPlace = new Int32Array(ROWS * 4);
  for (let r = 0; r < ROWS; r++) {
    for (let k = 0; k < 4; k++) {
      const n = numberAt(r, k);
      rowOf[n] = r;
      kOf[n] = k;
      byPlace[r * 4 + k] = n;
    }
  }
  // Turned: in even rows from the top (rank 8, 6, ...) the first playing square is on file a.
  const fileOf = (sq: number) => 2 * kOf[sq] + (rowOf[sq] % 2 === 0 ? 0 : 1);
  const at = (row: number, file: number) => {
    if (row < 0 || row >= ROWS || file < 0 || file >= ROWS) return 0;
    if ((row + file) % 2 !== 0) return 0; // not a playing square on the turned board
    return byPlace[row * 4 + (file >> 1)];
  };
  const step = [[-1, -1], [-1, 1], [1, -1], [1, 1]];
  const dirs = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];
  const neighbours = new Int32Array((SQUARES + 1) * 4);
  const bits = new Int32Array(SQUARES + 1);
  const squareOfBit = new Int32Array(64);
  for (let sq = 1; sq <= SQUARES; sq++) {
    for (const d of dirs) neighbours[sq * 4 + d] = at(rowOf[sq] + step[d][0], fileOf(sq) + step[d][1]);
    // The mirror image on the usual board: same row, k-th square from the right.
    bits[sq] = rowOf[sq] * 4 + (3 - kOf[sq]);
    squareOfBit[bits[sq]] = sq;
  }
  const algebraic = (sq: number) => String.fromCharCode(97 + fileOf(sq)) + String(ROWS - rowOf[sq]);
  return {
    name: '8x8 turned',
    squares: SQUARES,
    perRow: 4,
    rows: ROWS,
    neighbour: (sq, dir) => neighbours[sq * 4 + dir],
    row: (sq) => rowOf[sq],
    file: fileOf,
    bit: (sq) => bits[sq],
    squareOfBit: (bit) => (bit >= 0 && bit < 64 ? squareOfBit[bit] : 0),
    algebraic,
    squareAt: at,
    naming: 'numeric',
    squareName: (sq) => String(sq),
    parseSquare: (text) => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= SQUARES ? Number(text) : 0),
  };
}

/** Italian numbering: 1 = a8, left to right and down. */
export const GEOMETRY_8x8_ITALIAN = makeTurnedGeometry((row, k) => row * 4 + k + 1);

/** Spanish numbering: 1 = h1, right to left and up (Italian's square n is Spanish 33 - n). */
export const GEOMETRY_8x8_SPANISH = makeTurnedGeometry((row, k) => 32 - (row * 4 + k));
