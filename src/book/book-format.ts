// The book file's bytes: encoding and decoding, no file system (the browser reads books too).
//
// Layout, little-endian, every section starting at a multiple of 4 bytes:
//   0  magic "DAMKBOOK"         8 bytes
//   8  format version           u32
//  12  CRC-32 of bytes 16..end  u32
//  16  variant name             16 bytes, ASCII, NUL-padded
//  32  positions n, moves m, string bytes s, parameter bytes p   4 × u32
//  48  build parameters         p bytes of JSON (padded)
//  then the columns, one value a position unless said:
//      keyHi u32, keyLo u32      sorted by (keyHi, keyLo) unsigned: binary search
//      board i32 × 7             wLo wHi bLo bHi kLo kHi side
//      score i32, depth i32, nodes u32, move u32    the leaf search that scored the position
//      value i32                 its book score, the side to move's view (negamax of its children)
//      height i32                plies of book below it along its best line (0 for a leaf)
//      flags u32                 bit 0: expanded (every move is in the book); bit 1: a position of
//                                a played game the book was taught (--games), which no line from
//                                the start need reach
//      first u32 × (n + 1)       its moves are first[i] .. first[i+1]-1, best first
//      child u32 × m, text u32 × m   a move's position (an index) and its text
//      strings                   s bytes: NUL-terminated ASCII move texts (Hub notation)
// Loading is a CRC check and views over the bytes: no object a position until one is probed.

import { getVariant } from '../rules/variants.ts';
import { crc32 as plainCrc32 } from '../util/crc32.ts';
import type { BookEntry, BookMove, BookProbe, LeafResult } from './types.ts';

export const BOOK_MAGIC = 'DAMKBOOK';
export const BOOK_VERSION = 1;
const HEADER_BYTES = 48;
const BOARD_INTS = 7;
export const EXPANDED = 1;
export const GAME_POSITION = 2;

/** A failure to use a book file, as one line that says which file and why. */
export class BookFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BookFileError';
  }
}

/** One position as the writer takes it. */
export interface BookRecord {
  keyLo: number;
  keyHi: number;
  /** wLo, wHi, bLo, bHi, kLo, kHi, side. */
  board: ArrayLike<number>;
  search: LeafResult;
  value: number;
  height: number;
  expanded: boolean;
  /** A played game's position the build was taught (a root of its own). */
  gamePosition?: boolean;
  /** Moves with the index of the record they lead to (any order: the writer puts the best first). */
  moves: { move: string; child: number }[];
}

/** What the build was asked for and has spent, kept in the header (JSON). */
export type BookParams = Record<string, unknown>;

const pad4 = (n: number) => (n + 3) & ~3;
const keyOrder = (aHi: number, aLo: number, bHi: number, bLo: number) => (aHi >>> 0) - (bHi >>> 0) || (aLo >>> 0) - (bLo >>> 0);

/** The section sizes in bytes, in file order, for n positions, m moves, s string bytes. */
function sections(n: number, m: number, s: number): number[] {
  return [4 * n, 4 * n, 4 * BOARD_INTS * n, 4 * n, 4 * n, 4 * n, 4 * n, 4 * n, 4 * n, 4 * n, 4 * (n + 1), 4 * m, 4 * m, pad4(s)];
}

