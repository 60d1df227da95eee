// Book files on disk: reading one (every failure a BookFileError of one line) and writing one
// so that a reader, or a build killed at any moment, only ever sees a whole book: the bytes go
// to a temporary file beside the book, which is then renamed over it.

import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { Book, BookFileError, type BookParams, type BookRecord, decodeBook, encodeBook } from './book-format.ts';
import type { BookProbe } from './types.ts';

export { Book, BookFileError };

/** The book of `path` with everything the file holds (builder, stats, probe command). */
export function loadBook(path: string, variant: string): Book {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : err instanceof Error ? err.message : String(err);
    throw new BookFileError(`book ${path}: ${why}`);
  }
  return decodeBook(bytes, variant, path);
}

/** The book of `path` for the engine to probe. */
export function readBookFile(path: string, variant: string): BookProbe {
  return loadBook(path, variant);
}

/** Writes a whole book to `path` atomically (a temporary file beside it renamed over it). */
export function writeBookFile(path: string, variant: string, params: BookParams, records: readonly BookRecord[]): number {
  const bytes = encodeBook(variant, params, records);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, bytes);
      // On disk before the rename: a crash of the machine then leaves the old book or the new one.
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw new BookFileError(`book ${path}: cannot write: ${err instanceof Error ? err.message : String(err)}`);
  }
  return bytes.length;
}
