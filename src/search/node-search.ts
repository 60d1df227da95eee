// The node search: principal-variation alpha-beta with the transposition table, move
// ordering (table move, captures, crownings, killers, history), late-move reductions, ProbCut,
// the single-reply extension, and the split of moves between searches sharing the table.

import { testBit } from '../rules/convert.ts';
import { CROWNS, type MoveList, capturedEx } from '../rules/move.ts';
import { kingOutcome } from '../rules/game-end.ts';
import { popcount } from '../rules/position.ts';
import { clearBusy, isBusy, markBusy } from './busy-moves.ts';
import { publishUnfinished, rootOrderBias } from './lazy-smp.ts';
import { SQUARES_MASK, SQUARE_BITS, encode } from './move-code.ts';
import { pieceTo } from './move-history.ts';
import { quiesce } from './quiescence.ts';
import { INF, MATE, MATE_BOUND, MAX_PLY, fromTable, toTable } from './score.ts';
import { NO_TABLE_SCORE } from './table-score.ts';
import { CHECK_EVERY, type SearchTree } from './tree.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from './tt.ts';

/** Depth from which searches sharing a table mark the moves they search and put off each other's. */
const BUSY_DEPTH = 3;

/**
 * Smallest depth at which ProbCut tries its shallow search. From 3, the shallow search (one
 * ply) missed English shots that need a quiet move before the capture: from 5 the shipped
 * weights find 29 of the suite's 30 at every depth 6-10 (26-29 from 3), and play the same
 * (self-play at 100,000 nodes, from 5 against from 3: +20 =65 -20 of 105).
 */
const PROBCUT_MIN_DEPTH = 5;

// Scores and bounds are negated as 0 - x, never -x: -0 is not a small integer to V8, and one
// among the scores turns the search's arithmetic to floating point or deoptimises it.
export function alphaBeta(t: SearchTree, ply: number, depth: number, alpha: number, beta: number, pvNode: boolean, prune: boolean): number {
  t.pvLength[ply] = 0;
  if (depth <= 0) return quiesce(t, ply, alpha, beta, 0);
  if ((++t.nodes & CHECK_EVERY) === 0) t.checkLimits();
  if (t.stopped) return 0;
  if (ply > t.selDepth) t.selDepth = ply;
  const pos = t.positions[ply];

  if (ply > 0) {
    // Breakthrough: the crowning that put a king on the board ended the game.
    if (t.kingWins) {
      const k = kingOutcome(pos);
      if (k !== 0) return k * (MATE - ply);
    }
    if (t.isDraw(ply)) {
      // A rule draw at a position with no move is still decided (the game ended with that move).
      return t.variant.countMoves(pos) === 0 ? t.noMove * (MATE - ply) : 0;
    }
    if (ply >= MAX_PLY - 1) return t.evalCache.evaluate(pos);
    // Mate-distance pruning: nothing here can beat a faster win already found. Where having no
    // move wins (Antidraughts) the side to move may have won here already.
    alpha = Math.max(alpha, -(MATE - ply));
    beta = Math.min(beta, t.noMove > 0 ? MATE - ply : MATE - ply - 1);
    if (alpha >= beta) return alpha;
    if (t.tables !== null) {
      const known = t.tables.score(pos, ply, false);
      if (known !== NO_TABLE_SCORE) return known;
    }
  }

  const tt = t.tt;
  let hashMove = 0;
  if (tt.probe(pos.keyLo, pos.keyHi)) {
    hashMove = tt.move;
    if (!pvNode && tt.depth >= depth) {
      const score = fromTable(tt.score, ply);
      if (tt.bound === BOUND_EXACT ||
          (tt.bound === BOUND_LOWER && score >= beta) ||
          (tt.bound === BOUND_UPPER && score <= alpha)) return score;
    }
  }

  if (prune && !pvNode && depth >= PROBCUT_MIN_DEPTH && t.options.probCut && Math.abs(beta) < MATE_BOUND) {
    // Same position, same ply (its lists are refilled below), no pruning inside.
    const margin = depth * 10;
    const raised = beta + margin;
    const score = alphaBeta(t, ply, (depth * 2 / 5) | 0, raised - 1, raised, false, false);
    if (t.stopped) return 0;
    if (score >= raised) return score - margin;
  }

  const list = t.lists[ply];
  const n = t.variant.generate(pos, list);
  if (n === 0) return t.noMove * (MATE - ply);
  const capturing = list.captures[0] > 0;
  if (n === 1 && ply > 0 && t.options.singleReplyExtension && ply < 2 * t.rootDepth) depth++;

  const order = t.order[ply];
  scoreMoves(t, ply, n, hashMove, capturing);

  const alphaStart = alpha;
  let bestScore = -INF;
  let bestMove = 0;
  const side = pos.side;
  const busy = depth >= BUSY_DEPTH ? t.busy : null;
  const deferred = t.deferred[ply];
  let deferredCount = 0;
  const history = t.history;
  history.startNode(ply);
  // The moves in order, then any put off because another search was busy with them.
  for (let k = 0; k < n + deferredCount; k++) {
    let i = k;
    if (k < n) {
      // Selection sort step: bring the best-ordered remaining move to i.
      let bi = i;
      for (let j = i + 1; j < n; j++) if (order[j] > order[bi]) bi = j;
      if (bi !== i) swap(list, order, i, bi);
    } else {
      i = deferred[k - n];
    }

    t.makeMove(ply, i);
    const child = t.positions[ply + 1];
    const childLo = child.keyLo, childHi = child.keyHi;
    if (busy !== null) {
      if (i > 0 && k < n && isBusy(busy, childLo, childHi)) {
        deferred[deferredCount++] = i;
        continue;
      }
      markBusy(busy, childLo, childHi);
    }
    // The child probes the table (a likely cache miss) only after its draw checks: start the read now.
    if (depth > 1) tt.prefetch(childLo);
    let score: number;
    if (i === 0) {
      score = 0 - alphaBeta(t, ply + 1, depth - 1, 0 - beta, 0 - alpha, pvNode, prune);
    } else {
      let reduction = 0;
      if (t.options.lmr && !capturing && depth >= 3 && i >= 3 && order[i] < 30_000_000 && (list.flags[i] & CROWNS) === 0) {
        reduction = i >= 8 && depth >= 6 ? 2 : 1;
      }
      score = 0 - alphaBeta(t, ply + 1, depth - 1 - reduction, -1 - alpha, 0 - alpha, false, prune);
      if (score > alpha && reduction > 0 && !t.stopped) score = 0 - alphaBeta(t, ply + 1, depth - 1, -1 - alpha, 0 - alpha, false, prune);
      if (score > alpha && score < beta && !t.stopped) score = 0 - alphaBeta(t, ply + 1, depth - 1, 0 - beta, 0 - alpha, true, prune);
    }
    if (busy !== null) clearBusy(busy, childLo, childHi);
    if (t.stopped) return 0;
    if (score > bestScore) {
      bestScore = score;
      bestMove = encode(list, i);
      if (score > alpha) {
        alpha = score;
        t.updatePv(ply, bestMove);
        if (ply === 0) {
          t.rootScore = score;
          if (k > 0 && t.role !== null && t.role.index !== 0) publishUnfinished(t.role, t.rootDepth, bestMove, score);
        }
        if (score >= beta) {
          if (!capturing) history.cutOff(ply, side, depth, list.from[i], list.to[i], bestMove);
          break;
        }
      }
    }
    // The move made at this ply is still move i: the searches below make moves only deeper.
    if (!capturing) history.tryQuiet(ply, list.from[i], list.to[i]);
  }

  const stored = toTable(bestScore, ply);
  const bound = bestScore >= beta ? BOUND_LOWER : bestScore > alphaStart ? BOUND_EXACT : BOUND_UPPER;
  tt.store(pos.keyLo, pos.keyHi, bestMove, stored, depth, bound);
  return bestScore;
}

