// The search: iterative deepening over principal-variation alpha-beta with aspiration
// windows, a transposition table, quiescence that resolves every capture, killer and
// history move ordering, late-move reductions, ProbCut (English, International), and draws by
// repetition and by the draw rules of RULES.md inside the tree. Several searches of one root can
// share the table (lazy-smp.ts) and split its moves between them (busy-moves.ts).
//
// Hot path: positions, move lists and per-ply tables are preallocated; moves inside the
// tree are indices into the ply's MoveList, encoded as numbers for the table and killers.
// Everything crossing the interface (results, principal variations) is plain Move objects.

import {
  type DrawCounters, type DrawRules, drawRulesOf, drawnByCounters, materialSignature, nextEnding, nextQuiet, nextReversible,
} from '../game/draw-rules.ts';
import type { Limits } from '../engine/task.ts';
import { createEvaluator } from '../eval/evaluators.ts';
import type { PositionEvaluator } from '../eval/position-evaluator.ts';
import { EvalCache } from './eval-cache.ts';
import { testBit } from '../rules/convert.ts';
import { CROWNS, MAX_MOVES, type Move, MoveList } from '../rules/move.ts';
import { Position, popcount } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import type { EndgameTables } from '../egdb/tables.ts';
import { NO_TABLE_SCORE, TableScorer } from './table-score.ts';
import {
  type IterationRecord, type ParallelRole, aheadOf, deepestElsewhere, finishedElsewhere, publishIteration, publishNodes, publishUnfinished, rootOrderBias, unfinishedElsewhere,
} from './lazy-smp.ts';
import { planTime } from './time.ts';
import { clearBusy, isBusy, markBusy } from './busy-moves.ts';
import { MoveHistory, pieceTo } from './move-history.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.ts';

export const MAX_PLY = 128;
export const MATE = 30000;
/** Scores beyond this are wins or losses at a known distance. */
export const MATE_BOUND = MATE - 2 * MAX_PLY;
const LOST_BOUND = -MATE_BOUND;
const INF = 32000;
/**
 * Nodes between looks at the clock and the stop flag, less one. Small, because a cold first
 * search (code not yet compiled, table pages not yet mapped) can spend 30 µs a node: at 128
 * nodes a stop or deadline is seen within a few milliseconds, and a look costs well under 0.1 µs.
 */
const CHECK_EVERY = 127;
/** Depth from which searches sharing a table mark the moves they search and put off each other's. */
const BUSY_DEPTH = 3;

/**
 * Smallest depth at which ProbCut tries its shallow search. From 3, the shallow search (one
 * ply) missed English shots that need a quiet move before the capture: from 5 the shipped
 * weights find 29 of the suite's 30 at every depth 6-10 (26-29 from 3), and play the same
 * (self-play at 100,000 nodes, from 5 against from 3: +20 =65 -20 of 105).
 */
const PROBCUT_MIN_DEPTH = 5;

export interface SearchOptions {
  /** Late-move reductions of quiet moves after the first few. */
  lmr: boolean;
  /** Aspiration windows around the previous iteration's score. */
  aspiration: boolean;
  /** Search one ply deeper where the side to move has a single legal move. */
  singleReplyExtension: boolean;
  /** In quiescence, when the opponent threatens a capture and we have none, try our quiet moves once. */
  threatQuiescence: boolean;
  /**
   * At a non-PV node, a shallow search (two fifths of the depth) against a raised beta: if even
   * that fails high, the node is cut without its full search (ProbCut, as Scan prunes).
   */
  probCut: boolean;
  /** Continuation histories (move-history.ts) beside the from-to history, and losses for the quiet moves a cut-off passed over. */
  continuationHistory: boolean;
}

