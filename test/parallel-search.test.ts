// Parallel search (lazy SMP): a transposition table in shared memory that workers read and
// write without locks.

import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { Game } from '../src/game/game.ts';
import { formatMove } from '../src/notation/move-text.ts';
import { computeKey } from '../src/rules/convert.ts';
import { MoveList } from '../src/rules/move.ts';
import { Position } from '../src/rules/position.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { Searcher } from '../src/search/search.ts';
import { BOUND_EXACT, BOUND_LOWER, TranspositionTable } from '../src/search/tt.ts';
import { rng } from './reference/random-positions.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const isLegal = (v: Variant, pos: Position, move: { from: number; to: number } | null) =>
  move !== null && v.legalMoves(pos).some((m) => formatMove(m, [], 'long') === formatMove(move as never, [], 'long'));

/** Runs `body` (using TranspositionTable and worker_threads' workerData/parentPort) on a real worker thread. */
async function onWorker<T>(body: string, workerData: unknown): Promise<T> {
  const contents = `import { TranspositionTable } from './src/search/tt.ts';\nimport { parentPort, workerData } from 'node:worker_threads';\n${body}`;
  const out = await build({ stdin: { contents, resolveDir: ROOT, loader: 'ts' }, bundle: true, write: false, platform: 'node', format: 'cjs', logLevel: 'silent' });
  const worker = new Worker(out.outputFiles[0].text, { eval: true, workerData });
  try {
    return await new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe('shared transposition table', () => {
  it('an entry written by one worker is found by another, and the other way round', async () => {
    const table = new TranspositionTable(1);
    table.store(0x1234, 0x5678, 4321, -77, 9, BOUND_EXACT);
    const seen = await onWorker<{ hit: boolean; move: number; score: number; depth: number; bound: number }>(`
      const tt = new TranspositionTable(1);
      tt.attach(workerData.buffer);
      const hit = tt.probe(0x1234, 0x5678);
      const seen = { hit, move: tt.move, score: tt.score, depth: tt.depth, bound: tt.bound };
      tt.store(0x4321, 0x8765, 99, 12, 3, 2);
      parentPort.postMessage(seen);
    `, { buffer: table.buffer });
    expect(seen).toEqual({ hit: true, move: 4321, score: -77, depth: 9, bound: BOUND_EXACT });
    expect(table.probe(0x4321, 0x8765)).toBe(true);
    expect([table.move, table.score, table.depth, table.bound]).toEqual([99, 12, 3, BOUND_LOWER]);
  });

  it('rejects an entry with a corrupted word, and one torn between two writers', () => {
    const table = new TranspositionTable(1);
    const words = new Int32Array(table.buffer);
    // Every word of an entry matters: flip one bit in each in turn.
    for (let w = 0; w < 4; w++) {
      table.clear();
      table.nextGeneration();
      table.store(8, 0x2468, 1000, 50, 7, BOUND_EXACT);
      expect(table.probe(8, 0x2468)).toBe(true);
      const at = words.findIndex((x, i) => i % 4 === 0 && x !== 0) + w;
      words[at] ^= 1 << 5;
      expect(table.probe(8, 0x2468), `word ${w} corrupted`).toBe(false);
    }
    // Two workers storing different results for one position at once: one's check word with
    // the other's data words is what an unlucky reader may see. It must not be trusted.
    table.clear();
    table.nextGeneration();
    table.store(8, 0x2468, 1000, 50, 7, BOUND_EXACT);
    const at = words.findIndex((x, i) => i % 4 === 0 && x !== 0);
    const first = words.slice(at, at + 4);
    table.store(8, 0x2468, 2000, -300, 9, BOUND_LOWER);
    words[at] = first[0];
    expect(table.probe(8, 0x2468)).toBe(false);
  });

  it('never plays a move taken from the table: table moves that fit no legal move are ignored', () => {
    const random = rng(12);
    for (const variant of [ENGLISH, INTERNATIONAL]) {
      const searcher = new Searcher(variant, 1);
      const game = new Game(variant);
      for (let i = 0; i < 6; i++) game.play(game.legalMoves()[Math.floor(random() * game.legalMoves().length)]);
      const root = game.position;
      // Entries that pass the check, for the root and every position one move on, each with a
      // made-up move: were a table move played unchecked, it would be one of these.
      const list = new MoveList(true);
      const n = variant.generate(root, list);
      const keys: [number, number][] = [[root.keyLo, root.keyHi]];
      for (let i = 0; i < n; i++) {
        const child = new Position();
        variant.make(child, root, list, i);
        computeKey(child);
        keys.push([child.keyLo, child.keyHi]);
      }
      for (const [lo, hi] of keys) searcher.tt.store(lo, hi, (random() * 0x7fffffff) | (1 << 30), 0, 1, BOUND_LOWER);
      const result = searcher.search(root, { limits: { depth: 5 }, analyze: true });
      expect(isLegal(variant, root, result.move), `${variant.name}: ${result.move && formatMove(result.move, [], 'long')}`).toBe(true);
      expect(result.depth).toBe(5);
    }
  });
});
