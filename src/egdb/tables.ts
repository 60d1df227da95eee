// A variant's tables (DIR/<variant>/<balance>.egdb), looked for in a list of directories
// (table-dirs.ts: the cache directory, then the shipped tables), each balance in the first
// that holds its file, loaded when first needed. A missing or refused file is reported once
// and its positions are then unknown: the search carries on without them.
//
// Each table has a companion distance file (<balance>.dtc, distances to conversion, see
// generate.ts), four times its size in memory. Only a root that is itself a table win or
// loss needs them (the move that converts fastest, or holds out longest), so they are read
// on first use and only the few last used are kept. A set may be told what to do when they
// are missing (build-on-demand.ts starts building them); it then looks again now and then.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
  /** The file it was read from; null for a table added from memory. */
  file: string | null;
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

/** Missing distance files that something is being done about are looked for again after this long. */
const DISTANCES_RETRY_MS = 10_000;

/** The table files of a variant in the first of the directories that holds each balance's. */
function tableFiles(dirs: readonly string[], variant: Variant): { balance: Balance; file: string }[] {
  const found = new Map<number, { balance: Balance; file: string }>();
  for (const dir of dirs) {
    if (!existsSync(join(dir, variant.name))) continue;
    for (const name of readdirSync(join(dir, variant.name))) {
      const balance = name.endsWith('.egdb') ? parseBalanceName(name.slice(0, -5)) : null;
      if (balance && !found.has(balanceKey(balance))) found.set(balanceKey(balance), { balance, file: join(dir, variant.name, name) });
    }
  }
  return [...found.values()];
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
  /** Balance keys whose distance file was missing while onMissingDistances saw to it, and when. */
  private readonly distancesAwaited = new Map<number, number>();
  /** Where tables are looked for, in order; empty: tables only from add() (the generator). */
  readonly dirs: readonly string[];

  constructor(
    readonly variant: Variant,
    dirs: string | readonly string[] | null,
    private readonly report: (message: string) => void = () => undefined,
    /**
     * Called (instead of a report) when a distance file is missing from every directory; the
     * set then looks for it again every DISTANCES_RETRY_MS rather than giving up on it.
     */
    private readonly onMissingDistances?: (tables: EndgameTables) => void,
  ) {
    if (!tablesPossible(variant)) throw new Error(`there are no endgame tables for ${variant.name} (only ${TABLE_VARIANTS.join(', ')})`);
    this.dirs = dirs === null ? [] : typeof dirs === 'string' ? [dirs] : [...dirs];
    this.orienter = new Orienter(variant.geometry);
    this.maxPieces = tableFiles(this.dirs, variant).reduce((most, { balance }) => Math.max(most, pieces(balance)), 0);
  }

  /**
   * Loads every table of the directory now, if their files come to at most `maxBytes` (their
   * values take about eight times that in memory), and returns how many loaded. A table first
   * needed during a search costs tens of milliseconds to read and inflate, which at a tenth
   * of a second a move is most of a move; loaded up front it costs nothing there.
   */
  preload(maxBytes: number): number {
    const files = tableFiles(this.dirs, this.variant);
    if (files.reduce((sum, { file }) => sum + statSync(file).size, 0) > maxBytes) return 0;
    return files.filter(({ balance }) => this.loaded(balanceKey(balance)) !== null).length;
  }

  /** A table the caller has just computed (the generator works from memory, not files). */
  add(balance: Balance, data: Uint8Array, distances?: Uint8Array): void {
    const key = balanceKey(balance);
    this.tables[key] = { index: new BalanceIndex(this.variant.geometry, balance), data, file: null };
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
    if (this.noDistances.has(key)) return null;
    const awaited = this.distancesAwaited.get(key);
    if (awaited !== undefined && performance.now() - awaited < DISTANCES_RETRY_MS) return null;
    const balance = balanceOfKey(key);
    const read = this.read(this.dirs.map((d) => distanceFile(d, this.variant, balance)), balance, table.index.size, DTC_FILE, 'distance file');
    if (read === 'missing' && this.onMissingDistances !== undefined) {
      this.distancesAwaited.set(key, performance.now());
      this.onMissingDistances(this);
      return null;
    }
    if (typeof read === 'string') { this.noDistances.add(key); return null; }
    this.distancesAwaited.delete(key);
    this.keepDistances(key, read.data);
    return read.data;
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

  /** The file a balance's table is read from (null: added from memory, or not available). */
  fileOf(balance: Balance): string | null {
    return this.loaded(balanceKey(balance))?.file ?? null;
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
    if (this.dirs.length > 0) {
      const index = new BalanceIndex(this.variant.geometry, balance);
      const read = this.read(this.dirs.map((d) => tableFile(d, this.variant, balance)), balance, index.size, WDL_FILE, 'endgame table');
      if (typeof read !== 'string') loaded = { index, data: read.data, file: read.file };
    }
    this.tables[key] = loaded;
    return loaded;
  }

  /**
   * The values of the first of `files` that is there and sound. Refused files are reported
   * (and the next one tried); that none is there is reported unless the distances are seen
   * to (onMissingDistances).
   */
  private read(files: string[], balance: Balance, positions: number, kind: TableKind, what: string): { data: Uint8Array; file: string } | 'missing' | 'refused' {
    const instead = kind === WDL_FILE ? 'its positions are searched instead' : 'its wins are played by search instead';
    let refused = false;
    for (const file of files) {
      try {
        return { data: decodeTable(readFileSync(file), this.variant.name, balance, positions, kind), file };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        this.report(`${what} ${file} refused (${err instanceof Error ? err.message : String(err)}); ${instead}`);
        refused = true;
      }
    }
    if (refused) return 'refused';
    if (kind === WDL_FILE || this.onMissingDistances === undefined) {
      const build = kind === DTC_FILE ? ` (damka egdb build --variant ${this.variant.name} --distances makes it)` : '';
      const where = files.length === 1 ? files[0] : `${basename(files[0])} (looked for in ${files.map(dirname).join(', ')})`;
      this.report(`${what} ${where} is missing${build}; ${instead}`);
    }
    return 'missing';
  }
}

function balanceOfKey(key: number): Balance {
  return { myMen: key >>> 12, myKings: (key >>> 8) & 15, theirMen: (key >>> 4) & 15, theirKings: key & 15 };
}
