// Flying kings and men that capture backwards on the 8x8 board of English draughts (square
// n is bit n-1 of one word, steps in diagonal-8x8.ts): the move generator of Brazilian and
// Russian draughts. Brazilian plays International's rules (majority rule, a man crowned only
// where its move ends). Russian has no majority rule; a man reaching the back rank during a
// capture is crowned at once and goes on capturing as a king; and a king must land on a
// square from which it can capture again when the jumped piece leaves such a square.
// Jumped pieces stay on the board until the end of the sequence in both.

import { GEOMETRY_8x8 } from '../board/geometry.ts';
import { BLACK_MAN, type Board, type Piece, WHITE_MAN } from './board.ts';
import { boardToPosition, moveFromList, positionToBoard } from './convert.ts';
import { BLACK_CROWN, M3, M5, WHITE_CROWN, jumpersDown, jumpersUp, manStepCount } from './diagonal-8x8.ts';
import { makeOneWord } from './english.ts';
import { CROWNS, MoveList } from './move.ts';
import { addOneWordSteps, hasCapture as hasSameCapture, writeCapture } from './move-writer.ts';
import { type Position, WHITE } from './position.ts';
import { slowPath } from './slow-path.ts';
import type { Variant, VariantName } from './variant.ts';

/** Next bit along each direction (0 up-left, 1 up-right, 2 down-left, 3 down-right), -1 off the board. */
const NEXT = new Int32Array(4 * 32).fill(-1);
for (let sq = 1; sq <= 32; sq++) {
  for (let dir = 0; dir < 4; dir++) {
    const n = GEOMETRY_8x8.neighbour(sq, dir);
    if (n) NEXT[dir * 32 + sq - 1] = n - 1;
  }
}

// Capture search state, module-level so that the recursion passes only what changes.
let gList: MoveList = new MoveList();
let gCount = 0;
let gBest = 0;
let gFrom = 0;
let gOpp = 0;
let gEmpty = 0;
let gCrown = 0;
/** Russian rules for this generation (set by the variant's entry points). */
let gRussian = false;
const gPath = new Int32Array(MoveList.MAX_PATH);

function leaf(to: number, cap: number, n: number, crowns: boolean): void {
  if (!gRussian) {
    // Majority rule: only the longest captures are legal; kings and men count the same.
    if (n < gBest) return;
    if (n > gBest) {
      gBest = n;
      gCount = 0;
    }
  }
  // The same pieces taken by another route is the same move.
  if (hasSameCapture(gList, gCount, gFrom, to, cap, 0)) return;
  writeCapture(gList, gCount++, gFrom, to, cap, 0, crowns ? CROWNS : 0, n, gPath);
}

function manCaptures(s: number, cap: number, n: number): void {
  let any = false;
  for (let d = 0; d < 4; d++) {
    const o = NEXT[d * 32 + s];
    if (o < 0) continue;
    const l = NEXT[d * 32 + o];
    if (l < 0) continue;
    const ob = 1 << o;
    if ((gOpp & ob) === 0 || (cap & ob) !== 0 || (gEmpty & (1 << l)) === 0) continue;
    any = true;
    gPath[n] = l;
    // Russian: crowned on the spot, the new king goes on with flying captures.
    if (gRussian && (gCrown & (1 << l)) !== 0) kingCaptures(l, cap | ob, n + 1, d, true);
    else manCaptures(l, cap | ob, n + 1);
  }
  if (!any && n > 0) leaf(s, cap, n, (gCrown & (1 << s)) !== 0);
}

/** Whether a king on `s` that has taken `cap`, arriving along `lastDir`, can capture again. */
function kingCanContinue(s: number, cap: number, lastDir: number): boolean {
  for (let d = 0; d < 4; d++) {
    if (d === 3 - lastDir) continue;
    let o = NEXT[d * 32 + s];
    while (o >= 0 && (gEmpty & (1 << o)) !== 0) o = NEXT[d * 32 + o];
    if (o < 0 || (gOpp & (1 << o)) === 0 || (cap & (1 << o)) !== 0) continue;
    const l = NEXT[d * 32 + o];
    if (l >= 0 && (gEmpty & (1 << l)) !== 0) return true;
  }
  return false;
}

