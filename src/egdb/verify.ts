// The consistency check: every position of a table is recomputed from its moves, played
// forward with the game's own move generator and looked up in the tables (captures and
// crownings into other balances included). A win must have a move to a lost position, a
// loss must have only moves to won positions (or none), a draw neither.

import { MoveList } from '../rules/move.ts';
import { Position } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceName } from './balance.ts';
import type { EndgameTables } from './tables.ts';
import { DRAW, LOSS, UNKNOWN, WIN, packedValue, valueName } from './values.ts';

export interface CheckResult {
  balance: Balance;
  positions: number;
  /** The first few positions that disagree with their moves, described. */
  errors: string[];
  errorCount: number;
}

export function checkTable(variant: Variant, tables: EndgameTables, balance: Balance, progress?: (fraction: number) => void): CheckResult {
  const { index, data } = tables.table(balance);
  const pos = new Position();
  const child = new Position();
  const list = new MoveList();
  const errors: string[] = [];
  let errorCount = 0;
  for (let i = 0; i < index.size; i++) {
    if (progress && (i & 0xffff) === 0) progress(i / index.size);
    index.setPosition(i, pos);
    const n = variant.generate(pos, list);
    let anyLoss = false, allWin = true;
    for (let m = 0; m < n; m++) {
      variant.make(child, pos, list, m);
      const v = tables.probe(child);
      if (v === UNKNOWN) throw new Error(`${balanceName(balance)} position ${i}: a move leads to a position no table holds`);
      if (v === LOSS) anyLoss = true;
      if (v !== WIN) allWin = false;
    }
    const expected = anyLoss ? WIN : allWin ? LOSS : DRAW;
    const stored = packedValue(data, i);
    if (stored !== expected) {
      errorCount++;
      if (errors.length < 5) errors.push(`${balanceName(balance)} position ${i}: stored ${valueName(stored)}, its moves say ${valueName(expected)}`);
    }
  }
  return { balance, positions: index.size, errors, errorCount };
}
