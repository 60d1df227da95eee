// --threads for the commands that search: workers of one parallel search (lazy SMP), one a
// core at most, since more would only take turns on the same cores.

import { availableParallelism } from 'node:os';
import { Option } from 'commander';
import { parseIntOption } from './errors.ts';

export function searchThreadsOption(): Option {
  return new Option('--threads <n>', `search workers for each position (parallel search), 1 to ${availableParallelism()}`).default('1');
}

export function parseSearchThreads(text: string): number {
  return parseIntOption('threads', text, 1, availableParallelism());
}
