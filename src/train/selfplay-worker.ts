// A piscina worker playing self-play games for training data. Its Searcher lives on between
// tasks; the table is cleared before each game, so a game does not depend on which worker
// played it or what it played before.

import { PRELOAD_BYTES } from '../egdb/tables.ts';
import { threadTables } from '../egdb/thread-tables.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { getVariant } from '../rules/variants.ts';
import { type SelfPlayGameResult, type SelfPlayGameSpec, playSelfPlayGame } from './selfplay-game.ts';
import { workerSearcher } from './worker-searcher.ts';

export interface SelfPlayTask {
  variant: string;
  evalKind: EvalKind;
  /** Weights file for the pattern evaluation (default: the shipped weights). */
  weightsPath?: string;
  /** Endgame tables for the searches and to end a game at its first table position (none: no tables). */
  egdbPath?: string;
  games: SelfPlayGameSpec[];
}

/** Table size of a self-play searcher, in MB. */
const TABLE_MB = 4;

export default function playGames(task: SelfPlayTask): SelfPlayGameResult[] {
  const variant = getVariant(task.variant);
  const searcher = workerSearcher(variant, task.evalKind, task.weightsPath, TABLE_MB);
  const tables = task.egdbPath === undefined ? null : threadTables(variant, task.egdbPath);
  // A small set read all at once, as a search worker reads it when prepared.
  tables?.preload(PRELOAD_BYTES);
  searcher.useTables(tables);
  return task.games.map((spec) => playSelfPlayGame(variant, searcher, spec, tables));
}
