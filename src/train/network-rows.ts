// Training positions as the network reads them: each position's active inputs (its pieces
// from the side to move's view, eval/network/inputs.ts), laid out flat as the pattern
// fit's rows are (dataset.ts), with its result, self-play score and game.

import { networkBoard, networkInputs } from '../eval/network/inputs.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import type { NetworkRows } from './network-fit.ts';
import type { TargetRows } from './dataset.ts';
import { RECORD_INTS, readRecord } from './records.ts';

export interface NetworkTrainingRows extends NetworkRows, TargetRows {}

export function networkRows(records: Int32Array, variant: Variant): NetworkTrainingRows {
  const board = networkBoard(variant), most = board.maxPieces;
  const count = records.length / RECORD_INTS;
  const offsets = new Int32Array(count + 1), inputs = new Int32Array(count * most);
  const result = new Float32Array(count), search = new Float32Array(count), game = new Int32Array(count);
  const pos = new Position(), row = new Int32Array(64);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const r = readRecord(records, i, pos);
    const n = networkInputs(pos, board, row);
    if (n > most) throw new Error(`training position ${i} has ${n} pieces, more than a board of ${variant.name} holds`);
    inputs.set(row.subarray(0, n), at);
    at += n;
    offsets[i + 1] = at;
    result[i] = r.result / 2;
    search[i] = r.score ?? NaN;
    game[i] = r.game;
  }
  return { count, offsets, inputs: inputs.subarray(0, at), y: result.slice(), result, search, game };
}
