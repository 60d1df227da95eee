// Lasca copy-make: copies the 50 column words, then walks the move's route (generate.ts),
// taking the top piece of each jumped column to the bottom of the moving one. The Zobrist key
// changes by the keys of the columns that changed (from, each jumped square, to).

import { CROWNS, type MoveList } from '../move.ts';
import { type Position, WHITE } from '../position.ts';
import { Z_SIDE_HI, Z_SIDE_LO } from '../zobrist.ts';
import { COLOUR_BITS, HEIGHT_SHIFT, SQUARES, columnKeyHi, columnKeyLo } from './columns.ts';
import { LAND, OVER } from './generate.ts';

export function make(dst: Position, src: Position, list: MoveList, i: number): void {
  const from = list.from[i], to = list.to[i];
  let cols = dst.cols;
  if (cols === null) cols = dst.cols = new Int32Array(2 * SQUARES);
  cols.set(src.cols!);
  let w = src.wLo, b = src.bLo, k = src.kLo;
  let keyLo = src.keyLo ^ Z_SIDE_LO, keyHi = src.keyHi ^ Z_SIDE_HI;

  // Lift the moving column.
  let colour = cols[2 * from], rank = cols[2 * from + 1];
  keyLo ^= columnKeyLo(from, colour, rank);
  keyHi ^= columnKeyHi(from, colour, rank);
  cols[2 * from] = 0;
  cols[2 * from + 1] = 0;
  const fromBit = ~(1 << from);
  w &= fromBit; b &= fromBit; k &= fromBit;

  const jumps = list.captures[i];
  if (jumps > 0) {
    const route = list.capHi[i];
    let at = from;
    for (let j = 0; j < jumps; j++) {
      const d = (route >>> (2 * j)) & 3;
      const o = OVER[d * 32 + at];
      at = LAND[d * 32 + at];
      const oc = cols[2 * o], or = cols[2 * o + 1];
      keyLo ^= columnKeyLo(o, oc, or);
      keyHi ^= columnKeyHi(o, oc, or);
      // Its commander goes to the bottom of ours.
      const h = colour >>> HEIGHT_SHIFT;
      colour = (colour | ((oc & 1) << h)) + (1 << HEIGHT_SHIFT);
      rank |= (or & 1) << h;
      // The rest stays, commanded by whatever was beneath.
      const left = (oc >>> HEIGHT_SHIFT) - 1;
      const ob = 1 << o;
      w &= ~ob; b &= ~ob; k &= ~ob;
      if (left === 0) {
        cols[2 * o] = 0;
        cols[2 * o + 1] = 0;
      } else {
        const nc = ((oc & COLOUR_BITS) >>> 1) | (left << HEIGHT_SHIFT), nr = or >>> 1;
        cols[2 * o] = nc;
        cols[2 * o + 1] = nr;
        keyLo ^= columnKeyLo(o, nc, nr);
        keyHi ^= columnKeyHi(o, nc, nr);
        if (nc & 1) b |= ob; else w |= ob;
        if (nr & 1) k |= ob;
      }
    }
  }

  // Only the commander is promoted.
  if ((list.flags[i] & CROWNS) !== 0) rank |= 1;
  cols[2 * to] = colour;
  cols[2 * to + 1] = rank;
  keyLo ^= columnKeyLo(to, colour, rank);
  keyHi ^= columnKeyHi(to, colour, rank);
  const toBit = 1 << to;
  if (src.side === WHITE) w |= toBit; else b |= toBit;
  if (rank & 1) k |= toBit;

  dst.wLo = w; dst.wHi = 0; dst.bLo = b; dst.bHi = 0; dst.kLo = k; dst.kHi = 0;
  dst.side = (src.side ^ 1) as 0 | 1;
  dst.keyLo = keyLo;
  dst.keyHi = keyHi;
}
