// Book files: what is written reads back; a missing, truncated, damaged, other-version or
// other-game file is refused with one clear line; the leaf search refuses bad jobs.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BookFileError, loadBook, readBookFile, writeBookFile } from '../src/book/book-file.ts';
import type { BookRecord } from '../src/book/book-format.ts';
import { searchLeaf } from '../src/book/leaf-search.ts';
import { LocalLeafSearcher } from '../src/book/leaf-searcher.ts';
import { shippedBookPath } from '../src/book/shipped.ts';
import * as zlib from 'node:zlib';
import { crc32 } from '../src/util/crc32.ts';
import { formatMove } from '../src/notation/move-text.ts';
import { ENGLISH } from '../src/rules/variants.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-book-'));

/** The start and its moves' positions: the start expanded, its children leaves. */
function smallBook(): BookRecord[] {
  const start = ENGLISH.startPosition();
  const legal = ENGLISH.legalMoves(start);
  const board = (p: typeof start) => [p.wLo, p.wHi, p.bLo, p.bHi, p.kLo, p.kHi, p.side];
  const children: BookRecord[] = legal.map((m, i) => {
    const p = ENGLISH.play(start, m);
    return { keyLo: p.keyLo, keyHi: p.keyHi, board: board(p), search: { score: 10 * i - 20, move: formatMove(ENGLISH, ENGLISH.legalMoves(p)[0], ENGLISH.legalMoves(p), 'hub'), depth: 9, nodes: 1000 + i }, value: 10 * i - 20, height: 0, expanded: false, moves: [] };
  });
  const best = Math.max(...children.map((c) => -c.value));
  const root: BookRecord = {
    keyLo: start.keyLo, keyHi: start.keyHi, board: board(start), search: { score: 5, move: '11-15', depth: 12, nodes: 50_000 }, value: best, height: 1, expanded: true,
    moves: legal.map((m, i) => ({ move: formatMove(ENGLISH, m, legal, 'hub'), child: i + 1 })),
  };
  return [root, ...children];
}

describe('book files', () => {
  const path = join(dir, 'small.book');
  writeBookFile(path, 'english', { limits: { nodes: 1000 } }, smallBook());

  it('read back: the probe gives the moves best first, leaves their own search move', () => {
    const book = loadBook(path, 'checkers');
    expect(book.size).toBe(8);
    expect(book.params).toEqual({ limits: { nodes: 1000 } });
    const start = ENGLISH.startPosition();
    const entry = book.probe(start.keyLo, start.keyHi)!;
    expect(entry.moves.map((m) => m.score)).toEqual([20, 10, 0, -10, -20, -30, -40]);
    expect(entry.moves[0].depth).toBe(0);
    const legal = ENGLISH.legalMoves(start);
    const first = ENGLISH.play(start, legal[0]);
    expect(entry.moves[0].move).toBe(formatMove(ENGLISH, legal[0], legal, 'hub'));
    const leaf = book.probe(first.keyLo, first.keyHi)!;
    expect(leaf.moves).toHaveLength(1);
    expect(leaf.moves[0].score).toBe(-20);
    expect(book.probe(123, 456)).toBeUndefined();
  });

  it('reports each kind of bad file in one line', () => {
    const bytes = readFileSync(path);
    const bad = (name: string, data: Uint8Array) => { const p = join(dir, name); writeFileSync(p, data); return p; };
    const expectError = (p: string, variant: string, re: RegExp) => {
      expect(() => readBookFile(p, variant)).toThrow(BookFileError);
      expect(() => readBookFile(p, variant)).toThrow(re);
    };
    expectError(join(dir, 'none.book'), 'english', /none\.book: no such file/);
    expectError(bad('short.book', bytes.subarray(0, bytes.length - 9)), 'english', /truncated/);
    expectError(bad('tiny.book', bytes.subarray(0, 20)), 'english', /truncated/);
    const flipped = Buffer.from(bytes); flipped[flipped.length - 30] ^= 4;
    expectError(bad('flipped.book', flipped), 'english', /damaged \(CRC mismatch\)/);
    const version = Buffer.from(bytes); version.writeUInt32LE(99, 8);
    expectError(bad('version.book', version), 'english', /format version 99/);
    expectError(path, 'international', /a book for english, not for international/);
    expectError(bad('text.book', Buffer.from('hello, this is not a book at all, not at all, really')), 'english', /not a Damka book file/);
  });
});

describe('leaf search', () => {
  it('searches a job and answers in Hub notation', () => {
    const r = searchLeaf({ variant: 'english', fen: ENGLISH.startFen, limits: { depth: 4 } });
    expect(r.depth).toBe(4);
    expect(r.nodes).toBeGreaterThan(0);
    expect(ENGLISH.legalMoves(ENGLISH.startPosition()).map((m) => formatMove(ENGLISH, m, [], 'hub'))).toContain(r.move);
    // The same job twice: the same answer (the table is cleared each time).
    expect(searchLeaf({ variant: 'english', fen: ENGLISH.startFen, limits: { nodes: 5000 } })).toEqual(searchLeaf({ variant: 'english', fen: ENGLISH.startFen, limits: { nodes: 5000 } }));
  });

  it('refuses bad jobs with a clear error', () => {
    const job = (limits: object, fen = ENGLISH.startFen, variant = 'english') => () => searchLeaf({ variant, fen, limits } as never);
    expect(job({})).toThrow(/exactly one of nodes, depth or time, got none/);
    expect(job({ nodes: 10, depth: 3 })).toThrow(/got nodes and depth/);
    expect(job({ nodes: -5 })).toThrow(/nodes must be a whole number/);
    expect(job({ depth: 2.5 })).toThrow(/depth must be a whole number/);
    expect(job({ time: 0 })).toThrow(/time must be seconds/);
    expect(job({ depth: 3 }, 'W:W99:B1')).toThrow(/bad leaf job/);
    expect(job({ depth: 3 }, ENGLISH.startFen, 'chess')).toThrow(/bad leaf job: unknown variant/);
  });

  it('scores a position without moves as lost, with no move', () => {
    const r = searchLeaf({ variant: 'english', fen: 'W:W29:B22,25', limits: { depth: 3 } });
    expect(r.move).toBe('');
    expect(r.score).toBeLessThan(-20000);
  });
});

describe('the plain CRC-32', () => {
  it('is the zlib one, as the browser must check the files node:zlib wrote', () => {
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7919) & 0xff);
    expect(crc32(new TextEncoder().encode('hello'))).toBe(907060870);
    const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
    if (native) expect(crc32(bytes, 16)).toBe(native(bytes.subarray(16)));
    expect(crc32(bytes, 16, 3000)).toBe(crc32(bytes.subarray(16)));
    expect(crc32(bytes, 16, 2999)).not.toBe(crc32(bytes.subarray(16)));
  });
});

describe('local leaf searcher', () => {
  it('runs jobs on the pool and passes a bad job\'s error back', async () => {
    const searcher = new LocalLeafSearcher(1);
    try {
      const job = { variant: 'english', fen: ENGLISH.startFen, limits: { nodes: 5000 } };
      expect(await searcher.run(job)).toEqual(searchLeaf(job));
      await expect(searcher.run({ ...job, limits: {} })).rejects.toThrow(/exactly one of nodes, depth or time/);
    } finally {
      await searcher.close();
    }
  });
});

describe('shipped books', () => {
  it('are found under src/book/data from the sources', () => {
    expect(shippedBookPath('checkers')).toBe(fileURLToPath(new URL('../src/book/data/english.book', import.meta.url)));
    expect(() => shippedBookPath('chess')).toThrow(/unknown variant/);
  });
});
