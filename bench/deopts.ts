// How often V8 throws away the search's optimised code while `damka bench` runs: eager
// deoptimisations a function, from `node --trace-deopt`. A handful a function is the compiler
// settling in; dozens in one function is a loop that costs real speed. The English bench once
// lost 9% of its instructions that way: an operation on a path run only for mate scores had no
// type feedback when alphaBeta was compiled, so one optimised alphaBeta deoptimised there 115
// times, and scores of -0 (V8 keeps -0 as a float) sent its arithmetic to floating point.
//
//   node dist/deopts.js [--variant english] [--depth N] [--top 12]

import { spawnSync } from 'node:child_process';
import { distFile } from '../src/tools/dist-path.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('deopts', ['variant', 'depth', 'top'], 'node dist/deopts.js [--variant english] [--depth N] [--top 12]');

const variant = arg('variant', 'english');
const depth = arg('depth', '');
const top = Number(arg('top', '12'));
const args = ['--trace-deopt', distFile('damka.js'), 'bench', '--variant', variant, ...(depth ? ['--depth', depth] : [])];
const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
if (run.status !== 0) {
  process.stderr.write(`deopts: the bench failed (exit ${run.status}): ${run.stderr}\n`);
  process.exit(1);
}

// A trace line: [bailout (kind: deopt-eager, reason: ...): begin. deoptimizing 0x.. <JSFunction name (sfi = 0x..)>, ...
const reasons = new Map<string, number>();
let eager = 0, lazy = 0;
for (const line of run.stdout.split('\n')) {
  const m = /kind: deopt-(\w+), reason: ([^)]*)\): begin\. deoptimizing \S+ <JSFunction (\S*)/.exec(line);
  if (!m) continue;
  const [, kind, reason, name] = m;
  if (kind === 'lazy') { lazy++; continue; }
  eager++;
  const key = `${name}: ${reason}`;
  reasons.set(key, (reasons.get(key) ?? 0) + 1);
}
const bench = run.stdout.split('\n').find((l) => l.startsWith(`${variant}:`)) ?? '';
console.log(bench);
console.log(`eager deoptimisations ${eager} (lazy, frames returning into discarded code: ${lazy})`);
for (const [key, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(n).padStart(6)}  ${key}`);
