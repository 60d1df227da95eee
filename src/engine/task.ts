// What travels between the main thread and a search worker. Positions go as their plain
// fields (bitboards, key, and Lasca's columns); the stop flags, node counts and the
// transposition table live in shared memory, so that a stop takes effect while the workers are
// busy searching and cannot read messages, and so that the workers of a parallel search share
// what they find.

import type { MessagePort } from 'node:worker_threads';
import type { DrawCounters } from '../game/draw-rules.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { Position } from '../rules/position.ts';
import type { Limits, SearchInfo, SearchResult } from '../search/types.ts';

export type PlainPosition = Pick<Position, 'wLo' | 'wHi' | 'bLo' | 'bHi' | 'kLo' | 'kHi' | 'wEx' | 'bEx' | 'kEx' | 'side' | 'keyLo' | 'keyHi' | 'cols' | 'kingRun'>;

export interface SearchTask {
  variant: string;
  root: PlainPosition;
  historyLo: Int32Array;
  historyHi: Int32Array;
  /** The root's draw-rule counters, when the caller has a game. */
  counters?: DrawCounters;
  limits: Limits;
  /** Search even a single legal move (analysis) instead of playing it at once. */
  analyze: boolean;
  /** Which evaluation searches (default: the learned one). */
  evalKind?: EvalKind;
  /** A weights file for the learned evaluation instead of the shipped weights (the worker reads it). */
  weightsPath?: string;
  /** Endgame table directory: undefined for the default one, null for none. */
  egdbPath?: string | null;
  /** The transposition table every worker maps, and a number that changes when it is replaced. */
  table: SharedArrayBuffer;
  tableId: number;
  /** The table's age, the same for every worker of a search (TranspositionTable.setAge). */
  generation: number;
  oldest: number;
  /** Forget killers and history first (a new game; the table forgets by its age). */
  clear: boolean;
  /** When the search was asked for (Date.now()): time spent reaching the worker counts against the move. */
  startedAt: number;
  /** Int32Array over a SharedArrayBuffer, this search's own: the flags STOP and STOP_HELPERS. */
  signals: Int32Array;
  /** 0 for the main search, which reports and decides; 1 and up for helpers. */
  index: number;
  /** Nodes a worker (one slot each) when more than one searches; absent for a lone search. */
  nodeCounts?: BigInt64Array;
  /** The iterations each worker has finished (lazy-smp.ts), alongside nodeCounts. */
  progress?: Int32Array;
  /** The moves the workers are busy with (busy-moves.ts), alongside nodeCounts. */
  busy?: Int32Array;
  /** Where the main worker's info messages go. */
  port?: MessagePort;
}

/** Prefaulting a fresh table: the threads taking part claim its chunks through `next`. */
export interface PrefaultTask {
  table: SharedArrayBuffer;
  next: Int32Array;
}

/** Sets up a worker's searcher for a variant before the first search, and warms it up. */
export interface PrepareTask {
  variant: string;
  evalKind?: EvalKind;
  weightsPath?: string;
  /** Endgame table directory whose tables are read now (undefined: the default one, null: none). */
  egdbPath?: string | null;
  /** Search positions to compile the search before the first move (warm-up.ts); default true. */
  warmUp?: boolean;
  /**
   * The prepare tasks sent at once share this counter (arrival-barrier.ts) so that every
   * worker of the pool runs one: a worker left cold pays its compiling and loading in the
   * first move it searches.
   */
  arrived?: Int32Array;
  workers?: number;
}

/** What a worker reports per iteration, and at the end: the search's own types. */
export type TaskInfo = SearchInfo;
export type TaskResult = SearchResult;

/** Set by the engine: every worker stops. */
export const STOP = 0;
/** Set also when the main search has ended: helpers stop, the move is decided. */
export const STOP_HELPERS = 1;

/** The fields of `pos` (Frisian's king runs too), Lasca's columns copied: the caller may reuse `pos` before the task is sent. */
export function plainPosition(pos: Position): PlainPosition {
  return { wLo: pos.wLo, wHi: pos.wHi, bLo: pos.bLo, bHi: pos.bHi, kLo: pos.kLo, kHi: pos.kHi, wEx: pos.wEx, bEx: pos.bEx, kEx: pos.kEx, side: pos.side, keyLo: pos.keyLo, keyHi: pos.keyHi, cols: pos.cols && pos.cols.slice(), kingRun: pos.kingRun };
}
