// Frisian move generation on International's board and bit layout (rules/international.ts):
// men and kings capture along diagonals, files and rows (eight directions; on the dark squares
// a file or row neighbour is two squares away), kings fly; the capture of greatest value must
// be played, a man counting 100 and a king 199 ("just under two men", as lidraughts counts),
// and of equal values one made by a king rather than a man; jumped pieces leave when the
// capture ends, as in International. Quiet moves are diagonal, as in International, except
// that a king which has made three non-capturing moves in a row may not make a fourth while
// its side has men (king-run.ts).

import { GEOMETRY_10x10 } from '../../board/geometry.ts';
import { makeMove } from '../make.ts';
import { CROWNS, MoveList } from '../move.ts';
import { hasCapture as hasSameCapture, writeCapture } from '../move-writer.ts';
import { type Position, WHITE } from '../position.ts';
import { MAX_KING_RUN, runCount, runKeyHi, runKeyLo, runSquareBit, withRun } from './king-run.ts';

const VALID_LO = ~((1 << 10) | (1 << 21));
const VALID_HI = 0x3fffff & ~1 & ~(1 << 11);
export const MAN_VALUE = 100;
export const KING_VALUE = 199;

/**
 * Directions 0 up-left, 1 up-right, 2 up (the same file two rows on), 3 left (the same row two
 * files on), 4 right, 5 down, 6 down-left, 7 down-right: 7 - d is the opposite of d.
 */
const STEP: readonly (readonly [number, number])[] = [[-1, -1], [-1, 1], [-2, 0], [0, -2], [0, 2], [2, 0], [1, -1], [1, 1]];
const NEXT = new Int32Array(8 * 64).fill(-1);
for (let sq = 1; sq <= 50; sq++) {
  const g = GEOMETRY_10x10;
  for (let d = 0; d < 8; d++) {
    const n = g.squareAt(g.row(sq) + STEP[d][0], g.file(sq) + STEP[d][1]);
    if (n) NEXT[d * 64 + g.bit(sq)] = g.bit(n);
  }
}
/** Quiet moves: diagonal only; men forward (White up, Black down). */
const KING_STEPS = [0, 1, 6, 7];

// Capture search state, module-level so that the recursion passes only what changes.
let gList: MoveList = new MoveList();
let gCount = 0;
/** Best capture so far: value * 2, plus 1 when made by a king. */
let gBest = 0;
let gFrom = 0;
let gOppLo = 0;
let gOppHi = 0;
let gEmptyLo = 0;
let gEmptyHi = 0;
let gKingLo = 0;
let gKingHi = 0;
let gWhite = true;
const gPath = new Int32Array(MoveList.MAX_PATH);

const bitIn = (lo: number, hi: number, b: number) => ((b < 32 ? lo : hi) & (1 << b)) !== 0;
const isEmpty = (b: number) => bitIn(gEmptyLo, gEmptyHi, b);

function leaf(to: number, capLo: number, capHi: number, n: number, value: number, man: boolean): void {
  const score = value * 2 + (man ? 0 : 1);
  if (score < gBest) return;
  if (score > gBest) {
    gBest = score;
    gCount = 0;
  } else if (hasSameCapture(gList, gCount, gFrom, to, capLo, capHi)) {
    return; // the same pieces taken by another route is the same move
  }
  const crowns = man && (gWhite ? to < 5 : to >= 49);
  writeCapture(gList, gCount++, gFrom, to, capLo, capHi, crowns ? CROWNS : 0, n, gPath);
}

/** Whether bit `o` holds an opponent not yet taken in this capture. */
function takeable(o: number, capLo: number, capHi: number): boolean {
  const om = 1 << o;
  if (o < 32) return (gOppLo & om) !== 0 && (capLo & om) === 0;
  return (gOppHi & om) !== 0 && (capHi & om) === 0;
}

function manCaptures(s: number, capLo: number, capHi: number, n: number, value: number): void {
  let any = false;
  for (let d = 0; d < 8; d++) {
    const o = NEXT[d * 64 + s];
    if (o < 0) continue;
    const l = NEXT[d * 64 + o];
    if (l < 0 || !takeable(o, capLo, capHi) || !isEmpty(l)) continue;
    any = true;
    gPath[n] = l;
    const v = value + (bitIn(gKingLo, gKingHi, o) ? KING_VALUE : MAN_VALUE);
    if (o < 32) manCaptures(l, capLo | (1 << o), capHi, n + 1, v);
    else manCaptures(l, capLo, capHi | (1 << o), n + 1, v);
  }
  if (!any && n > 0) leaf(s, capLo, capHi, n, value, true);
}

