// A thread's endgame tables: one set per variant and directory, made when first asked for and
// kept, so that the tables it has read stay read from one task to the next (a search worker's
// searches, a training worker's games). Problems with a file go to stderr, once.

import type { Variant } from '../rules/variant.ts';
import { EndgameTables } from './tables.ts';

const sets = new Map<string, EndgameTables>();

/** The set of `dir`; a caller that wants its files read up front calls its preload() (cheap once read). */
export function threadTables(variant: Variant, dir: string): EndgameTables {
  const key = `${variant.name}\n${dir}`;
  let tables = sets.get(key);
  if (!tables) {
    tables = new EndgameTables(variant, dir, (message) => process.stderr.write(`damka: ${message}\n`));
    sets.set(key, tables);
  }
  return tables;
}
