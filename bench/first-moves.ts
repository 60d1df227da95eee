// How fast a fresh engine searches its first moves: `damka match` starts new engine processes
// for every game, so a process that is slow until its code is compiled plays its first moves
// of every game weaker. Plays `--moves` moves from the start at `--move-time` in each of
// `--runs` fresh `damka hub` processes and prints, per move, the median nodes a second and depth
// of the final report (forced moves, which report nothing, are left out).
//
//   node dist/first-moves.js --variant english --threads 2 --runs 8 --moves 16 --move-time 0.1

import { getVariant } from '../src/rules/variants.ts';
import { formatHubPosition } from '../src/notation/hub-position.ts';
import { hubVariantName } from '../src/protocols/hub/variant-name.ts';
import { arg, checkArgs } from './args.ts';
import { freshHub } from './fresh-hub.ts';
import { median } from './median.ts';

checkArgs('first-moves', ['variant', 'threads', 'runs', 'moves', 'move-time'], 'node dist/first-moves.js --variant english [--threads 2] [--runs 8] [--moves 16] [--move-time 0.1]');

const variant = getVariant(arg('variant', 'english'));
const threads = Number(arg('threads', '1'));
const runs = Number(arg('runs', '8'));
const moves = Number(arg('moves', '16'));
const moveTime = Number(arg('move-time', '0.1'));
const start = formatHubPosition(variant, variant.toBoard(variant.startPosition()));

const nps: number[][] = Array.from({ length: moves }, () => []);
const depth: number[][] = Array.from({ length: moves }, () => []);
for (let r = 0; r < runs; r++) {
  const { child, next } = await freshHub({ variant: hubVariantName(variant), threads });
  const played: string[] = [];
  for (let m = 0; m < moves; m++) {
    child.stdin.write(`pos pos=${start} moves="${played.join(' ')}"\nlevel move-time=${moveTime}\ngo think\n`);
    const { line, before } = await next(/^done /);
    const info = before.filter((l) => l.startsWith('info')).pop();
    const n = info && /\bnps=([\d.]+)/.exec(info);
    const d = info && /\bdepth=(\d+)/.exec(info);
    if (n && d) {
      nps[m].push(Number(n[1]));
      depth[m].push(Number(d[1]));
    }
    played.push(/move=(\S+)/.exec(line)![1]);
  }
  child.stdin.write('quit\n');
  if (process.stderr.isTTY) process.stderr.write(`\rrun ${r + 1} of ${runs}`);
}
if (process.stderr.isTTY) process.stderr.write('\n');
console.log(`${variant.name}, ${threads} thread(s), ${runs} fresh processes, ${moveTime} s a move: median of each move`);
console.log('move  M nodes/s  depth  searches');
for (let m = 0; m < moves; m++) {
  if (nps[m].length === 0) continue;
  console.log(`${String(m + 1).padStart(4)}  ${median(nps[m]).toFixed(2).padStart(9)}  ${median(depth[m]).toFixed(1).padStart(5)}  ${String(nps[m].length).padStart(8)}`);
}
