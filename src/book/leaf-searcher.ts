// Where the builder's leaf searches run. The builder only sees LeafSearcher, so the local pool
// below and a job queue feeding other machines are interchangeable.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { distFile } from '../tools/dist-path.ts';
import type { LeafJob, LeafResult } from './types.ts';

export interface LeafSearcher {
  /** Searches one leaf; rejects with the job's error when the job is bad. */
  run(job: LeafJob): Promise<LeafResult>;
  /** Frees the workers; jobs still running are abandoned. */
  close(): Promise<void>;
  /** Searches that can usefully run at once (the builder keeps this many in flight; 1 when absent). */
  readonly parallel?: number;
}

/** One worker a core by default: each leaf search is single-threaded. */
export function defaultLeafWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The leaf searches on this machine: a piscina pool of `workers` threads, one search each. */
export class LocalLeafSearcher implements LeafSearcher {
  private readonly pool: Piscina;
  readonly parallel: number;

  constructor(workers = defaultLeafWorkers()) {
    if (!Number.isInteger(workers) || workers < 1) throw new Error(`workers must be a whole number of at least 1, got ${workers}`);
    this.parallel = workers;
    this.pool = new Piscina({ filename: distFile('leaf-worker.js'), minThreads: workers, maxThreads: workers, idleTimeout: 60_000 });
  }

  run(job: LeafJob): Promise<LeafResult> {
    return this.pool.run(job) as Promise<LeafResult>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
