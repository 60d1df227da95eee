// Copy-make over a position's three words (bits 0-95): the 12x12 board's make(). The other
// boards keep make.ts, which never touches the third word, so that their hot path stays as it
// was; on them this gives the same result (their third words are zero).

import { CROWNS, type MoveList, capturedEx } from './move.ts';
import { type Position, WHITE } from './position.ts';
import { Z_BK, Z_BM, Z_HI, Z_LO, Z_SIDE_HI, Z_SIDE_LO, Z_WK, Z_WM, zIndex } from './zobrist.ts';

const bitLo = (b: number) => (b < 32 ? 1 << b : 0);
const bitHi = (b: number) => (b >= 32 && b < 64 ? 1 << (b - 32) : 0);
const bitEx = (b: number) => (b >= 64 ? 1 << (b - 64) : 0);

export function makeThreeWords(dst: Position, src: Position, list: MoveList, i: number): void {
  const from = list.from[i], to = list.to[i], flags = list.flags[i];
  const capLo = list.capLo[i], capHi = list.capHi[i], capEx = capturedEx(flags);
  let wLo = src.wLo, wHi = src.wHi, wEx = src.wEx, bLo = src.bLo, bHi = src.bHi, bEx = src.bEx;
  let kLo = src.kLo, kHi = src.kHi, kEx = src.kEx;
  let keyLo = src.keyLo ^ Z_SIDE_LO, keyHi = src.keyHi ^ Z_SIDE_HI;
  const white = src.side === WHITE;
  if ((capLo | capHi | capEx) !== 0) {
    const manBase = white ? Z_BM : Z_WM, kingBase = white ? Z_BK : Z_WK;
    for (let w = 0; w < 3; w++) {
      const kings = w === 0 ? kLo : w === 1 ? kHi : kEx;
      for (let m = w === 0 ? capLo : w === 1 ? capHi : capEx; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        const z = zIndex((kings >>> b) & 1 ? kingBase : manBase, w * 32 + b);
        keyLo ^= Z_LO[z]; keyHi ^= Z_HI[z];
      }
    }
    if (white) { bLo &= ~capLo; bHi &= ~capHi; bEx &= ~capEx; } else { wLo &= ~capLo; wHi &= ~capHi; wEx &= ~capEx; }
    kLo &= ~capLo; kHi &= ~capHi; kEx &= ~capEx;
  }
  const fLo = bitLo(from), fHi = bitHi(from), fEx = bitEx(from);
  const tLo = bitLo(to), tHi = bitHi(to), tEx = bitEx(to);
  const wasKing = ((kLo & fLo) | (kHi & fHi) | (kEx & fEx)) !== 0;
  const isKing = wasKing || (flags & CROWNS) !== 0;
  if (white) { wLo ^= fLo ^ tLo; wHi ^= fHi ^ tHi; wEx ^= fEx ^ tEx; }
  else { bLo ^= fLo ^ tLo; bHi ^= fHi ^ tHi; bEx ^= fEx ^ tEx; }
  if (wasKing) { kLo ^= fLo ^ tLo; kHi ^= fHi ^ tHi; kEx ^= fEx ^ tEx; }
  else if (isKing) { kLo |= tLo; kHi |= tHi; kEx |= tEx; }
  const zFrom = zIndex(white ? (wasKing ? Z_WK : Z_WM) : wasKing ? Z_BK : Z_BM, from);
  const zTo = zIndex(white ? (isKing ? Z_WK : Z_WM) : isKing ? Z_BK : Z_BM, to);
  keyLo ^= Z_LO[zFrom] ^ Z_LO[zTo];
  keyHi ^= Z_HI[zFrom] ^ Z_HI[zTo];
  dst.wLo = wLo; dst.wHi = wHi; dst.wEx = wEx; dst.bLo = bLo; dst.bHi = bHi; dst.bEx = bEx;
  dst.kLo = kLo; dst.kHi = kHi; dst.kEx = kEx;
  dst.side = (src.side ^ 1) as 0 | 1;
  dst.keyLo = keyLo; dst.keyHi = keyHi;
}
