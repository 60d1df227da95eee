// A piscina worker playing self-play games for training data. Its Searcher lives on between
// tasks; the table is cleared before each game, so a game does not depend on which worker
// played it or what it played before.

import { EndgameTables, PRELOAD_BYTES } from '../egdb/tables.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { Variant } from '../rules/variant.ts';
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

/** A directory's tables, read once a worker (a small set all at once, as for play). */
let cachedTables: { key: string; tables: EndgameTables } | null = null;

function tablesOf(variant: Variant, dir: string): EndgameTables {
  const key = `${variant.name}:${dir}`;
  if (cachedTables?.key !== key) {
    const tables = new EndgameTables(variant, dir, (message) => process.stderr.write(`damka: ${message}\n`));
    tables.preload(PRELOAD_BYTES);
    cachedTables = { key, tables };
  }
  return cachedTables.tables;
}

export default function playGames(task: SelfPlayTask): SelfPlayGameResult[] {
  const variant = getVariant(task.variant);
  const searcher = workerSearcher(variant, task.evalKind, task.weightsPath, TABLE_MB);
  const tables = task.egdbPath === undefined ? null : tablesOf(variant, task.egdbPath);
  searcher.useTables(tables);
  return task.games.map((spec) => playSelfPlayGame(variant, searcher, spec, tables));
}