export function encodeBook(variantName: string, params: BookParams, records: readonly BookRecord[]): Uint8Array {
  const variant = getVariant(variantName).name;
  const n = records.length;
  const order = records.map((_, i) => i).sort((a, b) => keyOrder(records[a].keyHi, records[a].keyLo, records[b].keyHi, records[b].keyLo));
  const rank = new Int32Array(n);
  order.forEach((r, i) => {
    if (i > 0 && keyOrder(records[order[i - 1]].keyHi, records[order[i - 1]].keyLo, records[r].keyHi, records[r].keyLo) === 0) throw new Error('book: two positions with one key');
    rank[r] = i;
  });
  const strings = new Map<string, number>();
  let stringBytes = 0;
  const text = (t: string) => {
    let at = strings.get(t);
    if (at === undefined) { at = stringBytes; strings.set(t, at); stringBytes += t.length + 1; }
    return at;
  };
  const m = records.reduce((sum, r) => sum + r.moves.length, 0);
  const paramBytes = new TextEncoder().encode(JSON.stringify(params));
  const sizes = sections(n, m, 0);
  // Strings are only known after the moves are listed: lay them out first, then the buffer.
  const sortedMoves = order.map((r) => [...records[r].moves].sort((a, b) => records[a.child].value - records[b.child].value || (a.move < b.move ? -1 : a.move > b.move ? 1 : 0)));
  for (const r of order) text(records[r].search.move);
  for (const moves of sortedMoves) for (const mv of moves) text(mv.move);
  sizes[sizes.length - 1] = pad4(stringBytes);
  const body = HEADER_BYTES + pad4(paramBytes.length);
  const total = body + sizes.reduce((a, b) => a + b, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 8; i++) bytes[i] = BOOK_MAGIC.charCodeAt(i);
  view.setUint32(8, BOOK_VERSION, true);
  for (let i = 0; i < variant.length && i < 16; i++) bytes[16 + i] = variant.charCodeAt(i);
  [n, m, stringBytes, paramBytes.length].forEach((v, i) => view.setUint32(32 + 4 * i, v, true));
  bytes.set(paramBytes, HEADER_BYTES);
  let o = body;
  const column = <T extends Uint32Array | Int32Array>(Kind: new (b: ArrayBuffer, o: number, l: number) => T, length: number): T => {
    const c = new Kind(bytes.buffer, o, length);
    o += 4 * length;
    return c;
  };
  const keyHi = column(Uint32Array, n), keyLo = column(Uint32Array, n), board = column(Int32Array, BOARD_INTS * n);
  const score = column(Int32Array, n), depth = column(Int32Array, n), nodes = column(Uint32Array, n), smove = column(Uint32Array, n);
  const value = column(Int32Array, n), height = column(Int32Array, n), flags = column(Uint32Array, n), first = column(Uint32Array, n + 1);
  const child = column(Uint32Array, m), mtext = column(Uint32Array, m);
  let k = 0;
  order.forEach((r, i) => {
    const rec = records[r];
    keyHi[i] = rec.keyHi >>> 0; keyLo[i] = rec.keyLo >>> 0;
    for (let j = 0; j < BOARD_INTS; j++) board[BOARD_INTS * i + j] = rec.board[j];
    score[i] = rec.search.score; depth[i] = rec.search.depth; nodes[i] = Math.min(rec.search.nodes, 0xffffffff); smove[i] = text(rec.search.move);
    value[i] = rec.value; height[i] = rec.height; flags[i] = (rec.expanded ? EXPANDED : 0) | (rec.gamePosition ? GAME_POSITION : 0);
    first[i] = k;
    for (const mv of sortedMoves[i]) { child[k] = rank[mv.child]; mtext[k] = text(mv.move); k++; }
  });
  first[n] = k;
  for (const [t, at] of strings) for (let i = 0; i < t.length; i++) bytes[o + at + i] = t.charCodeAt(i);
  view.setUint32(12, plainCrc32(bytes, 16), true);
  return bytes;
}

/** A loaded book: columns over the file's bytes, and the probe the engine asks. */
export class Book implements BookProbe {
  readonly size: number;
  readonly moveTotal: number;
  private readonly keyHi: Uint32Array;
  private readonly keyLo: Uint32Array;
  private readonly boards: Int32Array;
  private readonly score: Int32Array;
  private readonly depth: Int32Array;
  private readonly nodes: Uint32Array;
  private readonly smove: Uint32Array;
  private readonly values: Int32Array;
  private readonly heights: Int32Array;
  private readonly flags: Uint32Array;
  private readonly first: Uint32Array;
  private readonly child: Uint32Array;
  private readonly mtext: Uint32Array;
  private readonly strings: Uint8Array;

  constructor(readonly variant: string, readonly params: BookParams, bytes: Uint8Array, at: number, n: number, m: number, s: number) {
    this.size = n;
    this.moveTotal = m;
    let o = at;
    const column = <T extends Uint32Array | Int32Array>(Kind: new (b: ArrayBuffer, o: number, l: number) => T, length: number): T => {
      const c = new Kind(bytes.buffer as ArrayBuffer, bytes.byteOffset + o, length);
      o += 4 * length;
      return c;
    };
    this.keyHi = column(Uint32Array, n); this.keyLo = column(Uint32Array, n); this.boards = column(Int32Array, BOARD_INTS * n);
    this.score = column(Int32Array, n); this.depth = column(Int32Array, n); this.nodes = column(Uint32Array, n); this.smove = column(Uint32Array, n);
    this.values = column(Int32Array, n); this.heights = column(Int32Array, n); this.flags = column(Uint32Array, n); this.first = column(Uint32Array, n + 1);
    this.child = column(Uint32Array, m); this.mtext = column(Uint32Array, m);
    this.strings = bytes.subarray(o, o + s);
  }

  /** The index of a position, or -1. */
  find(keyLo: number, keyHi: number): number {
    const hi = keyHi >>> 0, lo = keyLo >>> 0;
    let a = 0, b = this.size - 1;
    while (a <= b) {
      const mid = (a + b) >>> 1;
      const c = keyOrder(this.keyHi[mid], this.keyLo[mid], hi, lo);
      if (c === 0) return mid;
      if (c < 0) a = mid + 1; else b = mid - 1;
    }
    return -1;
  }

  probe(keyLo: number, keyHi: number): BookEntry | undefined {
    const i = this.find(keyLo, keyHi);
    if (i < 0) return undefined;
    const moves: BookMove[] = [];
    if (this.expanded(i)) {
      for (let k = this.first[i]; k < this.first[i + 1]; k++) {
        const c = this.child[k];
        moves.push({ move: this.text(this.mtext[k]), score: -this.values[c] | 0, depth: this.heights[c] });
      }
    } else if (this.strings[this.smove[i]] !== 0) {
      // A leaf: its one move is its own search's best move, which leads out of the book.
      moves.push({ move: this.text(this.smove[i]), score: this.score[i], depth: 0 });
    }
    return moves.length === 0 ? undefined : { moves };
  }

