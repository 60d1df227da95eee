// The state one search works on, shared by the iterative deepening (search.ts), the node
// search (node-search.ts) and quiescence (quiescence.ts): preallocated positions, move lists
// and per-ply tables, the stack of game and tree keys with their draw counters, and the
// counters and flags that stop a search. The node search and quiescence are functions of this
// object rather than methods so that each lives in its own file; one class of object reaches
// them, so their property accesses stay monomorphic and V8 inlines them as it did the methods.

import {
  type DrawRules, drawRulesOf, drawnByCounters, materialSignature, nextEnding, nextQuiet, nextReversible,
} from '../game/draw-rules.ts';
import { createEvaluator } from '../eval/evaluators.ts';
import type { PositionEvaluator } from '../eval/position-evaluator.ts';
import { EvalCache } from './eval-cache.ts';
import { testBit } from '../rules/convert.ts';
import { CROWNS, MAX_MOVES, MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import type { TableScorer } from './table-score.ts';
import { type IterationRecord, type ParallelRole, finishedElsewhere, publishNodes } from './lazy-smp.ts';
import { MoveHistory, pieceTo } from './move-history.ts';
import { type SearchOptions, defaultOptions } from './options.ts';
import { MAX_PLY } from './score.ts';
import { TranspositionTable } from './tt.ts';
import type { SearchRequest } from './types.ts';

/**
 * Nodes between looks at the clock and the stop flag, less one. Small, because a cold first
 * search (code not yet compiled, table pages not yet mapped) can spend 30 µs a node: at 128
 * nodes a stop or deadline is seen within a few milliseconds, and a look costs well under 0.1 µs.
 */
export const CHECK_EVERY = 127;

export class SearchTree {
  readonly evaluator: PositionEvaluator;
  readonly evalCache: EvalCache;
  readonly tt: TranspositionTable;
  options: SearchOptions;
  readonly draws: DrawRules;

  readonly positions: Position[] = [];
  readonly lists: MoveList[] = [];
  readonly order: Int32Array[] = [];
  /** Per ply, the moves put off because another search was busy with them (busy-moves.ts). */
  readonly deferred: Int32Array[] = [];
  readonly history = new MoveHistory(MAX_PLY);
  readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  readonly pvLength = new Int32Array(MAX_PLY + 1);

  // Game and tree positions as one stack: keys and draw counters, index `base + ply`.
  keyLo = new Int32Array(0);
  keyHi = new Int32Array(0);
  reversible = new Int32Array(0);
  quiet = new Int32Array(0);
  ending = new Int32Array(0);
  material = new Float64Array(0);
  base = 0;

  nodes = 0;
  selDepth = 0;
  stopped = false;
  startTime = 0;
  hardMs = Infinity;
  nodeLimit = Infinity;
  signals: Int32Array | null = null;
  stopIndex = 0;
  role: ParallelRole | null = null;
  /** The moves the searches sharing the table are busy with, when they split the work that way. */
  busy: Int32Array | null = null;
  rootDepth = 0;
  maxDepth = 0;
  /** Set with `stopped` when another search sharing the table has finished the current iteration (or a deeper one): its record. */
  overtaken: IterationRecord | null = null;
  /** Score of the root's best move so far in the current iteration. */
  rootScore = 0;
  tables: TableScorer | null = null;

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


  setUpStack(root: Position, request: SearchRequest): void {
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

  checkLimits(): void {
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
  repeatsGame(list: MoveList, i: number): boolean {
    this.push(0, list, i);
    return this.repeats(this.base + 1);
  }

  /** Whether the position at `ply` is drawn by repetition or by a draw-rule counter. */
  isDraw(ply: number): boolean {
    const s = this.base + ply;
    return this.repeats(s) || drawnByCounters(this.draws, this.quiet[s], this.ending[s], this.material[s]);
  }

  /** Whether the position at stack index s repeats one since the last irreversible move. */
  repeats(s: number): boolean {
    const rev = this.reversible[s];
    const lo = this.keyLo[s], hi = this.keyHi[s];
    for (let k = s - 2; k >= s - rev && k >= 0; k -= 2) {
      if (this.keyLo[k] === lo && this.keyHi[k] === hi) return true;
    }
    return false;
  }

  /** Makes move i of ply's list into ply+1 and pushes its keys and counters. */
  makeMove(ply: number, i: number): void {
    this.push(ply, this.lists[ply], i);
  }

  /** Makes move i of `list` (the moves of the position at ply) into ply+1 and pushes its keys and counters. */
  push(ply: number, list: MoveList, i: number): void {
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

  updatePv(ply: number, move: number): void {
    const row = ply * MAX_PLY, child = (ply + 1) * MAX_PLY;
    this.pvTable[row] = move;
    const len = ply + 1 <= MAX_PLY ? this.pvLength[ply + 1] : 0;
    for (let k = 0; k < len && k + 1 < MAX_PLY; k++) this.pvTable[row + 1 + k] = this.pvTable[child + k];
    this.pvLength[ply] = Math.min(len + 1, MAX_PLY);
  }

}
