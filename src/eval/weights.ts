// Evaluation weights: data, not code, so that a tuner can rewrite the JSON files. Units are
// centi-men (a man is worth 100).

import english from './weights/english.json' with { type: 'json' };
import international from './weights/international.json' with { type: 'json' };
import type { VariantName } from '../rules/variant.ts';

export interface EvalWeights {
  man: number;
  king: number;
  /** Men by row counted from their own back rank (index 0); the crowning row is never used. */
  manRow: number[];
  /** Men by file, a to the last file. */
  manFile: number[];
  /** Kings: per step closer to the centre. */
  kingCentre: number;
  /** Kings on the board's edge. */
  kingEdge: number;
  /** Per empty square a piece can step to (men forward, kings around). */
  mobility: number;
  /** A man with no opposing piece able to stop it, when the opponent has no king. */
  runaway: number;
  /** Extra per row the runaway man has advanced. */
  runawayRow: number;
  /** Per cent of a material lead added as the board empties (trading down when ahead). */
  trade: number;
  /** Per man of difference between the left and right halves of the board. */
  balance: number;
  /** A man that cannot step forward. */
  blockedMan: number;
  /** When ahead against at most three pieces: per square of distance from our kings to theirs. */
  chase: number;
}

const WEIGHTS: Partial<Record<VariantName, EvalWeights>> = { english, international };

/** Whether the variant has tuned weights (the others use the generic evaluation). */
export function hasWeights(variant: VariantName): boolean {
  return WEIGHTS[variant] !== undefined;
}

export function defaultWeights(variant: VariantName): EvalWeights {
  const weights = WEIGHTS[variant];
  if (!weights) throw new Error(`no evaluation weights for ${variant} (it uses an evaluation of its own)`);
  return structuredClone(weights);
}

/** Checks a weights object read from elsewhere (a tuner's file) has every field of the right shape. */
export function validateWeights(w: unknown, rows: number): EvalWeights {
  const o = w as Record<string, unknown>;
  const template = english as unknown as Record<string, unknown>;
  for (const key of Object.keys(template)) {
    const v = o?.[key];
    const ok = Array.isArray(template[key])
      ? Array.isArray(v) && v.length === rows && v.every((x) => Number.isFinite(x))
      : Number.isFinite(v);
    if (!ok) throw new Error(`evaluation weights: "${key}" is missing or malformed`);
  }
  return o as unknown as EvalWeights;
}
