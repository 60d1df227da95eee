// Turkish draughts (dama): all 64 squares, orthogonal moves, flying kings, majority rule,
// jumped pieces removed at once (RULES.md). Square n (1 = a8 ... 64 = h1, see
// GEOMETRY_8x8_ORTHOGONAL) is bit n-1: ranks 8-5 in the low word, ranks 4-1 in the high
// word, a rank per byte, so a step up or down is a shift by 8 across the two words and a
// step sideways is a shift by 1 inside each word with the edge file masked off.
//
// Because jumped pieces leave at once, the capture search removes each from the board as it
// jumps it (and puts it back on the way out); a piece can then never be taken twice, and the
// only extra rule is the ban on a 180-degree turn between two jumps.

import { DOWN, GEOMETRY_8x8_ORTHOGONAL, LEFT, RIGHT, UP } from '../board/geometry.ts';
import { BLACK_MAN, type Board, type Piece, WHITE_MAN } from './board.ts';
import { boardToPosition, moveFromList, positionToBoard } from './convert.ts';
import { makeFromList } from './make.ts';
import { CROWNS, MoveList } from './move.ts';
import { hasCapture as hasSameCapture, writeCapture } from './move-writer.ts';
import { type Position, WHITE, popcount } from './position.ts';
import { slowPath } from './slow-path.ts';
import type { Variant } from './variant.ts';

const G = GEOMETRY_8x8_ORTHOGONAL;
// A man's directions are three consecutive numbers: UP, LEFT, RIGHT for White and LEFT,
// RIGHT, DOWN for Black.
/** Every square but file a / file h, per word (a rank is a byte, file a its lowest bit). */
const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;
/** Crowning ranks: White on rank 8 (bits 0-7), Black on rank 1 (bits 56-63). */
const WHITE_CROWN_LO = 0xff;
const BLACK_CROWN_HI = 0xff000000 | 0;

/** Next bit along each direction (UP, LEFT, RIGHT, DOWN), -1 off the board. */
const NEXT = new Int32Array(4 * 64).fill(-1);
for (let sq = 1; sq <= 64; sq++) {
  for (let dir = 0; dir < 4; dir++) {
    const n = G.neighbour(sq, dir);
    if (n) NEXT[dir * 64 + sq - 1] = n - 1;
  }
}

// Whole-board steps of a (lo, hi) set; results in rLo, rHi to avoid allocating.
let rLo = 0;
let rHi = 0;
function step(dir: number, lo: number, hi: number): void {
  if (dir === UP) { rLo = (lo >>> 8) | (hi << 24); rHi = hi >>> 8; }
  else if (dir === DOWN) { rLo = lo << 8; rHi = (hi << 8) | (lo >>> 24); }
  else if (dir === LEFT) { rLo = (lo & NOT_A) >>> 1; rHi = (hi & NOT_A) >>> 1; }
  else { rLo = (lo & NOT_H) << 1; rHi = (hi & NOT_H) << 1; }
}

// Capture search state, module-level so that the recursion passes only what changes. The
// opponent's pieces and the empty squares change as pieces are jumped (removed at once).
let gList: MoveList = new MoveList();
let gCount = 0;
let gBest = 0;
let gFrom = 0;
let gOppLo = 0;
let gOppHi = 0;
let gEmptyLo = 0;
let gEmptyHi = 0;
let gWhite = true;
const gPath = new Int32Array(MoveList.MAX_PATH);

const isEmpty = (b: number) => ((b < 32 ? gEmptyLo >>> b : gEmptyHi >>> (b - 32)) & 1) !== 0;
const isOpp = (b: number) => ((b < 32 ? gOppLo >>> b : gOppHi >>> (b - 32)) & 1) !== 0;

/** Takes the piece on b off the board, or puts it back: the same toggle. */
function toggleTaken(b: number): void {
  if (b < 32) { gOppLo ^= 1 << b; gEmptyLo ^= 1 << b; }
  else { gOppHi ^= 1 << (b - 32); gEmptyHi ^= 1 << (b - 32); }
}

function leaf(to: number, capLo: number, capHi: number, n: number, man: boolean): void {
  // Majority rule: only the longest captures are legal; kings and men count the same.
  if (n < gBest) return;
  if (n > gBest) {
    gBest = n;
    gCount = 0;
  } else if (hasSameCapture(gList, gCount, gFrom, to, capLo, capHi)) {
    return; // the same pieces taken by another route is the same move
  }
  // A man is crowned only where its move ends, even if it reached the far rank earlier.
  const crowns = man && (gWhite ? to < 8 : to >= 56);
  writeCapture(gList, gCount++, gFrom, to, capLo, capHi, crowns ? CROWNS : 0, n, gPath);
}

