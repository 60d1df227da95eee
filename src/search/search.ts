// The search: iterative deepening over principal-variation alpha-beta with aspiration
// windows, a transposition table, quiescence that resolves every capture, killer and
// history move ordering, late-move reductions, ProbCut (English, International), and draws by
// repetition and by the draw rules of RULES.md inside the tree. Several searches of one root can
// share the table (lazy-smp.ts) and split its moves between them (busy-moves.ts).
//
// Hot path: positions, move lists and per-ply tables are preallocated; moves inside the
// tree are indices into the ply's MoveList, encoded as numbers for the table and killers.
// Everything crossing the interface (results, principal variations) is plain Move objects.
//
// The files: types.ts (what a search is asked and answers), options.ts (its switchable rules),
// score.ts and move-code.ts (how scores and moves are kept), tree.ts (the state of one search),
// node-search.ts and quiescence.ts (the tree below the root), and here the iterations at the root.

import type { EndgameTables } from '../egdb/tables.ts';
import { type Move, MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import { TableScorer } from './table-score.ts';
import {
  aheadOf, deepestElsewhere, finishedElsewhere, publishIteration, publishNodes, unfinishedElsewhere,
} from './lazy-smp.ts';
import { indexOf } from './move-code.ts';
import { alphaBeta } from './node-search.ts';
import { INF, MATE, MATE_BOUND, MAX_PLY } from './score.ts';
import { planTime } from './time.ts';
import { SearchTree } from './tree.ts';
import type { SearchInfo, SearchRequest, SearchResult } from './types.ts';

/** Iterative deepening at the root, on the tree state it extends: the search's public face. */
export class Searcher extends SearchTree {
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
            score = alphaBeta(this, 0, depth, alpha, beta, true, true);
            if (this.stopped) break;
            if (score <= alpha) alpha = Math.max(-INF, alpha - delta);
            else if (score >= beta) beta = Math.min(INF, beta + delta);
            else break;
            delta *= 3;
          }
        } else {
          score = alphaBeta(this, 0, depth, -INF, INF, true, true);
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
