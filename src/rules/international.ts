// International draughts (10x10, FMJD) on two 32-bit words.
//
// Layout (see GEOMETRY_10x10): square n is bit (n-1) + floor((n-1)/10); bits 10, 21, 32 and
// 43 are ghosts that no piece ever occupies. With them every diagonal step is a fixed
// shift (up-left -6, up-right -5, down-left +5, down-right +6) and a step off the board
// lands on a ghost or outside bits 0..53. Squares 1-30 are the low word, 31-50 the high.
//
// The same generator plays International's family (docs/variants-10x10.md): Killer (one
// landing rule, a flag read only where a king takes a king), Antidraughts and Breakthrough
// (International's moves, another game end: rules/game-end.ts).

import { GEOMETRY_10x10 } from '../board/geometry.ts';
import { BLACK_MAN, type Board, type Piece, WHITE_MAN } from './board.ts';
import { boardToPosition, moveFromList, positionToBoard } from './convert.ts';
import { makeFromList } from './make.ts';
import type { GameEnd } from './game-end.ts';
import { CROWNS, MoveList } from './move.ts';
import { hasCapture as hasSameCapture, writeCapture } from './move-writer.ts';
import { type Position, WHITE, popcount } from './position.ts';
import { slowPath } from './slow-path.ts';
import type { Variant, VariantName } from './variant.ts';

/** The bits of the low and high words that are squares (the rest are ghosts or past square 50). */
export const VALID_LO = ~((1 << 10) | (1 << 21));
export const VALID_HI = 0x3fffff & ~1 & ~(1 << 11);
/** White crowns on squares 1-5 (bits 0-4), Black on 46-50 (bits 49-53). */
const WHITE_CROWN_LO = 0x1f;
const BLACK_CROWN_HI = 0x1f << 17;

/** Next bit along each direction (0 up-left, 1 up-right, 2 down-left, 3 down-right), -1 off the board. */
const NEXT = new Int32Array(4 * 64).fill(-1);
for (let sq = 1; sq <= 50; sq++) {
  for (let dir = 0; dir < 4; dir++) {
    const n = GEOMETRY_10x10.neighbour(sq, dir);
    if (n) NEXT[dir * 64 + GEOMETRY_10x10.bit(sq)] = GEOMETRY_10x10.bit(n);
  }
}

// Capture search state. Captured pieces stay on the board (they are not empty) until the
// sequence ends, which is what makes the Turkish strike impossible.
let gList: MoveList = new MoveList();
let gCount = 0;
let gBest = 0;
let gFrom = 0;
let gOppLo = 0;
let gOppHi = 0;
let gEmptyLo = 0;
let gEmptyHi = 0;
let gWhite = true;
/** Kings on the board (Killer's landing rule reads them). */
let gKingLo = 0;
let gKingHi = 0;
/**
 * Killer draughts: a king whose last capture takes a king lands on the square just beyond it.
 * Set only around Killer's calls, so International's generation never pays for it.
 */
let gKiller = false;
const gPath = new Int32Array(MoveList.MAX_PATH);

const isEmpty = (b: number) => ((b < 32 ? gEmptyLo : gEmptyHi) & (1 << b)) !== 0;

function leaf(to: number, capLo: number, capHi: number, n: number, man: boolean): void {
  // Majority rule: only the longest captures are legal; kings and men count the same.
  if (n < gBest) return;
  if (n > gBest) {
    gBest = n;
    gCount = 0;
  } else if (hasSameCapture(gList, gCount, gFrom, to, capLo, capHi)) {
    return; // the same pieces taken by another route is the same move
  }
  // A man is crowned only where its move ends.
  const crowns = man && (gWhite ? to < 5 : to >= 49);
  writeCapture(gList, gCount++, gFrom, to, capLo, capHi, crowns ? CROWNS : 0, n, gPath);
}

function manCaptures(s: number, capLo: number, capHi: number, n: number): void {
  let any = false;
  for (let d = 0; d < 4; d++) {
    const o = NEXT[d * 64 + s];
    if (o < 0) continue;
    const l = NEXT[d * 64 + o];
    if (l < 0) continue;
    const om = 1 << o;
    if (o < 32) {
      if ((gOppLo & om) === 0 || (capLo & om) !== 0) continue;
    } else if ((gOppHi & om) === 0 || (capHi & om) !== 0) continue;
    if (!isEmpty(l)) continue;
    any = true;
    gPath[n] = l;
    if (o < 32) manCaptures(l, capLo | om, capHi, n + 1);
    else manCaptures(l, capLo, capHi | om, n + 1);
  }
  if (!any && n > 0) leaf(s, capLo, capHi, n, true);
}

