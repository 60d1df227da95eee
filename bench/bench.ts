// `npm run bench`: perft throughput (bulk counting), single thread and with a worker pool,
// the other games' perft at full depth checked against the published tables, English perft
// side by side with the rapid-draughts package, and the search bench (the same fixed-depth
// searches as `damka bench`). Medians of several runs: the machine is shared and noisy.

import { availableParallelism } from 'node:os';
import perftTable from '../test/data/perft.json' with { type: 'json' };
import { BRAZILIAN, CANADIAN, ENGLISH, INTERNATIONAL, LASCA, RUSSIAN, TURKISH } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { PerftRunner } from '../src/tools/perft.ts';
import { PerftPool } from '../src/tools/perft-parallel.ts';
import { median } from './median.ts';
import { checkArgs } from './args.ts';
import { rapidPerft } from './rapid-draughts-adapter.ts';
import { BENCH_DEPTH, benchVariants, readBenchPositions, runSearchBench } from '../src/tools/search-bench.ts';

checkArgs('bench', [], 'npm run bench (node dist/bench.js): no options');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function timeRuns(label: string, fn: () => number | Promise<number>): Promise<{ leaves: number; ms: number }> {
  const times: number[] = [];
  let leaves = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    leaves = await fn();
    times.push(performance.now() - t0);
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${label}: run ${i + 1}/${RUNS}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
  const ms = median(times);
  console.log(`${label.padEnd(44)} leaves ${String(leaves).padStart(11)}  median ${(ms / 1000).toFixed(3)}s  ${(leaves / ms / 1000).toFixed(2).padStart(7)} Mleaves/s  (${RUNS} runs)`);
  return { leaves, ms };
}

async function perftBench(variant: Variant, depth: number): Promise<void> {
  const runner = new PerftRunner(variant);
  const root = variant.startPosition();
  const single = await timeRuns(`${variant.name} perft ${depth}, 1 thread`, () => runner.run(root, depth));
  const threads = Math.min(2, availableParallelism());
  const pool = new PerftPool(threads);
  await pool.run(variant, root, 5); // start the workers before timing
  const multi = await timeRuns(`${variant.name} perft ${depth}, ${threads} threads`, () => pool.run(variant, root, depth));
  await pool.close();
  console.log(`${variant.name}: ${threads} threads are ${(single.ms / multi.ms).toFixed(2)}x one thread`);
}

console.log(`Damka bench, node ${process.version}, ${availableParallelism()} cores\n`);
await perftBench(ENGLISH, 11);
await perftBench(INTERNATIONAL, 9);

// The test suite stops short of these depths (its time budget); here they are checked in full.
console.log('\nThe other games, one thread, at the depths of the issue, checked against the perft tables:');
for (const [variant, depth, counts] of [
  [BRAZILIAN, 10, perftTable.brazilian.counts], [RUSSIAN, 10, perftTable.russian.counts], [TURKISH, 8, perftTable.turkish.counts],
  [CANADIAN, 8, perftTable.canadian.counts],
] as const) {
  const runner = new PerftRunner(variant);
  const { leaves } = await timeRuns(`${variant.name} perft ${depth}, 1 thread`, () => runner.run(variant.startPosition(), depth));
  if (leaves !== counts[depth - 1]) {
    console.log(`${variant.name} perft ${depth}: ${leaves}, but the table says ${counts[depth - 1]}`);
    process.exitCode = 1;
  }
}

// Lasca has no published table; the tests check it against the reference generator to depth 8.
{
  const runner = new PerftRunner(LASCA);
  await timeRuns('lasca perft 14, 1 thread', () => runner.run(LASCA.startPosition(), 14));
}

console.log('\nEnglish perft 9, Damka against rapid-draughts (same depth, same machine, same run):');
const runner = new PerftRunner(ENGLISH);
const damka = await timeRuns('damka english perft 9', () => runner.run(ENGLISH.startPosition(), 9));
const rapid = await timeRuns('rapid-draughts english perft 9', () => rapidPerft(9));
console.log(`Damka is ${(rapid.ms / damka.ms).toFixed(1)}x faster than rapid-draughts`);

console.log('\nSearch (damka bench: fixed-depth searches of bench/positions, one thread):');
for (const variant of benchVariants()) {
  const depth = BENCH_DEPTH[variant.name];
  const positions = readBenchPositions(variant);
  const nps: number[] = [];
  let nodes = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = runSearchBench(variant, depth, positions);
    nodes = r.nodes;
    nps.push(r.nodes / r.ms * 1000);
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${variant.name} search: run ${i + 1}/${RUNS}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
  console.log(`${`${variant.name} bench, ${positions.length} positions, depth ${depth}`.padEnd(44)} nodes ${String(nodes).padStart(11)}  median ${(median(nps) / 1e6).toFixed(2)} M nodes/s  (${RUNS} runs)`);
}
