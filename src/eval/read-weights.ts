// Weights from a file on disk (Node only; the shipped weights come bundled, see shipped.ts).

import { readFileSync } from 'node:fs';
import type { Variant } from '../../rules/variant.ts';
import { type PatternWeights, decodeWeights } from './weights-file.ts';

export function readWeightsFile(path: string, variant: Variant): PatternWeights {
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
  return decodeWeights(data, variant, path);
}
