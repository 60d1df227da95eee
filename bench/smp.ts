// Parallel search figures (issue 12), medians of several runs on a shared, noisy machine:
// - time to reach a fixed depth on the bench positions with 1 and with 2 threads (wall time
//   on the worker engine, each position from an empty table);
// - whether this machine really gives us two cores: the nodes a second of one single-thread
//   search alone, and of each of two single-thread searches running at once. If two at once
//   are much slower than one alone, the cores are shared and a 2-threads result means less.
//
// node dist/smp.js [--variant english|international] [--depth N] [--runs R]

import { getVariant } from '../src/rules/variants.ts';
import { BENCH_DEPTH, type BenchResult, readBenchPositions, runEngineBench } from '../src/tools/search-bench.ts';
import { arg } from './args.ts';

const RUNS = Number(arg('runs', '3'));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
}

const nps = (r: BenchResult) => (r.ms > 0 ? (r.nodes / r.ms) * 1000 : 0);

const variants = arg('variant', '') ? [getVariant(arg('variant', ''))] : [getVariant('english'), getVariant('international')];
for (const variant of variants) {
  const depth = Number(arg('depth', String(BENCH_DEPTH[variant.name])));
  const positions = readBenchPositions(variant);
  const times: Record<number, number[]> = { 1: [], 2: [] };
  const alone: number[] = [], together: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const threads of [1, 2]) {
      progress(`${variant.name} run ${run}/${RUNS}: ${threads} thread(s)`);
      times[threads].push((await runEngineBench(variant, depth, positions, threads)).ms);
    }
    progress(`${variant.name} run ${run}/${RUNS}: one single-thread search alone, then two at once`);
    alone.push(nps(await runEngineBench(variant, depth, positions, 1)));
    const pair = await Promise.all([runEngineBench(variant, depth, positions, 1), runEngineBench(variant, depth, positions, 1)]);
    together.push(...pair.map(nps));
  }
  progress('');
  const t1 = median(times[1]), t2 = median(times[2]);
  console.log(`${variant.name}: ${positions.length} positions to depth ${depth}, median of ${RUNS}: 1 thread ${(t1 / 1000).toFixed(2)} s, 2 threads ${(t2 / 1000).toFixed(2)} s, speed-up ${(t1 / t2).toFixed(2)}`);
  console.log(`${variant.name}: single-thread nps, median of ${RUNS}: alone ${Math.round(median(alone))}, two at once ${Math.round(median(together))} each (${((median(together) / median(alone)) * 100).toFixed(0)}% of alone)`);
}
