// A thread's endgame tables: one set per variant and lookup, made when first asked for and
// kept, so that the tables it has read stay read from one task to the next (a search worker's
// searches, a training worker's games). Problems with a file go to stderr, once.

import type { Variant } from '../rules/variant.ts';
import { buildDistancesInBackground } from './build-on-demand.ts';
import { defaultTableDir } from './cache-dir.ts';
import { tableDirsOf } from './table-dirs.ts';
import { EndgameTables } from './tables.ts';

const sets = new Map<string, EndgameTables>();
const report = (message: string) => process.stderr.write(`damka: ${message}\n`);

/**
 * The set of a directory, or of the default lookup (undefined: the cache directory, then the
 * shipped tables, with distance files built on demand into the cache directory). A caller
 * that wants its files read up front calls its preload() (cheap once read).
 */
export function threadTables(variant: Variant, egdbPath: string | undefined): EndgameTables {
  const key = `${variant.name}\n${egdbPath ?? ''}`;
  let tables = sets.get(key);
  if (!tables) {
    const cache = defaultTableDir();
    tables = new EndgameTables(variant, tableDirsOf(egdbPath), report,
      egdbPath === undefined ? (t) => buildDistancesInBackground(t, cache, report) : undefined);
    sets.set(key, tables);
  }
  return tables;
}
