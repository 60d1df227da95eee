// One move generator for the 8x8 family (rules.ts): square n of the usual board is bit n-1 of
// one word (steps in diagonal-8x8.ts). The rules are read from module-level flags that the
// entry points set from a FamilyRules, so the recursion passes only what changes.
//
// Captures: a depth-first search over jump sequences. The capturing piece's own square
// counts as empty; a jumped piece stays on the board as an obstacle until the move ends
// unless the game removes it at once; the same pieces taken by another route are one move.
// Completed sequences are ranked by the game's CaptureRanking as they are found: a better
// one empties the list, a worse one is dropped.

import { GEOMETRY_8x8 } from '../../board/geometry.ts';
import { BLACK_CROWN, M3, M5, WHITE_CROWN, jumpersDown, jumpersUp, manStepCount } from '../diagonal-8x8.ts';
import { CROWNS, MoveList } from '../move.ts';
import { addOneWordSteps, hasCapture as hasSameCapture, writeCapture } from '../move-writer.ts';
import { type Position, WHITE, popcount } from '../position.ts';
import type { CaptureRanking, FamilyRules } from './rules.ts';

/** Next bit along each direction (0 up-left, 1 up-right, 2 down-left, 3 down-right), -1 off the board. */
const NEXT = new Int32Array(4 * 32).fill(-1);
for (let sq = 1; sq <= 32; sq++) {
  for (let dir = 0; dir < 4; dir++) {
    const n = GEOMETRY_8x8.neighbour(sq, dir);
    if (n) NEXT[dir * 32 + sq - 1] = n - 1;
  }
}

const FREE = 0, MOST = 1, MOST_THEN_KINGS = 2, ITALIAN = 3, KING_FIRST = 4;
const RANKING: Record<CaptureRanking, number> = {
  free: FREE, most: MOST, 'most-then-kings': MOST_THEN_KINGS, italian: ITALIAN, 'king-first': KING_FIRST,
};

/** The rules as the flags the loops read. */
export interface CompiledRules {
  flying: boolean;
  backwards: boolean;
  menTakeKings: boolean;
  crownedGoesOnAsKing: boolean;
  justBeyond: boolean;
  atOnce: boolean;
  ranking: number;
  /** A flying king that can go on capturing from some landing square must land on one (moot under a majority rule). */
  mustContinue: boolean;
}

export function compileRules(rules: FamilyRules): CompiledRules {
  const ranking = RANKING[rules.ranking];
  return {
    flying: rules.flyingKings,
    backwards: rules.menCaptureBackwards,
    menTakeKings: rules.menCaptureKings,
    crownedGoesOnAsKing: rules.crownedMidCapture === 'king',
    justBeyond: rules.kingLandsJustBeyond,
    atOnce: rules.removesCapturedAtOnce,
    ranking,
    mustContinue: rules.flyingKings && !rules.kingLandsJustBeyond && (ranking === FREE || ranking === KING_FIRST),
  };
}

// The rules of the current generation.
let rFlying = true;
let rBackwards = true;
let rMenTakeKings = true;
let rAsKing = false;
let rJustBeyond = false;
let rAtOnce = false;
let rRanking = FREE;
let rMustContinue = false;

export function useRules(r: CompiledRules): void {
  rFlying = r.flying;
  rBackwards = r.backwards;
  rMenTakeKings = r.menTakeKings;
  rAsKing = r.crownedGoesOnAsKing;
  rJustBeyond = r.justBeyond;
  rAtOnce = r.atOnce;
  rRanking = r.ranking;
  rMustContinue = r.mustContinue;
}

// Capture search state.
let gList: MoveList = new MoveList();
let gCount = 0;
let gBest = 0;
let gFrom = 0;
let gOpp = 0;
/** The opponent's pieces a man may take (all of them, or only men in Italian). */
let gPrey = 0;
let gKings = 0;
let gEmpty = 0;
let gCrown = 0;
/** 1 when the capturing piece is a king (Czech and Italian rank by it). */
let gWithKing = 0;
const gPath = new Int32Array(MoveList.MAX_PATH);
/** Bits of the pieces jumped, in order (Italian ranks by when kings were taken). */
const gVictim = new Int32Array(MoveList.MAX_PATH);

/** A completed sequence's rank under the game's ranking: higher is better, equal ties. */
function rank(cap: number, n: number): number {
  switch (rRanking) {
    case MOST: return n;
    case MOST_THEN_KINGS: return n * 32 + popcount(cap & gKings);
    case KING_FIRST: return gWithKing;
    case ITALIAN: {
      // Most pieces, then with a king, then most kings, then kings taken earliest: one bit per
      // jump, earlier jumps on higher bits, so that comparing the masks compares the orders.
      let order = 0;
      for (let i = 0; i < n; i++) if ((gKings >>> gVictim[i]) & 1) order |= 1 << (15 - i);
      return (n << 21) | (gWithKing << 20) | (popcount(cap & gKings) << 16) | order;
    }
    default: return 0;
  }
}

function leaf(to: number, cap: number, n: number, crowns: boolean): void {
  if (rRanking !== FREE) {
    const r = rRanking === MOST ? n : rank(cap, n);
    if (r < gBest) return;
    if (r > gBest) {
      gBest = r;
      gCount = 0;
    }
  }
  if (hasSameCapture(gList, gCount, gFrom, to, cap, 0)) return;
  writeCapture(gList, gCount++, gFrom, to, cap, 0, crowns ? CROWNS : 0, n, gPath);
}

