// Copy-make shared by every variant: the boards use the same lo/hi bit layout, so removing
// captures, moving a piece and updating the Zobrist key is the same code.

import { CROWNS, type MoveList } from './move.ts';
import { type Position, WHITE } from './position.ts';
import { Z_BK, Z_BM, Z_HI, Z_LO, Z_SIDE_HI, Z_SIDE_LO, Z_WK, Z_WM } from './zobrist.ts';

/** dst := src with the move (from, to bit indices; captured lo/hi; flags) played. */
export function makeMove(
  dst: Position, src: Position, from: number, to: number, capLo: number, capHi: number, flags: number,
): void {
  let wLo = src.wLo, wHi = src.wHi, bLo = src.bLo, bHi = src.bHi, kLo = src.kLo, kHi = src.kHi;
  let keyLo = src.keyLo ^ Z_SIDE_LO, keyHi = src.keyHi ^ Z_SIDE_HI;
  const fromLo = from < 32 ? 1 << from : 0, fromHi = from < 32 ? 0 : 1 << (from - 32);
  const toLo = to < 32 ? 1 << to : 0, toHi = to < 32 ? 0 : 1 << (to - 32);
  const wasKing = ((kLo & fromLo) | (kHi & fromHi)) !== 0;
  const white = src.side === WHITE;
  // Captured pieces first, each with the key of what it was: in Turkish draughts a piece may
  // end its capture on the square of a piece it took, which must not lose the mover's king bit.
  if ((capLo | capHi) !== 0) {
    const manBase = white ? Z_BM : Z_WM, kingBase = white ? Z_BK : Z_WK;
    let m = capLo;
    while (m !== 0) {
      const b = 31 - Math.clz32(m & -m);
      const z = ((kLo >>> b) & 1 ? kingBase : manBase) + b;
      keyLo ^= Z_LO[z]; keyHi ^= Z_HI[z];
      m &= m - 1;
    }
    m = capHi;
    while (m !== 0) {
      const b = 31 - Math.clz32(m & -m);
      const z = ((kHi >>> b) & 1 ? kingBase : manBase) + b + 32;
      keyLo ^= Z_LO[z]; keyHi ^= Z_HI[z];
      m &= m - 1;
    }
    if (white) { bLo &= ~capLo; bHi &= ~capHi; } else { wLo &= ~capLo; wHi &= ~capHi; }
    kLo &= ~capLo; kHi &= ~capHi;
  }
  // The moving piece: off `from`, onto `to` (a king's round trip leaves it where it was).
  let zFrom: number, zTo: number;
  if (white) {
    wLo ^= fromLo ^ toLo; wHi ^= fromHi ^ toHi;
    zFrom = wasKing ? Z_WK : Z_WM;
    zTo = wasKing || (flags & CROWNS) !== 0 ? Z_WK : Z_WM;
  } else {
    bLo ^= fromLo ^ toLo; bHi ^= fromHi ^ toHi;
    zFrom = wasKing ? Z_BK : Z_BM;
    zTo = wasKing || (flags & CROWNS) !== 0 ? Z_BK : Z_BM;
  }
  if (wasKing) { kLo ^= fromLo ^ toLo; kHi ^= fromHi ^ toHi; }
  else if ((flags & CROWNS) !== 0) { kLo |= toLo; kHi |= toHi; }
  keyLo ^= Z_LO[zFrom + from] ^ Z_LO[zTo + to];
  keyHi ^= Z_HI[zFrom + from] ^ Z_HI[zTo + to];
  dst.wLo = wLo; dst.wHi = wHi; dst.bLo = bLo; dst.bHi = bHi; dst.kLo = kLo; dst.kHi = kHi;
  dst.side = (src.side ^ 1) as 0 | 1;
  dst.keyLo = keyLo; dst.keyHi = keyHi;
  dst.kingRun = 0; // Frisian's make sets its own after this
}

export function makeFromList(dst: Position, src: Position, list: MoveList, i: number): void {
  makeMove(dst, src, list.from[i], list.to[i], list.capLo[i], list.capHi[i], list.flags[i]);
}
