// The engines a worker can play, by name: `damka` is always this build's own Hub engine; others
// come from `--engine NAME=COMMAND` on the worker's command line, never from a job.

import { distFile } from '../tools/dist-path.ts';
import { NAME_PATTERN } from './job-data.ts';

export type EngineNames = Map<string, string>;

export function ownEngineCommand(): string {
  return `"${process.execPath}" "${distFile('damka.js')}" hub`;
}

/** The names of `--engine NAME=COMMAND` options, with `damka` added. */
export function parseEngineNames(options: string[]): EngineNames {
  const names: EngineNames = new Map([['damka', ownEngineCommand()]]);
  for (const text of options) {
    const m = /^([^=]+)=(.+)$/.exec(text);
    if (!m || !NAME_PATTERN.test(m[1])) throw new Error(`--engine expects NAME=COMMAND (NAME of letters, digits, _ . -), got "${text}"`);
    if (m[1] === 'damka') throw new Error('--engine damka=...: the name damka is this build\'s own engine; give the other engine another name');
    if (names.has(m[1])) throw new Error(`--engine ${m[1]} given twice`);
    names.set(m[1], m[2]);
  }
  return names;
}
