// Fitting a network evaluation (src/eval/network/) to training positions: the network's
// output is the logit of the target (the game's result blended with the self-play search's
// verdict, as for the patterns: dataset.ts withTargets), minimised in log loss by Adam over
// mini-batches, with held-out games to stop on. Plain loops over typed arrays on one core:
// the small networks this is for fit a million positions in seconds an epoch.

import { networkLayout } from '../eval/network/network-file.ts';
import type { FitSummary } from './fit.ts';
import { seededRandom } from './selfplay-game.ts';

/** Positions as lists of active inputs (row i: inputs[offsets[i] .. offsets[i + 1])) with their targets and games. */
export interface NetworkRows {
  count: number;
  offsets: Int32Array;
  inputs: Int32Array;
  /** Target in [0, 1]. */
  y: Float32Array;
  game: Int32Array;
}

export interface NetworkFitOptions {
  /** The network's inputs (four a square of the board). */
  inputs: number;
  hidden: [number, number];
  learningRate: number;
  batch: number;
  maxEpochs: number;
  /** Epochs without a better held-out loss before stopping (the rate halves after each). */
  patience: number;
  seed: number;
  isValidation: (row: number) => boolean;
  /** Rows to fit and hold out (default all): the rest are in neither set, as for a network of one phase of the game. */
  include?: (row: number) => boolean;
  /** Called once with the starting weights' held-out loss. */
  onStart?: (validLoss: number) => void;
  onEpoch?: (epoch: number, trainLoss: number, validLoss: number, seconds: number) => void;
}

export interface NetworkFit extends FitSummary {
  /** The best epoch's parameters, in networkLayout order. */
  parameters: Float32Array;
}

/** A network in floating point, the reference the kernel's integers approximate: forward(), with the activations kept for a backward pass. */
export class FloatNetwork {
  readonly a1: Float32Array;
  readonly h1: Float32Array;
  readonly a2: Float32Array;
  readonly h2: Float32Array;
  readonly at: ReturnType<typeof networkLayout>;

  constructor(readonly inputs: number, readonly h1Size: number, readonly h2Size: number, readonly p: Float32Array) {
    this.at = networkLayout(inputs, h1Size, h2Size);
    if (p.length !== this.at.size) throw new Error(`a ${inputs}-${h1Size}-${h2Size}-1 network has ${this.at.size} parameters, not ${p.length}`);
    this.a1 = new Float32Array(h1Size); this.h1 = new Float32Array(h1Size);
    this.a2 = new Float32Array(h2Size); this.h2 = new Float32Array(h2Size);
  }

  /** The output (a logit) for the active inputs inputs[from .. to). */
  forward(inputs: Int32Array, from: number, to: number): number {
    const { a1, h1, a2, h2, p, at } = this, H1 = this.h1Size, H2 = this.h2Size;
    for (let j = 0; j < H1; j++) a1[j] = p[at.b1 + j];
    for (let k = from; k < to; k++) { const row = at.w1 + inputs[k] * H1; for (let j = 0; j < H1; j++) a1[j] += p[row + j]; }
    for (let j = 0; j < H1; j++) h1[j] = clip(a1[j]);
    for (let o = 0; o < H2; o++) a2[o] = p[at.b2 + o];
    for (let j = 0; j < H1; j++) {
      const x = h1[j];
      if (x === 0) continue;
      const row = at.w2 + j * H2;
      for (let o = 0; o < H2; o++) a2[o] += x * p[row + o];
    }
    let z = p[at.b3];
    for (let o = 0; o < H2; o++) { h2[o] = clip(a2[o]); z += h2[o] * p[at.w3 + o]; }
    return z;
  }
}

