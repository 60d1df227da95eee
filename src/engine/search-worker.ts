// A piscina worker that runs one search at a time, as the main search of a root or as one of
// its helpers. The Searcher (its killers and history) lives on between tasks; the
// transposition table belongs to the engine, in shared memory mapped by every worker, so a
// game's searches build on each other and the workers of one search on each other's work.

import { threadId } from 'node:worker_threads';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { getVariant } from '../rules/variants.ts';
import { totalNodes } from '../search/lazy-smp.ts';
import { Searcher } from '../search/search.ts';
import { TranspositionTable } from '../search/tt.ts';
import { DEFAULT_WARM_UP, warmUp } from '../search/warm-up.ts';
import { arriveAndWait } from './arrival-barrier.ts';
import { createEvaluator } from '../eval/evaluators.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { readWeightsFile } from '../eval/read-weights.ts';
import { STOP, STOP_HELPERS, type PrefaultTask, type PrepareTask, type SearchTask, type TaskInfo, type TaskResult } from './task.ts';
import { type EndgameTables, PRELOAD_BYTES, tablesPossible } from '../egdb/tables.ts';
import { threadTables } from '../egdb/thread-tables.ts';

/** A searcher per variant and evaluation, and the id of the table it maps. */
const searchers = new Map<string, { searcher: Searcher; tableId: number }>();
/** A worker not there by then is late, not lost: the search copes, only slower at first. */
const PREPARE_WAIT_MS = 5_000;

function entryFor(variantName: string, evalKind: EvalKind | undefined, weightsPath: string | undefined): { searcher: Searcher; tableId: number } {
  const variant = getVariant(variantName);
  const key = `${variant.name}:${evalKind ?? 'default'}:${weightsPath ?? ''}`;
  let entry = searchers.get(key);
  if (!entry) {
    // The engine has read the file before sending it here, so a bad file was reported there.
    const weights = weightsPath === undefined ? undefined : readWeightsFile(weightsPath, variant);
    // Its own small table serves the warm-up; the engine's shared table replaces it.
    entry = { searcher: new Searcher(variant, 1, {}, createEvaluator(variant, { kind: evalKind, weights })), tableId: -1 };
    searchers.set(key, entry);
  }
  return entry;
}

/** The tables of a directory (undefined: the default lookup, table-dirs.ts; null: none), kept between searches. */
function tablesFor(variant: Variant, egdbPath: string | null | undefined): EndgameTables | null {
  return egdbPath === null || !tablesPossible(variant) ? null : threadTables(variant, egdbPath);
}

/**
 * Makes the searcher ahead of the first search and warms it up (warm-up.ts) with searches
 * that are then forgotten, so that neither allocating nor compiling falls in a move's time.
 * Small sets of endgame tables are read here too, for the same reason.
 */
export function prepare(task: PrepareTask): number {
  const { searcher } = entryFor(task.variant, task.evalKind, task.weightsPath);
  const tables = tablesFor(searcher.variant, task.egdbPath);
  tables?.preload(PRELOAD_BYTES);
  // With the tables the searches will probe: code compiled without them is recompiled when they appear.
  searcher.useTables(tables);
  if (task.warmUp !== false) warmUp(searcher, { ...DEFAULT_WARM_UP, parallel: (task.workers ?? 1) > 1 });
  // Every worker runs one prepare task: this one holds its worker until the others have theirs.
  if (task.arrived && task.workers) arriveAndWait(task.arrived, task.workers, PREPARE_WAIT_MS);
  return threadId;
}

/** A share of a fresh table's prefaulting (TranspositionTable.prefault): the workers and the engine's thread split it. */
export function prefaultTable(task: PrefaultTask): void {
  TranspositionTable.prefault(task.table, task.next);
}

export default function runSearch(task: SearchTask): TaskResult {
  const entry = entryFor(task.variant, task.evalKind, task.weightsPath);
  const searcher = entry.searcher;
  if (task.clear) searcher.clear();
  searcher.useTables(tablesFor(searcher.variant, task.egdbPath));
  // The key comes along: every position the main thread holds keeps its key up to date.
  const root = Object.assign(new Position(), task.root);
  if (entry.tableId !== task.tableId) {
    searcher.tt.attach(task.table);
    entry.tableId = task.tableId;
  }
  searcher.tt.setAge(task.generation, task.oldest);
  const main = task.index === 0;
  const role = task.nodeCounts && task.progress ? { index: task.index, nodeCounts: task.nodeCounts, progress: task.progress, busy: task.busy } : undefined;
  try {
    const result = searcher.search(root, {
      history: { lo: task.historyLo, hi: task.historyHi },
      counters: task.counters,
      limits: task.limits,
      analyze: task.analyze,
      startedAt: task.startedAt,
      signals: task.signals,
      stopIndex: main ? STOP : STOP_HELPERS,
      role,
      onInfo: main ? (info) => task.port?.postMessage({ ...info, nodes: role ? totalNodes(role, info.nodes) : info.nodes } satisfies TaskInfo) : undefined,
    });
    if (role) result.nodes = totalNodes(role, result.nodes);
    return result;
  } finally {
    if (main) {
      // The move is decided: the helpers stop now rather than when the engine hears of it.
      Atomics.store(task.signals, STOP_HELPERS, 1);
      // The last message on the port: the caller waits for it, so every info line arrives
      // before the result is acted on (the result travels on another channel).
      task.port?.postMessage({ end: true });
      task.port?.close();
    }
  }
}
