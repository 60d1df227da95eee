// A variant's tables in one directory (DIR/<variant>/<balance>.egdb), loaded when first
// needed. A missing or refused file is reported once and its positions are then unknown:
// the search carries on without them.
//
// Each table has a companion distance file (<balance>.dtc, distances to conversion, see
// generate.ts), four times its size in memory. Only a root that is itself a table win or
// loss needs them (the move that converts fastest, or holds out longest), so they are read
// on first use and only the few last used are kept.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Position, WHITE, popcount } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceKey, balanceName, mirror, parseBalanceName, pieces } from './balance.ts';
import { BalanceIndex } from './index.ts';
import { Orienter, balanceKeyOf } from './orient.ts';
import { DTC_FILE, type TableKind, WDL_FILE, decodeTable } from './table-file.ts';
import { LOSS, UNKNOWN, packedValue } from './values.ts';

interface Loaded {
  index: BalanceIndex;
  data: Uint8Array;
}

/**
 * Games whose quiet moves are diagonal steps and flights of single pieces, which is what the
 * generator takes back (Turkish moves orthogonally, Lasca moves columns).
 */
const TABLE_VARIANTS: readonly string[] = ['english', 'international', 'brazilian', 'russian'];

export function tablesPossible(variant: Variant): boolean {
  return TABLE_VARIANTS.includes(variant.name);
}

export function tableFile(dir: string, variant: Variant, balance: Balance): string {
  return join(dir, variant.name, `${balanceName(balance)}.egdb`);
}

export function distanceFile(dir: string, variant: Variant, balance: Balance): string {
  return join(dir, variant.name, `${balanceName(balance)}.dtc`);
}

/**
 * Distance tables kept at once. A root needs two (its balance and its mirror, where its
 * quiet moves lead); a game moves through its balances one after another.
 */
const DISTANCE_TABLES_KEPT = 4;

/** The table files of a directory for a variant (none when there is no directory), by balance. */
function tableFiles(dir: string | null, variant: Variant): { balance: Balance; file: string }[] {
  if (dir === null || !existsSync(join(dir, variant.name))) return [];
  const found: { balance: Balance; file: string }[] = [];
  for (const name of readdirSync(join(dir, variant.name))) {
    const balance = name.endsWith('.egdb') ? parseBalanceName(name.slice(0, -5)) : null;
    if (balance) found.push({ balance, file: join(dir, variant.name, name) });
  }
  return found;
}

/**
 * Table files up to this size in all (English to five pieces: 4.5 MB) are read up front by a
 * searching worker, not during a move; larger sets load each table when first needed.
 */
export const PRELOAD_BYTES = 16 * 1024 * 1024;

export class EndgameTables {
  /** Most pieces of any table file found (0: none); positions with more are never looked up. */
  readonly maxPieces: number;
  readonly orienter: Orienter;
  /** By balanceKey: a loaded table, null once refused or missing, undefined before the first try. */
  private readonly tables: (Loaded | null | undefined)[] = new Array(1 << 16);
  private readonly oriented = new Position();
  /** Distances by balanceKey, most recently used last. */
  private readonly distanceTables = new Map<number, Uint8Array>();
  /** Balance keys whose distance file is missing or was refused (reported once). */
  private readonly noDistances = new Set<number>();

  constructor(
    readonly variant: Variant,
    /** null: tables only from add() (the generator). */
    readonly dir: string | null,
    private readonly report: (message: string) => void = () => undefined,
  ) {
    if (!tablesPossible(variant)) throw new Error(`there are no endgame tables for ${variant.name} (only ${TABLE_VARIANTS.join(', ')})`);
    this.orienter = new Orienter(variant.geometry);
    this.maxPieces = tableFiles(dir, variant).reduce((most, { balance }) => Math.max(most, pieces(balance)), 0);
  }

  /**
   * Loads every table of the directory now, if their files come to at most `maxBytes` (their
   * values take about eight times that in memory), and returns how many loaded. A table first
   * needed during a search costs tens of milliseconds to read and inflate, which at a tenth
   * of a second a move is most of a move; loaded up front it costs nothing there.
   */
  preload(maxBytes: number): number {
    const files = tableFiles(this.dir, this.variant);
    if (files.reduce((sum, { file }) => sum + statSync(file).size, 0) > maxBytes) return 0;
    return files.filter(({ balance }) => this.loaded(balanceKey(balance)) !== null).length;
  }

  /** A table the caller has just computed (the generator works from memory, not files). */
  add(balance: Balance, data: Uint8Array, distances?: Uint8Array): void {
    const key = balanceKey(balance);
    this.tables[key] = { index: new BalanceIndex(this.variant.geometry, balance), data };
    if (distances !== undefined) this.keepDistances(key, distances);
  }

  /** The value of a position for its side to move: WIN, LOSS, DRAW, or UNKNOWN. */
  probe(pos: Position): number {
    const mine = pos.side === WHITE ? popcount(pos.wLo) + popcount(pos.wHi) : popcount(pos.bLo) + popcount(pos.bHi);
    const theirs = pos.side === WHITE ? popcount(pos.bLo) + popcount(pos.bHi) : popcount(pos.wLo) + popcount(pos.wHi);
    if (mine === 0) return LOSS;
    if (theirs === 0 || mine + theirs > this.maxPieces) return UNKNOWN;
    this.orienter.orient(pos, this.oriented);
    return this.probeOriented(this.oriented, balanceKeyOf(this.oriented));
  }

