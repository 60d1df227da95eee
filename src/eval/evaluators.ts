// The one place that turns a variant and a choice of evaluation into an evaluator.

import type { Variant } from '../rules/variant.ts';
import { ClassicEvaluator } from './classic.ts';
import { GenericEvaluator } from './generic.ts';
import { LascaEvaluator } from './lasca.ts';
import { NetworkEvaluator } from './network/evaluator.ts';
import { PatternEvaluator } from './pattern/evaluator.ts';
import { shippedWeights } from './pattern/shipped.ts';
import { type LearnedWeights, isNetwork } from './learned-weights.ts';
import type { EvalKind, PositionEvaluator } from './position-evaluator.ts';
import { hasWeights } from './weights.ts';

export interface EvalChoice {
  /** Default: the learned evaluation where the variant ships weights, else the classic one. */
  kind?: EvalKind;
  /** Weights to use instead of the shipped ones (a file read by the caller): pattern weights or a network. */
  weights?: LearnedWeights;
}

export function createEvaluator(variant: Variant, choice: EvalChoice = {}): PositionEvaluator {
  // Lasca's columns need an evaluation of their own, whichever kind is asked for.
  if (variant.name === 'lasca') return new LascaEvaluator();
  // Games with neither learned nor hand-set weights (Brazilian, Russian, Turkish) have one
  // evaluation, whichever kind is asked for: the Hub and the CLI ask for `pattern` by default.
  if (!hasWeights(variant.name) && !choice.weights && !shippedWeights(variant)) return new GenericEvaluator(variant);
  if (choice.kind === 'classic') return new ClassicEvaluator(variant);
  if (choice.weights && isNetwork(choice.weights)) return new NetworkEvaluator(variant, choice.weights);
  const weights = choice.weights ?? shippedWeights(variant);
  if (weights) return new PatternEvaluator(variant, weights);
  if (choice.kind === 'pattern') throw new Error(`no learned evaluation weights ship for ${variant.name}`);
  return new ClassicEvaluator(variant);
}
