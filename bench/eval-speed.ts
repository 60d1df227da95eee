// Evaluation speed (tinybench): the classic evaluation, the shipped pattern weights and the
// shipped networks on the bench positions, nanoseconds an evaluation. The search spends much
// of its time here. Each network's kernel is also timed on the evaluations a search makes, in
// its order (consecutive ones differ in a few squares, which its first layer updates), against
// summing that layer afresh each time; the bench positions, far apart, always start afresh.
//
//   npm run build && node dist/eval-speed.js [--weights FILE]
//
// --weights adds a weights file (pattern weights or a network, of either game) beside the shipped
// ones; a network's kernel is timed on the shipped network's search order too.

import { Bench } from 'tinybench';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import type { Position } from '../src/rules/position.ts';
import { readBenchPositions } from '../src/tools/search-bench.ts';
import { readWeightsFile } from '../src/eval/read-weights.ts';
import { isNetwork } from '../src/eval/learned-weights.ts';
import { shippedNetwork } from '../src/eval/network/shipped.ts';
import { instantiateNetwork, instantiateWideNetwork } from '../src/eval/network/kernel.ts';
import { NetworkEvaluator } from '../src/eval/network/evaluator.ts';
import { WideNetworkEvaluator } from '../src/eval/network/wide-evaluator.ts';
import { networkBoard } from '../src/eval/network/inputs.ts';
import type { PositionEvaluator } from '../src/eval/position-evaluator.ts';
import type { NetworkWeights } from '../src/eval/network/network-file.ts';
import { Searcher } from '../src/search/search.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('eval-speed', ['weights'], 'node dist/eval-speed.js [--weights FILE]');

const weightsPath = arg('weights', '') || undefined;

/** The weights file read for `variant`, or undefined when it was made for the other game. */
function readForVariant(path: string, variant: typeof ENGLISH) {
  try {
    return readWeightsFile(path, variant);
  } catch (e) {
    if (/made for/.test((e as Error).message)) return undefined;
    throw e;
  }
}

/**
 * The kernel's arguments for each evaluation a search makes (depth 11 on English's first 12
 * bench positions, about 200,000 calls; depth 9 on International's), as the network evaluator
 * passes them: the side whose view, then its men, kings, and the opponent's men and kings, one
 * word each on 8x8 (from that view: five numbers a call), two on 10x10 (nine).
 */
function searchEvaluations(variant: typeof ENGLISH, weights: NetworkWeights): Int32Array {
  const calls: number[] = [];
  let recorder: PositionEvaluator;
  if (variant === ENGLISH) {
    const kernel = instantiateNetwork(weights);
    recorder = new NetworkEvaluator(variant, weights, (...a) => { calls.push(...a); return kernel(...a); });
  } else {
    const kernel = instantiateWideNetwork(weights, networkBoard(variant));
    recorder = new WideNetworkEvaluator(variant, weights, (...a) => { calls.push(...a); return kernel(...a); });
  }
  const searcher = new Searcher(variant, 16, {}, recorder);
  for (const p of readBenchPositions(variant).slice(0, 12)) {
    searcher.clear();
    searcher.search(p.position, { limits: { depth: variant === ENGLISH ? 11 : 9 }, analyze: true });
  }
  return Int32Array.from(calls);
}

/** A task replaying `calls` (searchEvaluations') on a new kernel of `weights`, summing its outputs into `sink`. */
function replay(variant: typeof ENGLISH, weights: NetworkWeights, incremental: boolean, calls: Int32Array, sink: { sum: number }): () => void {
  if (variant === ENGLISH) {
    const run = instantiateNetwork(weights, incremental);
    return () => { for (let i = 0; i < calls.length; i += 5) sink.sum += run(calls[i], calls[i + 1], calls[i + 2], calls[i + 3], calls[i + 4]); };
  }
  const run = instantiateWideNetwork(weights, networkBoard(variant), incremental);
  return () => {
    for (let i = 0; i < calls.length; i += 9) {
      sink.sum += run(calls[i], calls[i + 1], calls[i + 2], calls[i + 3], calls[i + 4], calls[i + 5], calls[i + 6], calls[i + 7], calls[i + 8]);
    }
  };
}

const bench = new Bench({ time: 1000 });
/** Positions each task evaluates a run. */
const counts = new Map<string, number>();
/** Where the replayed kernels' outputs go, so that no call is optimised away. */
const sinks = { sum: 0 };
for (const variant of [ENGLISH, INTERNATIONAL]) {
  const positions: Position[] = readBenchPositions(variant).map((p) => p.position);
  const classic = new ClassicEvaluator(variant);
  const pattern = createEvaluator(variant, { kind: 'pattern' });
  let sink = 0;
  bench.add(`${variant.name} classic, ${positions.length} positions`, () => { for (const p of positions) sink += classic.evaluate(p); });
  bench.add(`${variant.name} pattern, ${positions.length} positions`, () => { for (const p of positions) sink += pattern.evaluate(p); });
  const shipped = shippedNetwork(variant);
  const calls = shipped ? searchEvaluations(variant, shipped) : new Int32Array(0);
  const callCount = calls.length / (variant === ENGLISH ? 5 : 9);
  if (shipped) {
    const network = createEvaluator(variant, { kind: 'network' });
    bench.add(`${variant.name} network, ${positions.length} positions`, () => { for (const p of positions) sink += network.evaluate(p); });
    for (const incremental of [true, false]) {
      const name = `${variant.name} kernel, search order, ${incremental ? 'updated' : 'afresh'}`;
      counts.set(name, callCount);
      bench.add(name, replay(variant, shipped, incremental, calls, sinks));
    }
  }
  // A file for the other game is skipped (its variant is checked on reading).
  const file = weightsPath ? readForVariant(weightsPath, variant) : undefined;
  if (file) {
    const other = createEvaluator(variant, { weights: file });
    bench.add(`${variant.name} ${weightsPath!.split('/').pop()}`, () => { for (const p of positions) sink += other.evaluate(p); });
    if (isNetwork(file) && !file.phases && shipped) {
      const name = `${variant.name} kernel, search order, ${weightsPath!.split('/').pop()}`;
      counts.set(name, callCount);
      bench.add(name, replay(variant, file, true, calls, sinks));
    }
  }
  for (const t of bench.tasks) if (!counts.has(t.name)) counts.set(t.name, positions.length);
  if (sink + sinks.sum === 0.5) console.log(sink);
}
await bench.run();

for (const task of bench.tasks) {
  // The median time of one run over all positions, as evaluations a second.
  const r = task.result as { latency?: { p50?: number } } | undefined;
  const ms = r?.latency?.p50 ?? 0;
  const perEval = (ms * 1e6) / (counts.get(task.name) ?? 1);
  console.log(`${task.name.padEnd(58)} ${perEval.toFixed(0).padStart(6)} ns an evaluation (median)`);
}
