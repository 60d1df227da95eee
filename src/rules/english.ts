// English draughts (8x8 checkers) on one 32-bit word: square n is bit n-1 (steps in
// diagonal-8x8.ts).

import { DOWN_LEFT, DOWN_RIGHT, GEOMETRY_8x8, UP_LEFT, UP_RIGHT } from '../board/geometry.ts';
import { BLACK_CROWN, M3, M5, WHITE_CROWN, jumpersDown, jumpersUp, manStepCount } from './diagonal-8x8.ts';
import { BLACK_MAN, type Board, type Piece, WHITE_MAN } from './board.ts';
import { boardToPosition, moveFromList, positionToBoard } from './convert.ts';
import { Z_BK, Z_BM, Z_HI, Z_LO, Z_SIDE_HI, Z_SIDE_LO, Z_WK, Z_WM } from './zobrist.ts';
import { CROWNS, type Move, MoveList } from './move.ts';
import { addOneWordSteps } from './move-writer.ts';
import { BLACK, type Position, WHITE } from './position.ts';
import type { Variant } from './variant.ts';

// Jump tables by direction and bit: the square jumped over and the landing square, or -1
// for both when the landing square is off the board.
const OVER = new Int32Array(4 * 32).fill(-1);
const LAND = new Int32Array(4 * 32).fill(-1);
for (let sq = 1; sq <= 32; sq++) {
  for (const dir of [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT]) {
    const over = GEOMETRY_8x8.neighbour(sq, dir);
    const land = over ? GEOMETRY_8x8.neighbour(over, dir) : 0;
    if (land) {
      OVER[dir * 32 + sq - 1] = over - 1;
      LAND[dir * 32 + sq - 1] = land - 1;
    }
  }
}

// Capture search state, module-level so that the recursion passes only what changes.
let gList: MoveList = new MoveList();
let gCount = 0;
let gFrom = 0;
let gOpp = 0;
let gEmpty = 0;
let gCrown = 0;
const gPath = new Int32Array(MoveList.MAX_PATH);

function emit(to: number, cap: number, flags: number, length: number, dedupe: boolean): void {
  const list = gList;
  if (dedupe) {
    // A king can take the same pieces by two routes; RULES.md counts that as one move.
    for (let i = 0; i < gCount; i++) {
      if (list.from[i] === gFrom && list.to[i] === to && list.capLo[i] === cap) return;
    }
  }
  const n = gCount++;
  list.from[n] = gFrom;
  list.to[n] = to;
  list.capLo[n] = cap;
  list.capHi[n] = 0;
  list.flags[n] = flags;
  list.captures[n] = length;
  if (list.paths !== null && list.pathLength !== null) {
    list.pathLength[n] = length;
    for (let k = 0; k < length; k++) list.paths[n * MoveList.MAX_PATH + k] = gPath[k];
  }
}

/** Jumps of a man from bit s; dirBase 0 = up (White), 2 = down (Black). */
function manJumps(s: number, dirBase: number, cap: number, depth: number): void {
  let any = false;
  for (let d = dirBase; d < dirBase + 2; d++) {
    const o = OVER[d * 32 + s];
    if (o < 0) continue;
    const ob = 1 << o;
    if ((gOpp & ob) === 0 || (cap & ob) !== 0) continue;
    const l = LAND[d * 32 + s];
    if ((gEmpty & (1 << l)) === 0) continue;
    any = true;
    gPath[depth] = l;
    // Crowning ends the move, even if the new king could jump on.
    if ((gCrown & (1 << l)) !== 0) emit(l, cap | ob, CROWNS, depth + 1, false);
    else manJumps(l, dirBase, cap | ob, depth + 1);
  }
  if (!any && depth > 0) emit(s, cap, 0, depth, false);
}

function kingJumps(s: number, cap: number, depth: number): void {
  let any = false;
  for (let d = 0; d < 4; d++) {
    const o = OVER[d * 32 + s];
    if (o < 0) continue;
    const ob = 1 << o;
    if ((gOpp & ob) === 0 || (cap & ob) !== 0) continue;
    const l = LAND[d * 32 + s];
    if ((gEmpty & (1 << l)) === 0) continue;
    any = true;
    gPath[depth] = l;
    kingJumps(l, cap | ob, depth + 1);
  }
  if (!any && depth > 0) emit(s, cap, 0, depth, true);
}

