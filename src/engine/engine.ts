// The one way front-ends (Hub, DXP, text mode, match and suite tools) ask for a search.
// WorkerEngine runs it on a worker thread so that the caller's event loop stays free.

import type { DrawCounters } from '../game/draw-rules.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import type { Limits } from '../search/types.ts';
import type { TaskInfo, TaskResult } from './task.ts';

export interface EngineRequest {
  variant: Variant;
  root: Position;
  /** Zobrist keys of the game since its last irreversible move, oldest first, root last (Game.historyKeys()). */
  history: { lo: Int32Array; hi: Int32Array };
  /** The root's draw-rule counters (Game.drawCounters), so that the search knows how close a rule draw is. */
  counters?: DrawCounters;
  limits: Limits;
  /** Search even when only one move is legal (analysis); otherwise a single legal move is played at once. */
  analyze?: boolean;
  /** Endgame table directory: undefined for the default (the user's cache), null for none. */
  egdbPath?: string | null;
}

export interface Engine {
  /** Transposition table size in MB; takes effect at the next search. */
  setTableSize(mb: number): void;
  search(request: EngineRequest, onInfo?: (info: TaskInfo) => void): Promise<TaskResult>;
  /** Ends the running search soon (within milliseconds); its best move so far is returned. */
  stop(): void;
  /** Forget what was learnt (hash table) before the next search. */
  newGame(): void;
  close(): Promise<void>;
}