function kingCaptures(s: number, cap: number, n: number, lastDir: number, crowned: boolean): void {
  let any = false;
  for (let d = 0; d < 4; d++) {
    // Straight back the king would meet the piece it just took, which still blocks.
    if (d === 3 - lastDir) continue;
    let o = NEXT[d * 32 + s];
    while (o >= 0 && (gEmpty & (1 << o)) !== 0) o = NEXT[d * 32 + o];
    if (o < 0) continue;
    const ob = 1 << o;
    if ((gOpp & ob) === 0 || (cap & ob) !== 0) continue;
    const first = NEXT[d * 32 + o];
    if (first < 0 || (gEmpty & (1 << first)) === 0) continue;
    any = true;
    const next = cap | ob;
    // Russian: where some landing square lets the king capture again, it must land on one.
    let mustContinue = false;
    if (gRussian) {
      for (let l = first; l >= 0 && (gEmpty & (1 << l)) !== 0; l = NEXT[d * 32 + l]) {
        if (kingCanContinue(l, next, d)) { mustContinue = true; break; }
      }
    }
    for (let l = first; l >= 0 && (gEmpty & (1 << l)) !== 0; l = NEXT[d * 32 + l]) {
      if (mustContinue && !kingCanContinue(l, next, d)) continue;
      gPath[n] = l;
      kingCaptures(l, next, n + 1, d, crowned);
    }
  }
  if (!any && n > 0) leaf(s, cap, n, crowned);
}

function kingCanCapture(s: number, opp: number, empty: number): boolean {
  for (let d = 0; d < 4; d++) {
    let o = NEXT[d * 32 + s];
    while (o >= 0 && (empty & (1 << o)) !== 0) o = NEXT[d * 32 + o];
    if (o < 0 || (opp & (1 << o)) === 0) continue;
    const l = NEXT[d * 32 + o];
    if (l >= 0 && (empty & (1 << l)) !== 0) return true;
  }
  return false;
}

function hasCapture(pos: Position): boolean {
  const white = pos.side === WHITE;
  const own = white ? pos.wLo : pos.bLo, opp = white ? pos.bLo : pos.wLo;
  const empty = ~(pos.wLo | pos.bLo);
  const men = own & ~pos.kLo;
  if ((jumpersUp(men, opp, empty) | jumpersDown(men, opp, empty)) !== 0) return true;
  for (let k = own & pos.kLo; k !== 0; k &= k - 1) {
    if (kingCanCapture(31 - Math.clz32(k & -k), opp, empty)) return true;
  }
  return false;
}

/** All legal captures into list; 0 if there are none. */
function generateCaptures(pos: Position, list: MoveList): number {
  const white = pos.side === WHITE;
  const own = white ? pos.wLo : pos.bLo;
  gList = list;
  gCount = 0;
  gBest = 1;
  gOpp = white ? pos.bLo : pos.wLo;
  gCrown = white ? WHITE_CROWN : BLACK_CROWN;
  const empty = ~(pos.wLo | pos.bLo);
  const men = own & ~pos.kLo;
  for (let m = jumpersUp(men, gOpp, empty) | jumpersDown(men, gOpp, empty); m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    gFrom = s;
    // The capturing piece's own square counts as empty during the sequence.
    gEmpty = empty | (1 << s);
    manCaptures(s, 0, 0);
  }
  for (let k = own & pos.kLo; k !== 0; k &= k - 1) {
    const s = 31 - Math.clz32(k & -k);
    gFrom = s;
    gEmpty = empty | (1 << s);
    kingCaptures(s, 0, 0, -1, false);
  }
  return gCount;
}

