// A queue worker: takes jobs from the queue and runs them (run-job.ts), `concurrency` at once.
// Each job is checked before it runs: a job of another build, a malformed one or one naming an
// engine this worker lacks is refused (failed with its message, never retried) and the worker
// goes on. A job held by a worker that dies goes back to the queue once its lock runs out (the
// lock is renewed every half of it while the job runs, so a long game keeps it).

import { buildIdentity, buildText, sameBuild } from './build-identity.ts';
import { checkJob, jobBuild } from './check-job.ts';
import { connect } from './connection.ts';
import type { EngineNames } from './engine-names.ts';
import { QUEUE_NAME } from './job-data.ts';
import type { QueueUrl } from './queue-url.ts';
import { JobRunner, Refused } from './run-job.ts';
import { BadData } from './check.ts';

export interface WorkerOptions {
  url: QueueUrl;
  concurrency: number;
  engines: EngineNames;
  /** Seconds a dead worker's job waits before it is queued again (default 30). */
  lockSeconds?: number;
  /** A line a job (shown on a terminal) and a line a refusal (always). */
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export interface RunningWorker {
  /** Stops taking jobs, finishes those it holds, and disconnects. */
  close(): Promise<void>;
}

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  // Loaded here, not at start-up: every other command of the CLI would pay for it.
  const { UnrecoverableError, Worker } = await import('bullmq');
  const own = buildIdentity();
  const runner = new JobRunner(o.engines, o.concurrency);
  const lockMs = Math.round((o.lockSeconds ?? 30) * 1000);
  const connection = await connect(o.url);
  const worker = new Worker(QUEUE_NAME, async (job) => {
    const started = performance.now();
    try {
      const build = jobBuild(job.data);
      if (!sameBuild(build, own)) throw new UnrecoverableError(`refused: the job was made by ${buildText(build)}, this worker is ${buildText(own)}`);
      const data = checkJob(job.data);
      let out: unknown;
      let line: string;
      if (data.kind === 'game') {
        const r = await runner.game(data);
        out = r;
        line = `${data.run} game ${data.round}: ${r.names[0]} - ${r.names[1]} ${r.result} (${r.reason})`;
      } else if (data.kind === 'selfplay') {
        out = await runner.selfPlay(data);
        line = `${data.run} self-play games ${data.games[0].id}-${data.games[data.games.length - 1].id}`;
      } else {
        out = await runner.leaf(data);
        line = `${data.run} leaf search`;
      }
      o.log?.(`${line}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return out;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof UnrecoverableError || err instanceof BadData || err instanceof Refused) {
        const refusal = message.startsWith('refused') ? message : `refused job ${job.id}: ${message}`;
        o.warn?.(refusal);
        throw new UnrecoverableError(refusal);
      }
      o.warn?.(`job ${job.id} failed (attempt ${job.attemptsMade + 1}): ${message}`);
      throw err;
    }
  }, {
    connection, concurrency: o.concurrency, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: 100,
    // Results stay in the queue for a week, so a coordinator started again with the same run finds them.
    removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
  });
  worker.on('error', (err) => o.warn?.(`queue: ${err.message}`));
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await runner.close();
      connection.disconnect();
    },
  };
}