// Measured with bench/selfplay.ts at equal nodes (A = option on, B = off), 2026-11-23:
// lmr on: English +59 =91 -50 of 200 (+16 Elo), International +34 =45 -21 of 100 (+45 Elo): on.
// threatQuiescence on: English +48 =95 -57 (-16), International +28 =46 -26 (+7): no gain, off.
// 2026-11-24, 100,000 nodes a move, the learned evaluation:
// probCut on: English +54 =95 -27 of 176 (+54 Elo): on; International +16 =50 -27 of 93 (-41): off.
// At International, a margin of 20 a ply: +8 =29 -20 of 57 (-74); the shallow search at three
// fifths of the depth: +31 =71 -23 of 125 (+22 ± 40), too little evidence to switch it on.
// Tried and dropped: Scan's heavier reductions (every quiet move after the first, two plies
// from the fifth at non-PV nodes): English +22 =48 -25 (-10); a history malus for the quiet
// moves tried before a cut-off, with probCut: English +34 =82 -30 of 146 (+10).
// 2026-11-24 (later), with probCut: reverse futility (a non-PV node of depth 1-3, no capture
// for either side, cut when its static evaluation beats beta by 60 a ply): English +43 =121 -35
// of 199 (+14 ± 35); at 30 a ply, +15 =35 -22 of 72: dropped.
// 2026-11-25, with probCut: continuationHistory on: English +37 =138 -25 of 200 (+21 ± 28);
// International (50,000 nodes) +63 =99 -38 of 200 (+44): on.
// Tried and dropped: a move at depth 1 that leaves the mover threatening a capture searched a
// ply deeper (so the threat meets a real reply before quiescence): twice the nodes at depth 13,
// English +25 =69 -28 of 122 (-9).
// 2026-11-25 (commit a2e8d87), ProbCut from depth 5 (PROBCUT_MIN_DEPTH): International probCut
// on, 50,000 nodes: +50 =109 -41 of 200 (+16 ± 30), too little to switch it on there.
// Tried and dropped: late-move reductions by history (one ply less for a quiet move whose
// history score is above HISTORY_MAX / 2, one more below -HISTORY_MAX / 2 from depth 5):
// English, 100,000 nodes, +35 =128 -37 of 200 (-3); reductions from the third move instead of
// the fourth: +34 =135 -31 of 200 (+5).
// 2026-11-26: a capture that answers a capture, or any capture on the PV, searched without
// using a ply (as GuiNN extends): English, 0.1 s a move, +26 =109 -33 of 168 (-14): dropped.
// 2026-11-27: pruning as GuiNN does (a non-PV node of depth 3 or more, no capture on, whose
// static evaluation beats beta by a margin, cut when a search four plies shallower against
// beta + margin fails high too), English, 50,000 nodes, 200 games each: beside ProbCut,
// margin 30 +29 =133 -38 (-16), 80 +24 =142 -34 (-17); instead of ProbCut, margin 15 +33 =132
// -35 (-3), 30 +43 =124 -33 (+17), 50 +39 =128 -33 (+10), all within ±30: dropped.
// 2026-11-29 (commit a4135a1), English with the shipped network, screened at 50,000 nodes
// over the 314 games of the shipped openings (at fixed nodes more would replay them), then at
// 0.1 s a move over 300 games if 52.5% or more (score of the change):
// internal iterative reduction (no table move, depth 6 or more: a ply less) 49.5%; late-move
// pruning (non-PV, depth 1-3, quiet moves after the first 3 + depth²) 51.1%; reductions
// growing with log(depth) x log(move number), a ply more at non-PV nodes, 50.8%. ProbCut's
// margin 7 a ply 52.7%, 5 53.5%, 3 51.4%, and 5 at 0.1 s +81 =455 -64 of 600 (51.4%, +10 ± 14); an
// aspiration window of 15, not 30, 54.1%, at 0.1 s +32 =231 -37 (49.2%). None kept: what
// gains at 50,000 nodes (about 17 ms a move) did not carry to 0.1 s.
// 2026-11-30 (commit 5c2e5f3): International probCut on (margin 10 a ply, from depth 5),
// the shipped 256-16 network, 0.1 s a move, 600 games: +44 =234 -22 then +42 =230 -28, together
// +86 =464 -50, 53.0% (+21 ± 13): on. The bench tree at depth 11 falls from 7.19 M to 4.37 M nodes.
// Then a margin of 20 a ply there against 10, 300 games: +30 =237 -33, 49.5%: stays 10.
// With it, International reductions of two plies from the sixth move at depth 5 (not the ninth
// at depth 6), 300 games: +24 =247 -29, 49.2%: not kept.
export const DEFAULT_OPTIONS: SearchOptions = { lmr: true, aspiration: true, singleReplyExtension: true, threatQuiescence: false, probCut: false, continuationHistory: true };

/** The options a variant searches with by default: DEFAULT_OPTIONS, and probCut where it was measured to gain. */
export function defaultOptions(variant: Variant): SearchOptions {
  return { ...DEFAULT_OPTIONS, probCut: variant.name === 'english' || variant.name === 'international' };
}

export interface SearchInfo {
  depth: number;
  selDepth: number;
  /** Centi-men from the side to move; beyond ±MATE_BOUND a win or loss (see mateIn). */
  score: number;
  nodes: number;
  timeMs: number;
  pv: Move[];
  /** Positions scored from the endgame tables; absent when the search has none. */
  tbHits?: number;
  /** Plies to conversion when the tables chose the move by distance (the root a table win or loss). */
  tbDistance?: number;
}

