// A piscina worker searching training positions again for deeper labels (relabel.ts). Each
// position starts from a cleared table, history and killers, so its score does not depend on
// which worker searched it or what that worker searched before.

import { createEvaluator } from '../eval/evaluators.ts';
import { PatternFeatures } from '../eval/pattern/features.ts';
import { readWeightsFile } from '../eval/pattern/read-weights.ts';
import type { EvalKind } from '../eval/position-evaluator.ts';
import { computeKey } from '../rules/convert.ts';
import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { Searcher } from '../search/search.ts';
import { RECORD_INTS, readRecord, writeRecord } from './records.ts';

export interface RelabelTask {
  variant: string;
  evalKind: EvalKind;
  /** Weights file for the pattern evaluation (default: the shipped weights). */
  weightsPath?: string;
  nodes: number;
  records: Int32Array;
}

/** A table of 2 MB holds the few tens of thousands of nodes a label search takes. */
export const LABEL_TABLE_MB = 2;

let cached: { key: string; searcher: Searcher } | null = null;

export default function relabelRecords(task: RelabelTask): Int32Array {
  const variant = getVariant(task.variant);
  const key = `${variant.name}:${task.evalKind}:${task.weightsPath ?? ''}`;
  if (cached?.key !== key) {
    const weights = task.weightsPath ? readWeightsFile(task.weightsPath, variant.name, new PatternFeatures(variant).size) : undefined;
    cached = { key, searcher: new Searcher(variant, LABEL_TABLE_MB, {}, createEvaluator(variant, { kind: task.evalKind, weights })) };
  }
  const searcher = cached.searcher;
  const out = task.records.slice();
  const pos = new Position();
  for (let i = 0; i < out.length / RECORD_INTS; i++) {
    const r = readRecord(out, i, pos);
    computeKey(pos);
    searcher.clear();
    const found = searcher.search(pos, { history: { lo: new Int32Array([pos.keyLo]), hi: new Int32Array([pos.keyHi]) }, limits: { nodes: task.nodes } });
    writeRecord(out, i, pos, r.result, found.depth > 0 ? found.score : r.score, r.game);
  }
  return out;
}
