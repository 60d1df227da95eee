// Training positions as sparse rows: the features of each position (PatternFeatures), its
// phase, its result and its game, laid out flat (CSR) so that a million positions fit in a
// few typed arrays and an epoch never allocates.

import { ClassicEvaluator } from '../eval/classic.ts';
import { PatternFeatures } from '../eval/pattern/features.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { fitScale, logLoss } from './logistic.ts';
import { RECORD_INTS, readRecord } from './records.ts';

export interface SparseData {
  count: number;
  /** Row i's features are idx/val[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  /** Row i blends the weights of phases segment[i] and segment[i] + 1 (PatternFeatures.segment). */
  segment: Uint8Array;
  /** Share of phase segment[i]'s weights in row i (1 - phase goes to the next phase's). */
  phase: Float32Array;
  /** What the fit aims at, in [0, 1]: the result, or a blend of it and the search's verdict (withTargets). */
  y: Float32Array;
  /** The game each row comes from (whole games go to training or to validation). */
  game: Int32Array;
}

/** Rows of either fit (the patterns' TrainingData, the network's rows) as far as their targets go: what withTargets and fitTargets read and set. */
export interface TargetRows {
  count: number;
  /** The target, set by withTargets. */
  y: Float32Array;
  /** The game's result from the side to move (0, 0.5, 1). */
  result: Float32Array;
  /** The self-play search's score (centi-men), NaN where there is none. */
  search: Float32Array;
}

/** SparseData with each row's game result (0, 0.5, 1) and self-play search score (NaN: none). */
export interface TrainingData extends SparseData, TargetRows {}

export function buildDataset(features: PatternFeatures, records: Int32Array): TrainingData {
  const count = records.length / RECORD_INTS;
  const offsets = new Int32Array(count + 1);
  let idx = new Int32Array(count * 40);
  let val = new Float32Array(count * 40);
  const segment = new Uint8Array(count), phase = new Float32Array(count), result = new Float32Array(count), search = new Float32Array(count), game = new Int32Array(count);
  const rowIdx = new Int32Array(features.maxFeatures), rowVal = new Float64Array(features.maxFeatures);
  const pos = new Position();
  let at = 0;
  for (let i = 0; i < count; i++) {
    const r = readRecord(records, i, pos);
    const n = features.extract(pos, rowIdx, rowVal);
    if (at + n > idx.length) {
      const grow = Math.max(idx.length * 2, at + n);
      const idx2 = new Int32Array(grow); idx2.set(idx); idx = idx2;
      const val2 = new Float32Array(grow); val2.set(val); val = val2;
    }
    idx.set(rowIdx.subarray(0, n), at);
    for (let k = 0; k < n; k++) val[at + k] = rowVal[k];
    at += n;
    offsets[i + 1] = at;
    segment[i] = features.segment;
    phase[i] = features.phase;
    result[i] = r.result / 2;
    search[i] = r.score ?? NaN;
    game[i] = r.game;
  }
  return { count, offsets, idx: idx.subarray(0, at), val: val.subarray(0, at), segment, phase, y: result.slice(), result, search, game };
}

/**
 * Sets each row's target: `resultWeight` of the game's result plus the rest of the search's
 * verdict sigmoid(score / scale), where the row has a search score. Game results alone are
 * a thin signal (one bit a game for a hundred positions); the search's score says something
 * of each position itself.
 */
export function withTargets(d: TargetRows, resultWeight: number, scale: number): void {
  for (let i = 0; i < d.count; i++) {
    const s = d.search[i];
    d.y[i] = Number.isNaN(s) ? d.result[i] : resultWeight * d.result[i] + (1 - resultWeight) / (1 + Math.exp(-s / scale));
  }
}

/**
 * Fits the sigmoid's scale (centi-men) to the classic evaluation's scores of the positions
 * against their games' results, then sets every row's target with it (withTargets). Returns
 * the scale and the classic evaluation's loss against the targets and against the results
 * alone, as a yardstick for the fit that follows.
 */
export function fitTargets(
  records: Int32Array, variant: Variant, d: TargetRows, resultWeight: number,
): { scale: number; classicLoss: number; resultsLoss: number } {
  const classic = new ClassicEvaluator(variant);
  const pos = new Position();
  const scores = new Float64Array(d.count);
  for (let i = 0; i < d.count; i++) { readRecord(records, i, pos); scores[i] = classic.evaluate(pos); }
  const scale = fitScale(scores, d.result);
  withTargets(d, resultWeight, scale);
  return { scale, classicLoss: logLoss(scores, d.y, scale), resultsLoss: logLoss(scores, d.result, scale) };
}