  keyLoAt(i: number): number { return this.keyLo[i] | 0; }
  keyHiAt(i: number): number { return this.keyHi[i] | 0; }
  /** wLo, wHi, bLo, bHi, kLo, kHi, side. */
  boardAt(i: number): Int32Array { return this.boards.subarray(BOARD_INTS * i, BOARD_INTS * (i + 1)); }
  searchAt(i: number): LeafResult { return { score: this.score[i], move: this.text(this.smove[i]), depth: this.depth[i], nodes: this.nodes[i] }; }
  value(i: number): number { return this.values[i]; }
  height(i: number): number { return this.heights[i]; }
  expanded(i: number): boolean { return (this.flags[i] & EXPANDED) !== 0; }
  /** A played game's position the book was taught (book build --games). */
  gamePosition(i: number): boolean { return (this.flags[i] & GAME_POSITION) !== 0; }
  /** The moves of position i, best first, with the index each leads to. */
  movesAt(i: number): { move: string; child: number }[] {
    const out = [];
    for (let k = this.first[i]; k < this.first[i + 1]; k++) out.push({ move: this.text(this.mtext[k]), child: this.child[k] });
    return out;
  }

  private text(at: number): string {
    let end = at;
    while (this.strings[end] !== 0) end++;
    return String.fromCharCode(...this.strings.subarray(at, end));
  }

  /** Checks what a CRC cannot: that every index and string is inside the file. */
  checkLinks(): string | null {
    const n = this.size, m = this.moveTotal, s = this.strings.length;
    if (this.first[0] !== 0 || this.first[n] !== m) return 'move ranges do not add up';
    for (let i = 0; i < n; i++) {
      if (this.first[i + 1] < this.first[i]) return 'move ranges out of order';
      if (i > 0 && keyOrder(this.keyHi[i - 1], this.keyLo[i - 1], this.keyHi[i], this.keyLo[i]) >= 0) return 'keys out of order';
      if (this.smove[i] >= s) return 'a move text outside the file';
    }
    for (let k = 0; k < m; k++) if (this.child[k] >= n || this.mtext[k] >= s) return 'a move outside the file';
    if (s > 0 && this.strings[s - 1] !== 0) return 'move texts not terminated';
    return null;
  }
}

/** The game a book's header names ('' when the bytes are not a book). */
export function bookVariantName(bytes: Uint8Array): string {
  if (bytes.length < HEADER_BYTES) return '';
  for (let i = 0; i < 8; i++) if (bytes[i] !== BOOK_MAGIC.charCodeAt(i)) return '';
  let variant = '';
  for (let i = 16; i < 32 && bytes[i] !== 0; i++) variant += String.fromCharCode(bytes[i]);
  return variant;
}

/** A CRC-32 of bytes[start..]: the plain one, or a native one where the platform has it. */
export type Crc32 = (bytes: Uint8Array, start: number) => number;

/** The book in `bytes` (named `name` in errors), after checking it is whole, intact and for `variantName`. */
export function decodeBook(input: Uint8Array, variantName: string, name: string, crc32: Crc32 = plainCrc32): Book {
  const fail = (why: string): never => { throw new BookFileError(`book ${name}: ${why}`); };
  const wanted = getVariant(variantName).name;
  // Typed-array views need 4-byte alignment: a file read into a pooled buffer may not have it.
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  if (bytes.length < HEADER_BYTES) fail(bytes.length === 0 ? 'file is empty' : 'file is truncated');
  for (let i = 0; i < 8; i++) if (bytes[i] !== BOOK_MAGIC.charCodeAt(i)) fail('not a Damka book file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const version = view.getUint32(8, true);
  if (version !== BOOK_VERSION) fail(`format version ${version}, this Damka reads version ${BOOK_VERSION} (rebuild the book)`);
  const variant = bookVariantName(bytes);
  if (variant !== wanted) fail(`a book for ${variant || 'an unnamed game'}, not for ${wanted}`);
  const [n, m, s, p] = [0, 1, 2, 3].map((i) => view.getUint32(32 + 4 * i, true));
  const at = HEADER_BYTES + pad4(p);
  const total = at + sections(n, m, s).reduce((a, b) => a + b, 0);
  if (bytes.length < total) fail(`file is truncated (${bytes.length} bytes, its header says ${total})`);
  if (bytes.length > total) fail(`file is damaged (${bytes.length - total} bytes too many)`);
  if (crc32(bytes, 16) !== view.getUint32(12, true)) fail('file is damaged (CRC mismatch)');
  let params: BookParams;
  try {
    params = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + p))) as BookParams;
  } catch {
    return fail('file is damaged (unreadable build parameters)');
  }
  const book = new Book(wanted, params, bytes, at, n, m, s);
  const broken = book.checkLinks();
  if (broken !== null) fail(`file is damaged (${broken})`);
  return book;
}