/** Pieces of the side to move that have a jump; captures are compulsory when this is not 0. */
function jumpers(pos: Position): number {
  const empty = ~(pos.wLo | pos.bLo);
  if (pos.side === WHITE) {
    return jumpersUp(pos.wLo, pos.bLo, empty) | jumpersDown(pos.wLo & pos.kLo, pos.bLo, empty);
  }
  return jumpersDown(pos.bLo, pos.wLo, empty) | jumpersUp(pos.bLo & pos.kLo, pos.wLo, empty);
}

function hasCapture(pos: Position): boolean {
  return jumpers(pos) !== 0;
}

function generateCaptures(pos: Position, list: MoveList, jumping: number): number {
  const white = pos.side === WHITE;
  gList = list;
  gCount = 0;
  gOpp = white ? pos.bLo : pos.wLo;
  gCrown = white ? WHITE_CROWN : BLACK_CROWN;
  const empty = ~(pos.wLo | pos.bLo);
  const dirBase = white ? UP_LEFT : DOWN_LEFT;
  let men = jumping & ~pos.kLo;
  while (men !== 0) {
    const s = 31 - Math.clz32(men & -men);
    men &= men - 1;
    gFrom = s;
    gEmpty = empty;
    manJumps(s, dirBase, 0, 0);
  }
  let kings = jumping & pos.kLo;
  while (kings !== 0) {
    const s = 31 - Math.clz32(kings & -kings);
    kings &= kings - 1;
    gFrom = s;
    // The jumping king has left its square: a round trip may land there again.
    gEmpty = empty | (1 << s);
    kingJumps(s, 0, 0);
  }
  return gCount;
}

function generate(pos: Position, list: MoveList): number {
  const jumping = jumpers(pos);
  if (jumping !== 0) return (list.count = generateCaptures(pos, list, jumping));
  const empty = ~(pos.wLo | pos.bLo);
  let n = 0;
  let down: number, up: number;
  if (pos.side === WHITE) {
    const men = pos.wLo & ~pos.kLo;
    n = addOneWordSteps(list, n, (men >>> 4) & empty, -4, WHITE_CROWN);
    n = addOneWordSteps(list, n, ((men & M3) >>> 5) & empty, -5, WHITE_CROWN);
    n = addOneWordSteps(list, n, ((men & M5) >>> 3) & empty, -3, WHITE_CROWN);
    down = up = pos.wLo & pos.kLo;
  } else {
    const men = pos.bLo & ~pos.kLo;
    n = addOneWordSteps(list, n, (men << 4) & empty, 4, BLACK_CROWN);
    n = addOneWordSteps(list, n, ((men & M5) << 5) & empty, 5, BLACK_CROWN);
    n = addOneWordSteps(list, n, ((men & M3) << 3) & empty, 3, BLACK_CROWN);
    down = up = pos.bLo & pos.kLo;
  }
  if (down !== 0) {
    n = addOneWordSteps(list, n, (down << 4) & empty, 4, 0);
    n = addOneWordSteps(list, n, ((down & M5) << 5) & empty, 5, 0);
    n = addOneWordSteps(list, n, ((down & M3) << 3) & empty, 3, 0);
    n = addOneWordSteps(list, n, (up >>> 4) & empty, -4, 0);
    n = addOneWordSteps(list, n, ((up & M3) >>> 5) & empty, -5, 0);
    n = addOneWordSteps(list, n, ((up & M5) >>> 3) & empty, -3, 0);
  }
  return (list.count = n);
}

const countScratch = new MoveList();

function countMoves(pos: Position): number {
  const jumping = jumpers(pos);
  if (jumping !== 0) return generateCaptures(pos, countScratch, jumping);
  const empty = ~(pos.wLo | pos.bLo);
  let down: number, up: number;
  if (pos.side === WHITE) {
    up = pos.wLo;
    down = pos.wLo & pos.kLo;
  } else {
    down = pos.bLo;
    up = pos.bLo & pos.kLo;
  }
  let n = 0;
  if (down !== 0) n += manStepCount(down, false, empty);
  if (up !== 0) n += manStepCount(up, true, empty);
  return n;
}