/** `far`: the king landed past the square just beyond a king it took, which Killer forbids as a last capture. */
function kingCaptures(s: number, capLo: number, capHi: number, n: number, lastDir: number, far: boolean): void {
  let any = false;
  for (let d = 0; d < 4; d++) {
    // Straight back the king would meet the piece it just took, which still blocks.
    if (d === 3 - lastDir) continue;
    let o = NEXT[d * 64 + s];
    while (o >= 0 && isEmpty(o)) o = NEXT[d * 64 + o];
    if (o < 0) continue;
    const om = 1 << o;
    if (o < 32) {
      if ((gOppLo & om) === 0 || (capLo & om) !== 0) continue;
    } else if ((gOppHi & om) === 0 || (capHi & om) !== 0) continue;
    let l = NEXT[d * 64 + o];
    const killsKing = gKiller && ((o < 32 ? gKingLo : gKingHi) & om) !== 0;
    let beyond = false;
    while (l >= 0 && isEmpty(l)) {
      any = true;
      gPath[n] = l;
      if (o < 32) kingCaptures(l, capLo | om, capHi, n + 1, d, beyond);
      else kingCaptures(l, capLo, capHi | om, n + 1, d, beyond);
      beyond = killsKing;
      l = NEXT[d * 64 + l];
    }
  }
  if (!any && n > 0 && !far) leaf(s, capLo, capHi, n, false);
}

// Men that can take in some direction, found with whole-board shifts: an opponent on the
// next square and an empty square beyond. Results go to module variables to avoid allocation.
let jLo = 0;
let jHi = 0;
function menThatCapture(menLo: number, menHi: number, oppLo: number, oppHi: number, eLo: number, eHi: number): void {
  let aLo: number, aHi: number, lo = 0, hi = 0;
  // down-left +5: s+5 opponent, s+10 empty
  aLo = ((eLo >>> 5) | (eHi << 27)) & oppLo; aHi = (eHi >>> 5) & oppHi;
  lo |= (aLo >>> 5) | (aHi << 27); hi |= aHi >>> 5;
  // down-right +6
  aLo = ((eLo >>> 6) | (eHi << 26)) & oppLo; aHi = (eHi >>> 6) & oppHi;
  lo |= (aLo >>> 6) | (aHi << 26); hi |= aHi >>> 6;
  // up-right -5
  aLo = (eLo << 5) & oppLo; aHi = ((eHi << 5) | (eLo >>> 27)) & oppHi;
  lo |= aLo << 5; hi |= (aHi << 5) | (aLo >>> 27);
  // up-left -6
  aLo = (eLo << 6) & oppLo; aHi = ((eHi << 6) | (eLo >>> 26)) & oppHi;
  lo |= aLo << 6; hi |= (aHi << 6) | (aLo >>> 26);
  jLo = lo & menLo;
  jHi = hi & menHi;
}

function kingCanCapture(s: number, oppLo: number, oppHi: number): boolean {
  for (let d = 0; d < 4; d++) {
    let o = NEXT[d * 64 + s];
    while (o >= 0 && isEmpty(o)) o = NEXT[d * 64 + o];
    if (o < 0) continue;
    if (((o < 32 ? oppLo : oppHi) & (1 << o)) === 0) continue;
    const l = NEXT[d * 64 + o];
    if (l >= 0 && isEmpty(l)) return true;
  }
  return false;
}

function setup(pos: Position): void {
  gWhite = pos.side === WHITE;
  gOppLo = gWhite ? pos.bLo : pos.wLo;
  gOppHi = gWhite ? pos.bHi : pos.wHi;
  gEmptyLo = ~(pos.wLo | pos.bLo) & VALID_LO;
  gEmptyHi = ~(pos.wHi | pos.bHi) & VALID_HI;
  gKingLo = pos.kLo;
  gKingHi = pos.kHi;
}

function hasCapture(pos: Position): boolean {
  setup(pos);
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  menThatCapture(ownLo & ~pos.kLo, ownHi & ~pos.kHi, gOppLo, gOppHi, gEmptyLo, gEmptyHi);
  if ((jLo | jHi) !== 0) return true;
  let kLo = ownLo & pos.kLo, kHi = ownHi & pos.kHi;
  while (kLo !== 0) {
    const s = 31 - Math.clz32(kLo & -kLo);
    kLo &= kLo - 1;
    if (kingCanCapture(s, gOppLo, gOppHi)) return true;
  }
  while (kHi !== 0) {
    const s = 31 - Math.clz32(kHi & -kHi);
    kHi &= kHi - 1;
    if (kingCanCapture(s + 32, gOppLo, gOppHi)) return true;
  }
  return false;
}

