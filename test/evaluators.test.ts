// The choice of evaluation (planEvaluation, which the Hub checks at set-param and init without
// building anything) and its construction (createEvaluator) must agree for every game and kind.

import { describe, expect, it } from 'vitest';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { createEvaluator, planEvaluation } from '../src/eval/evaluators.ts';
import { GenericEvaluator } from '../src/eval/generic.ts';
import { LascaEvaluator } from '../src/eval/lasca.ts';
import { NetworkEvaluator } from '../src/eval/network/evaluator.ts';
import { shippedNetwork } from '../src/eval/network/shipped.ts';
import { WideNetworkEvaluator } from '../src/eval/network/wide-evaluator.ts';
import { PatternEvaluator } from '../src/eval/pattern/evaluator.ts';
import { shippedWeights } from '../src/eval/pattern/shipped.ts';
import { EVAL_KINDS } from '../src/eval/position-evaluator.ts';
import { shippedFiles } from '../src/eval/shipped-file.ts';
import type { Variant } from '../src/rules/variant.ts';
import { ENGLISH, INTERNATIONAL, VARIANTS } from '../src/rules/variants.ts';

const CLASSES = { lasca: LascaEvaluator, generic: GenericEvaluator, classic: ClassicEvaluator, network: NetworkEvaluator, pattern: PatternEvaluator };
// The network evaluator of the 10x10 board is a class of its own.
const evaluatorClass = (variant: Variant, evaluator: keyof typeof CLASSES) =>
  evaluator === 'network' && variant.geometry.squares === 50 ? WideNetworkEvaluator : CLASSES[evaluator];

describe('planEvaluation and createEvaluator', () => {
  it('come to the same evaluator, or refuse with the same reason, for every game, kind and shipped weights file', () => {
    const files = [undefined, shippedNetwork(ENGLISH)!, shippedWeights(ENGLISH)!];
    let refused = 0;
    for (const variant of VARIANTS) {
      for (const kind of EVAL_KINDS) {
        // A weights file is read for one variant; the English ones are offered to English only.
        for (const weights of variant === ENGLISH ? files : [undefined]) {
          let reason: string | null = null;
          try { planEvaluation(variant, { kind, weights }); } catch (e) { reason = (e as Error).message; }
          if (reason !== null) {
            refused++;
            expect(() => createEvaluator(variant, { kind, weights })).toThrow(reason);
            continue;
          }
          const plan = planEvaluation(variant, { kind, weights });
          expect(createEvaluator(variant, { kind, weights })).toBeInstanceOf(evaluatorClass(variant, plan.evaluator));
          if (weights && (plan.evaluator === 'network' || plan.evaluator === 'pattern')) expect(plan.weights).toBe(weights);
        }
      }
    }
    // English: pattern weights asked for with a network and the reverse.
    expect(refused).toBe(2);
    expect(planEvaluation(ENGLISH)).toEqual({ evaluator: 'network' });
    expect(planEvaluation(INTERNATIONAL)).toEqual({ evaluator: 'network' });
    expect(planEvaluation(INTERNATIONAL, { kind: 'pattern' })).toEqual({ evaluator: 'pattern' });
  });

  it('a shipped file is decoded on first use only, and asking whether one ships decodes nothing', () => {
    let decodes = 0;
    const shipped = shippedFiles<number>({ english: {} }, 'test', () => ++decodes);
    expect(shipped.ships(ENGLISH)).toBe(true);
    expect(shipped.ships(INTERNATIONAL)).toBe(false);
    expect(decodes).toBe(0);
    expect(shipped(ENGLISH)).toBe(1);
    expect(shipped(ENGLISH)).toBe(1);
    expect(shipped(INTERNATIONAL)).toBeNull();
    expect(decodes).toBe(1);
  });
});
