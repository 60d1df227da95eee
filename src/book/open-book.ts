// Where the engine's books come from on disk: a file named by the user, or the variant's
// shipped book ('' for it). No book file format is readable in this build yet: a named file is
// reported as unreadable and no book ships, so the engine searches every move.

import type { BookReader } from './book-player.ts';

export const openBook: BookReader = (file) => {
  if (file === '') return null;
  throw new Error('this build cannot read book files');
};
