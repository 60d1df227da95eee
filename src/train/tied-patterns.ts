// Tied region patterns, for the fit only: a block's weight for a pattern is learnt as the sum
// of its own weight and weights shared more widely, and folded back into the one table a
// block that the evaluator reads, so play and the weights file are unchanged.
//
// A block's 6561 patterns are far more than our few hundred thousand positions a round see
// often enough: most stay at their starting weight (min-count), and a rare one is learnt from
// a handful of positions. Yet what a pattern is worth is mostly alike wherever it stands, and
// much of it lies in either half of the block. So each pattern weight of block r is
//   own[r][p] + shared[p] + lower[r][p mod 81] + upper[r][p div 81]
// (the halves are the block's first two rows and its last two, 3^4 = 81 patterns each): a
// pattern that block r has seldom seen is valued from where it has been seen elsewhere and
// from its halves, and the common ones still keep a weight of their own.

import type { PatternFeatures } from '../eval/pattern/features.ts';
import { REGION_PATTERNS } from '../eval/pattern/features.ts';
import type { SparseData } from './dataset.ts';

const HALF_PATTERNS = 81;
/** Tied weights a pattern weight has: shared, lower half, upper half. */
const TIES = 3;

export class TiedPatterns {
  /** Weights a phase in the fit: the layout's own, then shared, lower halves and upper halves. */
  readonly size: number;
  /** Index of the first of the tied weights (the layout's own size). */
  readonly base: number;
  /** Pattern weights of the layout's tables: regions * 6561 (twice that with moverPatterns). */
  private readonly patternWeights: number;
  private readonly tables: number;
  private readonly regions: number;

  constructor(features: PatternFeatures) {
    this.base = features.size;
    this.regions = features.regions;
    this.tables = features.moverPatterns ? 2 : 1;
    this.patternWeights = this.tables * features.regions * REGION_PATTERNS;
    if (this.patternWeights !== features.kingBase) throw new Error('tied patterns: the layout does not start with its pattern tables');
    // Each table (the mover's and the opponent's) ties within itself.
    this.size = this.base + this.tables * (REGION_PATTERNS + 2 * features.regions * HALF_PATTERNS);
  }

  /** Where pattern weight `idx` of the layout finds its shared, lower-half and upper-half weights. */
  tiesOf(idx: number, out: Int32Array): void {
    const table = Math.floor(idx / (this.regions * REGION_PATTERNS));
    const r = Math.floor(idx / REGION_PATTERNS) % this.regions, p = idx % REGION_PATTERNS;
    const at = this.base + table * (REGION_PATTERNS + 2 * this.regions * HALF_PATTERNS);
    out[0] = at + p;
    out[1] = at + REGION_PATTERNS + r * HALF_PATTERNS + (p % HALF_PATTERNS);
    out[2] = at + REGION_PATTERNS + (this.regions + r) * HALF_PATTERNS + Math.floor(p / HALF_PATTERNS);
  }

  /** The rows with every pattern feature followed by its three tied features, of the same value (the rest of `d` as it is). */
  extend<T extends SparseData>(d: T): T {
    let extra = 0;
    for (let k = 0; k < d.idx.length; k++) if (d.idx[k] < this.patternWeights) extra += TIES;
    const idx = new Int32Array(d.idx.length + extra), val = new Float32Array(d.idx.length + extra);
    const offsets = new Int32Array(d.count + 1);
    const ties = new Int32Array(TIES);
    let at = 0;
    for (let i = 0; i < d.count; i++) {
      for (let k = d.offsets[i]; k < d.offsets[i + 1]; k++) {
        idx[at] = d.idx[k]; val[at++] = d.val[k];
        if (d.idx[k] >= this.patternWeights) continue;
        this.tiesOf(d.idx[k], ties);
        for (let t = 0; t < TIES; t++) { idx[at] = ties[t]; val[at++] = d.val[k]; }
      }
      offsets[i + 1] = at;
    }
    return { ...d, offsets, idx, val };
  }

  /** One phase's weights with the tied parts at 0: the layout's own weights `w`, extended. */
  widen(w: Float64Array): Float64Array {
    if (w.length !== this.base) throw new Error(`tied patterns: ${w.length} weights, not ${this.base}`);
    const out = new Float64Array(this.size);
    out.set(w);
    return out;
  }

  /** One phase's fitted weights folded back into the layout: every pattern weight plus its ties. */
  fold(w: Float64Array): Float64Array {
    if (w.length !== this.size) throw new Error(`tied patterns: ${w.length} weights, not ${this.size}`);
    const out = w.slice(0, this.base);
    const ties = new Int32Array(TIES);
    for (let k = 0; k < this.patternWeights; k++) {
      this.tiesOf(k, ties);
      for (let t = 0; t < TIES; t++) out[k] += w[ties[t]];
    }
    return out;
  }
}