function manCaptures(s: number, cap: number, n: number, dirLo: number, dirHi: number): void {
  let any = false;
  for (let d = dirLo; d <= dirHi; d++) {
    const o = NEXT[d * 32 + s];
    if (o < 0) continue;
    const l = NEXT[d * 32 + o];
    if (l < 0) continue;
    const ob = 1 << o;
    if ((gPrey & ob) === 0 || (cap & ob) !== 0 || (gEmpty & (1 << l)) === 0) continue;
    any = true;
    gPath[n] = l;
    gVictim[n] = o;
    if (rAtOnce) gEmpty |= ob;
    // Russian: crowned on the spot, the new king goes on with flying captures.
    if (rAsKing && (gCrown & (1 << l)) !== 0) kingCaptures(l, cap | ob, n + 1, d, true);
    else manCaptures(l, cap | ob, n + 1, dirLo, dirHi);
    if (rAtOnce) gEmpty &= ~ob;
  }
  if (!any && n > 0) leaf(s, cap, n, (gCrown & (1 << s)) !== 0);
}

/** Whether a flying king on `s` that has taken `cap`, arriving along `lastDir`, can capture again. */
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
    // Straight back the king would meet the piece it just took, which still blocks; in Thai,
    // which removes it, a king may still not turn straight back (the published perft counts
    // agree: allowing it gives 385713687 at depth 12 instead of 385713660).
    if (d === 3 - lastDir) continue;
    let o = NEXT[d * 32 + s];
    if (rFlying) while (o >= 0 && (gEmpty & (1 << o)) !== 0) o = NEXT[d * 32 + o];
    if (o < 0) continue;
    const ob = 1 << o;
    if ((gOpp & ob) === 0 || (cap & ob) !== 0) continue;
    const first = NEXT[d * 32 + o];
    if (first < 0 || (gEmpty & (1 << first)) === 0) continue;
    any = true;
    const next = cap | ob;
    gVictim[n] = o;
    if (rAtOnce) gEmpty |= ob;
    if (!rFlying || rJustBeyond) {
      gPath[n] = first;
      kingCaptures(first, next, n + 1, d, crowned);
    } else {
      let mustContinue = false;
      if (rMustContinue) {
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
    if (rAtOnce) gEmpty &= ~ob;
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

export function hasCapture(pos: Position): boolean {
  const white = pos.side === WHITE;
  const own = white ? pos.wLo : pos.bLo, opp = white ? pos.bLo : pos.wLo;
  const empty = ~(pos.wLo | pos.bLo);
  // Men with a first jump, written out here and below rather than in a helper: V8 would not
  // inline it, which cost a tenth of Brazilian's perft time.
  const men = own & ~pos.kLo, prey = rMenTakeKings ? opp : opp & ~pos.kLo;
  const jumpers = rBackwards ? jumpersUp(men, prey, empty) | jumpersDown(men, prey, empty)
    : white ? jumpersUp(men, prey, empty) : jumpersDown(men, prey, empty);
  if (jumpers !== 0) return true;
  const kings = own & pos.kLo;
  if (kings === 0) return false;
  if (!rFlying) return (jumpersUp(kings, opp, empty) | jumpersDown(kings, opp, empty)) !== 0;
  for (let k = kings; k !== 0; k &= k - 1) {
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
  gBest = 0;
  gOpp = white ? pos.bLo : pos.wLo;
  gKings = pos.kLo;
  gPrey = rMenTakeKings ? gOpp : gOpp & ~pos.kLo;
  gCrown = white ? WHITE_CROWN : BLACK_CROWN;
  const empty = ~(pos.wLo | pos.bLo);
  const dirLo = rBackwards || white ? 0 : 2, dirHi = rBackwards || !white ? 3 : 1;
  gWithKing = 0;
  const men = own & ~pos.kLo;
  const jumpers = rBackwards ? jumpersUp(men, gPrey, empty) | jumpersDown(men, gPrey, empty)
    : white ? jumpersUp(men, gPrey, empty) : jumpersDown(men, gPrey, empty);
  for (let m = jumpers; m !== 0; m &= m - 1) {
    const s = 31 - Math.clz32(m & -m);
    gFrom = s;
    gEmpty = empty | (1 << s);
    manCaptures(s, 0, 0, dirLo, dirHi);
  }
  gWithKing = 1;
  for (let k = own & pos.kLo; k !== 0; k &= k - 1) {
    const s = 31 - Math.clz32(k & -k);
    gFrom = s;
    gEmpty = empty | (1 << s);
    kingCaptures(s, 0, 0, -1, false);
  }
  return gCount;
}

export function generate(pos: Position, list: MoveList): number {
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
        if (!rFlying) break;
      }
    }
  }
  return (list.count = n);
}

const countScratch = new MoveList();

export function countMoves(pos: Position): number {
  if (hasCapture(pos)) return generateCaptures(pos, countScratch);
  const white = pos.side === WHITE;
  const own = white ? pos.wLo : pos.bLo;
  const empty = ~(pos.wLo | pos.bLo);
  let n = manStepCount(own & ~pos.kLo, white, empty);
  for (let kings = own & pos.kLo; kings !== 0; kings &= kings - 1) {
    const s = 31 - Math.clz32(kings & -kings);
    for (let d = 0; d < 4; d++) {
      for (let t = NEXT[d * 32 + s]; t >= 0 && (empty & (1 << t)) !== 0; t = NEXT[d * 32 + t]) {
        n++;
        if (!rFlying) break;
      }
    }
  }
  return n;
}