/** Copy-make on the low word only: the diagonal 8x8 board never uses the high word. */
export function makeOneWord(dst: Position, src: Position, list: MoveList, i: number): void {
  const from = list.from[i], to = list.to[i], cap = list.capLo[i];
  // XOR, not OR: a king's round-trip capture ends on its own square and must stay there.
  const fromTo = (1 << from) ^ (1 << to);
  let w = src.wLo, b = src.bLo, k = src.kLo;
  let keyLo = src.keyLo ^ Z_SIDE_LO, keyHi = src.keyHi ^ Z_SIDE_HI;
  const wasKing = ((k >>> from) & 1) !== 0;
  const crowns = (list.flags[i] & CROWNS) !== 0;
  let zFrom: number, zTo: number, zCapMan: number, zCapKing: number;
  if (src.side === WHITE) {
    w ^= fromTo;
    zFrom = wasKing ? Z_WK : Z_WM;
    zTo = wasKing || crowns ? Z_WK : Z_WM;
    zCapMan = Z_BM;
    zCapKing = Z_BK;
  } else {
    b ^= fromTo;
    zFrom = wasKing ? Z_BK : Z_BM;
    zTo = wasKing || crowns ? Z_BK : Z_BM;
    zCapMan = Z_WM;
    zCapKing = Z_WK;
  }
  if (wasKing) k ^= fromTo;
  else if (crowns) k |= 1 << to;
  keyLo ^= Z_LO[zFrom + from] ^ Z_LO[zTo + to];
  keyHi ^= Z_HI[zFrom + from] ^ Z_HI[zTo + to];
  if (cap !== 0) {
    let m = cap;
    while (m !== 0) {
      const bit = 31 - Math.clz32(m & -m);
      const z = ((k >>> bit) & 1 ? zCapKing : zCapMan) + bit;
      keyLo ^= Z_LO[z];
      keyHi ^= Z_HI[z];
      m &= m - 1;
    }
    w &= ~cap;
    b &= ~cap;
    k &= ~cap;
  }
  dst.wLo = w; dst.wHi = 0; dst.bLo = b; dst.bHi = 0; dst.kLo = k; dst.kHi = 0;
  dst.side = (src.side ^ 1) as 0 | 1;
  dst.keyLo = keyLo;
  dst.keyHi = keyHi;
}

const slowList = new MoveList(true);

function legalMoves(pos: Position): Move[] {
  const n = generate(pos, slowList);
  const out: Move[] = [];
  for (let i = 0; i < n; i++) out.push(moveFromList(GEOMETRY_8x8, slowList, i));
  return out;
}

function play(pos: Position, move: Move): Position {
  const n = generate(pos, slowList);
  for (let i = 0; i < n; i++) {
    const m = moveFromList(GEOMETRY_8x8, slowList, i);
    if (m.from === move.from && m.to === move.to && m.captured.join() === move.captured.join()) {
      const next = pos.clone();
      makeOneWord(next, pos, slowList, i);
      return next;
    }
  }
  throw new Error(`not a legal move: ${move.from}${move.captured.length ? 'x' : '-'}${move.to}`);
}

export const ENGLISH: Variant = {
  name: 'english',
  gameType: 21,
  geometry: GEOMETRY_8x8,
  startFen: 'B:W21-32:B1-12',
  firstToMove: BLACK,
  flyingKings: false,
  majorityRule: false,
  removesCapturedAtOnce: false,
  generate,
  countMoves,
  hasCapture,
  make: makeOneWord,
  moveFromList: (list: MoveList, i: number) => moveFromList(GEOMETRY_8x8, list, i),
  fromBoard: (board: Board) => boardToPosition(GEOMETRY_8x8, board),
  toBoard: (pos: Position) => positionToBoard(GEOMETRY_8x8, pos),
  startPosition: () => boardToPosition(GEOMETRY_8x8, startBoard()),
  legalMoves,
  play,
};

function startBoard(): Board {
  const squares = new Array<Piece>(33).fill(0);
  for (let sq = 1; sq <= 12; sq++) squares[sq] = BLACK_MAN;
  for (let sq = 21; sq <= 32; sq++) squares[sq] = WHITE_MAN;
  return { side: BLACK, squares };
}
