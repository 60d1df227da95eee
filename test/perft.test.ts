// Perft from the starting positions against the published tables (a copy of
// ../shared/reference/perft.json in test/data), single-threaded and over the worker pool.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import perftTable from './data/perft.json' with { type: 'json' };
import { PerftRunner } from '../src/tools/perft.ts';
import { PerftPool } from '../src/tools/perft-parallel.ts';
import { parseFen } from '../src/notation/fen.ts';
import { BRAZILIAN, CZECH, ENGLISH, INTERNATIONAL, ITALIAN, KILLER, POOL, RUSSIAN, SPANISH, THAI, TURKISH } from '../src/rules/variants.ts';
import { perftStart } from './data/perft-starts.ts';

describe('perft from the starting position', () => {
  it('English to depth 9', () => {
    const runner = new PerftRunner(ENGLISH);
    for (let d = 1; d <= 9; d++) expect(runner.run(ENGLISH.startPosition(), d), `depth ${d}`).toBe(perftTable.english.counts[d - 1]);
  });

  it('International to depth 7', () => {
    const runner = new PerftRunner(INTERNATIONAL);
    for (let d = 1; d <= 7; d++) {
      expect(runner.run(INTERNATIONAL.startPosition(), d), `depth ${d}`).toBe(perftTable.international.counts[d - 1]);
    }
  });

  // One depth short of the (Brazilian and Russian 10, Turkish 8), which cost several
  // seconds each: those are checked by `npm run bench` (bench/bench.ts).
  it.each([
    ['Brazilian', 9, BRAZILIAN, perftTable.brazilian.counts],
    ['Russian', 9, RUSSIAN, perftTable.russian.counts],
    ['Turkish', 7, TURKISH, perftTable.turkish.counts],
  ] as const)('%s to depth %i', (_name, depth, variant, counts) => {
    const runner = new PerftRunner(variant);
    for (let d = 1; d <= depth; d++) expect(runner.run(variant.startPosition(), d), `depth ${d}`).toBe(counts[d - 1]);
  });

  // The 8x8 family's newer games to depth 9, where Czech and Thai first differ from English
  // (deeper in bench/perft-speed.ts), from where their tables start (data/perft-starts.ts).
  it.each([
    ['Pool', POOL, perftTable.pool.counts],
    ['Czech', CZECH, perftTable.czech.counts],
    ['Spanish', SPANISH, perftTable.spanish.counts],
    ['Italian', ITALIAN, perftTable.italian.counts],
    ['Thai', THAI, perftTable.thai.counts],
  ] as const)('%s to depth 9', (_name, variant, counts) => {
    const runner = new PerftRunner(variant);
    const pos = perftStart(variant);
    for (let d = 1; d <= 9; d++) expect(runner.run(pos, d), `depth ${d}`).toBe(counts[d - 1]);
  });

  it('Killer to depth 6, and its position with kings to depth 5 (deeper in bench/perft-speed.ts)', () => {
    const runner = new PerftRunner(KILLER);
    for (let d = 1; d <= 6; d++) expect(runner.run(KILLER.startPosition(), d), `depth ${d}`).toBe(perftTable.killer.counts[d - 1]);
    const { fen, counts } = perftTable.killer.positions[0];
    const pos = KILLER.fromBoard(parseFen(KILLER, fen));
    for (let d = 1; d <= 5; d++) expect(runner.run(pos, d), `position, depth ${d}`).toBe(counts[d - 1]);
  });

  it('the starting FENs in the table are the variants\' start positions', () => {
    // Pool's table starts with White to move, Pool itself with Black: the same counts, by symmetry.
    expect(POOL.startFen).toBe(perftTable.pool.fen.replace(/^W/, 'B'));
    expect(CZECH.startFen).toBe(perftTable.czech.fen);
    expect(ENGLISH.startFen).toBe(perftTable.english.fen);
    expect(INTERNATIONAL.startFen).toBe(perftTable.international.fen);
    expect(BRAZILIAN.startFen).toBe(perftTable.brazilian.fen);
    expect(RUSSIAN.startFen).toBe(perftTable.russian.fen);
    expect(TURKISH.startFen).toBe(perftTable.turkish.fen);
    expect(KILLER.startFen).toBe(perftTable.killer.fen);
  });
});

describe('perft on a worker pool', () => {
  const pool = new PerftPool(2);
  afterAll(() => pool.close());

  it('gives the same totals as one thread (English 9, International 7)', async () => {
    expect(await pool.run(ENGLISH, ENGLISH.startPosition(), 9)).toBe(perftTable.english.counts[8]);
    expect(await pool.run(INTERNATIONAL, INTERNATIONAL.startPosition(), 7)).toBe(perftTable.international.counts[6]);
  });

  it('divides into per-move counts that add up, in generation order', async () => {
    const counts = await pool.divide(INTERNATIONAL, INTERNATIONAL.startPosition(), 6);
    expect(counts).toHaveLength(9);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(perftTable.international.counts[5]);
    const runner = new PerftRunner(INTERNATIONAL);
    const moves = INTERNATIONAL.legalMoves(INTERNATIONAL.startPosition());
    moves.forEach((m, i) => expect(runner.run(INTERNATIONAL.play(INTERNATIONAL.startPosition(), m), 5)).toBe(counts[i]));
  });
});

describe('the perft table shipped in test/data', () => {
  // Users have no ../shared; the project keeps a copy, which must not drift from the reference.
  const shared = fileURLToPath(new URL('../../shared/reference/perft.json', import.meta.url));
  it.runIf(existsSync(shared))('is the same as ../shared/reference/perft.json', () => {
    expect(JSON.parse(readFileSync(shared, 'utf8'))).toEqual(perftTable);
  });
});
