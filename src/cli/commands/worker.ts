// damka worker: runs the jobs of a Redis queue (matches, self-play, book searches) on this
// machine, until SIGINT or SIGTERM, when it finishes the jobs it holds and exits.

import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { parseEngineNames } from '../../queue/engine-names.ts';
import { parseQueueUrl } from '../../queue/queue-url.ts';
import { startWorker } from '../../queue/worker.ts';
import { buildIdentity, buildText } from '../../queue/build-identity.ts';
import { UsageError, guarded, parseIntOption } from '../errors.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

export function workerCommand(): Command {
  return new Command('worker')
    .description('run the jobs of a Redis queue: games of "damka match --queue", self-play and book searches (see docs/queue.md)')
    .requiredOption('--queue <url>', 'the queue: redis://[user:password@]host:port[/db], or rediss:// for TLS')
    .option('-c, --concurrency <n>', 'jobs at once (a game uses one core for both engines)', String(availableParallelism()))
    .option('-e, --engine <name=command>', 'an engine the jobs may name, e.g. old="node /opt/damka-1/dist/damka.js hub" (repeatable; damka is always this build)', collect, [])
    .addOption(new Option('--lock-seconds <s>', 'seconds before the job of a worker that died goes back to the queue').default('30'))
    .action(guarded(async (o: { queue: string; concurrency: string; engine: string[]; lockSeconds: string }) => {
      let url, engines;
      try {
        url = parseQueueUrl(o.queue);
        engines = parseEngineNames(o.engine);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      const lockSeconds = Number(o.lockSeconds);
      if (!(lockSeconds >= 1 && lockSeconds <= 86400)) throw new UsageError(`--lock-seconds must be from 1 to 86400, got "${o.lockSeconds}"`);
      const tty = process.stdout.isTTY === true;
      let lastQueueWarning = 0;
      const worker = await startWorker({
        url, engines, lockSeconds,
        concurrency: parseIntOption('concurrency', o.concurrency, 1, 256),
        log: tty ? (line) => process.stdout.write(`${line}\n`) : undefined,
        warn: (line) => {
          // A Redis that is down makes every attempt fail: say so now and then, not a line each.
          if (line.startsWith('queue:')) {
            if (Date.now() - lastQueueWarning < 10_000) return;
            lastQueueWarning = Date.now();
          }
          process.stderr.write(`${line}\n`);
        },
      });
      if (tty) process.stdout.write(`worker of ${buildText(buildIdentity())} on ${url.shown}: engines ${[...engines.keys()].join(', ')}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.once('SIGINT', () => process.exit(130));
          process.once('SIGTERM', () => process.exit(143));
          // Jobs held are finished first; a worker that cannot close (Redis gone) leaves them to go back to the queue.
          const force = setTimeout(() => process.exit(1), 10 * 60_000);
          force.unref();
          void worker.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      process.exit(0);
    }));
}
