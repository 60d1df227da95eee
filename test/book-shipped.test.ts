// The shipped books (src/book/data): each is whole, for its game, and every move stored in it
// is a legal move of its position leading where the book says; every position's key is its
// pieces' key. All of them are checked, not a sample.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBook } from '../src/book/book-file.ts';
import { shippedBookPath } from '../src/book/shipped.ts';
import { parseMove } from '../src/notation/move-text.ts';
import { computeKey } from '../src/rules/convert.ts';
import { type Color, Position } from '../src/rules/position.ts';
import { getVariant } from '../src/rules/variants.ts';

const CLI = fileURLToPath(new URL('../dist/damka.js', import.meta.url));

describe.each(['english', 'international'])('the shipped %s book', (name) => {
  const variant = getVariant(name);

  it('holds only legal moves, each leading to the position stored for it', () => {
    const book = loadBook(shippedBookPath(name), name);
    expect(book.size).toBeGreaterThan(100);
    let moves = 0;
    for (let i = 0; i < book.size; i++) {
      const b = book.boardAt(i);
      const pos = new Position();
      [pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi, pos.side] = [b[0], b[1], b[2], b[3], b[4], b[5], b[6] as Color];
      computeKey(pos);
      expect([pos.keyLo, pos.keyHi]).toEqual([book.keyLoAt(i), book.keyHiAt(i)]);
      const legal = variant.legalMoves(pos).length;
      const leaf = book.searchAt(i).move;
      if (leaf === '') expect(legal).toBe(0);
      else parseMove(variant, pos, leaf);
      if (!book.expanded(i)) continue;
      const stored = book.movesAt(i);
      expect(stored).toHaveLength(legal);
      for (const m of stored) {
        const next = variant.play(pos, parseMove(variant, pos, m.move));
        expect([next.keyLo, next.keyHi]).toEqual([book.keyLoAt(m.child), book.keyHiAt(m.child)]);
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(100);
    // The start is in it, with its best move first.
    const start = variant.startPosition();
    expect(book.probe(start.keyLo, start.keyHi)?.moves.length).toBe(variant.legalMoves(start).length);
  });

  it('is found by the built command line', () => {
    const r = spawnSync(process.execPath, [CLI, 'book', 'probe', '-v', name], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/moves, book score/);
  });
});
