// damka train relabel: every position searched again, alone and deeper, on a worker pool.

import { describe, expect, it } from 'vitest';
import { computeKey } from '../src/rules/convert.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { defaultOpenings } from '../src/match/openings.ts';
import { Position } from '../src/rules/position.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { RECORD_INTS, SCORE_CLAMP, everyNthGame, readRecord, writeRecord } from '../src/train/records.ts';
import { relabel } from '../src/train/relabel.ts';
import { LABEL_TABLE_MB } from '../src/train/relabel-worker.ts';
import { playSelfPlayGame } from '../src/train/selfplay-game.ts';

/** Two English self-play games (classic evaluation, 200 nodes a move) from the openings at `first` and `first + 1`, their records one after the other. */
function twoGames(first: number, seed: number): Int32Array {
  const variant = ENGLISH;
  const player = new Searcher(variant, 1, {}, createEvaluator(variant, { kind: 'classic' }));
  const openings = defaultOpenings(variant);
  const games = [0, 1].map((g) => playSelfPlayGame(variant, player, { id: g, opening: openings[first + g], seed: seed + g, randomPlies: 4, nodes: 200, maxPlies: 300 }).records);
  const records = new Int32Array(games[0].length + games[1].length);
  records.set(games[0]);
  records.set(games[1], games[0].length);
  return records;
}

/** The label a relabel search gives: its score within the clamp, or the old score if it searched no full ply. */
const label = (r: { depth: number; score: number }, old: number | null) => (r.depth > 0 ? Math.max(-SCORE_CLAMP, Math.min(SCORE_CLAMP, r.score)) : old);

describe('train relabel', () => {
  it('replaces each score by a fresh deeper search, keeps the rest, and gives the same data on 1 or 2 threads', async () => {
    const variant = ENGLISH;
    const records = twoGames(0, 7);
    const count = records.length / RECORD_INTS;
    expect(count).toBeGreaterThan(20);

    const nodes = 3000;
    const seen: number[] = [];
    const two = await relabel({ variant, records, nodes, threads: 2, evalKind: 'classic', onProgress: (d) => seen.push(d) });
    const one = await relabel({ variant, records, nodes, threads: 1, evalKind: 'classic' });
    expect(Array.from(two)).toEqual(Array.from(one));
    expect(seen.at(-1)).toBe(count);

    const direct = new Searcher(variant, LABEL_TABLE_MB, {}, createEvaluator(variant, { kind: 'classic' }));
    const before = new Position(), after = new Position();
    let changed = 0;
    for (let i = 0; i < count; i++) {
      const old = readRecord(records, i, before);
      const now = readRecord(two, i, after);
      expect(after.equals(before)).toBe(true);
      expect(now.result).toBe(old.result);
      expect(now.game).toBe(old.game);
      computeKey(before);
      direct.clear();
      const r = direct.search(before, { history: { lo: new Int32Array([before.keyLo]), hi: new Int32Array([before.keyHi]) }, limits: { nodes } });
      expect(now.score).toBe(label(r, old.score));
      if (now.score !== old.score) changed++;
    }
    // Fifteen times the nodes of the games' searches: most verdicts move at least a little.
    expect(changed).toBeGreaterThan(count / 4);
  });

  it('--warm keeps the table through a game, cleared at the next game, the same on 1 or 2 threads', async () => {
    const variant = ENGLISH;
    const records = twoGames(2, 3);
    const count = records.length / RECORD_INTS;
    const nodes = 3000;
    const two = await relabel({ variant, records, nodes, warm: true, threads: 2, evalKind: 'classic' });
    const one = await relabel({ variant, records, nodes, warm: true, threads: 1, evalKind: 'classic' });
    expect(Array.from(two)).toEqual(Array.from(one));
    const cold = await relabel({ variant, records, nodes, threads: 1, evalKind: 'classic' });

    // The same searches one after another on one searcher, cleared only when the game changes.
    const direct = new Searcher(variant, LABEL_TABLE_MB, {}, createEvaluator(variant, { kind: 'classic' }));
    const pos = new Position(), p = new Position();
    let lastGame = -1, differ = 0;
    for (let i = 0; i < count; i++) {
      const old = readRecord(records, i, pos);
      const now = readRecord(two, i, p);
      expect(now.game).toBe(old.game);
      computeKey(pos);
      const coldScore = readRecord(cold, i, p).score;
      if (old.game !== lastGame) {
        direct.clear();
        // A game's first position has nothing to inherit: its label is the cold one.
        expect(now.score).toBe(coldScore);
      }
      lastGame = old.game;
      expect(now.score).toBe(label(direct.search(pos, { limits: { nodes } }), old.score));
      if (now.score !== coldScore) differ++;
    }
    // The inherited table changes what a search of the same nodes finds.
    expect(differ).toBeGreaterThan(count / 10);
  });

  it('--every n keeps exactly the games numbered a multiple of n, in order', () => {
    const pos = ENGLISH.startPosition();
    const games = [0, 1, 2, 3, 4, 5, 10, 10, 11, 15, 20];
    const records = new Int32Array(games.length * RECORD_INTS);
    games.forEach((g, i) => writeRecord(records, i, pos, 1, i, g));
    const kept = (n: number) => {
      const out = everyNthGame(records, n), p = new Position();
      return Array.from({ length: out.length / RECORD_INTS }, (_, i) => { const r = readRecord(out, i, p); return [r.game, r.score]; });
    };
    expect(kept(2)).toEqual([[0, 0], [2, 2], [4, 4], [10, 6], [10, 7], [20, 10]]);
    expect(kept(5)).toEqual([[0, 0], [5, 5], [10, 6], [10, 7], [15, 9], [20, 10]]);
    expect(kept(1)).toHaveLength(games.length);
  });
});
