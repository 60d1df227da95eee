// A piscina worker that runs one search at a time. The Searcher (and so its transposition
// table) lives on between tasks, which is what makes a game's searches build on each other.

import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import { createEvaluator } from '../eval/evaluators.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { STOP, type PrepareTask, type SearchTask, type TaskInfo, type TaskResult } from './task.ts';
import { defaultTableDir } from '../egdb/cache-dir.ts';
import { EndgameTables, tablesPossible } from '../egdb/tables.ts';

const searchers = new Map<string, Searcher>();
const WARM_UP_NODES = 10_000;
/** Tables stay loaded between searches, per variant and directory. */
const tableSets = new Map<string, EndgameTables>();

/** The searcher of a variant and evaluation, with a table of the size asked for, made on first use. */
function searcherFor(variantName: string, ttMb: number, evalKind: EvalKind | undefined): Searcher {
  const variant = getVariant(variantName);
  const key = `${variant.name}:${evalKind ?? 'default'}`;
  let searcher = searchers.get(key);
  if (!searcher) {
    searcher = new Searcher(variant, ttMb, {}, createEvaluator(variant, { kind: evalKind }));
    searchers.set(key, searcher);
  } else {
    searcher.tt.resize(ttMb);
  }
  return searcher;
}

/**
 * Makes the searcher ahead of the first search and warms it up with a short search that is
 * then forgotten, so that neither allocating nor compiling falls in a move's time: cold, the
 * first search of a process ran at a thirtieth of its speed.
 */
export function prepare(task: PrepareTask): void {
  const searcher = searcherFor(task.variant, task.ttMb, task.evalKind);
  searcher.search(searcher.variant.startPosition(), { limits: { nodes: WARM_UP_NODES } });
  searcher.clear();
}

export default function runSearch(task: SearchTask): TaskResult {
  const searcher = searcherFor(task.variant, task.ttMb, task.evalKind);
  if (task.clear) searcher.clear();
  const dir = task.egdbPath === undefined ? defaultTableDir() : task.egdbPath;
  let tables: EndgameTables | null = null;
  if (dir !== null && tablesPossible(searcher.variant)) {
    const key = `${searcher.variant.name}\n${dir}`;
    tables = tableSets.get(key) ?? new EndgameTables(searcher.variant, dir, (message) => process.stderr.write(`damka: ${message}\n`));
    tableSets.set(key, tables);
  }
  searcher.useTables(tables);
  // The key comes along: every position the main thread holds keeps its key up to date.
  const root = Object.assign(new Position(), task.root);
  try {
    const result = searcher.search(root, {
      history: { lo: task.historyLo, hi: task.historyHi },
      counters: task.counters,
      limits: task.limits,
      analyze: task.analyze,
      startedAt: task.startedAt,
      signals: task.signals,
      stopIndex: STOP,
      onInfo: (info) => task.port.postMessage(info satisfies TaskInfo),
    });
    return result;
  } finally {
    // The last message on the port: the caller waits for it, so every info line arrives
    // before the result is acted on (the result travels on another channel).
    task.port.postMessage({ end: true });
    task.port.close();
  }
}
