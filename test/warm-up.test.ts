// The warm-up a search worker runs before its first move: it must leave nothing behind that
// changes a search (table, history), and must reach the positions whose code a real game
// needs compiled (kings, captures), in the parallel roles too.

import { describe, expect, it } from 'vitest';
import { ENGLISH, INTERNATIONAL, LASCA, TURKISH } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { warmUp } from '../src/search/warm-up.ts';

const few = { searches: 60, nodes: 500, maxMs: Infinity };

describe('warm-up', () => {
  for (const variant of [ENGLISH, INTERNATIONAL]) {
    it(`${variant.name}: searches positions with kings and captures, and a search after it is a fresh searcher's`, () => {
      const fresh = new Searcher(variant, 4);
      const expected = fresh.search(variant.startPosition(), { limits: { depth: 7 } });
      const warmed = new Searcher(variant, 4);
      const summary = warmUp(warmed, { ...few, parallel: true });
      expect(summary.searches).toBe(60);
      expect(summary.withKings).toBeGreaterThan(0);
      expect(summary.withCaptures).toBeGreaterThan(0);
      // Cleared: the start position is no longer in the table.
      const start = variant.startPosition();
      expect(warmed.tt.probe(start.keyLo, start.keyHi)).toBe(false);
      const got = warmed.search(start, { limits: { depth: 7 } });
      expect(got.nodes).toBe(expected.nodes);
      expect(got.score).toBe(expected.score);
      expect(got.pv).toEqual(expected.pv);
    });
  }

  for (const variant of [TURKISH, LASCA]) {
    it(`${variant.name}: warms up on its own positions`, () => {
      const summary = warmUp(new Searcher(variant, 1), { ...few, parallel: false });
      expect(summary.searches).toBe(60);
      expect(summary.withCaptures).toBeGreaterThan(0);
    });
  }

  it('stops at its time limit', () => {
    const t0 = performance.now();
    const summary = warmUp(new Searcher(INTERNATIONAL, 1), { searches: 1_000_000, nodes: 500, maxMs: 100, parallel: false });
    expect(summary.searches).toBeLessThan(1_000_000);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
