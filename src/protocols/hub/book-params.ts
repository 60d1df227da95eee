// The Hub parameters of the opening book, with Scan's names: `book` (on or off), `book-ply`
// (the last ply the book is asked at), `book-margin` (centi-men of randomness below the best)
// and `book-file` (empty: the variant's shipped book).

import type { BookPlayer } from '../../book/book-player.ts';
import { BOOK_MARGIN_MAX, BOOK_PLY_ALL, type BookSettings, parseBookMargin, parseBookPly, parseBookSwitch } from '../../book/settings.ts';

const NAMES = ['book', 'book-ply', 'book-margin', 'book-file'];

export function isBookParam(name: string): boolean {
  return NAMES.includes(name);
}

/** The `param` lines a `hub` command is answered with; book-ply's maximum (its default) means every ply. */
export function bookParamLines(s: Readonly<BookSettings>): Record<string, string | number>[] {
  return [
    { name: 'book', value: String(s.use), type: 'bool' },
    { name: 'book-ply', value: Number.isFinite(s.lastPly) ? s.lastPly : BOOK_PLY_ALL, type: 'int', min: 0, max: BOOK_PLY_ALL },
    { name: 'book-margin', value: s.margin, type: 'int', min: 0, max: BOOK_MARGIN_MAX },
    { name: 'book-file', value: s.file, type: 'string' },
  ];
}

/** Applies one of the book's parameters; throws with the reason on a bad value (the setting stays). */
export function setBookParam(books: BookPlayer, name: string, value: string): void {
  switch (name) {
    case 'book': return books.configure({ use: parseBookSwitch(name, value) });
    case 'book-ply': return books.configure({ lastPly: parseBookPly(name, value) });
    case 'book-margin': return books.configure({ margin: parseBookMargin(name, value) });
    case 'book-file': return books.configure({ file: value.trim() === 'shipped' ? '' : value.trim() });
  }
}