function scoreMoves(t: SearchTree, ply: number, n: number, hashMove: number, capturing: boolean): void {
  const list = t.lists[ply];
  const order = t.order[ply];
  const pos = t.positions[ply];
  const history = t.history;
  const k1 = history.killers[ply * 2], k2 = history.killers[ply * 2 + 1];
  const helper = ply === 0 && t.role !== null ? t.role.index : 0;
  // A move's code (encode) is worked out only when its from and to squares match the table's
  // move or a killer: most moves match neither, and the code's hash of the captures is the dear part.
  const hashSquares = hashMove & SQUARES_MASK, k1Squares = k1 & SQUARES_MASK, k2Squares = k2 & SQUARES_MASK;
  for (let i = 0; i < n; i++) {
    const squares = list.from[i] | (list.to[i] << SQUARE_BITS);
    let v: number;
    if (squares === hashSquares && encode(list, i) === hashMove) v = 1_000_000_000;
    else if (capturing) {
      v = 100_000_000 + list.captures[i] * 1000 + (popcount(list.capLo[i] & pos.kLo) + popcount(list.capHi[i] & pos.kHi) + popcount(capturedEx(list.flags[i]) & pos.kEx)) * 100;
      if (list.flags[i] & CROWNS) v += 50;
    } else if (list.flags[i] & CROWNS) v = 50_000_000;
    else if (squares === k1Squares && encode(list, i) === k1) v = 40_000_000;
    else if (squares === k2Squares && encode(list, i) === k2) v = 39_000_000;
    else v = history.score(ply, pos.side, list.from[i], list.to[i], pieceToOf(t, ply, list, i)) + (helper && rootOrderBias(helper, list.from[i], list.to[i]));
    order[i] = v;
  }
}

function swap(list: MoveList, order: Int32Array, a: number, b: number): void {
  let t = order[a]; order[a] = order[b]; order[b] = t;
  t = list.from[a]; list.from[a] = list.from[b]; list.from[b] = t;
  t = list.to[a]; list.to[a] = list.to[b]; list.to[b] = t;
  t = list.capLo[a]; list.capLo[a] = list.capLo[b]; list.capLo[b] = t;
  t = list.capHi[a]; list.capHi[a] = list.capHi[b]; list.capHi[b] = t;
  t = list.flags[a]; list.flags[a] = list.flags[b]; list.flags[b] = t;
  t = list.captures[a]; list.captures[a] = list.captures[b]; list.captures[b] = t;
}

/** The continuation index (move-history.ts) of move i of ply's list. */
function pieceToOf(t: SearchTree, ply: number, list: MoveList, i: number): number {
  const pos = t.positions[ply], from = list.from[i];
  return pieceTo(list.to[i], testBit(pos.kLo, pos.kHi, from));
}
