// A piscina worker playing self-play games for training data. Its Searcher lives on between
// tasks; the table is cleared before each game, so a game does not depend on which worker
// played it or what it played before.

import { createEvaluator } from '../eval/evaluators.ts';
import { PatternFeatures } from '../eval/pattern/features.ts';
import { readWeightsFile } from '../eval/pattern/read-weights.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import { type SelfPlayGameResult, type SelfPlayGameSpec, playSelfPlayGame } from './selfplay-game.ts';

export interface SelfPlayTask {
  variant: string;
  evalKind: EvalKind;
  /** Weights file for the pattern evaluation (default: the shipped weights). */
  weightsPath?: string;
  games: SelfPlayGameSpec[];
}

let cached: { key: string; searcher: Searcher } | null = null;

export default function playGames(task: SelfPlayTask): SelfPlayGameResult[] {
  const variant = getVariant(task.variant);
  const key = `${variant.name}:${task.evalKind}:${task.weightsPath ?? ''}`;
  if (cached?.key !== key) {
    const weights = task.weightsPath ? readWeightsFile(task.weightsPath, variant.name, new PatternFeatures(variant).size) : undefined;
    cached = { key, searcher: new Searcher(variant, 4, {}, createEvaluator(variant, { kind: task.evalKind, weights })) };
  }
  return task.games.map((spec) => playSelfPlayGame(variant, cached!.searcher, spec));
}
