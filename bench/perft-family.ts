// Perft speed of the 8x8 family's games beside English and International, from the starts of
// the published tables (test/data/perft.json), each count checked against its table. The
// tables start every 8x8 game from 12 men a side (Thai's own start has 8), and Spanish numbers
// the turned board from White's side (rules/family-8x8/rules.ts). Time is the process's CPU
// time, steadier than the clock on a shared machine.
//
//   node dist/perft-family.js [--depth 10] [--variant pool] [--reps 1]

import { PerftRunner } from '../src/tools/perft.ts';
import { getVariant } from '../src/rules/variants.ts';
import { parseStartFen } from '../src/rules/family-8x8/start.ts';
import table from '../test/data/perft.json' with { type: 'json' };
import { arg, checkArgs } from './args.ts';

checkArgs('perft-family', ['depth', 'variant', 'reps'], 'node dist/perft-family.js [--depth 10] [--variant pool] [--reps 1]');

const TABLE_START: Record<string, string> = {
  english: 'B:W21-32:B1-12', international: 'W:W31-50:B1-20', brazilian: 'W:W21-32:B1-12', russian: 'W:W21-32:B1-12',
  pool: 'W:W21-32:B1-12', czech: 'W:W21-32:B1-12', spanish: 'W:W1-12:B21-32', italian: 'W:W21-32:B1-12', thai: 'W:W21-32:B1-12',
};
/** International's tree grows faster: the same depth would take far longer. */
const DEPTH_OFFSET: Record<string, number> = { international: -2 };

const depth = Number(arg('depth', '10'));
const reps = Number(arg('reps', '1'));
const only = arg('variant', '');
let failed = false;
for (const name of only ? [only] : Object.keys(TABLE_START)) {
  const variant = getVariant(name);
  const d = depth + (DEPTH_OFFSET[name] ?? 0);
  const pos = name === 'international' ? variant.startPosition() : variant.fromBoard(parseStartFen(variant.geometry, TABLE_START[name]));
  const expected = (table as Record<string, { counts?: number[] }>)[name].counts?.[d - 1];
  const runner = new PerftRunner(variant);
  let best = Infinity, leaves = 0;
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    leaves = runner.run(pos, d);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1e6);
  }
  const ok = expected === undefined ? 'no table' : leaves === expected ? 'ok' : `MISMATCH (table ${expected})`;
  if (expected !== undefined && leaves !== expected) failed = true;
  console.log(`${name.padEnd(13)} depth ${String(d).padStart(2)}  leaves ${String(leaves).padStart(11)}  cpu ${best.toFixed(2)} s  ${(leaves / best / 1e6).toFixed(1).padStart(5)} M leaves/s  ${ok}`);
}
if (failed) process.exit(1);
