// A piscina worker searching training positions again for deeper labels (relabel.ts). Each
// position starts from a cleared table, history and killers, so its score does not depend on
// which worker searched it or what that worker searched before. With `warm`, the table and
// history are kept from one position to the next of the same game, as in play, where a search
// finds the last move's tree in its table and sees deeper for the same nodes; they are still
// cleared at each new game and at the start of each task, so the labels depend only on the
// input and the task size, never on the worker.

import type { EvalKind } from '../eval/position-evaluator.ts';
import { computeKey } from '../rules/convert.ts';
import { Position } from '../rules/position.ts';
import { getVariant } from '../rules/variants.ts';
import { RECORD_INTS, readRecord, writeRecord } from './records.ts';
import { workerSearcher } from './worker-searcher.ts';

export interface RelabelTask {
  variant: string;
  evalKind: EvalKind;
  /** Weights file for the pattern evaluation (default: the shipped weights). */
  weightsPath?: string;
  nodes: number;
  /** Keep the table between consecutive positions of one game. */
  warm?: boolean;
  records: Int32Array;
}

/** A table of 2 MB holds the few tens of thousands of nodes a label search takes. */
export const LABEL_TABLE_MB = 2;

export default function relabelRecords(task: RelabelTask): Int32Array {
  const searcher = workerSearcher(getVariant(task.variant), task.evalKind, task.weightsPath, LABEL_TABLE_MB);
  const out = task.records.slice();
  const pos = new Position();
  let lastGame = -1;
  for (let i = 0; i < out.length / RECORD_INTS; i++) {
    const r = readRecord(out, i, pos);
    computeKey(pos);
    if (!task.warm || r.game !== lastGame) searcher.clear();
    lastGame = r.game;
    // No history: the position alone, as if the game started there.
    const found = searcher.search(pos, { limits: { nodes: task.nodes } });
    writeRecord(out, i, pos, r.result, found.depth > 0 ? found.score : r.score, r.game);
  }
  return out;
}
