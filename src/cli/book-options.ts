// --book, --book-ply and --book-margin for the commands that play (play, dxp) and for analyze:
// the Hub's book, book-file, book-ply and book-margin parameters on a command line.

import { type Command, Option } from 'commander';
import { BookPlayer } from '../book/book-player.ts';
import { openBook } from '../book/open-book.ts';
import { type BookSettings, DEFAULT_BOOK, bookFromOption, parseBookMargin, parseBookPly } from '../book/settings.ts';
import { UsageError } from './errors.ts';

export interface BookOptionValues { book?: string; bookPly?: string; bookMargin?: string }

/** Adds the three options; `usedByDefault` says whether the shipped book plays when --book is not given. */
export function addBookOptions(command: Command, usedByDefault: boolean): Command {
  const fallback = usedByDefault ? 'the shipped book of the variant' : 'none';
  return command
    .addOption(new Option('--book <file>', `opening book: a book file, "shipped" or "none" (default: ${fallback})`))
    .addOption(new Option('--book-ply <n>', 'the last ply at which the book is used, or "all"').default('all'))
    .addOption(new Option('--book-margin <centi-men>', 'play a random book move up to this much worse than the best, better ones more often (0: always the best)').default('0'));
}

/** The settings the options give; a bad value is a usage error. */
export function bookSettings(o: BookOptionValues, usedByDefault: boolean): BookSettings {
  try {
    const base = { ...DEFAULT_BOOK, use: usedByDefault, lastPly: parseBookPly('--book-ply', o.bookPly ?? 'all'), margin: parseBookMargin('--book-margin', o.bookMargin ?? '0') };
    return bookFromOption(o.book, base);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** A book player with those settings, reading book files from disk and reporting its problems on stderr. */
export function commandLineBook(settings: BookSettings): BookPlayer {
  const player = new BookPlayer(openBook, (message) => process.stderr.write(`damka: ${message}\n`));
  player.configure(settings);
  return player;
}
