// Logistic regression of game results on the evaluation: P(win) = sigmoid(eval / K), with K
// fitted to the data first, then every weight (of every phase) by Adam over shuffled
// mini-batches with L2 regularisation, halving the step after an epoch that did not improve
// the held-out loss and stopping when it has not improved for `patience` epochs.

import type { SparseData } from './dataset.ts';
import { logLoss, sigmoid } from './logistic.ts';
import { seededRandom } from './selfplay-game.ts';

export interface FitOptions {
  /** Scale of the sigmoid, in the weights' units. */
  scale: number;
  learningRate: number;
  l2: number;
  /** L2 of each weight of a phase (by its index), instead of `l2` for all. */
  l2Of?: Float64Array;
  /** Weights exempt from L2 (material: their size is the unit of everything else). */
  unregularised?: number[];
  /** Features seen in fewer training rows than this keep their initial weight (too rare to learn). */
  minCount?: number;
  batch: number;
  maxEpochs: number;
  /** Epochs without a better held-out loss before stopping. */
  patience: number;
  seed: number;
  /** Rows that are held out (never trained on); the rest train. */
  isValidation: (row: number) => boolean;
  onEpoch?: (epoch: number, trainLoss: number, validLoss: number) => void;
}

/** How a fit went (the pattern fit's and the network fit's): losses at the best epoch, epochs run, rows on each side. */
export interface FitSummary {
  trainLoss: number;
  validLoss: number;
  epochs: number;
  bestEpoch: number;
  trainRows: number;
  validRows: number;
}

export interface FitResult extends FitSummary {
  /** The weights of each phase, from the opening to the endgame. */
  phases: Float64Array[];
  /** Weights (of one phase) that were learnt, not frozen as too rare. */
  learnt: number;
}

/** Scores of every row under the given weights (one array a phase). */
export function scoreRows(d: SparseData, phases: Float64Array[]): Float64Array {
  const out = new Float64Array(d.count);
  for (let i = 0; i < d.count; i++) {
    const a = phases[d.segment[i]], b = phases[d.segment[i] + 1];
    let o = 0, e = 0;
    for (let k = d.offsets[i]; k < d.offsets[i + 1]; k++) { o += d.val[k] * a[d.idx[k]]; e += d.val[k] * b[d.idx[k]]; }
    out[i] = o * d.phase[i] + e * (1 - d.phase[i]);
  }
  return out;
}

/**
 * Weights of `phases` phases that score every position as the given ones do: phases sit
 * evenly from the start to an empty board and a position blends the two around it, so each
 * new phase takes the blend of the old ones at its piece count (exact where the new phases
 * include the old ones' places, as 2 -> 3 does).
 */
export function spreadPhases(from: Float64Array[], phases: number): Float64Array[] {
  const last = from.length - 1;
  return Array.from({ length: phases }, (_, j) => {
    const x = (j / (phases - 1)) * last, s = Math.min(last - 1, Math.floor(x)), t = x - s;
    return Float64Array.from(from[s], (a, i) => a * (1 - t) + from[s + 1][i] * t);
  });
}

