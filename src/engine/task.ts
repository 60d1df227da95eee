// What travels between the main thread and a search worker. Positions go as their plain
// fields (bitboards, key, and Lasca's columns); the stop flag lives in shared memory so that a stop takes effect while
// the worker is busy searching and cannot read messages.

import type { MessagePort } from 'node:worker_threads';
import type { DrawCounters } from '../game/draw-rules.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { Position } from '../rules/position.ts';
import type { SearchInfo, SearchResult } from '../search/search.ts';

export type PlainPosition = Pick<Position, 'wLo' | 'wHi' | 'bLo' | 'bHi' | 'kLo' | 'kHi' | 'side' | 'keyLo' | 'keyHi' | 'cols'>;

export interface Limits {
  depth?: number;
  nodes?: number;
  /** Seconds for this move. */
  moveTime?: number;
  /** Seconds left on our clock, increment per move, moves to the next time control. */
  time?: number;
  inc?: number;
  movesToGo?: number;
  infinite?: boolean;
}

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
  ttMb: number;
  /** Which evaluation searches (default: the learned one). */
  evalKind?: EvalKind;
  /** Endgame table directory: undefined for the default one, null for none. */
  egdbPath?: string | null;
  /** Clear the hash table first (new game). */
  clear: boolean;
  /** When the search was asked for (Date.now()): time spent reaching the worker counts against the move. */
  startedAt: number;
  /** Int32Array over a SharedArrayBuffer, this search's own: index 0 is the stop flag. */
  signals: Int32Array;
  /** Where info messages go. */
  port: MessagePort;
}

/** Sets up a variant's searcher and table before the first search. */
export interface PrepareTask {
  variant: string;
  ttMb: number;
  evalKind?: EvalKind;
}

/** What a worker reports per iteration, and at the end: the search's own types. */
export type TaskInfo = SearchInfo;
export type TaskResult = SearchResult;

export const STOP = 0;

/** The fields of `pos`, Lasca's columns copied: the caller may reuse `pos` before the task is sent. */
export function plainPosition(pos: Position): PlainPosition {
  return { wLo: pos.wLo, wHi: pos.wHi, bLo: pos.bLo, bHi: pos.bHi, kLo: pos.kLo, kHi: pos.kHi, side: pos.side, keyLo: pos.keyLo, keyHi: pos.keyHi, cols: pos.cols && pos.cols.slice() };
}