function manCaptures(s: number, capLo: number, capHi: number, n: number, lastDir: number): void {
  let any = false;
  const forward = gWhite ? UP : DOWN;
  for (let d = 0; d < 4; d++) {
    // Men never jump backwards, and never straight back along the line they came (left then right).
    if ((d !== forward && d !== LEFT && d !== RIGHT) || d === 3 - lastDir) continue;
    const o = NEXT[d * 64 + s];
    if (o < 0 || !isOpp(o)) continue;
    const l = NEXT[d * 64 + o];
    if (l < 0 || !isEmpty(l)) continue;
    any = true;
    gPath[n] = l;
    toggleTaken(o);
    if (o < 32) manCaptures(l, capLo | (1 << o), capHi, n + 1, d);
    else manCaptures(l, capLo, capHi | (1 << (o - 32)), n + 1, d);
    toggleTaken(o);
  }
  if (!any && n > 0) leaf(s, capLo, capHi, n, true);
}

function kingCaptures(s: number, capLo: number, capHi: number, n: number, lastDir: number): void {
  let any = false;
  for (let d = 0; d < 4; d++) {
    if (d === 3 - lastDir) continue;
    let o = NEXT[d * 64 + s];
    while (o >= 0 && isEmpty(o)) o = NEXT[d * 64 + o];
    if (o < 0 || !isOpp(o)) continue;
    let l = NEXT[d * 64 + o];
    if (l < 0 || !isEmpty(l)) continue;
    any = true;
    toggleTaken(o);
    const nLo = o < 32 ? capLo | (1 << o) : capLo, nHi = o < 32 ? capHi : capHi | (1 << (o - 32));
    for (; l >= 0 && isEmpty(l); l = NEXT[d * 64 + l]) {
      gPath[n] = l;
      kingCaptures(l, nLo, nHi, n + 1, d);
    }
    toggleTaken(o);
  }
  if (!any && n > 0) leaf(s, capLo, capHi, n, false);
}

function setup(pos: Position): void {
  gWhite = pos.side === WHITE;
  gOppLo = gWhite ? pos.bLo : pos.wLo;
  gOppHi = gWhite ? pos.bHi : pos.wHi;
  gEmptyLo = ~(pos.wLo | pos.bLo);
  gEmptyHi = ~(pos.wHi | pos.bHi);
}

// Men with a jump, found with whole-board steps: an opponent one step away and an empty
// square beyond, in each of the man's three directions. Result in jLo, jHi.
let jLo = 0;
let jHi = 0;
function menThatCapture(menLo: number, menHi: number): void {
  let lo = 0, hi = 0;
  for (let d = gWhite ? UP : LEFT, last = gWhite ? RIGHT : DOWN; d <= last; d++) {
    const back = 3 - d;
    step(back, gEmptyLo, gEmptyHi);
    step(back, rLo & gOppLo, rHi & gOppHi);
    lo |= rLo;
    hi |= rHi;
  }
  jLo = lo & menLo;
  jHi = hi & menHi;
}

function kingCanCapture(s: number): boolean {
  for (let d = 0; d < 4; d++) {
    let o = NEXT[d * 64 + s];
    while (o >= 0 && isEmpty(o)) o = NEXT[d * 64 + o];
    if (o < 0 || !isOpp(o)) continue;
    const l = NEXT[d * 64 + o];
    if (l >= 0 && isEmpty(l)) return true;
  }
  return false;
}

const lowBit = (lo: number, hi: number) => (lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi));

function hasCapture(pos: Position): boolean {
  setup(pos);
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  menThatCapture(ownLo & ~pos.kLo, ownHi & ~pos.kHi);
  if ((jLo | jHi) !== 0) return true;
  for (let lo = ownLo & pos.kLo, hi = ownHi & pos.kHi; (lo | hi) !== 0;) {
    const s = lowBit(lo, hi);
    if (lo !== 0) lo &= lo - 1; else hi &= hi - 1;
    if (kingCanCapture(s)) return true;
  }
  return false;
}

