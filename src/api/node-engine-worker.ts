// The library engine's worker in Node: a worker thread serving searches, its books read from disk.

import { parentPort } from 'node:worker_threads';
import { openBook } from '../book/open-book.ts';
import { engineService } from './engine-service.ts';

const port = parentPort!;
port.on('message', engineService((reply) => port.postMessage(reply), async (file, variant) => openBook(file, variant)));
