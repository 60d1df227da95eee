// How promptly `damka hub` answers on the first search of a fresh process: the time from
// `stop` (sent 20 ms after `go`) to `done` at several table sizes, and the first move at 0.1 s a move, each a median
// over fresh processes (timed from the line written to the answer read, so pipes count too).
//
//   node dist/hub-latency.js --runs 10 --tt 64,1024,4096

import { arg, checkArgs } from './args.ts';
import { freshHub } from './fresh-hub.ts';
import { median } from './median.ts';

checkArgs('hub-latency', ['runs', 'tt'], 'node dist/hub-latency.js [--runs 10] [--tt 64,1024,4096]');

const runs = Number(arg('runs', '10'));
const sizes = arg('tt', '64,1024,4096').split(',').map(Number);
const START = 'Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww';
const hub = (ttMb: number) => freshHub({ 'tt-size': ttMb });

const show = (xs: number[]) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, ${xs.length} runs)`;

for (const tt of sizes) {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const { child, next } = await hub(tt);
    child.stdin.write(`pos pos=${START}\nlevel infinite\ngo analyze\n`);
    // Soon after go, as a GUI's stop may come: whatever the engine does before searching counts.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const t0 = performance.now();
    child.stdin.write('stop\n');
    await next(/^done /);
    times.push(performance.now() - t0);
    child.kill();
  }
  console.log(`tt-size ${tt} MB, first search: stop to done ${show(times)}`);
}

const firstMove: number[] = [];
for (let r = 0; r < runs; r++) {
  const { child, next } = await hub(64);
  const t0 = performance.now();
  child.stdin.write(`pos pos=${START}\nlevel move-time=0.1\ngo think\n`);
  await next(/^done /);
  firstMove.push(performance.now() - t0);
  child.kill();
}
console.log(`first move at move-time 0.1, tt-size 64 MB, fresh process: go to done ${show(firstMove)}`);

// A warm process, move after move: how much of a 0.1 s move reaches the answer (the rest is
// the reserve planTime keeps, plus pipes and messages).
{
  const { child, next } = await hub(64);
  const warm: number[] = [];
  for (let r = 0; r < Math.max(runs, 20); r++) {
    const t0 = performance.now();
    child.stdin.write(`pos pos=${START}\nlevel move-time=0.1\ngo think\n`);
    await next(/^done /);
    warm.push(performance.now() - t0);
  }
  child.kill();
  console.log(`moves at move-time 0.1 in a warm process: go to done ${show(warm)}`);
}
