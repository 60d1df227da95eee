// Writing moves into a MoveList, shared by the generators: completed captures (with the
// same-move check of RULES.md) and, on the one-word 8x8 diagonal board, steps found by
// whole-board shifts.

import { MAX_MOVES, MoveList } from './move.ts';

/** Whether the first `count` moves hold (from, to, captured set) already: another route to the same move. */
export function hasCapture(list: MoveList, count: number, from: number, to: number, capLo: number, capHi: number): boolean {
  for (let i = 0; i < count; i++) {
    if (list.to[i] === to && list.from[i] === from && list.capLo[i] === capLo && list.capHi[i] === capHi) return true;
  }
  return false;
}

/** Writes a completed capture of `n` pieces as move k, with its landing squares when the list keeps paths. */
export function writeCapture(
  list: MoveList, k: number, from: number, to: number, capLo: number, capHi: number, flags: number, n: number, path: Int32Array,
): void {
  if (k >= MAX_MOVES) throw new Error('more legal moves than a move list holds');
  list.from[k] = from;
  list.to[k] = to;
  list.capLo[k] = capLo;
  list.capHi[k] = capHi;
  list.flags[k] = flags;
  list.captures[k] = n;
  if (list.paths !== null && list.pathLength !== null) {
    list.pathLength[k] = n;
    for (let j = 0; j < n; j++) list.paths[k * MoveList.MAX_PATH + j] = path[j];
  }
}

/** One word: a step onto each bit of `targets` from `delta` bits before it; `crown` marks the crowning squares. */
export function addOneWordSteps(list: MoveList, n: number, targets: number, delta: number, crown: number): number {
  for (; targets !== 0; targets &= targets - 1) {
    const t = 31 - Math.clz32(targets & -targets);
    list.from[n] = t - delta;
    list.to[n] = t;
    list.capLo[n] = 0;
    list.capHi[n] = 0;
    list.flags[n] = (crown >>> t) & 1;
    list.captures[n] = 0;
    n++;
  }
  return n;
}
