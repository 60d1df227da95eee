// Perft spread over a piscina pool. The root is split two plies deep (about 50-80 subtrees
// from a start position) so that two or more threads stay evenly loaded. One pool serves
// many runs: worker start-up would otherwise be a visible part of a short perft.

import { Piscina } from 'piscina';
import { MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { distFile } from './dist-path.ts';
import { type PlainPosition, plainPosition } from '../engine/task.ts';
import { PerftRunner } from './perft.ts';

export interface PerftTask {
  variant: string;
  position: PlainPosition;
  depth: number;
}

export class PerftPool {
  private readonly pool: Piscina | null;
  private readonly runners = new Map<string, PerftRunner>();

  constructor(readonly threads: number) {
    this.pool = threads > 1
      ? new Piscina({ filename: distFile('perft-worker.js'), minThreads: threads, maxThreads: threads })
      : null;
  }

  private runner(variant: Variant): PerftRunner {
    let r = this.runners.get(variant.name);
    if (!r) this.runners.set(variant.name, (r = new PerftRunner(variant)));
    return r;
  }

  /** Leaves below each root move (in variant.generate's order) at `depth`. */
  async divide(variant: Variant, root: Position, depth: number): Promise<number[]> {
    if (depth < 1) throw new Error('perft divide needs depth 1 or more');
    const rootList = new MoveList();
    const n = variant.generate(root, rootList);
    const counts = new Array<number>(n).fill(0);
    const child = new Position();
    if (this.pool === null || depth < 4) {
      const runner = this.runner(variant);
      for (let i = 0; i < n; i++) {
        variant.make(child, root, rootList, i);
        counts[i] = runner.run(child, depth - 1);
      }
      return counts;
    }
    const jobs: Promise<void>[] = [];
    const grandchild = new Position();
    const list = new MoveList();
    for (let i = 0; i < n; i++) {
      variant.make(child, root, rootList, i);
      const m = variant.generate(child, list);
      for (let j = 0; j < m; j++) {
        variant.make(grandchild, child, list, j);
        const task: PerftTask = { variant: variant.name, position: plainPosition(grandchild), depth: depth - 2 };
        jobs.push(this.pool.run(task).then((leaves: number) => { counts[i] += leaves; }));
      }
    }
    await Promise.all(jobs);
    return counts;
  }

  async run(variant: Variant, root: Position, depth: number): Promise<number> {
    if (depth < 4 || this.pool === null) return this.runner(variant).run(root, depth);
    return (await this.divide(variant, root, depth)).reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
