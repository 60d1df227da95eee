// The learned evaluation: the sum of the weights of a position's features (features.ts),
// opening and endgame weights blended by the phase. Both weights of a feature are packed in
// one 32-bit word (one memory access per feature: the pattern tables are far larger than the
// cache), and the arithmetic is integer, so that a position and its colour-swapped mirror
// score exactly opposite.

import { type Position, WHITE } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import type { PositionEvaluator } from '../position-evaluator.ts';
import { PatternFeatures, REGION_PATTERNS, TO_MOVE } from './features.ts';
import { type PatternWeights, WEIGHT_UNITS } from './weights-file.ts';

export class PatternEvaluator implements PositionEvaluator {
  readonly features: PatternFeatures;
  /** Opening weight in the high 16 bits, endgame weight in the low 16 bits. */
  private readonly packed: Int32Array;
  sideToMoveStuck = false;

  constructor(readonly variant: Variant, weights: PatternWeights) {
    if (weights.variant !== variant.name) throw new Error(`evaluation weights are for ${weights.variant}, not ${variant.name}`);
    const features = new PatternFeatures(variant, weights.patternKings);
    this.features = features;
    if (weights.opening.length !== features.size || weights.endgame.length !== features.size) {
      throw new Error(`evaluation weights have ${weights.opening.length} entries, the ${variant.name} evaluation needs ${features.size}`);
    }
    this.packed = new Int32Array(features.size);
    for (let i = 0; i < features.size; i++) this.packed[i] = (weights.opening[i] << 16) | (weights.endgame[i] & 0xffff);
  }

  evaluate(pos: Position): number {
    const f = this.features;
    f.scan(pos);
    const w = this.packed, acc = f.reading, R = f.regions;
    let o = 0, e = 0;
    for (let r = 0, base = 0; r < R; r++, base += REGION_PATTERNS) {
      const mine = w[base + acc[r]], theirs = w[base + acc[R + r]];
      o += (mine >> 16) - (theirs >> 16);
      e += ((mine << 16) >> 16) - ((theirs << 16) >> 16);
    }
    for (let k = 0; k < f.kings; k++) {
      const v = w[f.kingIndex[k]], s = f.kingSign[k];
      o += s * (v >> 16);
      e += s * ((v << 16) >> 16);
    }
    const sc = f.scalarValues, sb = f.scalarBase;
    // No test for x = 0: it would branch unpredictably, and the products are cheap.
    for (let k = 0; k < TO_MOVE; k++) {
      const x = sc[k], v = w[sb + k];
      o += Math.imul(x, v >> 16);
      e += Math.imul(x, (v << 16) >> 16);
    }
    // 0 - x, not -x: a negated 0 would be -0, a double, and the compiled code would fall back to doubles.
    if (pos.side !== WHITE) { o = 0 - o; e = 0 - e; }
    const tm = w[sb + TO_MOVE];
    o += tm >> 16;
    e += (tm << 16) >> 16;
    this.sideToMoveStuck = f.sideToMoveStuck;
    const p = f.pieces, full = f.piecesAtStart;
    // | 0 truncates as Math.trunc does here (far inside 32 bits) but never gives -0, a double.
    return ((o * p + e * (full - p)) / (full * WEIGHT_UNITS)) | 0;
  }
}