export interface SearchResult extends SearchInfo {
  /** Null when the side to move has no legal move. */
  move: Move | null;
  /** The reply we expect, to ponder on. */
  ponder: Move | null;
}

export interface SearchRequest {
  /** Keys of the game's positions since its last irreversible move, oldest first, the root last. */
  history?: { lo: Int32Array; hi: Int32Array };
  /** The root's draw-rule counters (Game.drawCounters); by default derived from the history. */
  counters?: DrawCounters;
  limits: Limits;
  /** Search a single legal move too, instead of returning it at once. */
  analyze?: boolean;
  /** When the move's time began (Date.now()), if before the call: the time since counts against the limits. */
  startedAt?: number;
  /** Int32Array over shared memory whose element `stopIndex` becomes non-zero to stop. */
  signals?: Int32Array;
  stopIndex?: number;
  /** One of several searches of this root sharing the table (lazy-smp.ts); alone by default. */
  role?: ParallelRole;
  onInfo?: (info: SearchInfo) => void;
}

/** Plies to mate from a score (positive: we win), or null for an ordinary score. */
export function mateIn(score: number): number | null {
  if (score > MATE_BOUND) return MATE - score;
  if (score < -MATE_BOUND) return -(MATE + score);
  return null;
}

/**
 * The table keeps a mate score as the distance from its own position, the search's score is
 * from the root: these convert. The arithmetic is done on every call, mate or not, so that the
 * optimised search never meets an operation it has no type feedback for (V8 deoptimises there,
 * over and over in a recursive search, when the first mate score turns up).
 */
function toTable(score: number, ply: number): number {
  return score + ply * mateSign(score);
}

function fromTable(score: number, ply: number): number {
  return score - ply * mateSign(score);
}

/** 1 for a win at a known distance, -1 for a loss, 0 for any other score. */
function mateSign(score: number): number {
  return score > MATE_BOUND ? 1 : score < LOST_BOUND ? -1 : 0;
}

const ENC_VALID = 1 << 30;
/** The from and to squares of an encoded move. */
const SQUARES_MASK = (1 << 12) - 1;

/** A move's identity in 31 bits: from, to and a hash of the captured set (the table's and the parallel records' encoding). */
export function encode(list: MoveList, i: number): number {
  const h = (Math.imul(list.capLo[i], 0x9e3779b1) ^ Math.imul(list.capHi[i], 0x85ebca77)) >>> 14;
  return ENC_VALID | list.from[i] | (list.to[i] << 6) | (h << 12);
}

/** Where the move encoded as `move` stands among the first n of `list`, or -1. */
function indexOf(list: MoveList, n: number, move: number): number {
  for (let i = 0; i < n; i++) if (encode(list, i) === move) return i;
  return -1;
}

export class Searcher {
  readonly evaluator: PositionEvaluator;
  private readonly evalCache: EvalCache;
  readonly tt: TranspositionTable;
  options: SearchOptions;
  private readonly draws: DrawRules;

