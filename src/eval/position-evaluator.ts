// What the search needs from an evaluation, whichever one it is: a score for the side to
// move and whether that side has no step at all (with no capture either, it has lost).

import type { Position } from '../rules/position.ts';

export interface PositionEvaluator {
  /** Score of `pos` for the side to move, in centi-men. */
  evaluate(pos: Position): number;
  /**
   * Set by evaluate(): the side to move has no step to an empty square (men forward, kings
   * any way), so if it has no capture either it has no legal move and has lost.
   */
  readonly sideToMoveStuck: boolean;
}

/**
 * The evaluations a user can choose: the variant's learned one (the default: the network where
 * one ships, else the pattern weights), either learned kind by name, and the hand-set one.
 */
export const EVAL_KINDS = ['learned', 'pattern', 'network', 'classic'] as const;
export type EvalKind = (typeof EVAL_KINDS)[number];

export function parseEvalKind(text: string): EvalKind {
  const k = text.trim().toLowerCase();
  if (!(EVAL_KINDS as readonly string[]).includes(k)) {
    throw new Error(`unknown evaluation "${text}" (expected one of: ${EVAL_KINDS.join(', ')})`);
  }
  return k as EvalKind;
}
