// Builds tables into a directory in the order given (balancesUpTo: smallest first, so that
// every exit is solved before it is needed); tables already there and intact are kept
// rather than built again. A build of distances only (`egdb build --distances`) writes the
// distance files beside tables found elsewhere (the shipped ones): the values come out of the
// same solve, and each is checked against the table it goes with before a byte is written.

import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceKey, balanceName, mirror } from './balance.ts';
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

export interface BuildOptions {
  /**
   * Where tables already are besides `dir` (the shipped ones): a balance found there gets only
   * its distance file written into `dir`, once a fresh solve has matched its table.
   */
  tablesAlsoIn?: readonly string[];
}

export function buildTables(variant: Variant, balances: readonly Balance[], dir: string, callbacks: BuildCallbacks = {}, options: BuildOptions = {}): BalanceReport[] {
  // Kept files are read through this set; solved tables are added to it from memory.
  const tables = new EndgameTables(variant, [dir, ...(options.tablesAlsoIn ?? []).filter((d) => d !== dir)]);
  const reports: BalanceReport[] = [];
  const done = new Set<number>();
  for (const balance of balances) {
    if (done.has(balanceKey(balance))) continue;
    const pair = balanceKey(mirror(balance)) === balanceKey(balance) ? [balance] : [balance, mirror(balance)];
    for (const b of pair) done.add(balanceKey(b));
    if (pair.every((b) => tables.has(b) && existsSync(distanceFile(dir, variant, b)) && tables.hasDistances(b))) {
      for (const b of pair) reports.push(summarise(tables, variant, dir, b, statSync(tables.fileOf(b)!).size, 0, 0, true));
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
      // A table found elsewhere must be the one just solved, or its distances would not fit it.
      const found = tables.fileOf(s.balance);
      if (found !== null && found !== file && !sameBytes(tables.table(s.balance).data, s.packed)) {
        throw new Error(`${found} differs from a fresh solve of ${balanceName(s.balance)}: a table from another build of the rules? (build without it)`);
      }
      // Written whole under another name first, so that a reader never sees half a file.
      // Distances first: a table whose distance file is there and sound counts as built.
      writeWhole(distanceFile(dir, variant, s.balance), encodeTable(variant.name, s.balance, s.positions, s.distances, DTC_FILE));
      const bytes = found !== null && found !== file ? statSync(found).size : writeWhole(file, encodeTable(variant.name, s.balance, s.positions, s.packed));
      tables.add(s.balance, s.packed, s.distances);
      const report = summarise(tables, variant, dir, s.balance, bytes, ms, cpuMs, false);
      reports.push(report);
      callbacks.onBalance?.(report);
    }
  }
  return reports;
}

/** Writes a file whole under a name of this process's, then renames it into place; returns its size. */
function writeWhole(file: string, data: Buffer): number {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
  return data.length;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

function summarise(tables: EndgameTables, variant: Variant, dir: string, balance: Balance, bytes: number, ms: number, cpuMs: number, kept: boolean): BalanceReport {
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
  const distanceBytes = statSync(distanceFile(dir, variant, balance)).size;
  return { balance, positions, wins, losses, draws: positions - wins - losses, bytes, distanceBytes, maxDistance, farthest, ms, cpuMs, kept };
}
