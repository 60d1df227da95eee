// Deeper labels for training positions: each position of a data file searched again, alone
// and from an empty table, with more nodes than the self-play that found it, and the score
// of that search put in the place of the self-play one. A shallow self-play search judges a
// position by what it sees in a few thousand nodes; the fit learns best from a verdict that
// looks further than the evaluation it trains. The work is spread over a piscina pool; each
// position is searched the same way on any worker, so the output depends only on the input.

import { Piscina } from 'piscina';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { Variant } from '../rules/variant.ts';
import { distFile } from '../tools/dist-path.ts';
import { RECORD_INTS } from './records.ts';
import type { RelabelTask } from './relabel-worker.ts';

export interface RelabelOptions {
  variant: Variant;
  records: Int32Array;
  nodes: number;
  /** Keep the table from one position to the next of a game (relabel-worker.ts). */
  warm?: boolean;
  threads: number;
  evalKind: EvalKind;
  weightsPath?: string;
  /** Called as batches finish with the positions searched so far. */
  onProgress?: (done: number) => void;
}

/** Positions a task: small enough for steady progress, large enough to keep message costs low. */
const BATCH = 1000;

/** The records with every search score replaced by a fresh search's; results and games unchanged. */
export async function relabel(o: RelabelOptions): Promise<Int32Array> {
  const count = o.records.length / RECORD_INTS;
  const out = new Int32Array(o.records.length);
  const pool = new Piscina({ filename: distFile('train-relabel-worker.js'), minThreads: o.threads, maxThreads: o.threads });
  let done = 0;
  try {
    const tasks: Promise<void>[] = [];
    for (let first = 0; first < count; first += BATCH) {
      const last = Math.min(count, first + BATCH);
      const task: RelabelTask = {
        variant: o.variant.name, evalKind: o.evalKind, weightsPath: o.weightsPath, nodes: o.nodes, warm: o.warm,
        records: o.records.slice(first * RECORD_INTS, last * RECORD_INTS),
      };
      tasks.push(pool.run(task).then((r: Int32Array) => {
        out.set(r, first * RECORD_INTS);
        done += last - first;
        o.onProgress?.(done);
      }));
    }
    await Promise.all(tasks);
  } finally {
    await pool.destroy();
  }
  return out;
}
