// A Redis connection for BullMQ from a --queue URL. Commands wait through a lost connection
// (maxRetriesPerRequest: null, as BullMQ's workers require) and ioredis reconnects for ever, so a
// restarted Redis interrupts a run instead of ending it.

import type { Redis } from 'ioredis';
import type { QueueUrl } from './queue-url.ts';

/** ioredis and BullMQ are loaded only when a queue is used: every `damka hub` an engine match starts would pay for them. */
export async function connect(url: QueueUrl): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url.url, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(200 * times, 2000),
    lazyConnect: false,
  });
  let warned = 0;
  // Without a listener an unreachable Redis would throw; one line now and then says what is wrong.
  redis.on('error', (err: Error) => {
    if (Date.now() - warned < 10_000) return;
    warned = Date.now();
    process.stderr.write(`queue ${url.shown}: ${err.message}\n`);
  });
  return redis;
}
