// The one place that turns a variant and a choice of evaluation into an evaluator.

import type { Variant } from '../rules/variant.ts';
import { ClassicEvaluator } from './classic.ts';
import { GenericEvaluator } from './generic.ts';
import { LascaEvaluator } from './lasca.ts';
import { NetworkEvaluator } from './network/evaluator.ts';
import { WideNetworkEvaluator } from './network/wide-evaluator.ts';
import { shippedNetwork } from './network/shipped.ts';
import { PatternEvaluator } from './pattern/evaluator.ts';
import { shippedWeights } from './pattern/shipped.ts';
import { type LearnedWeights, isNetwork } from './learned-weights.ts';
import type { NetworkWeights } from './network/network-file.ts';
import type { PatternWeights } from './pattern/weights-file.ts';
import type { EvalKind, PositionEvaluator } from './position-evaluator.ts';
import { hasWeights } from './weights.ts';

export interface EvalChoice {
  /** Default `learned`: the network where one ships, else the pattern weights where they ship, else the classic evaluation. */
  kind?: EvalKind;
  /** Weights to use instead of the shipped ones (a file read by the caller): pattern weights or a network. */
  weights?: LearnedWeights;
}

/** Which evaluator a choice comes to for a variant; the learned kinds with the weights given, if any. */
export type EvalPlan =
  | { evaluator: 'lasca' | 'generic' | 'classic' }
  | { evaluator: 'network'; weights?: NetworkWeights }
  | { evaluator: 'pattern'; weights?: PatternWeights };

/**
 * The evaluator a choice comes to, without building it; throws with the reason when the
 * variant has none of the kind asked for or the weights given are of another kind. Cheap: a
 * shipped file is not decoded here, so a protocol can check a choice where it does not search.
 */
export function planEvaluation(variant: Variant, choice: EvalChoice = {}): EvalPlan {
  // Lasca's columns need an evaluation of their own, whichever kind is asked for.
  if (variant.name === 'lasca') return { evaluator: 'lasca' };
  const kind = choice.kind ?? 'learned';
  const network = shippedNetwork.ships(variant), patterns = shippedWeights.ships(variant);
  // Games with neither learned nor hand-set weights (Brazilian, Russian, Turkish) have one
  // evaluation, whichever kind is asked for: the Hub and the CLI ask for `learned` by default.
  if (!hasWeights(variant.name) && !choice.weights && !patterns && !network) return { evaluator: 'generic' };
  if (kind === 'classic') return { evaluator: 'classic' };
  const w = choice.weights;
  if (w) {
    if (kind === 'pattern' && isNetwork(w)) throw new Error('the weights file holds a network, not the pattern weights asked for');
    if (kind === 'network' && !isNetwork(w)) throw new Error('the weights file holds pattern weights, not the network asked for');
    return isNetwork(w) ? { evaluator: 'network', weights: w } : { evaluator: 'pattern', weights: w };
  }
  if (kind !== 'pattern' && network) return { evaluator: 'network' };
  if (kind === 'network') throw new Error(`no evaluation network ships for ${variant.name}`);
  if (patterns) return { evaluator: 'pattern' };
  if (kind === 'pattern') throw new Error(`no learned evaluation weights ship for ${variant.name}`);
  return { evaluator: 'classic' };
}

export function createEvaluator(variant: Variant, choice: EvalChoice = {}): PositionEvaluator {
  const plan = planEvaluation(variant, choice);
  switch (plan.evaluator) {
    case 'lasca': return new LascaEvaluator();
    case 'generic': return new GenericEvaluator(variant);
    case 'classic': return new ClassicEvaluator(variant);
    // The plan named these only where the variant ships them.
    case 'network': {
      const weights = plan.weights ?? shippedNetwork(variant)!;
      return variant.geometry.squares === 50 ? new WideNetworkEvaluator(variant, weights) : new NetworkEvaluator(variant, weights);
    }
    case 'pattern': return new PatternEvaluator(variant, plan.weights ?? shippedWeights(variant)!);
  }
}
