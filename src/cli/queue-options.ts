// The --queue and --run options that match, train selfplay and book build share, and the
// coordinator's connection they open.

import { randomBytes } from 'node:crypto';
import { Option } from 'commander';
import { JobClient } from '../queue/job-client.ts';
import { NAME_PATTERN } from '../queue/job-data.ts';
import { parseQueueUrl } from '../queue/queue-url.ts';
import { UsageError } from './errors.ts';

export const queueOption = () => new Option('--queue <url>', 'play on the workers of this Redis queue, redis://[user:password@]host:port[/db] (see docs/queue.md)');
export const runOption = () => new Option('--run <name>', 'with --queue: the run\'s name; started again with the same name, a run takes the results already in the queue');
/** How often the coordinator looks at the jobs it waits for, besides the queue's events. */
export const queueCheckOption = () => new Option('--queue-check <seconds>', 'with --queue: seconds between looks at the waiting jobs').default('3').hideHelp();

export interface QueueFlags { queue?: string; run?: string; queueCheck?: string }

export function runName(given: string | undefined, kind: string): string {
  if (given === undefined) return `${kind}-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  if (!NAME_PATTERN.test(given)) throw new UsageError(`--run must be 1 to 64 letters, digits, _ . or -, got "${given}"`);
  return given;
}

export async function openQueue(o: QueueFlags): Promise<JobClient> {
  let url;
  try {
    url = parseQueueUrl(o.queue!);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const seconds = Number(o.queueCheck ?? '3');
  if (!(seconds > 0)) throw new UsageError(`--queue-check must be seconds above 0, got "${o.queueCheck}"`);
  const client = new JobClient(url, { reconcileMs: seconds * 1000, warn: (line) => process.stderr.write(`${line}\n`) });
  await client.open();
  return client;
}
