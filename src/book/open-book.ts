// Where the engine's books come from on disk: a file the user names, or the variant's shipped
// book ('' for it). A variant with no shipped book simply has none (nothing to report).

import { existsSync } from 'node:fs';
import { readBookFile } from './book-file.ts';
import type { BookReader } from './book-player.ts';
import { shippedBookPath } from './shipped.ts';

export const openBook: BookReader = (file, variant) => {
  if (file !== '') return readBookFile(file, variant);
  const path = shippedBookPath(variant);
  return existsSync(path) ? readBookFile(path, variant) : null;
};
