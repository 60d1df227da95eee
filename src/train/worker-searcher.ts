// The searcher a training worker (self-play, relabel) keeps between its tasks, remade only when
// a task asks for another variant, evaluation, weights file or table size.

import { createEvaluator } from '../eval/evaluators.ts';
import { readWeightsFile } from '../eval/read-weights.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import type { Variant } from '../rules/variant.ts';
import { Searcher } from '../search/search.ts';

let cached: { key: string; searcher: Searcher } | null = null;

/** `weightsPath` for the pattern evaluation (default: the shipped weights). */
export function workerSearcher(variant: Variant, evalKind: EvalKind, weightsPath: string | undefined, ttMb: number): Searcher {
  const key = `${variant.name}:${evalKind}:${weightsPath ?? ''}:${ttMb}`;
  if (cached?.key !== key) {
    const weights = weightsPath ? readWeightsFile(weightsPath, variant) : undefined;
    cached = { key, searcher: new Searcher(variant, ttMb, {}, createEvaluator(variant, { kind: evalKind, weights })) };
  }
  return cached.searcher;
}
