// The engine's worker in a browser: a module Web Worker, by default the worker bundle that
// sits beside the library bundle (damka-worker.js).

import type { WorkerLink } from './worker-link.ts';

export function webWorkerLink(url: string | URL = new URL('./damka-worker.js', import.meta.url)): WorkerLink {
  const worker = new Worker(url, { type: 'module' });
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onFailure) => {
      worker.onmessage = (event) => onMessage(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        onFailure(new Error(`the engine worker failed: ${event.message || 'could not load ' + String(url)}`));
      };
    },
    busy: () => undefined,
    terminate: async () => worker.terminate(),
  };
}
