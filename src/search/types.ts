// What a search is asked and what it answers. They live with the search, below the engine,
// the protocols and the tools that pass them on, so that types flow one way: those layers
// import the search, the search never imports them.

import type { DrawCounters } from '../game/draw-rules.ts';
import type { Move } from '../rules/move.ts';
import type { ParallelRole } from './lazy-smp.ts';

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
