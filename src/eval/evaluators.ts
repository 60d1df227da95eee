// The one place that turns a variant and a choice of evaluation into an evaluator.

import type { Variant } from '../rules/variant.ts';
import { ClassicEvaluator } from './classic.ts';
import { GenericEvaluator } from './generic.ts';
import { LascaEvaluator } from './lasca.ts';
import { NetworkEvaluator } from './network/evaluator.ts';
import { shippedNetwork } from './network/shipped.ts';
import { PatternEvaluator } from './pattern/evaluator.ts';
import { shippedWeights } from './pattern/shipped.ts';
import { type LearnedWeights, isNetwork } from './learned-weights.ts';
import type { EvalKind, PositionEvaluator } from './position-evaluator.ts';
import { hasWeights } from './weights.ts';

export interface EvalChoice {
  /** Default `learned`: the network where one ships, else the pattern weights where they ship, else the classic evaluation. */
  kind?: EvalKind;
  /** Weights to use instead of the shipped ones (a file read by the caller): pattern weights or a network. */
  weights?: LearnedWeights;
}

export function createEvaluator(variant: Variant, choice: EvalChoice = {}): PositionEvaluator {
  // Lasca's columns need an evaluation of their own, whichever kind is asked for.
  if (variant.name === 'lasca') return new LascaEvaluator();
  const kind = choice.kind ?? 'learned';
  // Games with neither learned nor hand-set weights (Brazilian, Russian, Turkish) have one
  // evaluation, whichever kind is asked for: the Hub and the CLI ask for `learned` by default.
  if (!hasWeights(variant.name) && !choice.weights && !shippedWeights(variant) && !shippedNetwork(variant)) return new GenericEvaluator(variant);
  if (kind === 'classic') return new ClassicEvaluator(variant);
  const w = choice.weights;
  if (w) {
    if (kind === 'pattern' && isNetwork(w)) throw new Error('the weights file holds a network, not the pattern weights asked for');
    if (kind === 'network' && !isNetwork(w)) throw new Error('the weights file holds pattern weights, not the network asked for');
    return isNetwork(w) ? new NetworkEvaluator(variant, w) : new PatternEvaluator(variant, w);
  }
  const network = kind === 'pattern' ? null : shippedNetwork(variant);
  if (network) return new NetworkEvaluator(variant, network);
  if (kind === 'network') throw new Error(`no evaluation network ships for ${variant.name}`);
  const weights = shippedWeights(variant);
  if (weights) return new PatternEvaluator(variant, weights);
  if (kind === 'pattern') throw new Error(`no learned evaluation weights ship for ${variant.name}`);
  return new ClassicEvaluator(variant);
}
