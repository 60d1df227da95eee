// Learned weights from a file on disk (Node only; the shipped weights come bundled, see
// pattern/shipped.ts): pattern weights or a network, told apart by the file's format field.

import { readFileSync } from 'node:fs';
import type { Variant } from '../rules/variant.ts';
import { type LearnedWeights, isNetwork } from './learned-weights.ts';
import { type NetworkWeights, decodeNetwork, isNetworkFile } from './network/network-file.ts';
import { type PatternWeights, decodeWeights } from './pattern/weights-file.ts';

export function readWeightsFile(path: string, variant: Variant): LearnedWeights {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`evaluation weights ${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`evaluation weights ${path}: not valid JSON (truncated or not a weights file)`);
  }
  return isNetworkFile(data) ? decodeNetwork(data, variant, path) : decodeWeights(data, variant, path);
}

/** A file that must hold pattern weights (to start a pattern fit from, say): a network is an error. */
export function readPatternWeightsFile(path: string, variant: Variant): PatternWeights {
  const w = readWeightsFile(path, variant);
  if (isNetwork(w)) throw new Error(`evaluation weights ${path}: a network, not pattern weights`);
  return w;
}

/** A file that must hold a network (to start a network fit from, or to distil): pattern weights are an error. */
export function readNetworkFile(path: string, variant: Variant): NetworkWeights {
  const w = readWeightsFile(path, variant);
  if (!isNetwork(w)) throw new Error(`evaluation weights ${path}: pattern weights, not a network`);
  return w;
}
