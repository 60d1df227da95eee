// Damka as a library in a browser: the same API as in Node, the engine on a module Web
// Worker (damka-worker.js beside this bundle unless `workerUrl` says otherwise).

import { DraughtsEngine, type EngineOptions } from './engine.ts';
import { webWorkerLink } from './web-worker-link.ts';

export * from './public.ts';

/** An engine searching on a Web Worker. Stopping mid-search keeps the table only on a cross-origin isolated page. */
export function createEngine(options: EngineOptions & { workerUrl?: string | URL } = {}): DraughtsEngine {
  const { workerUrl, ...rest } = options;
  return new DraughtsEngine(() => webWorkerLink(workerUrl), rest);
}
