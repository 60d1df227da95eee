// Book files on disk: reading one (every failure a BookFileError of one line) and writing one
// so that a reader, or a build killed at any moment, only ever sees a whole book: the bytes go
// to a temporary file beside the book, which is then renamed over it.

import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import * as zlib from 'node:zlib';
import { Book, BookFileError, type BookParams, type BookRecord, type Crc32, bookVariantName, decodeBook as decodeWith, encodeBook } from './book-format.ts';
import { getVariant } from '../rules/variants.ts';
import type { BookProbe } from './types.ts';
import { readProblem } from '../tools/file-error.ts';

export { Book, BookFileError };

// Node's own CRC-32 (Node 20.15 on) checks a book at once; the plain one, cold, takes about
// 0.2 ms a kilobyte before the compiler has seen it.
const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
const crc32: Crc32 | undefined = native && ((bytes, start) => native(bytes.subarray(start)));
const decodeBook = (bytes: Uint8Array, variant: string, path: string) => decodeWith(bytes, variant, path, crc32);

/** The book of `path` with everything the file holds (builder, stats, probe command); by default for the game its header names. */
export function loadBook(path: string, variant?: string): Book {
  const bytes = readBytes(path);
  if (variant !== undefined) return decodeBook(bytes, variant, path);
  const named = bookVariantName(bytes);
  try {
    getVariant(named);
  } catch {
    // Not a book, or one for a game this Damka does not know: decoding says which.
    return decodeBook(bytes, 'international', path);
  }
  return decodeBook(bytes, named, path);
}

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new BookFileError(`book ${path}: ${readProblem(err)}`);
  }
}

/** The book of `path` for the engine to probe. */
export function readBookFile(path: string, variant: string): BookProbe {
  return loadBook(path, variant);
}

/** Writes a whole book to `path` atomically (a temporary file beside it renamed over it). */
export function writeBookFile(path: string, variant: string, params: BookParams, records: readonly BookRecord[]): number {
  const bytes = encodeBook(variant, params, records);
  // One name, not one a process: a build killed mid-write leaves a file the next write replaces.
  const temp = join(dirname(path), `.${basename(path)}.tmp`);
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
