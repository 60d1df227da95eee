// Perft speed of the 12x12 board beside the fast 10x10 and 8x8 generators: one thread,
// medians of --runs runs, each count checked against the published table. The before/after
// comparison for a change to Position (the 12x12 board's third word) is this tool, or
// `damka perft`, run on both builds in turn.
//
//   node dist/perft-speed.js [--runs 5] [--canadian-depth 7]

import perftTable from '../test/data/perft.json' with { type: 'json' };
import { CANADIAN, ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import { PerftRunner } from '../src/tools/perft.ts';
import { arg, checkArgs } from './args.ts';
import { median } from './median.ts';

const usage = 'node dist/perft-speed.js [--runs 5] [--canadian-depth 7]';
checkArgs('perft-speed', ['runs', 'canadian-depth'], usage);
const runs = Number(arg('runs', '5'));
const canadianDepth = Number(arg('canadian-depth', '7'));

for (const [variant, depth, counts] of [
  [INTERNATIONAL, 8, perftTable.international.counts],
  [ENGLISH, 10, perftTable.english.counts],
  [CANADIAN, canadianDepth, perftTable.canadian.counts],
] as const) {
  const runner = new PerftRunner(variant);
  const times: number[] = [];
  let leaves = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    leaves = runner.run(variant.startPosition(), depth);
    times.push(performance.now() - t0);
  }
  const ms = median(times);
  const ok = leaves === counts[depth - 1] ? 'matches the table' : `TABLE SAYS ${counts[depth - 1]}`;
  console.log(`${variant.name.padEnd(14)} perft ${String(depth).padStart(2)}  leaves ${String(leaves).padStart(11)}  median ${(ms / 1000).toFixed(3)}s  ${(leaves / ms / 1000).toFixed(2).padStart(6)} Mleaves/s  (${runs} runs; ${ok})`);
  if (leaves !== counts[depth - 1]) process.exitCode = 1;
}