function kingCaptures(s: number, capLo: number, capHi: number, n: number, value: number, lastDir: number): void {
  let any = false;
  for (let d = 0; d < 8; d++) {
    // Straight back the king would meet the piece it just took, which still blocks.
    if (d === 7 - lastDir) continue;
    let o = NEXT[d * 64 + s];
    while (o >= 0 && isEmpty(o)) o = NEXT[d * 64 + o];
    if (o < 0 || !takeable(o, capLo, capHi)) continue;
    const v = value + (bitIn(gKingLo, gKingHi, o) ? KING_VALUE : MAN_VALUE);
    let l = NEXT[d * 64 + o];
    while (l >= 0 && isEmpty(l)) {
      any = true;
      gPath[n] = l;
      if (o < 32) kingCaptures(l, capLo | (1 << o), capHi, n + 1, v, d);
      else kingCaptures(l, capLo, capHi | (1 << o), n + 1, v, d);
      l = NEXT[d * 64 + l];
    }
  }
  if (!any && n > 0) leaf(s, capLo, capHi, n, value, false);
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

/** Whether the piece on `s` can capture (kings; men are found by menThatCapture). */
function pieceCanCapture(s: number, king: boolean): boolean {
  for (let d = 0; d < 8; d++) {
    let o = NEXT[d * 64 + s];
    if (king) while (o >= 0 && isEmpty(o)) o = NEXT[d * 64 + o];
    if (o < 0 || !bitIn(gOppLo, gOppHi, o)) continue;
    const l = NEXT[d * 64 + o];
    if (l >= 0 && isEmpty(l)) return true;
  }
  return false;
}

const lowBit = (x: number) => 31 - Math.clz32(x & -x);

// Men that can capture, found with whole-board shifts (as International's menThatCapture): for
// each direction, an opponent one step on and an empty square beyond. A step is a fixed shift
// in the layout: diagonals 5 and 6 bits, files 11 (two rows, a ghost between), rows 1 (the
// sources masked so that a jump stays in its row).
let sLo = 0;
let sHi = 0;
function shift(lo: number, hi: number, k: number): void {
  if (k > 0) { sHi = (hi << k) | (lo >>> (32 - k)); sLo = lo << k; }
  else { k = -k; sLo = (lo >>> k) | (hi << (32 - k)); sHi = hi >>> k; }
}
const DELTAS = [-6, -5, -11, -1, 1, 11, 5, 6];
const SOURCE_LO = new Int32Array(8).fill(-1);
const SOURCE_HI = new Int32Array(8).fill(-1);
for (let sq = 1; sq <= 50; sq++) {
  const col = (sq - 1) % 5, bit = GEOMETRY_10x10.bit(sq);
  for (const [d, bad] of [[3, col < 2], [4, col > 2]] as const) {
    if (!bad) continue;
    if (bit < 32) SOURCE_LO[d] &= ~(1 << bit);
    else SOURCE_HI[d] &= ~(1 << (bit - 32));
  }
}
let jLo = 0;
let jHi = 0;
/** Sets (jLo, jHi) to the men of (menLo, menHi) with a capture. Needs setup(). */
function menThatCapture(menLo: number, menHi: number): void {
  let lo = 0, hi = 0;
  for (let d = 0; d < 8; d++) {
    const k = DELTAS[d];
    shift(menLo & SOURCE_LO[d], menHi & SOURCE_HI[d], k);
    shift(sLo & gOppLo, sHi & gOppHi, k);
    shift(sLo & gEmptyLo, sHi & gEmptyHi, -2 * k);
    lo |= sLo;
    hi |= sHi;
  }
  jLo = lo & menLo;
  jHi = hi & menHi;
}

export function hasCapture(pos: Position): boolean {
  setup(pos);
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  menThatCapture(ownLo & ~pos.kLo, ownHi & ~pos.kHi);
  if ((jLo | jHi) !== 0) return true;
  for (let lo = ownLo & pos.kLo; lo !== 0; lo &= lo - 1) if (pieceCanCapture(lowBit(lo), true)) return true;
  for (let hi = ownHi & pos.kHi; hi !== 0; hi &= hi - 1) if (pieceCanCapture(lowBit(hi) + 32, true)) return true;
  return false;
}

function capturesFrom(s: number, king: boolean): void {
  gFrom = s;
  const emptyLo = gEmptyLo, emptyHi = gEmptyHi;
  // The capturing piece's own square counts as empty during the sequence.
  if (s < 32) gEmptyLo = emptyLo | (1 << s);
  else gEmptyHi = emptyHi | (1 << s);
  if (king) kingCaptures(s, 0, 0, 0, 0, -1);
  else manCaptures(s, 0, 0, 0, 0);
  gEmptyLo = emptyLo;
  gEmptyHi = emptyHi;
}

/** All captures of greatest value into list. Needs setup(). */
function generateCaptures(pos: Position, list: MoveList): number {
  gList = list;
  gCount = 0;
  gBest = 0;
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  menThatCapture(ownLo & ~pos.kLo, ownHi & ~pos.kHi);
  for (let lo = jLo; lo !== 0; lo &= lo - 1) capturesFrom(lowBit(lo), false);
  for (let hi = jHi; hi !== 0; hi &= hi - 1) capturesFrom(lowBit(hi) + 32, false);
  for (let lo = ownLo & pos.kLo; lo !== 0; lo &= lo - 1) capturesFrom(lowBit(lo), true);
  for (let hi = ownHi & pos.kHi; hi !== 0; hi &= hi - 1) capturesFrom(lowBit(hi) + 32, true);
  return gCount;
}

/**
 * Quiet moves of the side to move (no capture pending; needs setup()) into list, or only
 * counted when list is null.
 */
function quietMoves(pos: Position, list: MoveList | null): number {
  const ownLo = gWhite ? pos.wLo : pos.bLo, ownHi = gWhite ? pos.wHi : pos.bHi;
  const menLo = ownLo & ~pos.kLo, menHi = ownHi & ~pos.kHi;
  // A king that has made three quiet moves in a row rests while its side has men.
  const run = pos.kingRun;
  const resting = (menLo | menHi) !== 0 && runCount(run, pos.side) >= MAX_KING_RUN ? runSquareBit(run, pos.side) : -1;
  let n = 0;
  const first = gWhite ? 0 : 6;
  for (let lo = menLo, hi = menHi; (lo | hi) !== 0;) {
    let s: number;
    if (lo !== 0) { s = lowBit(lo); lo &= lo - 1; } else { s = lowBit(hi) + 32; hi &= hi - 1; }
    for (let d = first; d < first + 2; d++) {
      const t = NEXT[d * 64 + s];
      if (t < 0 || !isEmpty(t)) continue;
      if (list !== null) addQuiet(list, n, s, t, gWhite ? t < 5 : t >= 49);
      n++;
    }
  }
  for (let lo = ownLo & pos.kLo, hi = ownHi & pos.kHi; (lo | hi) !== 0;) {
    let s: number;
    if (lo !== 0) { s = lowBit(lo); lo &= lo - 1; } else { s = lowBit(hi) + 32; hi &= hi - 1; }
    if (s === resting) continue;
    for (let k = 0; k < 4; k++) {
      const d = KING_STEPS[k];
      for (let t = NEXT[d * 64 + s]; t >= 0 && isEmpty(t); t = NEXT[d * 64 + t]) {
        if (list !== null) addQuiet(list, n, s, t, false);
        n++;
      }
    }
  }
  return n;
}

function addQuiet(list: MoveList, n: number, from: number, to: number, crowns: boolean): void {
  list.from[n] = from;
  list.to[n] = to;
  list.capLo[n] = 0;
  list.capHi[n] = 0;
  list.flags[n] = crowns ? CROWNS : 0;
  list.captures[n] = 0;
}

export function generate(pos: Position, list: MoveList): number {
  if (hasCapture(pos)) return (list.count = generateCaptures(pos, list));
  return (list.count = quietMoves(pos, list));
}

const countScratch = new MoveList();

export function countMoves(pos: Position): number {
  return hasCapture(pos) ? generateCaptures(pos, countScratch) : quietMoves(pos, null);
}

/** Copy-make, then each side's king run (king-run.ts) and its share of the key. */
export function make(dst: Position, src: Position, list: MoveList, i: number): void {
  const from = list.from[i], to = list.to[i];
  const capture = (list.capLo[i] | list.capHi[i]) !== 0;
  const kingMoved = bitIn(src.kLo, src.kHi, from);
  makeMove(dst, src, from, to, list.capLo[i], list.capHi[i], list.flags[i]);
  const side = src.side, other = (side ^ 1) as 0 | 1;
  let run = src.kingRun;
  if (kingMoved && !capture) {
    const same = runCount(run, side) > 0 && runSquareBit(run, side) === from;
    run = withRun(run, side, same ? runCount(run, side) + 1 : 1, to);
  } else {
    run = withRun(run, side, 0, 0);
  }
  // Without men the limit no longer applies: no run, so that equal positions have equal keys.
  const menLo = ~dst.kLo, menHi = ~dst.kHi;
  if (((side === WHITE ? dst.wLo & menLo | (dst.wHi & menHi) : dst.bLo & menLo | (dst.bHi & menHi))) === 0) run = withRun(run, side, 0, 0);
  if (((other === WHITE ? dst.wLo & menLo | (dst.wHi & menHi) : dst.bLo & menLo | (dst.bHi & menHi))) === 0) run = withRun(run, other, 0, 0);
  if (run !== src.kingRun) {
    dst.keyLo ^= runKeyLo(src.kingRun) ^ runKeyLo(run);
    dst.keyHi ^= runKeyHi(src.kingRun) ^ runKeyHi(run);
  }
  dst.kingRun = run;
}
