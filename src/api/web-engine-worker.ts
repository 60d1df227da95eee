// The library engine's worker in a browser: a module Web Worker serving searches. It reads no
// files: its books are the shipped ones, downloaded from books/ beside the worker the first
// time a search asks for a variant's book (the build copies them there and names them here).

import { decodeBook } from '../book/book-format.ts';
import { type SearchMessage, engineService } from './engine-service.ts';

/** The variants whose books the build copied beside the worker (the build defines it; none when run unbuilt). */
declare const DAMKA_SHIPPED_BOOKS: string[] | undefined;
const shipped: string[] = typeof DAMKA_SHIPPED_BOOKS === 'undefined' ? [] : DAMKA_SHIPPED_BOOKS;

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: SearchMessage }) => void) | null;
};
const serve = engineService((reply) => scope.postMessage(reply), async (file, variant) => {
  if (file !== '') throw new Error(`book ${file}: a browser engine reads no files, only the shipped books`);
  if (!shipped.includes(variant)) return null;
  const url = new URL(`./books/${variant}.book`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`book ${url.pathname}: the download failed (${response.status} ${response.statusText})`);
  return decodeBook(new Uint8Array(await response.arrayBuffer()), variant, url.pathname);
});
scope.onmessage = (event) => void serve(event.data);
