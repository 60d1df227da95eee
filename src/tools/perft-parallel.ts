// Perft spread over a piscina pool. The root is split two plies deep (about 50-80 subtrees
// from a start position) so that two or more threads stay evenly loaded.

import { Piscina } from 'piscina';
import { MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { distFile } from './dist-path.ts';
import { PerftRunner } from './perft.ts';

export interface PerftTask {
  variant: string;
  position: Pick<Position, 'wLo' | 'wHi' | 'bLo' | 'bHi' | 'kLo' | 'kHi' | 'side'>;
  depth: number;
}

function plain(pos: Position): PerftTask['position'] {
  return { wLo: pos.wLo, wHi: pos.wHi, bLo: pos.bLo, bHi: pos.bHi, kLo: pos.kLo, kHi: pos.kHi, side: pos.side };
}

/** Leaves below each root move (index into variant.generate's order) at `depth`. */
export async function perftDivide(variant: Variant, root: Position, depth: number, threads: number): Promise<number[]> {
  if (depth < 1) throw new Error('perft divide needs depth 1 or more');
  const rootList = new MoveList();
  const n = variant.generate(root, rootList);
  const counts = new Array<number>(n).fill(0);
  if (threads <= 1 || depth < 4) {
    const runner = new PerftRunner(variant);
    const child = new Position();
    for (let i = 0; i < n; i++) {
      variant.make(child, root, rootList, i);
      counts[i] = runner.run(child, depth - 1);
    }
    return counts;
  }
  const pool = new Piscina({ filename: distFile('perft-worker.js'), minThreads: threads, maxThreads: threads });
  try {
    const jobs: Promise<void>[] = [];
    const child = new Position();
    const grandchild = new Position();
    const list = new MoveList();
    for (let i = 0; i < n; i++) {
      variant.make(child, root, rootList, i);
      const m = variant.generate(child, list);
      for (let j = 0; j < m; j++) {
        variant.make(grandchild, child, list, j);
        const task: PerftTask = { variant: variant.name, position: plain(grandchild), depth: depth - 2 };
        jobs.push(pool.run(task).then((leaves: number) => { counts[i] += leaves; }));
      }
    }
    await Promise.all(jobs);
  } finally {
    await pool.destroy();
  }
  return counts;
}

export async function perftParallel(variant: Variant, root: Position, depth: number, threads: number): Promise<number> {
  if (depth <= 1 || threads <= 1) return new PerftRunner(variant).run(root, depth);
  return (await perftDivide(variant, root, depth, threads)).reduce((a, b) => a + b, 0);
}
