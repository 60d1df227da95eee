// A thread's endgame tables: one set per variant and directory, made when first asked for and
// kept, so that the tables it has read stay read from one task to the next (a search worker's
// searches, a training worker's games). Problems with a file go to stderr, once.

import type { Variant } from '../rules/variant.ts';
import { EndgameTables } from './tables.ts';

const sets = new Map<string, EndgameTables>();

/** With `preloadBytes`, a set made now reads its files up front if they come to at most that (EndgameTables.preload). */
export function threadTables(variant: Variant, dir: string, preloadBytes?: number): EndgameTables {
  const key = `${variant.name}\n${dir}`;
  let tables = sets.get(key);
  if (!tables) {
    tables = new EndgameTables(variant, dir, (message) => process.stderr.write(`damka: ${message}\n`));
    if (preloadBytes !== undefined) tables.preload(preloadBytes);
    sets.set(key, tables);
  }
  return tables;
}
