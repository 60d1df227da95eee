// The learned evaluation: the sum of the weights of a position's features (features.ts), the
// weights of the two phases around its piece count blended. Both weights of a feature in one
// segment between two phases are packed in one 32-bit word (one memory access per feature: the
// pattern tables are far larger than the cache), and the arithmetic is integer, so that a
// position and its colour-swapped mirror score exactly opposite.

import { type Position, WHITE } from '../../rules/position.ts';
import type { Variant } from '../../rules/variant.ts';
import type { PositionEvaluator } from '../position-evaluator.ts';
import { PatternFeatures, REGION_PATTERNS, TO_MOVE } from './features.ts';
import { type PatternWeights, WEIGHT_UNITS } from './weights-file.ts';

export class PatternEvaluator implements PositionEvaluator {
  readonly features: PatternFeatures;
  /** For each segment s: phase s's weight in the high 16 bits, phase s + 1's in the low 16 bits. */
  private readonly packed: Int32Array[];
  sideToMoveStuck = false;

  constructor(readonly variant: Variant, weights: PatternWeights) {
    if (weights.variant !== variant.name) throw new Error(`evaluation weights are for ${weights.variant}, not ${variant.name}`);
    const features = new PatternFeatures(variant, { patternKings: weights.patternKings, phases: weights.phases.length, moverPatterns: weights.moverPatterns, denseRegions: weights.denseRegions });
    this.features = features;
    const wrong = weights.phases.find((p) => p.length !== features.size);
    if (wrong) throw new Error(`evaluation weights have ${wrong.length} entries, the ${variant.name} evaluation needs ${features.size}`);
    this.packed = weights.phases.slice(1).map((next, s) => {
      const first = weights.phases[s], packed = new Int32Array(features.size);
      for (let i = 0; i < features.size; i++) packed[i] = (first[i] << 16) | (next[i] & 0xffff);
      return packed;
    });
  }

  evaluate(pos: Position): number {
    const f = this.features;
    f.scan(pos);
    const w = this.packed[f.segment], acc = f.reading, R = f.regions;
    let o = 0, e = 0;
    // White's and Black's readings: the side to move's table, and the opponent's (features.ts).
    const ob = f.opponentBase, white = pos.side === WHITE ? 0 : ob, black = pos.side === WHITE ? ob : 0;
    for (let r = 0, base = 0; r < R; r++, base += REGION_PATTERNS) {
      const ofWhite = w[white + base + acc[r]], ofBlack = w[black + base + acc[R + r]];
      o += (ofWhite >> 16) - (ofBlack >> 16);
      e += ((ofWhite << 16) >> 16) - ((ofBlack << 16) >> 16);
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
    // The first phase's share in units of 1 / full: f.phase * full, exactly.
    const full = f.piecesAtStart, share = f.share;
    // | 0 truncates as Math.trunc does here (far inside 32 bits) but never gives -0, a double.
    return ((o * share + e * (full - share)) / (full * WEIGHT_UNITS)) | 0;
  }
}
