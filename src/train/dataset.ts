// Training positions as sparse rows: the features of each position (PatternFeatures), its
// phase, its result and its game, laid out flat (CSR) so that a million positions fit in a
// few typed arrays and an epoch never allocates.

import { PatternFeatures } from '../eval/pattern/features.ts';
import { Position } from '../rules/position.ts';
import { RECORD_INTS, readRecord } from './records.ts';

export interface SparseData {
  count: number;
  /** Row i's features are idx/val[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  /** Weight of the opening weights in row i (1 - phase goes to the endgame weights). */
  phase: Float32Array;
  /** Result from the side to move: 0, 0.5 or 1. */
  y: Float32Array;
  /** The game each row comes from (whole games go to training or to validation). */
  game: Int32Array;
}

export function buildDataset(features: PatternFeatures, records: Int32Array): SparseData {
  const count = records.length / RECORD_INTS;
  const offsets = new Int32Array(count + 1);
  let idx = new Int32Array(count * 40);
  let val = new Float32Array(count * 40);
  const phase = new Float32Array(count), y = new Float32Array(count), game = new Int32Array(count);
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
    phase[i] = features.phase;
    y[i] = r.result / 2;
    game[i] = r.game;
  }
  return { count, offsets, idx: idx.subarray(0, at), val: val.subarray(0, at), phase, y, game };
}
