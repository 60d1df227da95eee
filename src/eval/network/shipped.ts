// The networks that ship with Damka (src/eval/weights/*-network.json, made by `damka train
// fit-network`, see the README there), decoded once per variant on first use.

import english from '../weights/english-network.json' with { type: 'json' };
import type { Variant, VariantName } from '../../rules/variant.ts';
import { type NetworkWeights, decodeNetwork } from './network-file.ts';

const FILES: Partial<Record<VariantName, unknown>> = { english };
const decoded = new Map<string, NetworkWeights>();

/** The shipped network of a variant, or null where none ships. */
export function shippedNetwork(variant: Variant): NetworkWeights | null {
  const file = FILES[variant.name];
  if (file === undefined) return null;
  let w = decoded.get(variant.name);
  if (!w) {
    w = decodeNetwork(file, variant, `src/eval/weights/${variant.name}-network.json`);
    decoded.set(variant.name, w);
  }
  return w;
}
