// Lasca move generation on the commander bitboards (columns.ts): quiet steps by shifts,
// captures by a depth-first walk over jump tables.
//
// A capture's entry in the MoveList: from/to bit indices, capLo the jumped squares, captures
// the number of jumps, flags CROWNS when the commander is promoted, and capHi the route: the
// direction of jump k in bits 2k..2k+1. The route is needed because the order of the jumps
// decides which piece ends where (RULES.md: the same squares in another order are another
// move); there are at most 11 jumps (one per opposing piece), so 22 bits.

import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT } from '../../board/geometry.ts';
import { GEOMETRY_7x7 } from '../../board/geometry-7x7.ts';
import { CROWNS, MoveList } from '../move.ts';
import { type Position, WHITE, popcount } from '../position.ts';

export const BOARD = (1 << 25) - 1;
/** Four-square rows, file a (no step left) and file g (no step right). */
const FILE_A = (1 << 0) | (1 << 7) | (1 << 14) | (1 << 21);
const FILE_G = (1 << 3) | (1 << 10) | (1 << 17) | (1 << 24);
/** Promotion rows: White on rank 7 (squares 1-4), Black on rank 1 (22-25). */
export const WHITE_FAR = 0xf;
export const BLACK_FAR = 0xf << 21;

const stepDownLeft = (x: number) => ((x & ~FILE_A) << 3) & BOARD;
const stepDownRight = (x: number) => ((x & ~FILE_G) << 4) & BOARD;
const stepUpLeft = (x: number) => (x & ~FILE_A) >>> 4;
const stepUpRight = (x: number) => (x & ~FILE_G) >>> 3;

/** Jump tables by direction * 32 + bit: the square jumped and the landing square, -1 off the board. */
export const OVER = new Int32Array(4 * 32).fill(-1);
export const LAND = new Int32Array(4 * 32).fill(-1);
for (let sq = 1; sq <= 25; sq++) {
  for (const dir of [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT]) {
    const over = GEOMETRY_7x7.neighbour(sq, dir);
    const land = over ? GEOMETRY_7x7.neighbour(over, dir) : 0;
    if (land) {
      OVER[dir * 32 + sq - 1] = over - 1;
      LAND[dir * 32 + sq - 1] = land - 1;
    }
  }
}

// Capture walk state, module-level so that the recursion passes only what changes.
let gList = new MoveList();
let gCount = 0;
let gFrom = 0;
/** Columns the opponent commands. */
let gOpp = 0;
/**
 * Empty squares. Jumping a column of one empties its square, but a jump lands two squares on,
 * so every landing square has the file and rank parity of the start and every jumped square the
 * other parity: a sequence never lands where it jumped, and the set needs no update.
 */
let gEmpty = 0;
/** Squares where a soldier commander is promoted (0 for an officer). */
let gFar = 0;
const gPath = new Int32Array(MoveList.MAX_PATH);

function emit(to: number, jumped: number, route: number, flags: number, length: number): void {
  const list = gList;
  const n = gCount++;
  list.from[n] = gFrom;
  list.to[n] = to;
  list.capLo[n] = jumped;
  list.capHi[n] = route;
  list.flags[n] = flags;
  list.captures[n] = length;
  if (list.paths !== null && list.pathLength !== null) {
    list.pathLength[n] = length;
    for (let k = 0; k < length; k++) list.paths[n * MoveList.MAX_PATH + k] = gPath[k];
  }
}

/** Jumps from bit s in directions first..last; `jumped` holds the columns already jumped. */
function jumps(s: number, first: number, last: number, jumped: number, route: number, depth: number): void {
  let any = false;
  for (let d = first; d <= last; d++) {
    const o = OVER[d * 32 + s];
    if (o < 0) continue;
    const ob = 1 << o;
    // The same column is never jumped twice, even when a freed prisoner left it ours or theirs.
    if ((gOpp & ob) === 0 || (jumped & ob) !== 0) continue;
    const l = LAND[d * 32 + s];
    if ((gEmpty & (1 << l)) === 0) continue;
    any = true;
    gPath[depth] = l;
    const r = route | (d << (2 * depth));
    // Promotion ends the sequence.
    if ((gFar & (1 << l)) !== 0) {
      emit(l, jumped | ob, r, CROWNS, depth + 1);
      continue;
    }
    jumps(l, first, last, jumped | ob, r, depth + 1);
  }
  if (!any && depth > 0) emit(s, jumped, route, 0, depth);
}

/** Columns of `movers` with a jump downwards (towards rank 1). */
function jumpersDown(movers: number, opp: number, empty: number): number {
  return movers & (stepUpRight(stepUpRight(empty) & opp) | stepUpLeft(stepUpLeft(empty) & opp));
}
/** Columns of `movers` with a jump upwards (towards rank 7). */
function jumpersUp(movers: number, opp: number, empty: number): number {
  return movers & (stepDownRight(stepDownRight(empty) & opp) | stepDownLeft(stepDownLeft(empty) & opp));
}

