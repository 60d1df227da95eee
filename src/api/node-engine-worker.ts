// The library engine's worker in Node: a worker thread serving searches.

import { parentPort } from 'node:worker_threads';
import { engineService } from './engine-service.ts';

const port = parentPort!;
port.on('message', engineService((reply) => port.postMessage(reply)));