function clip(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function rowLoss(z: number, y: number): number {
  const q = Math.min(1 - 1e-7, Math.max(1e-7, logistic(z)));
  return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
}

/** Random starting parameters: first layer small, second scaled to its inputs (He), last small. */
export function initialNetwork(inputs: number, h1: number, h2: number, seed: number): Float32Array {
  const at = networkLayout(inputs, h1, h2), p = new Float32Array(at.size), rnd = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
  for (let i = 0; i < inputs * h1; i++) p[at.w1 + i] = gauss() * 0.2;
  for (let i = 0; i < h1 * h2; i++) p[at.w2 + i] = gauss() * Math.sqrt(2 / h1);
  for (let i = 0; i < h2; i++) p[at.w3 + i] = gauss() * 0.1;
  return p;
}

/**
 * Distillation: blends into the targets of the rows `blend` picks a teacher network's verdict
 * (its logistic), `weight` of it. A teacher fitted on more data than these rows knows things
 * their results and search scores are too noisy to teach a smaller network; its verdicts are
 * smooth and exist for every position. Held-out rows are left out by the caller, so that the
 * held-out loss still measures the fit against the data's own targets.
 */
export function blendTeacher(d: NetworkRows, teacher: FloatNetwork, weight: number, blend: (row: number) => boolean): void {
  for (let i = 0; i < d.count; i++) {
    if (!blend(i)) continue;
    d.y[i] = (1 - weight) * d.y[i] + weight * logistic(teacher.forward(d.inputs, d.offsets[i], d.offsets[i + 1]));
  }
}

export function networkLoss(net: FloatNetwork, d: NetworkRows, rows: Int32Array): number {
  let s = 0;
  for (let r = 0; r < rows.length; r++) { const i = rows[r]; s += rowLoss(net.forward(d.inputs, d.offsets[i], d.offsets[i + 1]), d.y[i]); }
  return rows.length > 0 ? s / rows.length : NaN;
}

/** The rows a fit trains on and holds out: of the `count` rows, those it includes (all by default), split by `isValidation`. */
export function splitRows(count: number, isValidation: (row: number) => boolean, include?: (row: number) => boolean): { train: Int32Array; valid: Int32Array } {
  const train: number[] = [], valid: number[] = [];
  for (let i = 0; i < count; i++) if (include?.(i) ?? true) (isValidation(i) ? valid : train).push(i);
  return { train: Int32Array.from(train), valid: Int32Array.from(valid) };
}

export function fitNetwork(d: NetworkRows, init: Float32Array, o: NetworkFitOptions): NetworkFit {
  const [H1, H2] = o.hidden;
  const p = init.slice(), net = new FloatNetwork(o.inputs, H1, H2, p), at = net.at, P = p.length;
  const { train: TR, valid: VA } = splitRows(d.count, o.isValidation, o.include);
  const g = new Float32Array(P), m = new Float32Array(P), v = new Float32Array(P);
  const d1 = new Float32Array(H1), d2 = new Float32Array(H2);
  const rnd = seededRandom(o.seed ^ 0x5bd1e995);
  const B1 = 0.9, B2 = 0.999;
  let best = net.p.slice(), bestLoss = networkLoss(net, d, VA), bestTrain = NaN, bestEpoch = 0, lr = o.learningRate, step = 0, since = 0, epoch = 0;
  o.onStart?.(bestLoss);
  for (epoch = 1; epoch <= o.maxEpochs && since < o.patience; epoch++) {
    const started = performance.now();
    for (let i = TR.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); const t = TR[i]; TR[i] = TR[j]; TR[j] = t; }
    let trainLoss = 0;
    for (let s = 0; s < TR.length; s += o.batch) {
      const e = Math.min(TR.length, s + o.batch);
      g.fill(0);
      for (let r = s; r < e; r++) {
        const i = TR[r], from = d.offsets[i], to = d.offsets[i + 1];
        const z = net.forward(d.inputs, from, to), dz = logistic(z) - d.y[i];
        trainLoss += rowLoss(z, d.y[i]);
        // Back through the clipped units: a unit at either end of its range passes no gradient.
        g[at.b3] += dz;
        for (let k = 0; k < H2; k++) {
          g[at.w3 + k] += dz * net.h2[k];
          d2[k] = net.a2[k] > 0 && net.a2[k] < 1 ? dz * p[at.w3 + k] : 0;
          g[at.b2 + k] += d2[k];
        }
        for (let j = 0; j < H1; j++) {
          const x = net.h1[j], row = at.w2 + j * H2;
          let back = 0;
          for (let k = 0; k < H2; k++) { back += p[row + k] * d2[k]; if (x !== 0) g[row + k] += x * d2[k]; }
          d1[j] = net.a1[j] > 0 && net.a1[j] < 1 ? back : 0;
          g[at.b1 + j] += d1[j];
        }
        for (let k = from; k < to; k++) { const row = at.w1 + d.inputs[k] * H1; for (let j = 0; j < H1; j++) g[row + j] += d1[j]; }
      }
      step++;
      const n = e - s, c1 = 1 - B1 ** step, c2 = 1 - B2 ** step;
      for (let k = 0; k < P; k++) {
        const gk = g[k] / n;
        m[k] = B1 * m[k] + (1 - B1) * gk;
        v[k] = B2 * v[k] + (1 - B2) * gk * gk;
        p[k] -= (lr * (m[k] / c1)) / (Math.sqrt(v[k] / c2) + 1e-8);
      }
    }
    const validLoss = networkLoss(net, d, VA);
    o.onEpoch?.(epoch, trainLoss / Math.max(1, TR.length), validLoss, (performance.now() - started) / 1000);
    if (validLoss < bestLoss - 1e-5) {
      bestLoss = validLoss; bestTrain = trainLoss / Math.max(1, TR.length); bestEpoch = epoch; best = p.slice(); since = 0;
    } else {
      lr /= 2;
      since++;
    }
  }
  return { parameters: best, trainLoss: bestTrain, validLoss: bestLoss, epochs: epoch - 1, bestEpoch, trainRows: TR.length, validRows: VA.length };
}