/** Fits `size` weights a phase, as many phases as `init` has (the weights to start from). */
export function fitWeights(d: SparseData, size: number, init: Float64Array[], o: FitOptions): FitResult {
  const phases = init.length;
  const P = phases * size; // the first phase's weights, then the next phase's, ...
  const w = new Float64Array(P);
  init.forEach((x, j) => w.set(x, j * size));
  for (let i = 0; i < d.count; i++) if (!(d.segment[i] + 1 < phases)) throw new Error(`row ${i} blends phases ${d.segment[i]} and ${d.segment[i] + 1} of ${phases}`);
  const m = new Float64Array(P), v = new Float64Array(P), grad = new Float64Array(P);
  const decay = new Float64Array(P).fill(o.l2);
  if (o.l2Of && o.l2Of.length !== size) throw new Error(`fitWeights: ${o.l2Of.length} L2 values for ${size} weights a phase`);
  if (o.l2Of) for (let j = 0; j < phases; j++) decay.set(o.l2Of, j * size);
  for (const k of o.unregularised ?? []) for (let j = 0; j < phases; j++) decay[j * size + k] = 0;
  const trainList: number[] = [], validList: number[] = [];
  for (let i = 0; i < d.count; i++) (o.isValidation(i) ? validList : trainList).push(i);
  const train = Int32Array.from(trainList), valid = Int32Array.from(validList);
  // A weight that a handful of positions decide is noise that the search would seek out.
  const seen = new Int32Array(size);
  for (const i of train) for (let k = d.offsets[i]; k < d.offsets[i + 1]; k++) seen[d.idx[k]]++;
  const frozen = new Uint8Array(P);
  for (let k = 0; k < size; k++) if (seen[k] < (o.minCount ?? 0)) for (let j = 0; j < phases; j++) frozen[j * size + k] = 1;
  const random = seededRandom(o.seed);
  const b1 = 0.9, b2 = 0.999, eps = 1e-8;
  let step = 0;
  let rate = o.learningRate;

  const losses = () => {
    const s = scoreRows(d, init.map((_, j) => w.subarray(j * size, (j + 1) * size)));
    return [logLoss(s, d.y, o.scale, train), logLoss(s, d.y, o.scale, valid)];
  };
  let [trainLoss, bestValid] = losses();
  o.onEpoch?.(0, trainLoss, bestValid);
  let best = w.slice();
  let bestEpoch = 0, epoch = 0, bestTrain = trainLoss;
  for (epoch = 1; epoch <= o.maxEpochs; epoch++) {
    for (let i = train.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = train[i]; train[i] = train[j]; train[j] = t;
    }
    for (let start = 0; start < train.length; start += o.batch) {
      const end = Math.min(train.length, start + o.batch);
      grad.fill(0);
      for (let j = start; j < end; j++) {
        const i = train[j];
        const a = d.offsets[i], b = d.offsets[i + 1], ph = d.phase[i];
        const first = d.segment[i] * size, second = first + size;
        let s0 = 0, s1 = 0;
        for (let k = a; k < b; k++) { s0 += d.val[k] * w[first + d.idx[k]]; s1 += d.val[k] * w[second + d.idx[k]]; }
        const p = sigmoid((s0 * ph + s1 * (1 - ph)) / o.scale);
        const g = (p - d.y[i]) / o.scale;
        for (let k = a; k < b; k++) {
          const gv = g * d.val[k];
          grad[first + d.idx[k]] += gv * ph;
          grad[second + d.idx[k]] += gv * (1 - ph);
        }
      }
      step++;
      const n = end - start;
      const c1 = 1 - b1 ** step, c2 = 1 - b2 ** step;
      for (let k = 0; k < P; k++) {
        const gk = grad[k] / n + decay[k] * w[k];
        if ((gk === 0 && m[k] === 0) || frozen[k]) continue;
        m[k] = b1 * m[k] + (1 - b1) * gk;
        v[k] = b2 * v[k] + (1 - b2) * gk * gk;
        w[k] -= (rate * (m[k] / c1)) / (Math.sqrt(v[k] / c2) + eps);
      }
    }
    const [tl, vl] = losses();
    o.onEpoch?.(epoch, tl, vl);
    if (vl < bestValid - 1e-6) {
      bestValid = vl; bestTrain = tl; bestEpoch = epoch; best = w.slice();
    } else {
      // A worse epoch is mostly step noise: halve the steps, and give up after `patience`.
      if (epoch - bestEpoch >= o.patience) break;
      rate /= 2;
    }
  }
  return {
    phases: init.map((_, j) => best.slice(j * size, (j + 1) * size)),
    trainLoss: bestTrain, validLoss: bestValid, epochs: Math.min(epoch, o.maxEpochs), bestEpoch,
    trainRows: train.length, validRows: valid.length,
    learnt: size - frozen.reduce((n, f, k) => n + (k < size ? f : 0), 0),
  };
}