  private readonly positions: Position[] = [];
  private readonly lists: MoveList[] = [];
  private readonly order: Int32Array[] = [];
  /** Per ply, the moves put off because another search was busy with them (busy-moves.ts). */
  private readonly deferred: Int32Array[] = [];
  private readonly history = new MoveHistory(MAX_PLY);
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);

  // Game and tree positions as one stack: keys and draw counters, index `base + ply`.
  private keyLo = new Int32Array(0);
  private keyHi = new Int32Array(0);
  private reversible = new Int32Array(0);
  private quiet = new Int32Array(0);
  private ending = new Int32Array(0);
  private material = new Float64Array(0);
  private base = 0;

  private nodes = 0;
  private selDepth = 0;
  private stopped = false;
  private startTime = 0;
  private hardMs = Infinity;
  private nodeLimit = Infinity;
  private signals: Int32Array | null = null;
  private stopIndex = 0;
  private role: ParallelRole | null = null;
  /** The moves the searches sharing the table are busy with, when they split the work that way. */
  private busy: Int32Array | null = null;
  private rootDepth = 0;
  private maxDepth = 0;
  /** Set with `stopped` when another search sharing the table has finished the current iteration (or a deeper one): its record. */
  private overtaken: IterationRecord | null = null;
  /** Score of the root's best move so far in the current iteration. */
  private rootScore = 0;
  private tables: TableScorer | null = null;

  constructor(readonly variant: Variant, ttMb = 64, options: Partial<SearchOptions> = {}, evaluator?: PositionEvaluator) {
    this.evaluator = evaluator ?? createEvaluator(variant);
    this.evalCache = new EvalCache(this.evaluator);
    this.draws = drawRulesOf(variant);
    this.tt = new TranspositionTable(ttMb);
    this.options = { ...defaultOptions(variant), ...options };
    for (let i = 0; i <= MAX_PLY; i++) {
      this.positions.push(new Position());
      this.lists.push(new MoveList());
      this.order.push(new Int32Array(MAX_MOVES));
      this.deferred.push(new Int32Array(MAX_MOVES));
    }
  }

  /** Endgame tables to probe from now on (null: none). */
  useTables(tables: EndgameTables | null): void {
    this.tables = tables && tables.maxPieces > 0 ? new TableScorer(tables) : null;
  }

  /** Forget everything learnt: table, killers, history (a new game, or reproducible runs). */
  clear(): void {
    this.tt.clear();
    this.history.clear();
  }

  search(root: Position, request: SearchRequest): SearchResult {
    const limits = request.limits;
    this.startTime = performance.now() - (request.startedAt === undefined ? 0 : Math.max(0, Date.now() - request.startedAt));
    this.nodes = 0;
    this.selDepth = 0;
    this.stopped = false;
    this.overtaken = null;
    this.signals = request.signals ?? null;
    this.stopIndex = request.stopIndex ?? 0;
    this.role = request.role ?? null;
    this.busy = this.role?.busy ?? null;
    const helper = this.role?.index ?? 0;
    this.nodeLimit = limits.nodes ?? Infinity;
    const plan = planTime(limits);
    this.hardMs = plan.hardMs;
    this.tt.nextGeneration();
    this.history.continuation = this.options.continuationHistory;
    this.setUpStack(root, request);
    this.positions[0].copyFrom(root);
    this.tables?.setRoot(root);

    const rootList = new MoveList(true);
    const rootCount = this.variant.generate(root, rootList);
    const empty: SearchResult = { move: null, ponder: null, depth: 0, selDepth: 0, score: -MATE, nodes: 0, timeMs: 0, pv: [] };
    if (rootCount === 0) return empty;
    if (rootCount === 1 && !request.analyze) {
      const move = this.variant.moveFromList(rootList, 0);
      return { move, ponder: null, depth: 0, selDepth: 0, score: 0, nodes: 0, timeMs: 0, pv: [move] };
    }

    // A table win or loss with distances is decided without a search, in any mode: the answer
    // is exact. Helpers leave it to the main search (which then stops them) rather than each
    // reading the distance files into its own worker's memory.
    const decided = helper === 0 ? this.tables?.rootMove(root, rootList, rootCount) : null;
    if (decided && !this.repeatsGame(rootList, decided.index)) {
      const info: SearchInfo = {
        depth: decided.pv.length, selDepth: decided.pv.length, score: decided.score, nodes: 0,
        timeMs: Math.round(performance.now() - this.startTime), pv: decided.pv, tbHits: this.tables!.hits, tbDistance: decided.distance,
      };
      request.onInfo?.(info);
      return { ...info, move: this.variant.moveFromList(rootList, decided.index), ponder: decided.pv[1] ?? null };
    }

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    this.maxDepth = maxDepth;
    const role = this.role;
    let best: SearchResult | null = null;
    let previousScore = 0;
    let previousMove = 0;
    let instability = 1;
    let finished = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      if (role !== null && helper !== 0) {
        depth = Math.max(depth, Math.max(finished, deepestElsewhere(role, maxDepth)) + aheadOf(role));
        if (depth > maxDepth) break;
      }
      this.rootDepth = depth;
      let score = 0;
      // The main search, behind another that has already finished this depth, catches up at once.
      this.overtaken = role !== null ? finishedElsewhere(role, depth, maxDepth) : null;
      if (this.overtaken === null) {
        if (this.options.aspiration && depth >= 4 && Math.abs(previousScore) < MATE_BOUND) {
          let delta = 30;
          let alpha = previousScore - delta, beta = previousScore + delta;
          for (;;) {
            score = this.alphaBeta(0, depth, alpha, beta, true, true);
            if (this.stopped) break;
            if (score <= alpha) alpha = Math.max(-INF, alpha - delta);
            else if (score >= beta) beta = Math.min(INF, beta + delta);
            else break;
            delta *= 3;
          }
        } else {
          score = this.alphaBeta(0, depth, -INF, INF, true, true);
        }
      }
      let rootMove = this.pvTable[0];
      let pvMoves: Move[];
      if (this.overtaken !== null) {
        // Another search finished this depth (or a deeper one) first: a helper moves on ahead,
        // the main search takes that result as its own and goes on from there.
        const done = this.overtaken;
        this.overtaken = null;
        this.stopped = false;
        depth = done.depth;
        finished = depth;
        if (helper !== 0) continue;
        pvMoves = this.tablePv(root, done.move, depth);
        if (pvMoves.length === 0) break;
        score = done.score;
        rootMove = done.move;
      } else {
        // An unfinished iteration is kept only if its first (previous best) move was searched
        // and something beat it; otherwise the last finished iteration stands. The main search
        // also takes such a move from a helper, which was searching other root moves meanwhile.
        const own = this.stopped && this.pvLength[0] > 0 && best !== null && rootMove !== previousMove;
        const other = this.stopped && role !== null && helper === 0 && best !== null ? unfinishedElsewhere(role, depth) : null;
        if (other !== null && other.move !== previousMove && (!own || other.score > this.rootScore)) {
          pvMoves = this.tablePv(root, other.move, depth);
          if (pvMoves.length === 0) break;
          rootMove = other.move;
          score = other.score;
        } else {
          if (this.stopped && !own) break;
          if (this.stopped) score = this.rootScore;
          else {
            finished = depth;
            if (role !== null && this.pvLength[0] > 0) {
              // Nodes first: a search that takes this iteration over reports them with it (otherwise
              // only every 1024 nodes, and an iteration answered from the table may take fewer).
              publishNodes(role, this.nodes);
              publishIteration(role, depth, rootMove, score | 0);
            }
          }
          pvMoves = this.pvMoves(root);
        }
      }
      const elapsed = performance.now() - this.startTime;
      const info: SearchInfo = { depth, selDepth: this.selDepth, score: score | 0, nodes: this.nodes, timeMs: Math.round(elapsed), pv: pvMoves, tbHits: this.tables?.hits };
      if (best !== null && rootMove !== previousMove) instability = Math.min(instability + 0.5, 2.5);
      else instability = Math.max(1, instability - 0.25);
      const drop = best !== null && score < previousScore - 25 ? 1.5 : 1;
      previousScore = score;
      previousMove = rootMove;
      best = { ...info, move: pvMoves[0] ?? null, ponder: pvMoves[1] ?? null };
      request.onInfo?.(info);
      if (this.stopped) break;
      if (Math.abs(score) > MATE_BOUND && depth > MATE - Math.abs(score) + 2 && !limits.infinite && !request.analyze) break;
      // Another iteration takes about as long as all before it: start one only with time for it.
      if (elapsed > plan.softMs * Math.min(2, instability * drop) * 0.5) break;
      if (this.nodes >= this.nodeLimit) break;
    }
    if (best === null) {
      // Stopped before depth 1 finished: any legal move beats none.
      const move = this.variant.moveFromList(rootList, 0);
      best = { move, ponder: null, depth: 0, selDepth: this.selDepth, score: 0, nodes: this.nodes, timeMs: Math.round(performance.now() - this.startTime), pv: [move] };
    }
    if (this.role !== null) publishNodes(this.role, this.nodes);
    best.nodes = this.nodes;
    best.timeMs = Math.round(performance.now() - this.startTime);
    if (this.tables) best.tbHits = this.tables.hits;
    return best;
  }

  private setUpStack(root: Position, request: SearchRequest): void {
    const hist = request.history;
    const n = hist && hist.lo.length > 0 ? hist.lo.length : 1;
    const size = n + MAX_PLY + 1;
    if (this.keyLo.length < size) {
      this.keyLo = new Int32Array(size);
      this.keyHi = new Int32Array(size);
      this.reversible = new Int32Array(size);
      this.quiet = new Int32Array(size);
      this.ending = new Int32Array(size);
      this.material = new Float64Array(size);
    }
    for (let i = 0; i < n - 1; i++) {
      this.keyLo[i] = hist!.lo[i];
      this.keyHi[i] = hist!.hi[i];
    }
    this.base = n - 1;
    this.keyLo[this.base] = root.keyLo;
    this.keyHi[this.base] = root.keyHi;
    const c = request.counters;
    this.reversible[this.base] = c ? c.reversible : n - 1;
    this.quiet[this.base] = c ? c.quiet : n - 1;
    const sig = c ? c.material : materialSignature(root);
    this.material[this.base] = sig;
    this.ending[this.base] = c ? c.ending : this.draws.endingLimit(sig) > 0 ? 0 : -1;
  }

  private checkLimits(): void {
    if (this.role !== null && (this.nodes & 1023) === 0) publishNodes(this.role, this.nodes);
    if ((this.signals !== null && Atomics.load(this.signals, this.stopIndex) !== 0) ||
        this.nodes >= this.nodeLimit ||
        performance.now() - this.startTime >= this.hardMs) {
      this.stopped = true;
    } else if (this.role !== null && (this.overtaken = finishedElsewhere(this.role, this.rootDepth, this.maxDepth)) !== null) {
      this.stopped = true;
    }
  }

  /**
   * Whether a root move leads to a position the game has had since its last irreversible
   * move. A table move can, once in a while, where the game came into the balance before the
   * distances steered it (the winner's moves by distance never return); the search then
   * decides, as it weighs repetitions.
   */
  private repeatsGame(list: MoveList, i: number): boolean {
    this.push(0, list, i);
    return this.repeats(this.base + 1);
  }

  /** Whether the position at `ply` is drawn by repetition or by a draw-rule counter. */
  private isDraw(ply: number): boolean {
    const s = this.base + ply;
    return this.repeats(s) || drawnByCounters(this.draws, this.quiet[s], this.ending[s], this.material[s]);
  }

  /** Whether the position at stack index s repeats one since the last irreversible move. */
  private repeats(s: number): boolean {
    const rev = this.reversible[s];
    const lo = this.keyLo[s], hi = this.keyHi[s];
    for (let k = s - 2; k >= s - rev && k >= 0; k -= 2) {
      if (this.keyLo[k] === lo && this.keyHi[k] === hi) return true;
    }
    return false;
  }

  /** Makes move i of ply's list into ply+1 and pushes its keys and counters. */
  private makeMove(ply: number, i: number): void {
    this.push(ply, this.lists[ply], i);
  }

  /** Makes move i of `list` (the moves of the position at ply) into ply+1 and pushes its keys and counters. */
  private push(ply: number, list: MoveList, i: number): void {
    const pos = this.positions[ply];
    const child = this.positions[ply + 1];
    this.variant.make(child, pos, list, i);
    const s = this.base + ply;
    const from = list.from[i];
    const isKing = testBit(pos.kLo, pos.kHi, from);
    this.history.setPlayed(ply, pieceTo(list.to[i], isKing));
    const captured = list.captures[i] > 0;
    const crowned = (list.flags[i] & CROWNS) !== 0;
    this.keyLo[s + 1] = child.keyLo;
    this.keyHi[s + 1] = child.keyHi;
    const r = this.draws;
    this.reversible[s + 1] = nextReversible(r, this.reversible[s], !isKing, captured, crowned);
    this.quiet[s + 1] = nextQuiet(r, this.quiet[s], !isKing, captured, crowned);
    const sig = (captured || crowned) && r.readsMaterial ? materialSignature(child) : this.material[s];
    this.ending[s + 1] = nextEnding(r, this.ending[s], this.material[s], sig);
    this.material[s + 1] = sig;
  }

  // Scores and bounds are negated as 0 - x, never -x: -0 is not a small integer to V8, and one
  // among the scores turns the search's arithmetic to floating point or deoptimises it.
  private alphaBeta(ply: number, depth: number, alpha: number, beta: number, pvNode: boolean, prune: boolean): number {
    this.pvLength[ply] = 0;
    if (depth <= 0) return this.quiesce(ply, alpha, beta, 0);
    if ((++this.nodes & CHECK_EVERY) === 0) this.checkLimits();
    if (this.stopped) return 0;
    if (ply > this.selDepth) this.selDepth = ply;
    const pos = this.positions[ply];

    if (ply > 0) {
      if (this.isDraw(ply)) {
        // A rule draw at a position with no move is still a loss (the game ended with that move).
        return this.variant.countMoves(pos) === 0 ? -(MATE - ply) : 0;
      }
      if (ply >= MAX_PLY - 1) return this.evalCache.evaluate(pos);
      // Mate-distance pruning: nothing here can beat a faster win already found.
      alpha = Math.max(alpha, -(MATE - ply));
      beta = Math.min(beta, MATE - ply - 1);
      if (alpha >= beta) return alpha;
      if (this.tables !== null) {
        const known = this.tables.score(pos, ply, false);
        if (known !== NO_TABLE_SCORE) return known;
      }
    }

    const tt = this.tt;
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

    if (prune && !pvNode && depth >= PROBCUT_MIN_DEPTH && this.options.probCut && Math.abs(beta) < MATE_BOUND) {
      // Same position, same ply (its lists are refilled below), no pruning inside.
      const margin = depth * 10;
      const raised = beta + margin;
      const score = this.alphaBeta(ply, (depth * 2 / 5) | 0, raised - 1, raised, false, false);
      if (this.stopped) return 0;
      if (score >= raised) return score - margin;
    }

    const list = this.lists[ply];
    const n = this.variant.generate(pos, list);
    if (n === 0) return -(MATE - ply);
    const capturing = list.captures[0] > 0;
    if (n === 1 && ply > 0 && this.options.singleReplyExtension && ply < 2 * this.rootDepth) depth++;

    const order = this.order[ply];
    this.scoreMoves(ply, n, hashMove, capturing);

    const alphaStart = alpha;
    let bestScore = -INF;
    let bestMove = 0;
    const side = pos.side;
    const busy = depth >= BUSY_DEPTH ? this.busy : null;
    const deferred = this.deferred[ply];
    let deferredCount = 0;
    const history = this.history;
    history.startNode(ply);
    // The moves in order, then any put off because another search was busy with them.
    for (let k = 0; k < n + deferredCount; k++) {
      let i = k;
      if (k < n) {
        // Selection sort step: bring the best-ordered remaining move to i.
        let bi = i;
        for (let j = i + 1; j < n; j++) if (order[j] > order[bi]) bi = j;
        if (bi !== i) this.swap(list, order, i, bi);
      } else {
        i = deferred[k - n];
      }

      this.makeMove(ply, i);
      const child = this.positions[ply + 1];
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
        score = 0 - this.alphaBeta(ply + 1, depth - 1, 0 - beta, 0 - alpha, pvNode, prune);
      } else {
        let reduction = 0;
        if (this.options.lmr && !capturing && depth >= 3 && i >= 3 && order[i] < 30_000_000 && (list.flags[i] & CROWNS) === 0) {
          reduction = i >= 8 && depth >= 6 ? 2 : 1;
        }
        score = 0 - this.alphaBeta(ply + 1, depth - 1 - reduction, -1 - alpha, 0 - alpha, false, prune);
        if (score > alpha && reduction > 0 && !this.stopped) score = 0 - this.alphaBeta(ply + 1, depth - 1, -1 - alpha, 0 - alpha, false, prune);
        if (score > alpha && score < beta && !this.stopped) score = 0 - this.alphaBeta(ply + 1, depth - 1, 0 - beta, 0 - alpha, true, prune);
      }
      if (busy !== null) clearBusy(busy, childLo, childHi);
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        bestMove = encode(list, i);
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, bestMove);
          if (ply === 0) {
            this.rootScore = score;
            if (k > 0 && this.role !== null && this.role.index !== 0) publishUnfinished(this.role, this.rootDepth, bestMove, score);
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

  /** Captures resolved to the end; no standing pat while a capture is on (it is compulsory). */
  private quiesce(ply: number, alpha: number, beta: number, qply: number): number {
    this.pvLength[ply] = 0;
    if ((++this.nodes & CHECK_EVERY) === 0) this.checkLimits();
    if (this.stopped) return 0;
    if (ply > this.selDepth) this.selDepth = ply;
    const pos = this.positions[ply];
    if (ply >= MAX_PLY - 1) return this.evalCache.evaluate(pos);
    if (this.tables !== null) {
      const known = this.tables.score(pos, ply, true);
      if (known !== NO_TABLE_SCORE) return known;
    }

    const variant = this.variant;
    const list = this.lists[ply];
    let n: number;
    if (!variant.hasCapture(pos)) {
      const stand = this.evalCache.evaluate(pos);
      // No capture and no step: no legal move at all, which loses (blocked positions are common).
      if (this.evalCache.sideToMoveStuck) return -(MATE - ply);
      if (!this.options.threatQuiescence || qply > 0) return stand;
      // The opponent threatens a capture: standing pat would ignore it, so at the first
      // quiescence ply we must move, and each of our moves is followed by its captures.
      pos.side ^= 1;
      const threat = variant.hasCapture(pos);
      pos.side ^= 1;
      if (!threat) return stand;
      n = variant.generate(pos, list);
      if (n === 0) return -(MATE - ply);
    } else {
      n = variant.generate(pos, list);
    }
    let best = -INF;
    for (let i = 0; i < n; i++) {
      this.makeMove(ply, i);
      // Quiet moves here can repeat a position; treat it as a draw like the main search.
      const score = list.captures[i] === 0 && this.isDraw(ply + 1) ? 0 : 0 - this.quiesce(ply + 1, 0 - beta, 0 - alpha, qply + 1);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, encode(list, i));
          if (score >= beta) break;
        }
      }
    }
    return best;
  }

  private scoreMoves(ply: number, n: number, hashMove: number, capturing: boolean): void {
    const list = this.lists[ply];
    const order = this.order[ply];
    const pos = this.positions[ply];
    const history = this.history;
    const k1 = history.killers[ply * 2], k2 = history.killers[ply * 2 + 1];
    const helper = ply === 0 && this.role !== null ? this.role.index : 0;
    // A move's code (encode) is worked out only when its from and to squares match the table's
    // move or a killer: most moves match neither, and the code's hash of the captures is the dear part.
    const hashSquares = hashMove & SQUARES_MASK, k1Squares = k1 & SQUARES_MASK, k2Squares = k2 & SQUARES_MASK;
    for (let i = 0; i < n; i++) {
      const squares = list.from[i] | (list.to[i] << 6);
      let v: number;
      if (squares === hashSquares && encode(list, i) === hashMove) v = 1_000_000_000;
      else if (capturing) {
        v = 100_000_000 + list.captures[i] * 1000 + (popcount(list.capLo[i] & pos.kLo) + popcount(list.capHi[i] & pos.kHi)) * 100;
        if (list.flags[i] & CROWNS) v += 50;
      } else if (list.flags[i] & CROWNS) v = 50_000_000;
      else if (squares === k1Squares && encode(list, i) === k1) v = 40_000_000;
      else if (squares === k2Squares && encode(list, i) === k2) v = 39_000_000;
      else v = history.score(ply, pos.side, list.from[i], list.to[i], this.pieceToOf(ply, list, i)) + (helper && rootOrderBias(helper, list.from[i], list.to[i]));
      order[i] = v;
    }
  }

  private swap(list: MoveList, order: Int32Array, a: number, b: number): void {
    let t = order[a]; order[a] = order[b]; order[b] = t;
    t = list.from[a]; list.from[a] = list.from[b]; list.from[b] = t;
    t = list.to[a]; list.to[a] = list.to[b]; list.to[b] = t;
    t = list.capLo[a]; list.capLo[a] = list.capLo[b]; list.capLo[b] = t;
    t = list.capHi[a]; list.capHi[a] = list.capHi[b]; list.capHi[b] = t;
    t = list.flags[a]; list.flags[a] = list.flags[b]; list.flags[b] = t;
    t = list.captures[a]; list.captures[a] = list.captures[b]; list.captures[b] = t;
  }

  /** The continuation index (move-history.ts) of move i of ply's list. */
  private pieceToOf(ply: number, list: MoveList, i: number): number {
    const pos = this.positions[ply], from = list.from[i];
    return pieceTo(list.to[i], testBit(pos.kLo, pos.kHi, from));
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * MAX_PLY, child = (ply + 1) * MAX_PLY;
    this.pvTable[row] = move;
    const len = ply + 1 <= MAX_PLY ? this.pvLength[ply + 1] : 0;
    for (let k = 0; k < len && k + 1 < MAX_PLY; k++) this.pvTable[row + 1 + k] = this.pvTable[child + k];
    this.pvLength[ply] = Math.min(len + 1, MAX_PLY);
  }

  /**
   * A principal variation from `first` (an encoded root move) on through the table's moves:
   * what another search found, whose own PV we do not have. It stops at a position seen before
   * on the line, or one without a table move.
   */
  private tablePv(root: Position, first: number, maxLength: number): Move[] {
    const seen = new Set<string>();
    return this.line(root, maxLength, (pos, k) => {
      const key = `${pos.keyLo}:${pos.keyHi}`;
      if (seen.has(key)) return 0;
      seen.add(key);
      if (k === 0) return first;
      return this.tt.probe(pos.keyLo, pos.keyHi) ? this.tt.move : 0;
    });
  }

  /** The root's principal variation as Move objects (slow path, once per iteration). */
  private pvMoves(root: Position): Move[] {
    return this.line(root, this.pvLength[0], (_, k) => this.pvTable[k]);
  }

  /** Moves from `root` for as long as `next` names (encoded) a legal move of the position reached; 0 ends the line. */
  private line(root: Position, maxLength: number, next: (pos: Position, k: number) => number): Move[] {
    const moves: Move[] = [];
    const list = new MoveList(true);
    let pos = root.clone();
    for (let k = 0; k < maxLength; k++) {
      const want = next(pos, k);
      const found = want === 0 ? -1 : indexOf(list, this.variant.generate(pos, list), want);
      if (found < 0) break;
      moves.push(this.variant.moveFromList(list, found));
      const child = new Position();
      this.variant.make(child, pos, list, found);
      pos = child;
    }
    return moves;
  }
}
