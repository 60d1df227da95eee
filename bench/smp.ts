// Parallel search figures (issue 12), medians of several runs on a shared, noisy machine:
// - time to reach a fixed depth on the bench positions with 1 and with 2 threads (wall time
//   on the worker engine, each position from an empty table);
// - whether this machine really gives us two cores: the nodes a second of one single-thread
//   search alone, and of each of two single-thread searches running at once. If two at once
//   are much slower than one alone, the cores are shared and a 2-threads result means less.
//
// - with --move-time S instead: the depth and nodes each thread count reaches in S seconds a
//   position (what a fixed-time game gets), means over the positions and runs.
//
// node dist/smp.js [--variant english|international] [--depth N] [--runs R] [--move-time S]

import { getVariant } from '../src/rules/variants.ts';
import type { Variant } from '../src/rules/variant.ts';
import { BENCH_DEPTH, type BenchPosition, type BenchResult, readBenchPositions, runEngineBench } from '../src/tools/search-bench.ts';
import { arg } from './args.ts';
import { median } from './median.ts';

const RUNS = Number(arg('runs', '3'));

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
}

const nps = (r: BenchResult) => (r.ms > 0 ? (r.nodes / r.ms) * 1000 : 0);

/** Mean depth and nodes of `threads` workers searching each position for `seconds`, from an empty table. */
async function timedSearches(variant: Variant, positions: BenchPosition[], threads: number, seconds: number): Promise<{ depth: number; nodes: number }> {
  let depth = 0;
  const r = await runEngineBench(variant, { moveTime: seconds }, positions, threads, (_i, _id, _nodes, _ms, d) => { depth += d; });
  return { depth: depth / positions.length, nodes: r.nodes / positions.length };
}

const moveTime = Number(arg('move-time', '0'));
const variants = arg('variant', '') ? [getVariant(arg('variant', ''))] : [getVariant('english'), getVariant('international')];
for (const variant of variants) {
  const depth = Number(arg('depth', String(BENCH_DEPTH[variant.name])));
  const positions = readBenchPositions(variant);
  if (moveTime > 0) {
    for (const threads of [1, 2]) {
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        progress(`${variant.name} run ${run}/${RUNS}: ${threads} thread(s), ${moveTime} s a position`);
        runs.push(await timedSearches(variant, positions, threads, moveTime));
      }
      progress('');
      const depth = runs.reduce((a, r) => a + r.depth, 0) / runs.length, nodes = runs.reduce((a, r) => a + r.nodes, 0) / runs.length;
      console.log(`${variant.name}: ${positions.length} positions at ${moveTime} s, ${threads} thread(s), mean of ${RUNS} runs: depth ${depth.toFixed(2)}, nodes ${Math.round(nodes)}`);
    }
    continue;
  }
  const times: Record<number, number[]> = { 1: [], 2: [] };
  const alone: number[] = [], together: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const threads of [1, 2]) {
      progress(`${variant.name} run ${run}/${RUNS}: ${threads} thread(s)`);
      times[threads].push((await runEngineBench(variant, { depth }, positions, threads)).ms);
    }
    progress(`${variant.name} run ${run}/${RUNS}: one single-thread search alone, then two at once`);
    alone.push(nps(await runEngineBench(variant, { depth }, positions, 1)));
    const pair = await Promise.all([runEngineBench(variant, { depth }, positions, 1), runEngineBench(variant, { depth }, positions, 1)]);
    together.push(...pair.map(nps));
  }
  progress('');
  const t1 = median(times[1]), t2 = median(times[2]);
  console.log(`${variant.name}: ${positions.length} positions to depth ${depth}, median of ${RUNS}: 1 thread ${(t1 / 1000).toFixed(2)} s, 2 threads ${(t2 / 1000).toFixed(2)} s, speed-up ${(t1 / t2).toFixed(2)}`);
  console.log(`${variant.name}: single-thread nps, median of ${RUNS}: alone ${Math.round(median(alone))}, two at once ${Math.round(median(together))} each (${((median(together) / median(alone)) * 100).toFixed(0)}% of alone)`);
}
