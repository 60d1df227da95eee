// The engine's side of the book: whether a position is answered from the book, and with which
// move. Every front end that plays games (Hub, text mode, DXP, the library's worker, the
// self-play bench) asks one of these before it searches, and searches when it answers null.
//
// A book is read once for its file and variant, when first needed (or at prepare(), so that a
// front end reports a bad file at start-up). A file that cannot be read (missing, damaged,
// another variant's) is reported once and then left alone: the engine searches as it would
// without a book, and tries again only when told of another file. A book's moves are checked
// legal in the actual position before one is played: a move the rules refuse (a damaged or
// mismatched book) is reported, once for its position, and never played.

import { formatFen } from '../notation/fen.ts';
import { parseMove } from '../notation/move-text.ts';
import type { Move } from '../rules/move.ts';
import type { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type RandomSource, bestBookScore, chooseBookMove } from './choose.ts';
import { type BookSettings, DEFAULT_BOOK } from './settings.ts';
import type { BookMove, BookProbe } from './types.ts';

/**
 * Opens the book `file` ('' for the variant's shipped book) for `variant`; null when there is
 * none to open (no book ships for the variant: nothing to report), and throws when a book is
 * named but cannot be used, with one line that names the file and says why.
 */
export type BookReader = (file: string, variant: string) => BookProbe | null;

/** The book's answer for a position. */
export interface BookChoice {
  /** A legal move of the position. */
  move: Move;
  /** The book's score of the move, the side to move's view (centi-men). */
  score: number;
  /** Plies of book below the move along its best line. */
  depth: number;
  /** The move and the book's best line after it, every move legal where it is played (a PV; its second move is the ponder move). */
  line: Move[];
}

/** How far the line after a book move is followed: a PV, not the whole book. */
const LINE_PLIES = 24;

export class BookPlayer {
  private current: BookSettings = { ...DEFAULT_BOOK };
  /** The book read for the current file and variant, or null when it could not be read. */
  private loaded: { file: string; variant: string; book: BookProbe | null } | null = null;
  /** Problems already reported (a bad file, an illegal move in a position), each said once. */
  private readonly reported = new Set<string>();

  constructor(
    private readonly read: BookReader,
    private readonly report: (message: string) => void,
    private readonly random: RandomSource = Math.random,
  ) {}

  get settings(): Readonly<BookSettings> {
    return this.current;
  }

  /** Changes some settings; the book is read again (at the next use) only when the file changes. */
  configure(change: Partial<BookSettings>): void {
    this.current = { ...this.current, ...change };
  }

  /** The book for the variant, read now if it has not been; null when the book is off or cannot be read (reported once). */
  book(variant: Variant): BookProbe | null {
    if (!this.current.use) return null;
    const file = this.current.file;
    if (this.loaded?.file === file && this.loaded.variant === variant.name) return this.loaded.book;
    let book: BookProbe | null = null;
    try {
      book = this.read(file, variant.name);
      if (book && book.variant !== variant.name) throw new Error(`book ${file || `(shipped) for ${variant.name}`}: a book for ${book.variant}, not for ${variant.name}`);
    } catch (err) {
      book = null;
      const why = err instanceof Error ? err.message : String(err);
      this.once(`file:${variant.name}:${file}`, `${why}; playing without a book`);
    }
    this.loaded = { file, variant: variant.name, book };
    return book;
  }

  /**
   * The book's move for `position`, `ply` plies into its game, or null to search: the book is
   * off, the ply is past the last book ply, the position is not in the book, or none of its
   * legal book moves is within the margin of the book's best.
   */
  choose(variant: Variant, position: Position, ply: number): BookChoice | null {
    if (!this.current.use || ply > this.current.lastPly) return null;
    const book = this.book(variant);
    const entry = book?.probe(position.keyLo, position.keyHi);
    if (!entry || entry.moves.length === 0) return null;
    const legal = this.legalMoves(variant, position, entry.moves);
    const chosen = chooseBookMove(legal.map((l) => l.book), bestBookScore(entry.moves), this.current.margin, this.random);
    if (chosen === null) return null;
    const move = legal.find((l) => l.book === chosen)!.move;
    return { move, score: chosen.score, depth: chosen.depth, line: [move, ...this.bestLine(variant, book!, variant.play(position, move))] };
  }

  /** The book's moves that are legal in the position, each with its move; the others reported. */
  private legalMoves(variant: Variant, position: Position, moves: readonly BookMove[]): { book: BookMove; move: Move }[] {
    const out: { book: BookMove; move: Move }[] = [];
    for (const m of moves) {
      try {
        out.push({ book: m, move: parseMove(variant, position, m.move) });
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        const fen = formatFen(variant, variant.toBoard(position));
        this.once(`move:${position.keyLo}:${position.keyHi}:${m.move}`, `the book's move ${m.move} in ${fen} is not played: ${why}`);
      }
    }
    return out;
  }

  /** The book's best legal move from each position on, as far as the book goes. */
  private bestLine(variant: Variant, book: BookProbe, from: Position): Move[] {
    const line: Move[] = [];
    let pos = from;
    while (line.length < LINE_PLIES - 1) {
      const moves = book.probe(pos.keyLo, pos.keyHi)?.moves;
      if (!moves || moves.length === 0) break;
      const best = bestBookScore(moves);
      const top = moves.find((m) => m.score === best)!;
      let move: Move;
      try {
        move = parseMove(variant, pos, top.move);
      } catch {
        break; // reported when the position itself is played from the book
      }
      line.push(move);
      pos = variant.play(pos, move);
    }
    return line;
  }

  private once(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.report(message);
  }
}