/** Columns of the side to move that can capture; captures are compulsory when this is not 0. */
function jumpers(pos: Position): number {
  const empty = ~(pos.wLo | pos.bLo) & BOARD;
  if (pos.side === WHITE) {
    return jumpersUp(pos.wLo, pos.bLo, empty) | jumpersDown(pos.wLo & pos.kLo, pos.bLo, empty);
  }
  return jumpersDown(pos.bLo, pos.wLo, empty) | jumpersUp(pos.bLo & pos.kLo, pos.wLo, empty);
}

export function hasCapture(pos: Position): boolean {
  return jumpers(pos) !== 0;
}

function generateCaptures(pos: Position, list: MoveList, jumping: number): number {
  const white = pos.side === WHITE;
  gList = list;
  gCount = 0;
  gOpp = white ? pos.bLo : pos.wLo;
  const empty = ~(pos.wLo | pos.bLo) & BOARD;
  for (let m = jumping; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    gFrom = s;
    // The capturing column has left its square: it may land there again.
    gEmpty = empty | (1 << s);
    if ((pos.kLo >>> s) & 1) {
      gFar = 0;
      jumps(s, UP_LEFT, DOWN_RIGHT, 0, 0, 0);
    } else if (white) {
      gFar = WHITE_FAR;
      jumps(s, UP_LEFT, UP_RIGHT, 0, 0, 0);
    } else {
      gFar = BLACK_FAR;
      jumps(s, DOWN_LEFT, DOWN_RIGHT, 0, 0, 0);
    }
  }
  return gCount;
}

function addSteps(list: MoveList, n: number, targets: number, delta: number, far: number): number {
  for (; targets !== 0; targets &= targets - 1) {
    const t = 31 - Math.clz32(targets & -targets);
    list.from[n] = t - delta;
    list.to[n] = t;
    list.capLo[n] = 0;
    list.capHi[n] = 0;
    list.flags[n] = (far >>> t) & 1;
    list.captures[n] = 0;
    n++;
  }
  return n;
}

export function generate(pos: Position, list: MoveList): number {
  const jumping = jumpers(pos);
  if (jumping !== 0) return (list.count = generateCaptures(pos, list, jumping));
  const empty = ~(pos.wLo | pos.bLo) & BOARD;
  let n = 0;
  let officers: number;
  if (pos.side === WHITE) {
    const soldiers = pos.wLo & ~pos.kLo;
    n = addSteps(list, n, stepUpLeft(soldiers) & empty, -4, WHITE_FAR);
    n = addSteps(list, n, stepUpRight(soldiers) & empty, -3, WHITE_FAR);
    officers = pos.wLo & pos.kLo;
  } else {
    const soldiers = pos.bLo & ~pos.kLo;
    n = addSteps(list, n, stepDownLeft(soldiers) & empty, 3, BLACK_FAR);
    n = addSteps(list, n, stepDownRight(soldiers) & empty, 4, BLACK_FAR);
    officers = pos.bLo & pos.kLo;
  }
  if (officers !== 0) {
    n = addSteps(list, n, stepUpLeft(officers) & empty, -4, 0);
    n = addSteps(list, n, stepUpRight(officers) & empty, -3, 0);
    n = addSteps(list, n, stepDownLeft(officers) & empty, 3, 0);
    n = addSteps(list, n, stepDownRight(officers) & empty, 4, 0);
  }
  return (list.count = n);
}

const countScratch = new MoveList();

export function countMoves(pos: Position): number {
  const jumping = jumpers(pos);
  if (jumping !== 0) return generateCaptures(pos, countScratch, jumping);
  const empty = ~(pos.wLo | pos.bLo) & BOARD;
  let up: number, down: number;
  if (pos.side === WHITE) {
    up = pos.wLo;
    down = pos.wLo & pos.kLo;
  } else {
    down = pos.bLo;
    up = pos.bLo & pos.kLo;
  }
  let n = 0;
  if (up !== 0) n += popcount(stepUpLeft(up) & empty) + popcount(stepUpRight(up) & empty);
  if (down !== 0) n += popcount(stepDownLeft(down) & empty) + popcount(stepDownRight(down) & empty);
  return n;
}

/** Squares a side's columns could step to, were it to move (for evaluation: mobility). */
export function stepTargets(own: number, officers: number, empty: number, white: boolean): number {
  const up = white ? own : officers, down = white ? officers : own;
  return ((stepUpLeft(up) | stepUpRight(up)) | (stepDownLeft(down) | stepDownRight(down))) & empty;
}
