// How an engine plays from its book: the four settings every front end offers under Scan's
// names (Hub `book`, `book-ply`, `book-margin`, `book-file`; the CLI's --book, --book-ply,
// --book-margin; the library's `book` option), and their parsing, one place for all of them so
// that each refuses the same bad values with the same words.

export interface BookSettings {
  /** Play from the book at all. */
  use: boolean;
  /** The last ply (moves played since the game's start position, 0 for it) at which the book is asked; Infinity: every ply. */
  lastPly: number;
  /** Centi-men: a random move among those this close to the book's best, weighted towards the best; 0 always plays the best. */
  margin: number;
  /** The book file; empty for the variant's shipped book. */
  file: string;
}

export const DEFAULT_BOOK: Readonly<BookSettings> = { use: true, lastPly: Infinity, margin: 0, file: '' };

/** The largest `book-ply` a Hub GUI can set; it (the default) means every ply, as no game is that long. */
export const BOOK_PLY_ALL = 9999;
/** The largest margin taken: a tenth of the mate range would already be any move at all. */
export const BOOK_MARGIN_MAX = 10000;

export class BookSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BookSettingError';
  }
}

/** `true`/`false` (also on/off, yes/no, 1/0), as a Hub GUI or a match's `-p N:book=false` sends it. */
export function parseBookSwitch(name: string, text: string): boolean {
  const t = text.trim().toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(t)) return true;
  if (['false', 'off', 'no', '0'].includes(t)) return false;
  throw new BookSettingError(`${name} must be true or false, got "${text}"`);
}

/** A ply from 0, or `all` (or BOOK_PLY_ALL and above) for every ply. */
export function parseBookPly(name: string, text: string): number {
  const t = text.trim().toLowerCase();
  if (t === 'all') return Infinity;
  if (!/^\d+$/.test(t)) throw new BookSettingError(`${name} must be a ply from 0 or "all", got "${text}"`);
  const n = Number(t);
  return n >= BOOK_PLY_ALL ? Infinity : n;
}

/** Centi-men from 0 to BOOK_MARGIN_MAX. */
export function parseBookMargin(name: string, text: string): number {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) > BOOK_MARGIN_MAX) throw new BookSettingError(`${name} must be a whole number of centi-men from 0 to ${BOOK_MARGIN_MAX}, got "${text}"`);
  return Number(t);
}

/** A command line's `--book FILE|none|shipped`: the file, or use: false for none. */
export function bookFromOption(text: string | undefined, base: Readonly<BookSettings> = DEFAULT_BOOK): BookSettings {
  if (text === undefined) return { ...base };
  const t = text.trim();
  if (t === 'none') return { ...base, use: false };
  return { ...base, use: true, file: t === 'shipped' ? '' : t };
}
