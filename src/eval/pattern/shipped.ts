// The weights that ship with Damka (src/eval/weights/*-patterns.json, made by `damka train`,
// see the README there), decoded once per variant on first use.

import english from '../weights/english-patterns.json' with { type: 'json' };
import international from '../weights/international-patterns.json' with { type: 'json' };
import type { Variant, VariantName } from '../../rules/variant.ts';
import { type PatternWeights, decodeWeights } from './weights-file.ts';

const FILES: Partial<Record<VariantName, unknown>> = { english, international };
const decoded = new Map<string, PatternWeights>();

/** The shipped weights of a variant, or null where none are shipped. */
export function shippedWeights(variant: Variant): PatternWeights | null {
  const file = FILES[variant.name];
  if (file === undefined) return null;
  let w = decoded.get(variant.name);
  if (!w) {
    w = decodeWeights(file, variant, `src/eval/weights/${variant.name}-patterns.json`);
    decoded.set(variant.name, w);
  }
  return w;
}