function generate(pos: Position, list: MoveList): number {
  if (hasCapture(pos)) return (list.count = generateCaptures(pos, list));
  const empty = ~(pos.wLo | pos.bLo);
  let n = 0;
  let kings: number;
  if (pos.side === WHITE) {
    const men = pos.wLo & ~pos.kLo;
    n = addOneWordSteps(list, n, (men >>> 4) & empty, -4, WHITE_CROWN);
    n = addOneWordSteps(list, n, ((men & M3) >>> 5) & empty, -5, WHITE_CROWN);
    n = addOneWordSteps(list, n, ((men & M5) >>> 3) & empty, -3, WHITE_CROWN);
    kings = pos.wLo & pos.kLo;
  } else {
    const men = pos.bLo & ~pos.kLo;
    n = addOneWordSteps(list, n, (men << 4) & empty, 4, BLACK_CROWN);
    n = addOneWordSteps(list, n, ((men & M5) << 5) & empty, 5, BLACK_CROWN);
    n = addOneWordSteps(list, n, ((men & M3) << 3) & empty, 3, BLACK_CROWN);
    kings = pos.bLo & pos.kLo;
  }
  for (; kings !== 0; kings &= kings - 1) {
    const s = 31 - Math.clz32(kings & -kings);
    for (let d = 0; d < 4; d++) {
      for (let t = NEXT[d * 32 + s]; t >= 0 && (empty & (1 << t)) !== 0; t = NEXT[d * 32 + t]) {
        list.from[n] = s;
        list.to[n] = t;
        list.capLo[n] = 0;
        list.capHi[n] = 0;
        list.flags[n] = 0;
        list.captures[n] = 0;
        n++;
      }
    }
  }
  return (list.count = n);
}

const countScratch = new MoveList();

function countMoves(pos: Position): number {
  if (hasCapture(pos)) return generateCaptures(pos, countScratch);
  const white = pos.side === WHITE;
  const own = white ? pos.wLo : pos.bLo;
  const empty = ~(pos.wLo | pos.bLo);
  let n = manStepCount(own & ~pos.kLo, white, empty);
  for (let kings = own & pos.kLo; kings !== 0; kings &= kings - 1) {
    const s = 31 - Math.clz32(kings & -kings);
    for (let d = 0; d < 4; d++) {
      for (let t = NEXT[d * 32 + s]; t >= 0 && (empty & (1 << t)) !== 0; t = NEXT[d * 32 + t]) n++;
    }
  }
  return n;
}

function startBoard(): Board {
  const squares = new Array<Piece>(33).fill(0);
  for (let sq = 1; sq <= 12; sq++) squares[sq] = BLACK_MAN;
  for (let sq = 21; sq <= 32; sq++) squares[sq] = WHITE_MAN;
  return { side: WHITE, squares };
}

/** Brazilian (`russian` false) or Russian draughts: the same generator under either rule set. */
export function flying8x8Variant(name: VariantName, gameType: number, russian: boolean): Variant {
  const gen = (pos: Position, list: MoveList) => { gRussian = russian; return generate(pos, list); };
  const count = (pos: Position) => { gRussian = russian; return countMoves(pos); };
  return {
    name,
    gameType,
    geometry: GEOMETRY_8x8,
    startFen: 'W:W21-32:B1-12',
    firstToMove: WHITE,
    flyingKings: true,
    majorityRule: !russian,
    removesCapturedAtOnce: false,
    generate: gen,
    countMoves: count,
    hasCapture,
    make: makeOneWord,
    moveFromList: (list: MoveList, i: number) => moveFromList(GEOMETRY_8x8, list, i),
    fromBoard: (board: Board) => boardToPosition(GEOMETRY_8x8, board),
    toBoard: (pos: Position) => positionToBoard(GEOMETRY_8x8, pos),
    startPosition: () => boardToPosition(GEOMETRY_8x8, startBoard()),
    ...slowPath(GEOMETRY_8x8, gen, makeOneWord),
  };
}
