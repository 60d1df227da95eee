// Builds tables into a directory in the order given (balancesUpTo: smallest first, so that
// every exit is solved before it is needed); tables already there and intact are kept
// rather than built again.

import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceKey, mirror } from './balance.ts';
import { SOLVING_BYTES_PER_POSITION, solvePair } from './generate.ts';
import { BalanceIndex } from './index.ts';
import { DTC_FILE, encodeTable } from './table-file.ts';
import { EndgameTables, distanceFile, tableFile } from './tables.ts';
import { LOSS, WIN, packedValue } from './values.ts';

export interface BalanceReport {
  balance: Balance;
  positions: number;
  wins: number;
  draws: number;
  losses: number;
  /** Bytes on disk: the table, and its distance file. */
  bytes: number;
  distanceBytes: number;
  /** The longest distance to conversion of a win or loss (plies), and a position with it. */
  maxDistance: number;
  farthest: number;
  /** Time to solve the balance and its mirror (0 when kept). */
  ms: number;
  /** Processor time of the same (this process, user and system): on a shared machine the wall time says little. */
  cpuMs: number;
  /** Already on disk and intact, so not built again. */
  kept: boolean;
}

export interface BuildCallbacks {
  /** A balance (with its mirror) is about to be solved. */
  onStart?: (balances: Balance[]) => void;
  onProgress?: (fraction: number) => void;
  onBalance?: (report: BalanceReport) => void;
}

/** The balance whose pair (with its mirror) has the most positions: what a build's memory depends on. */
export function largestPair(variant: Variant, balances: readonly Balance[]): { balance: Balance; positions: number; bytes: number } {
  let best = { balance: balances[0], positions: 0, bytes: 0 };
  for (const b of balances) {
    const m = mirror(b);
    const positions = new BalanceIndex(variant.geometry, b).size + (balanceKey(m) === balanceKey(b) ? 0 : new BalanceIndex(variant.geometry, m).size);
    if (positions > best.positions) best = { balance: b, positions, bytes: positions * SOLVING_BYTES_PER_POSITION };
  }
  return best;
}

export function buildTables(variant: Variant, balances: readonly Balance[], dir: string, callbacks: BuildCallbacks = {}): BalanceReport[] {
  // Kept files are read through this set; solved tables are added to it from memory.
  const tables = new EndgameTables(variant, dir);
  const reports: BalanceReport[] = [];
  const done = new Set<number>();
  for (const balance of balances) {
    if (done.has(balanceKey(balance))) continue;
    const pair = balanceKey(mirror(balance)) === balanceKey(balance) ? [balance] : [balance, mirror(balance)];
    for (const b of pair) done.add(balanceKey(b));
    if (pair.every((b) => tables.has(b) && tables.hasDistances(b))) {
      for (const b of pair) reports.push(summarise(tables, variant, dir, b, 0, 0, true));
      callbacks.onBalance && reports.slice(-pair.length).forEach(callbacks.onBalance);
      continue;
    }
    callbacks.onStart?.(pair);
    const start = performance.now(), cpuStart = process.cpuUsage();
    const solved = solvePair(variant, tables, balance, callbacks.onProgress);
    const ms = performance.now() - start, cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    for (const s of solved) {
      const file = tableFile(dir, variant, s.balance);
      mkdirSync(dirname(file), { recursive: true });
      // Written whole under another name first, so that a reader never sees half a file.
      // Distances first: a table whose distance file is there and sound counts as built.
      writeWhole(distanceFile(dir, variant, s.balance), encodeTable(variant.name, s.balance, s.positions, s.distances, DTC_FILE));
      writeWhole(file, encodeTable(variant.name, s.balance, s.positions, s.packed));
      tables.add(s.balance, s.packed, s.distances);
      const report = summarise(tables, variant, dir, s.balance, ms, cpuMs, false);
      reports.push(report);
      callbacks.onBalance?.(report);
    }
  }
  return reports;
}

function writeWhole(file: string, data: Buffer): void {
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}

function summarise(tables: EndgameTables, variant: Variant, dir: string, balance: Balance, ms: number, cpuMs: number, kept: boolean): BalanceReport {
  const { index, data } = tables.table(balance);
  const distances = tables.distances(balance);
  let wins = 0, losses = 0, maxDistance = 0, farthest = -1;
  const positions = index.size;
  for (let i = 0; i < positions; i++) {
    const v = packedValue(data, i);
    if (v === WIN) wins++;
    else if (v === LOSS) losses++;
    else continue;
    if (distances[i] > maxDistance) { maxDistance = distances[i]; farthest = i; }
  }
  const bytes = statSync(tableFile(dir, variant, balance)).size;
  const distanceBytes = statSync(distanceFile(dir, variant, balance)).size;
  return { balance, positions, wins, losses, draws: positions - wins - losses, bytes, distanceBytes, maxDistance, farthest, ms, cpuMs, kept };
}
