// The transposition table: what it keeps, and that clear() forgets everything without
// touching the table's memory.

import { describe, expect, it, vi } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, BOUND_NONE, TranspositionTable } from '../src/search/tt.ts';

describe('transposition table', () => {
  it('keeps entries across searches and forgets all of them at clear()', () => {
    const tt = new TranspositionTable(1);
    tt.nextGeneration();
    for (let k = 0; k < 1000; k++) tt.store(k * 7919, k * 104729, 100 + k, k, 5, BOUND_EXACT);
    tt.nextGeneration();
    expect(tt.probe(7919 * 3, 104729 * 3)).toBe(true);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([103, 3, 5, BOUND_EXACT]);
    tt.clear();
    tt.nextGeneration();
    let hits = 0;
    for (let k = 0; k < 1000; k++) if (tt.probe(k * 7919, k * 104729)) hits++;
    expect(hits).toBe(0);
    expect(tt.bound).toBe(BOUND_NONE);
    // A forgotten entry of the same position does not lend its move to a new result without one.
    tt.store(7919 * 3, 104729 * 3, 0, -7, 2, BOUND_LOWER);
    expect(tt.probe(7919 * 3, 104729 * 3)).toBe(true);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0, -7, 2, BOUND_LOWER]);
  });

  it('keeps its memory and entries when resized to the size it has, and starts empty at another', () => {
    const tt = new TranspositionTable(2);
    const buffer = tt.buffer;
    tt.nextGeneration();
    tt.store(12345, 678, 42, 9, 3, BOUND_EXACT);
    // 3 MB holds the same power of two of buckets as 2 MB: nothing is allocated (the library's
    // engine resizes before every search).
    const allocate = vi.spyOn(TranspositionTable, 'allocate');
    tt.resize(3);
    expect(allocate).not.toHaveBeenCalled();
    allocate.mockRestore();
    expect(tt.buffer).toBe(buffer);
    expect(tt.probe(12345, 678)).toBe(true);
    expect(tt.move).toBe(42);
    tt.resize(4);
    expect(tt.buffer).not.toBe(buffer);
    expect(tt.megabytes).toBe(4);
    expect(tt.probe(12345, 678)).toBe(false);
  });

  it('prefaults a fresh table in chunks claimed through a shared counter, and leaves it empty', () => {
    const buffer = TranspositionTable.allocate(40);
    const words = buffer.byteLength / 4;
    const next = new Int32Array(new SharedArrayBuffer(4));
    TranspositionTable.prefault(buffer, next);
    // A thread that comes late finds every chunk taken: one failed claim each.
    TranspositionTable.prefault(buffer, next);
    expect(next[0]).toBe(Math.ceil(words / (4 * 1024 * 1024)) + 2);
    expect(new Int32Array(buffer).every((w) => w === 0)).toBe(true);
    TranspositionTable.prefault(buffer);
    expect(new Int32Array(buffer).every((w) => w === 0)).toBe(true);
  });

  it('clears the largest table at once', () => {
    const tt = new TranspositionTable(4096);
    const t0 = performance.now();
    tt.clear();
    // Zeroing 4 GB takes seconds; forgetting by generation takes nothing.
    expect(performance.now() - t0).toBeLessThan(20);
    expect(tt.megabytes).toBe(4096);
  });

  it('fills a bucket with four positions before replacing, then replaces the oldest', () => {
    const tt = new TranspositionTable(1);
    tt.nextGeneration();
    // The low key word chooses the bucket: four positions share bucket 0.
    for (let k = 1; k <= 4; k++) tt.store(0, k * 2, k, 0, 3, BOUND_EXACT);
    for (let k = 1; k <= 4; k++) expect(tt.probe(0, k * 2), `position ${k}`).toBe(true);
    tt.nextGeneration();
    tt.store(0, 5 * 2, 5, 0, 3, BOUND_EXACT); // all equally old and deep: the first slot goes (1)
    tt.store(0, 1 * 2, 1, 0, 3, BOUND_EXACT); // 1 back, over the oldest of 2, 3, 4
    tt.nextGeneration();
    tt.store(0, 6 * 2, 6, 0, 3, BOUND_EXACT); // over 3, the oldest left
    expect([1, 2, 3, 4, 5, 6].map((k) => tt.probe(0, k * 2))).toEqual([true, false, false, true, true, true]);
  });
});
