// The worker side of the library's engine: the same code in a Node worker thread and a
// browser Web Worker (each entry only wires its own message port to serve()). A searcher per
// variant lives on between searches, so a game's searches build on the same table.

import { BookPlayer, type BookChoice } from '../book/book-player.ts';
import type { BookSettings } from '../book/settings.ts';
import type { BookProbe } from '../book/types.ts';
import type { DrawCounters } from '../game/draw-rules.ts';
import { computeKey } from '../rules/convert.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import type { Limits, SearchInfo, SearchResult } from '../search/types.ts';

export interface SearchMessage {
  type: 'search';
  id: number;
  variant: string;
  /** The pieces, the side and Frisian's king runs (the key is recomputed from them). */
  root: Pick<Position, 'wLo' | 'wHi' | 'bLo' | 'bHi' | 'kLo' | 'kHi' | 'wEx' | 'bEx' | 'kEx' | 'side' | 'kingRun'>;
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
  /** The opening book to answer from before searching (null: always search), and the root's ply in its game. */
  book: BookSettings | null;
  ply: number;
}

/** An info or result from the book carries `book`. */
export type ServiceInfo = SearchInfo & { book?: boolean };
export type ServiceResult = SearchResult & { book?: boolean };

export type ServiceReply =
  | { type: 'info'; id: number; info: ServiceInfo }
  | { type: 'result'; id: number; result: ServiceResult }
  | { type: 'warning'; id: number; message: string }
  | { type: 'error'; id: number; message: string };

/** Opens a book file ('' for the shipped book of the variant) where the worker runs: a file in Node, a download in a browser. */
export type BookOpener = (file: string, variant: string) => Promise<BookProbe | null>;

export function engineService(post: (reply: ServiceReply) => void, openBook: BookOpener = async () => null): (message: SearchMessage) => Promise<void> {
  const searchers = new Map<string, Searcher>();
  const books = new WorkerBooks(openBook);
  return async (message) => {
    try {
      const variant = getVariant(message.variant);
      const root = Object.assign(new Position(), message.root);
      computeKey(root);
      if (message.book) {
        const choice = await books.choose(message.book, variant, root, message.ply, (text) => post({ type: 'warning', id: message.id, message: text }));
        if (choice) {
          const result = bookResult(choice);
          post({ type: 'info', id: message.id, info: result });
          post({ type: 'result', id: message.id, result });
          return;
        }
      }
      let searcher = searchers.get(variant.name);
      if (!searcher) {
        searcher = new Searcher(variant, message.tableMb);
        searchers.set(variant.name, searcher);
      } else {
        searcher.tt.resize(message.tableMb);
      }
      if (message.clear) searcher.clear();
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

function bookResult(choice: BookChoice): ServiceResult {
  return { depth: 0, selDepth: 0, score: choice.score, nodes: 0, timeMs: 0, pv: choice.line, move: choice.move, ponder: choice.line[1] ?? null, book: true };
}

/**
 * The worker's books: each file read (or downloaded) once, before the first search that needs
 * it, so that the book player, which reads synchronously, finds it ready; a failure is kept and
 * reported once, as the player reports it.
 */
class WorkerBooks {
  private readonly opened = new Map<string, BookProbe | null | Error>();
  private player: BookPlayer | null = null;
  private report: (message: string) => void = () => undefined;

  constructor(private readonly open: BookOpener) {}

  async choose(settings: BookSettings, variant: Variant, root: Position, ply: number, report: (message: string) => void): Promise<BookChoice | null> {
    const key = `${variant.name}\n${settings.file}`;
    if (settings.use && !this.opened.has(key)) {
      this.opened.set(key, await this.open(settings.file, variant.name).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))));
    }
    this.report = report;
    this.player ??= new BookPlayer((file, name) => {
      const book = this.opened.get(`${name}\n${file}`);
      if (book instanceof Error) throw book;
      return book ?? null;
    }, (message) => this.report(message));
    this.player.configure(settings);
    return this.player.choose(variant, root, ply);
  }
}
