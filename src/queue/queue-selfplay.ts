// Self-play for training data played by queue workers: the same games as a local run (the
// specs are made here, seeded), sent as batches; the positions come back and are put together in
// game order, so the data file is the one a local run writes.

import { SELFPLAY_BATCH, type SelfPlayData, type SelfPlayOptions, SelfPlayTally, type PlayedSelfPlayGame, assembleSelfPlay, selfPlaySpecs } from '../train/selfplay.ts';
import { buildIdentity } from './build-identity.ts';
import type { JobClient } from './job-client.ts';
import { type SelfPlayJobData, jobId } from './job-data.ts';
import { checkSelfPlayResult } from './job-results.ts';

/** A local run's options, less those that name this machine's files or cores. */
export interface QueueSelfPlayOptions extends Omit<SelfPlayOptions, 'threads' | 'weightsPath' | 'egdbPath'> {
  client: JobClient;
  run: string;
}

export async function runQueueSelfPlay(o: QueueSelfPlayOptions): Promise<SelfPlayData> {
  const specs = selfPlaySpecs(o);
  const batches: PlayedSelfPlayGame[][] = [];
  const tally = new SelfPlayTally();
  const jobs: Promise<void>[] = [];
  for (let b = 0; b * SELFPLAY_BATCH < specs.length; b++) {
    const games = specs.slice(b * SELFPLAY_BATCH, (b + 1) * SELFPLAY_BATCH);
    const data: SelfPlayJobData = { kind: 'selfplay', build: buildIdentity(), run: o.run, variant: o.variant.name, evalKind: o.evalKind, games };
    jobs.push(o.client.submit(jobId(o.run, `selfplay${b}`), data).then((value) => {
      try {
        batches[b] = checkSelfPlayResult(value, games.length);
      } catch (err) {
        throw new Error(`self-play games ${games[0].id}-${games[games.length - 1].id}: the worker's result is refused: ${err instanceof Error ? err.message : String(err)}`);
      }
      tally.add(batches[b]);
      o.onProgress?.(tally.done, tally.white, tally.draws, tally.black, tally.positions);
    }));
  }
  try {
    await Promise.all(jobs);
  } catch (err) {
    await o.client.removeWaiting();
    throw err;
  }
  return assembleSelfPlay(batches);
}