/** All legal captures into list (majority rule applied); 0 if there are none. Needs setup(). */
function generateCaptures(pos: Position, list: MoveList): number {
  gList = list;
  gCount = 0;
  gBest = 1;
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  menThatCapture(ownLo & ~pos.kLo, ownHi & ~pos.kHi, gOppLo, gOppHi, gEmptyLo, gEmptyHi);
  const emptyLo = gEmptyLo, emptyHi = gEmptyHi;
  let m = jLo;
  while (m !== 0) {
    const s = 31 - Math.clz32(m & -m);
    m &= m - 1;
    gFrom = s;
    // The capturing piece's own square counts as empty during the sequence.
    gEmptyLo = emptyLo | (1 << s);
    manCaptures(s, 0, 0, 0);
  }
  gEmptyLo = emptyLo;
  m = jHi;
  while (m !== 0) {
    const s = 31 - Math.clz32(m & -m);
    m &= m - 1;
    gFrom = s + 32;
    gEmptyHi = emptyHi | (1 << s);
    manCaptures(s + 32, 0, 0, 0);
  }
  gEmptyHi = emptyHi;
  m = ownLo & pos.kLo;
  while (m !== 0) {
    const s = 31 - Math.clz32(m & -m);
    m &= m - 1;
    gFrom = s;
    gEmptyLo = emptyLo | (1 << s);
    kingCaptures(s, 0, 0, 0, -1, false);
  }
  gEmptyLo = emptyLo;
  m = ownHi & pos.kHi;
  while (m !== 0) {
    const s = 31 - Math.clz32(m & -m);
    m &= m - 1;
    gFrom = s + 32;
    gEmptyHi = emptyHi | (1 << s);
    kingCaptures(s + 32, 0, 0, 0, -1, false);
  }
  gEmptyHi = emptyHi;
  return gCount;
}

function addSteps(list: MoveList, n: number, tLo: number, tHi: number, delta: number, crownLo: number, crownHi: number): number {
  while (tLo !== 0) {
    const t = 31 - Math.clz32(tLo & -tLo);
    tLo &= tLo - 1;
    list.from[n] = t - delta;
    list.to[n] = t;
    list.capLo[n] = 0;
    list.capHi[n] = 0;
    list.flags[n] = (crownLo >>> t) & 1;
    list.captures[n] = 0;
    n++;
  }
  while (tHi !== 0) {
    const t = 31 - Math.clz32(tHi & -tHi);
    tHi &= tHi - 1;
    list.from[n] = t + 32 - delta;
    list.to[n] = t + 32;
    list.capLo[n] = 0;
    list.capHi[n] = 0;
    list.flags[n] = (crownHi >>> t) & 1;
    list.captures[n] = 0;
    n++;
  }
  return n;
}

function addKingSlides(list: MoveList, n: number, s: number): number {
  for (let d = 0; d < 4; d++) {
    let t = NEXT[d * 64 + s];
    while (t >= 0 && isEmpty(t)) {
      list.from[n] = s;
      list.to[n] = t;
      list.capLo[n] = 0;
      list.capHi[n] = 0;
      list.flags[n] = 0;
      list.captures[n] = 0;
      n++;
      t = NEXT[d * 64 + t];
    }
  }
  return n;
}

function countKingSlides(s: number): number {
  let n = 0;
  for (let d = 0; d < 4; d++) {
    let t = NEXT[d * 64 + s];
    while (t >= 0 && isEmpty(t)) {
      n++;
      t = NEXT[d * 64 + t];
    }
  }
  return n;
}

function generate(pos: Position, list: MoveList): number {
  if (hasCapture(pos)) return (list.count = generateCaptures(pos, list));
  const eLo = gEmptyLo, eHi = gEmptyHi;
  let n = 0;
  let kLo: number, kHi: number;
  if (gWhite) {
    const mLo = pos.wLo & ~pos.kLo, mHi = pos.wHi & ~pos.kHi;
    // up-right -5 and up-left -6
    n = addSteps(list, n, ((mLo >>> 5) | (mHi << 27)) & eLo, (mHi >>> 5) & eHi, -5, WHITE_CROWN_LO, 0);
    n = addSteps(list, n, ((mLo >>> 6) | (mHi << 26)) & eLo, (mHi >>> 6) & eHi, -6, WHITE_CROWN_LO, 0);
    kLo = pos.wLo & pos.kLo;
    kHi = pos.wHi & pos.kHi;
  } else {
    const mLo = pos.bLo & ~pos.kLo, mHi = pos.bHi & ~pos.kHi;
    n = addSteps(list, n, (mLo << 5) & eLo, ((mHi << 5) | (mLo >>> 27)) & eHi, 5, 0, BLACK_CROWN_HI);
    n = addSteps(list, n, (mLo << 6) & eLo, ((mHi << 6) | (mLo >>> 26)) & eHi, 6, 0, BLACK_CROWN_HI);
    kLo = pos.bLo & pos.kLo;
    kHi = pos.bHi & pos.kHi;
  }
  while (kLo !== 0) {
    const s = 31 - Math.clz32(kLo & -kLo);
    kLo &= kLo - 1;
    n = addKingSlides(list, n, s);
  }
  while (kHi !== 0) {
    const s = 31 - Math.clz32(kHi & -kHi);
    kHi &= kHi - 1;
    n = addKingSlides(list, n, s + 32);
  }
  return (list.count = n);
}

