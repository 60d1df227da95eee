// Damka as a library in Node: `import { DraughtsGame, createEngine } from 'damka'`.
// The browser entry (browser.ts) offers the same API; only the engine's worker differs.

import { DraughtsEngine, type EngineOptions } from './engine.ts';
import { nodeWorkerLink } from './node-worker-link.ts';

export * from './public.ts';

/** An engine searching on a worker thread. Call close() when done with it. */
export function createEngine(options: EngineOptions = {}): DraughtsEngine {
  return new DraughtsEngine(nodeWorkerLink, options);
}
