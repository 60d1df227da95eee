// What a learned evaluation is made from: pattern weights or a network (no file reading
// here, so that the browser build can have it: read-weights.ts reads files in Node).

import type { NetworkWeights } from './network/network-file.ts';
import type { PatternWeights } from './pattern/weights-file.ts';

/** What a weights file holds: the pattern evaluation's weights, or a network's. */
export type LearnedWeights = PatternWeights | NetworkWeights;

export function isNetwork(w: LearnedWeights): w is NetworkWeights {
  return (w as { kind?: string }).kind === 'network';
}
