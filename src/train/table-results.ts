// Game results corrected by the endgame tables. Self-play plays its endings out by search, and a
// search of a few thousand nodes often fails to win a won ending (three kings against two, say)
// or lets a drawn one slip: the game's result, which labels every position of the game, then
// says what that search did, not what the position was worth. The tables know. From the first
// position of a game that they hold, the result under perfect play is that position's table
// value; each later position gets its own value, and every earlier one the first's (the game
// reached it, and from there on it is decided).

import type { EndgameTables } from '../egdb/tables.ts';
import { UNKNOWN, whiteScoreOf } from '../egdb/values.ts';
import { Position, WHITE } from '../rules/position.ts';
import { RECORD_INTS, readRecord, resultFor, setRecordResult } from './records.ts';

export interface TableResultsSummary {
  games: number;
  /** Games with a position the tables hold. */
  reached: number;
  /** Games whose result from the first such position differs from the result played. */
  changed: number;
  /** Of those: White's score played and by the tables, counted as "played>tables" (e.g. "0.5>1"). */
  changes: Map<string, number>;
  /** Positions whose result label changed. */
  positions: number;
}

/**
 * A copy of `records` (in game order, as self-play and import write them) with results from the
 * tables wherever a game reaches them; scores and positions as they were.
 */
export function tableResults(records: Int32Array, tables: EndgameTables): { records: Int32Array; summary: TableResultsSummary } {
  const out = records.slice();
  const count = records.length / RECORD_INTS;
  const pos = new Position();
  const summary: TableResultsSummary = { games: 0, reached: 0, changed: 0, changes: new Map(), positions: 0 };
  for (let start = 0, end = 0; start < count; start = end) {
    const game = readRecord(records, start, pos).game;
    end = start + 1;
    while (end < count && readRecord(records, end, pos).game === game) end++;
    summary.games++;
    // White's score by the tables at each position of the game they hold (null: not held).
    const byTable: (number | null)[] = [];
    for (let i = start; i < end; i++) {
      readRecord(records, i, pos);
      const value = tables.probe(pos);
      byTable.push(value === UNKNOWN ? null : whiteScoreOf(value, pos.side));
    }
    const first = byTable.findIndex((s) => s !== null);
    if (first < 0) continue;
    summary.reached++;
    const decided = byTable[first]!;
    const { result } = readRecord(records, start + first, pos);
    const played = pos.side === WHITE ? result / 2 : 1 - result / 2;
    if (played !== decided) {
      summary.changed++;
      const key = `${played}>${decided}`;
      summary.changes.set(key, (summary.changes.get(key) ?? 0) + 1);
    }
    for (let i = start; i < end; i++) {
      const k = i - start;
      setResult(out, i, pos, k < first ? decided : byTable[k] ?? decided, summary);
    }
  }
  return { records: out, summary };
}

/** Sets record `i`'s result to White's score `whiteScore`. */
function setResult(out: Int32Array, i: number, pos: Position, whiteScore: number, summary: TableResultsSummary): void {
  const { result } = readRecord(out, i, pos);
  const wanted = resultFor(whiteScore, pos.side);
  if (wanted === result) return;
  setRecordResult(out, i, wanted);
  summary.positions++;
}