/** Runs `search` from every piece of (lo, hi), with its own square empty while it captures. */
function capturesFrom(lo: number, hi: number, king: boolean): void {
  while ((lo | hi) !== 0) {
    const s = lowBit(lo, hi);
    if (lo !== 0) lo &= lo - 1; else hi &= hi - 1;
    gFrom = s;
    if (s < 32) gEmptyLo ^= 1 << s; else gEmptyHi ^= 1 << (s - 32);
    if (king) kingCaptures(s, 0, 0, 0, -1);
    else manCaptures(s, 0, 0, 0, -1);
    if (s < 32) gEmptyLo ^= 1 << s; else gEmptyHi ^= 1 << (s - 32);
  }
}

/** All legal captures into list (majority rule applied); 0 if there are none. Needs setup(). */
function generateCaptures(pos: Position, list: MoveList): number {
  gList = list;
  gCount = 0;
  gBest = 1;
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  menThatCapture(ownLo & ~pos.kLo, ownHi & ~pos.kHi);
  capturesFrom(jLo, jHi, false);
  capturesFrom(ownLo & pos.kLo, ownHi & pos.kHi, true);
  return gCount;
}

function addSteps(list: MoveList, n: number, tLo: number, tHi: number, delta: number, crownLo: number, crownHi: number): number {
  while ((tLo | tHi) !== 0) {
    const t = lowBit(tLo, tHi);
    if (tLo !== 0) tLo &= tLo - 1; else tHi &= tHi - 1;
    list.from[n] = t - delta;
    list.to[n] = t;
    list.capLo[n] = 0;
    list.capHi[n] = 0;
    list.flags[n] = t < 32 ? (crownLo >>> t) & 1 : (crownHi >>> (t - 32)) & 1;
    list.captures[n] = 0;
    n++;
  }
  return n;
}

const DELTA = [-8, -1, 1, 8];

function generate(pos: Position, list: MoveList): number {
  if (hasCapture(pos)) return (list.count = generateCaptures(pos, list));
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  const menLo = ownLo & ~pos.kLo, menHi = ownHi & ~pos.kHi;
  const crownLo = gWhite ? WHITE_CROWN_LO : 0, crownHi = gWhite ? 0 : BLACK_CROWN_HI;
  let n = 0;
  for (let d = gWhite ? UP : LEFT, last = gWhite ? RIGHT : DOWN; d <= last; d++) {
    step(d, menLo, menHi);
    n = addSteps(list, n, rLo & gEmptyLo, rHi & gEmptyHi, DELTA[d], crownLo, crownHi);
  }
  for (let lo = ownLo & pos.kLo, hi = ownHi & pos.kHi; (lo | hi) !== 0;) {
    const s = lowBit(lo, hi);
    if (lo !== 0) lo &= lo - 1; else hi &= hi - 1;
    for (let d = 0; d < 4; d++) {
      for (let t = NEXT[d * 64 + s]; t >= 0 && isEmpty(t); t = NEXT[d * 64 + t]) {
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
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  const menLo = ownLo & ~pos.kLo, menHi = ownHi & ~pos.kHi;
  let n = 0;
  for (let d = gWhite ? UP : LEFT, last = gWhite ? RIGHT : DOWN; d <= last; d++) {
    step(d, menLo, menHi);
    n += popcount(rLo & gEmptyLo) + popcount(rHi & gEmptyHi);
  }
  for (let lo = ownLo & pos.kLo, hi = ownHi & pos.kHi; (lo | hi) !== 0;) {
    const s = lowBit(lo, hi);
    if (lo !== 0) lo &= lo - 1; else hi &= hi - 1;
    for (let d = 0; d < 4; d++) {
      for (let t = NEXT[d * 64 + s]; t >= 0 && isEmpty(t); t = NEXT[d * 64 + t]) n++;
    }
  }
  return n;
}

function startBoard(): Board {
  const squares = new Array<Piece>(65).fill(0);
  for (let sq = 9; sq <= 24; sq++) squares[sq] = BLACK_MAN; // ranks 7 and 6
  for (let sq = 41; sq <= 56; sq++) squares[sq] = WHITE_MAN; // ranks 3 and 2
  return { side: WHITE, squares };
}

export const TURKISH: Variant = {
  name: 'turkish',
  gameType: 30,
  geometry: G,
  startFen: 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
  firstToMove: WHITE,
  flyingKings: true,
  majorityRule: true,
  removesCapturedAtOnce: true,
  generate,
  countMoves,
  hasCapture,
  make: makeFromList,
  moveFromList: (list: MoveList, i: number) => moveFromList(G, list, i),
  fromBoard: (board: Board) => boardToPosition(G, board),
  toBoard: (pos: Position) => positionToBoard(G, pos),
  startPosition: () => boardToPosition(G, startBoard()),
  ...slowPath(G, generate, makeFromList),
};
