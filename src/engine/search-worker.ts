// A piscina worker that runs one search at a time. The Searcher (and so its transposition
// table) lives on between tasks, which is what makes a game's searches build on each other.

import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import { STOP, type SearchTask, type TaskInfo, type TaskResult } from './task.ts';
import { computeKey } from '../rules/convert.ts';

const searchers = new Map<string, Searcher>();

export default function runSearch(task: SearchTask): TaskResult {
  const variant = getVariant(task.variant);
  let searcher = searchers.get(variant.name);
  if (!searcher) {
    searcher = new Searcher(variant, task.ttMb);
    searchers.set(variant.name, searcher);
  } else {
    searcher.tt.resize(task.ttMb);
  }
  if (task.clear) searcher.clear();
  const root = Object.assign(new Position(), task.root);
  computeKey(root);
  try {
    const result = searcher.search(root, {
      history: { lo: task.historyLo, hi: task.historyHi },
      counters: task.counters,
      limits: task.limits,
      analyze: task.analyze,
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
