// A variant's tables in one directory (DIR/<variant>/<balance>.egdb), loaded when first
// needed. A missing or refused file is reported once and its positions are then unknown:
// the search carries on without them.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Position, WHITE, popcount } from '../rules/position.ts';
import type { Variant } from '../rules/variant.ts';
import { type Balance, balanceKey, balanceName, parseBalanceName, pieces } from './balance.ts';
import { BalanceIndex } from './index.ts';
import { Orienter, balanceKeyOf } from './orient.ts';
import { decodeTable } from './table-file.ts';
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

export class EndgameTables {
  /** Most pieces of any table file found (0: none); positions with more are never looked up. */
  readonly maxPieces: number;
  readonly orienter: Orienter;
  /** By balanceKey: a loaded table, null once refused or missing, undefined before the first try. */
  private readonly tables: (Loaded | null | undefined)[] = new Array(1 << 16);
  private readonly oriented = new Position();

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
  add(balance: Balance, data: Uint8Array): void {
    this.tables[balanceKey(balance)] = { index: new BalanceIndex(this.variant.geometry, balance), data };
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
    const balance: Balance = { myMen: key >>> 12, myKings: (key >>> 8) & 15, theirMen: (key >>> 4) & 15, theirKings: key & 15 };
    let loaded: Loaded | null = null;
    if (this.dir !== null) {
      const file = tableFile(this.dir, this.variant, balance);
      const index = new BalanceIndex(this.variant.geometry, balance);
      try {
        loaded = { index, data: decodeTable(readFileSync(file), this.variant.name, balance, index.size) };
      } catch (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        this.report(missing ? `endgame table ${file} is missing; its positions are searched instead`
          : `endgame table ${file} refused (${err instanceof Error ? err.message : String(err)}); its positions are searched instead`);
      }
    }
    this.tables[key] = loaded;
    return loaded;
  }
}
