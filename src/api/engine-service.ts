// The worker side of the library's engine: the same code in a Node worker thread and a
// browser Web Worker (each entry only wires its own message port to serve()). A searcher per
// variant lives on between searches, so a game's searches build on the same table.

import type { DrawCounters } from '../game/draw-rules.ts';
import type { Limits } from '../engine/task.ts';
import { computeKey } from '../rules/convert.ts';
import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { type SearchInfo, type SearchResult, Searcher } from '../search/search.ts';

export interface SearchMessage {
  type: 'search';
  id: number;
  variant: string;
  root: Pick<Position, 'wLo' | 'wHi' | 'bLo' | 'bHi' | 'kLo' | 'kHi' | 'side'>;
  historyLo: Int32Array;
  historyHi: Int32Array;
  counters: DrawCounters;
  limits: Limits;
  analyze: boolean;
  tableMb: number;
  /** Clear the table first (a new game). */
  clear: boolean;
  /** Element 0 non-zero stops the search: shared memory, or null where there is none (the caller then terminates the worker). */
  signals: Int32Array | null;
}

export type ServiceReply =
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'result'; id: number; result: SearchResult }
  | { type: 'error'; id: number; message: string };

export function engineService(post: (reply: ServiceReply) => void): (message: SearchMessage) => void {
  const searchers = new Map<string, Searcher>();
  return (message) => {
    try {
      const variant = getVariant(message.variant);
      let searcher = searchers.get(variant.name);
      if (!searcher) {
        searcher = new Searcher(variant, message.tableMb);
        searchers.set(variant.name, searcher);
      } else {
        searcher.tt.resize(message.tableMb);
      }
      if (message.clear) searcher.clear();
      const root = Object.assign(new Position(), message.root);
      computeKey(root);
      const result = searcher.search(root, {
        history: { lo: message.historyLo, hi: message.historyHi },
        counters: message.counters,
        limits: message.limits,
        analyze: message.analyze,
        signals: message.signals ?? undefined,
        stopIndex: 0,
        onInfo: (info) => post({ type: 'info', id: message.id, info }),
      });
      post({ type: 'result', id: message.id, result });
    } catch (err) {
      post({ type: 'error', id: message.id, message: err instanceof Error ? err.message : String(err) });
    }
  };
}
