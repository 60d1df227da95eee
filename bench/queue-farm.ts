// Games through the Redis queue against games on one machine, and what a farm's coordinator and
// Redis absorb. Starts its own redis-server (Debian's, loopback, no persistence).
//
//   node dist/queue-farm.js [--games 8] [--move-time 0.1] [--farm-workers 20] [--farm-games 60]
//
// 1. A local `damka match --concurrency 2` at --move-time, then the same match through Redis
//    with two `damka worker --concurrency 1` processes: games a minute of each, and the
//    coordinator's own CPU time a game (the coordinator runs in this process).
// 2. A simulated farm: --farm-workers worker processes on this machine playing depth-1 games:
//    results a second, and the coordinator's CPU a result (its limit is one over that).

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { readOpenings } from '../src/match/openings.ts';
import { gamesPlayed } from '../src/match/standing.ts';
import { JobClient } from '../src/queue/job-client.ts';
import { QueueMatch } from '../src/queue/queue-match.ts';
import { parseQueueUrl } from '../src/queue/queue-url.ts';
import type { TimeControl } from '../src/match/referee.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { packageFile } from '../src/tools/dist-path.ts';
import { arg, checkArgs } from './args.ts';

checkArgs('queue-farm', ['games', 'move-time', 'farm-workers', 'farm-games', 'parts'], 'node dist/queue-farm.js [--games 8] [--move-time 0.1] [--farm-workers 20] [--farm-games 60] [--parts two,farm]');
const parts = arg('parts', 'two,farm').split(',');
const games = Number(arg('games', '8'));
const moveTime = Number(arg('move-time', '0.1'));
const farmWorkers = Number(arg('farm-workers', '20'));
const farmGames = Number(arg('farm-games', '60'));
const CLI = fileURLToPath(new URL('./damka.js', import.meta.url));
const openings = readOpenings(packageFile('openings/english-3move-ballots.txt'));

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); });
});
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const url = `redis://127.0.0.1:${port}`;

const run = (args: string[]) => new Promise<void>((resolve, reject) => {
  const c = spawn(process.execPath, [CLI, ...args], { stdio: 'ignore' });
  c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`damka ${args.join(' ')}: exit ${code}`))));
});
const started: ChildProcess[] = [];
// Workers started here end with the bench, however it ends.
process.on('exit', () => { for (const w of started) w.kill('SIGKILL'); redis.kill('SIGKILL'); });
process.on('SIGTERM', () => process.exit(143));
process.on('SIGINT', () => process.exit(130));
const workers = (n: number): ChildProcess[] => Array.from({ length: n }, () => {
  const w = spawn(process.execPath, [CLI, 'worker', '--queue', url, '--concurrency', '1'], { stdio: 'ignore' });
  started.push(w);
  return w;
});
const stop = (ws: ChildProcess[]) => Promise.all(ws.map((w) => new Promise((r) => { w.once('exit', r); w.kill('SIGTERM'); })));

/** CPU milliseconds Redis has used so far (Linux /proc; 0 elsewhere). */
function redisCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/${redis.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function queued(name: string, n: number, tc: TimeControl): Promise<{ seconds: number; cpuMs: number; redisMs: number; played: number }> {
  const client = new JobClient(parseQueueUrl(url), { reconcileMs: 3000 });
  await client.open();
  const t0 = performance.now();
  const engine = { name: 'damka', params: { variant: 'english', 'tt-size': '16' }, timeFactor: 1 };
  const match = new QueueMatch({ client, run: name, variant: ENGLISH, engines: [engine, engine], tc, openings, games: n, maxPlies: 300, tolerance: 0.5,
    // A line a result, so that a run cut short still shows its rate.
    onGame: (_round, st) => process.stderr.write(`${name}: ${gamesPlayed(st)} results in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`),
  });
  const cpu0 = process.cpuUsage();
  const redis0 = redisCpuMs();
  const standing = await match.run();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await client.close();
  return { seconds, cpuMs: (cpu.user + cpu.system) / 1000, redisMs: redisCpuMs() - redis0, played: gamesPlayed(standing) };
}

try {
  const command = `"${process.execPath}" "${CLI}" hub`;
  if (parts.includes('two')) {
    const t0 = performance.now();
    await run(['match', '--variant', 'english', '--engine', command, '--engine', command, '--param', '1:tt-size=16', '--param', '2:tt-size=16',
      '--move-time', String(moveTime), '--games', String(games), '--concurrency', '2', '--tolerance', '0.5']);
    const local = (performance.now() - t0) / 1000;
    console.log(`local match --concurrency 2, ${games} games at ${moveTime} s a move: ${local.toFixed(1)} s, ${(games / local * 60).toFixed(1)} games a minute`);

    const ws = workers(2);
    const q = await queued('bench-two', games, { kind: 'move-time', seconds: moveTime });
    await stop(ws);
    console.log(`through Redis, two workers: ${q.seconds.toFixed(1)} s, ${(q.played / q.seconds * 60).toFixed(1)} games a minute; coordinator CPU ${(q.cpuMs / q.played).toFixed(1)} ms a game, Redis ${(q.redisMs / q.played).toFixed(1)} ms`);
  }
  if (parts.includes('farm')) {
    const ws = workers(farmWorkers);
    const f = await queued('bench-farm', farmGames, { kind: 'depth', depth: 1 });
    await stop(ws);
    console.log(`farm of ${farmWorkers} workers, ${farmGames} depth-1 games: ${f.seconds.toFixed(1)} s, ${(f.played / f.seconds).toFixed(2)} results a second; ` +
      `coordinator CPU ${(f.cpuMs / f.played).toFixed(1)} ms a result, Redis ${(f.redisMs / f.played).toFixed(1)} ms (at most ${(1000 / (f.cpuMs / f.played)).toFixed(0)} results a second on one core)`);
  }
} finally {
  redis.kill('SIGKILL');
}
process.exit(0);