const countScratch = new MoveList();

function countMoves(pos: Position): number {
  if (hasCapture(pos)) return generateCaptures(pos, countScratch);
  const eLo = gEmptyLo, eHi = gEmptyHi;
  let n: number, kLo: number, kHi: number;
  if (gWhite) {
    const mLo = pos.wLo & ~pos.kLo, mHi = pos.wHi & ~pos.kHi;
    n = popcount(((mLo >>> 5) | (mHi << 27)) & eLo) + popcount((mHi >>> 5) & eHi) +
      popcount(((mLo >>> 6) | (mHi << 26)) & eLo) + popcount((mHi >>> 6) & eHi);
    kLo = pos.wLo & pos.kLo;
    kHi = pos.wHi & pos.kHi;
  } else {
    const mLo = pos.bLo & ~pos.kLo, mHi = pos.bHi & ~pos.kHi;
    n = popcount((mLo << 5) & eLo) + popcount(((mHi << 5) | (mLo >>> 27)) & eHi) +
      popcount((mLo << 6) & eLo) + popcount(((mHi << 6) | (mLo >>> 26)) & eHi);
    kLo = pos.bLo & pos.kLo;
    kHi = pos.bHi & pos.kHi;
  }
  while (kLo !== 0) {
    const s = 31 - Math.clz32(kLo & -kLo);
    kLo &= kLo - 1;
    n += countKingSlides(s);
  }
  while (kHi !== 0) {
    const s = 31 - Math.clz32(kHi & -kHi);
    kHi &= kHi - 1;
    n += countKingSlides(s + 32);
  }
  return n;
}

function startBoard(): Board {
  const squares = new Array<Piece>(51).fill(0);
  for (let sq = 1; sq <= 20; sq++) squares[sq] = BLACK_MAN;
  for (let sq = 31; sq <= 50; sq++) squares[sq] = WHITE_MAN;
  return { side: WHITE, squares };
}

function killerGenerate(pos: Position, list: MoveList): number {
  gKiller = true;
  const n = generate(pos, list);
  gKiller = false;
  return n;
}

function killerCountMoves(pos: Position): number {
  gKiller = true;
  const n = countMoves(pos);
  gKiller = false;
  return n;
}

/** How a game of International's family differs from International. */
export interface InternationalFamilyRules {
  /** Killer's landing rule for a king whose last capture takes a king. */
  killer?: boolean;
  /** How the game ends (default: the side with no legal move loses). */
  gameEnd?: GameEnd;
}

/** A game on International's board with International's moves, but for the rules given. */
export function internationalFamily(name: VariantName, gameType: number, rules: InternationalFamilyRules = {}): Variant {
  const gen = rules.killer ? killerGenerate : generate;
  return {
    name,
    gameType,
    geometry: GEOMETRY_10x10,
    startFen: 'W:W31-50:B1-20',
    firstToMove: WHITE,
    flyingKings: true,
    majorityRule: true,
    removesCapturedAtOnce: false,
    ...(rules.gameEnd ? { gameEnd: rules.gameEnd } : {}),
    generate: gen,
    countMoves: rules.killer ? killerCountMoves : countMoves,
    hasCapture,
    make: makeFromList,
    moveFromList: (list: MoveList, i: number) => moveFromList(GEOMETRY_10x10, list, i),
    fromBoard: (board: Board) => boardToPosition(GEOMETRY_10x10, board),
    toBoard: (pos: Position) => positionToBoard(GEOMETRY_10x10, pos),
    startPosition: () => boardToPosition(GEOMETRY_10x10, startBoard()),
    ...slowPath(GEOMETRY_10x10, gen, makeFromList),
  };
}

export const INTERNATIONAL: Variant = internationalFamily('international', 20);
