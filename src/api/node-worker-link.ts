// The engine's worker in Node: a worker thread on the bundled worker file. The thread holds
// the process open only while it searches, so a script that forgets close() still ends.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerLink } from './worker-link.ts';

/** The worker bundle: beside the library bundle (dist/lib), below a tool's bundle in dist/, or seen from src/api when tests run the sources. */
function workerFile(): string {
  for (const relative of ['./engine-worker.js', './lib/engine-worker.js', '../../dist/lib/engine-worker.js']) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('the engine worker (dist/lib/engine-worker.js) is missing: run "npm run build" first');
}

export function nodeWorkerLink(): WorkerLink {
  // A worker inherits the process's flags; --input-type (node -e scripts) makes it refuse to start.
  const worker = new Worker(workerFile(), { execArgv: process.execArgv.filter((flag) => !flag.startsWith('--input-type')) });
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onFailure) => {
      worker.on('message', onMessage);
      worker.on('error', onFailure);
      worker.on('exit', (code) => onFailure(new Error(`the engine worker exited (code ${code})`)));
    },
    busy: (searching) => (searching ? worker.ref() : worker.unref()),
    terminate: async () => { await worker.terminate(); },
  };
}