  /** The value of a position with White to move whose balance has this key. */
  probeOriented(pos: Position, key: number): number {
    const table = this.loaded(key);
    if (table === null) return UNKNOWN;
    return packedValue(table.data, table.index.indexOf(pos));
  }

  /**
   * The distance to conversion of a position for its side to move (plies; meaningful for a
   * table win or loss, 0 for a draw), or -1 when no sound distance file holds it.
   */
  distance(pos: Position): number {
    const n = popcount(pos.wLo) + popcount(pos.wHi) + popcount(pos.bLo) + popcount(pos.bHi);
    const mine = pos.side === WHITE ? popcount(pos.wLo) + popcount(pos.wHi) : popcount(pos.bLo) + popcount(pos.bHi);
    if (mine === 0) return 0;
    if (mine === n || n > this.maxPieces) return -1;
    this.orienter.orient(pos, this.oriented);
    const key = balanceKeyOf(this.oriented);
    const distances = this.distancesOf(key);
    return distances === null ? -1 : distances[this.tables[key]!.index.indexOf(this.oriented)];
  }

  /** A balance's distances (summaries and checks); throws when they are not available. */
  distances(balance: Balance): Uint8Array {
    const distances = this.distancesOf(balanceKey(balance));
    if (distances === null) throw new Error(`no ${this.variant.name} distances for ${balanceName(balance)}`);
    return distances;
  }

  /** Whether this balance's distances load cleanly. */
  hasDistances(balance: Balance): boolean {
    return this.distancesOf(balanceKey(balance)) !== null;
  }

  /** A balance's distances, read on first use; null without its table or a sound file. */
  private distancesOf(key: number): Uint8Array | null {
    const table = this.loaded(key);
    if (table === null) return null;
    const kept = this.distanceTables.get(key);
    if (kept !== undefined) {
      this.distanceTables.delete(key);
      this.distanceTables.set(key, kept);
      return kept;
    }
    if (this.noDistances.has(key) || this.dir === null) return null;
    const balance = balanceOfKey(key);
    const distances = this.read(distanceFile(this.dir, this.variant, balance), balance, table.index.size, DTC_FILE, 'distance file');
    if (distances === null) { this.noDistances.add(key); return null; }
    this.keepDistances(key, distances);
    return distances;
  }

  /**
   * Distances found to disagree with each other at `pos` (table-move.ts): its balance's and
   * its mirror's (where its quiet moves lead) are reported and not used again.
   */
  distrustDistances(pos: Position, why: string): void {
    this.orienter.orient(pos, this.oriented);
    const key = balanceKeyOf(this.oriented);
    const balance = balanceOfKey(key);
    const keys = [key, balanceKey(mirror(balance))];
    this.report(`distance files of ${this.variant.name} ${balanceName(balance)} and its mirror disagree (${why}); its wins are played by search instead`);
    for (const k of keys) { this.distanceTables.delete(k); this.noDistances.add(k); }
  }

  private keepDistances(key: number, distances: Uint8Array): void {
    this.distanceTables.delete(key);
    this.noDistances.delete(key);
    if (this.distanceTables.size >= DISTANCE_TABLES_KEPT) this.distanceTables.delete(this.distanceTables.keys().next().value!);
    this.distanceTables.set(key, distances);
  }

  /** Whether a table for this balance is loaded or loads cleanly. */
  has(balance: Balance): boolean {
    return this.loaded(balanceKey(balance)) !== null;
  }

  /** A table's index and packed values (summaries and checks); throws when it is not available. */
  table(balance: Balance): { index: BalanceIndex; data: Uint8Array } {
    const table = this.loaded(balanceKey(balance));
    if (!table) throw new Error(`no ${this.variant.name} table for ${balanceName(balance)}`);
    return table;
  }

  /** The table of this balance key, read from its file on first use. */
  private loaded(key: number): Loaded | null {
    const table = this.tables[key];
    return table === undefined ? this.load(key) : table;
  }

  private load(key: number): Loaded | null {
    const balance = balanceOfKey(key);
    let loaded: Loaded | null = null;
    if (this.dir !== null) {
      const index = new BalanceIndex(this.variant.geometry, balance);
      const data = this.read(tableFile(this.dir, this.variant, balance), balance, index.size, WDL_FILE, 'endgame table');
      if (data !== null) loaded = { index, data };
    }
    this.tables[key] = loaded;
    return loaded;
  }

  /** A file's values, or null after reporting why not. */
  private read(file: string, balance: Balance, positions: number, kind: TableKind, what: string): Uint8Array | null {
    const instead = kind === WDL_FILE ? 'its positions are searched instead' : 'its wins are played by search instead';
    try {
      return decodeTable(readFileSync(file), this.variant.name, balance, positions, kind);
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      this.report(missing ? `${what} ${file} is missing; ${instead}`
        : `${what} ${file} refused (${err instanceof Error ? err.message : String(err)}); ${instead}`);
      return null;
    }
  }
}

function balanceOfKey(key: number): Balance {
  return { myMen: key >>> 12, myKings: (key >>> 8) & 15, theirMen: (key >>> 4) & 15, theirKings: key & 15 };
}
