// The book builder's leaf searches on queue workers (src/book/leaf-searcher.ts). A job's id is
// its search (position and limits), so a build started again with the same run takes the
// searches already done from the queue.

import { createHash } from 'node:crypto';
import type { LeafSearcher } from '../book/leaf-searcher.ts';
import type { LeafJob, LeafResult } from '../book/types.ts';
import { buildIdentity } from './build-identity.ts';
import type { JobClient } from './job-client.ts';
import { jobId } from './job-data.ts';
import { checkLeafResult } from './job-results.ts';

export class QueueLeafSearcher implements LeafSearcher {
  /** A position asked for again (a transposition) gets the answer of its first search. */
  private readonly asked = new Map<string, Promise<unknown>>();

  constructor(private readonly client: JobClient, private readonly runName: string, readonly parallel: number) {}

  async run(job: LeafJob): Promise<LeafResult> {
    const key = createHash('sha256').update(JSON.stringify([job.variant, job.fen, job.limits])).digest('hex').slice(0, 32);
    let asked = this.asked.get(key);
    if (asked === undefined) {
      asked = this.client.submit(jobId(this.runName, `leaf${key}`), { kind: 'leaf', build: buildIdentity(), run: this.runName, leaf: job });
      this.asked.set(key, asked);
    }
    const value = await asked;
    try {
      return checkLeafResult(value);
    } catch (err) {
      throw new Error(`leaf ${job.fen}: the worker's result is refused: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async close(): Promise<void> {
    await this.client.removeWaiting();
    await this.client.close();
  }
}
