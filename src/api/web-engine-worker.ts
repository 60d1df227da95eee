// The library engine's worker in a browser: a module Web Worker serving searches.

import { type SearchMessage, engineService } from './engine-service.ts';

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: SearchMessage }) => void) | null;
};
const serve = engineService((reply) => scope.postMessage(reply));
scope.onmessage = (event) => serve(event.data);
