// Evaluation speed (tinybench): the classic and the learned evaluation on the bench positions
// and positions along self-play, calls a second. The search spends much of its time here.
//
//   npm run build && node dist/eval-speed.js

import { Bench } from 'tinybench';
import { ClassicEvaluator } from '../src/eval/classic.ts';
import { createEvaluator } from '../src/eval/evaluators.ts';
import { ENGLISH, INTERNATIONAL } from '../src/rules/variants.ts';
import type { Position } from '../src/rules/position.ts';
import { readBenchPositions } from '../src/tools/search-bench.ts';

const bench = new Bench({ time: 1000 });
for (const variant of [ENGLISH, INTERNATIONAL]) {
  const positions: Position[] = readBenchPositions(variant).map((p) => p.position);
  const classic = new ClassicEvaluator(variant);
  const pattern = createEvaluator(variant, { kind: 'pattern' });
  let sink = 0;
  bench.add(`${variant.name} classic, ${positions.length} positions`, () => { for (const p of positions) sink += classic.evaluate(p); });
  bench.add(`${variant.name} pattern, ${positions.length} positions`, () => { for (const p of positions) sink += pattern.evaluate(p); });
  if (sink === 0.5) console.log(sink);
}
await bench.run();
for (const task of bench.tasks) {
  // The median time of one run over all positions, as evaluations a second.
  const r = task.result as { latency?: { p50?: number } } | undefined;
  const ms = r?.latency?.p50 ?? 0;
  const perEval = (ms * 1e6) / 36;
  console.log(`${task.name.padEnd(40)} ${perEval.toFixed(0).padStart(6)} ns an evaluation (median)`);
}
