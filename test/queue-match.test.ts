// Matches played by queue workers on a real Redis (test/helpers/redis-server.ts): the same games
// as a local match, a worker killed mid-game, a restarted Redis, an SPRT stop. Fixed-depth
// games, so that nothing depends on the machine's load.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenings } from '../src/match/openings.ts';
import { parsePdn } from '../src/notation/pdn.ts';
import { JobClient } from '../src/queue/job-client.ts';
import { QueueMatch, type QueueMatchOptions } from '../src/queue/queue-match.ts';
import { parseQueueUrl } from '../src/queue/queue-url.ts';
import { gamesPlayed } from '../src/match/standing.ts';
import { ENGLISH } from '../src/rules/variants.ts';
import { packageFile } from '../src/tools/dist-path.ts';
import { type TestRedis, startRedis } from './helpers/redis-server.ts';
import { CLI, type WorkerProcess, runCli, spawnWorker, until } from './helpers/queue-worker.ts';

const ballots = readOpenings(packageFile('openings/english-3move-ballots.txt'));
const dir = mkdtempSync(join(tmpdir(), 'damka-queue-'));
const damka = { name: 'damka', params: { variant: 'english', 'tt-size': '8' }, timeFactor: 1 };
let redis: TestRedis;
const workers: WorkerProcess[] = [];
const clients: JobClient[] = [];

beforeAll(async () => { redis = await startRedis(); }, 30_000);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill('SIGKILL')));
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  await redis?.stop();
});

async function client(): Promise<JobClient> {
  const c = new JobClient(parseQueueUrl(redis.url), { reconcileMs: 500, warn: () => {} });
  await c.open();
  clients.push(c);
  return c;
}

function match(c: JobClient, run: string, o: Partial<QueueMatchOptions>): QueueMatch {
  return new QueueMatch({ client: c, run, variant: ENGLISH, engines: [damka, damka], tc: { kind: 'depth', depth: 2 }, openings: ballots.slice(0, 2), games: 4, maxPlies: 300, tolerance: 0.2, ...o });
}

const games = (file: string) => parsePdn(readFileSync(file, 'utf8'));

describe('damka match --queue', () => {
  it('plays 4 games through two workers exactly as the local match plays them, the PDN in game order', async () => {
    workers.push(spawnWorker(redis.url, ['--concurrency', '1']), spawnWorker(redis.url, ['--concurrency', '1']));
    const common = ['match', '--variant', 'english', '--depth', '2', '--games', '4', '--param', '1:tt-size=8', '--param', '2:tt-size=8'];
    const queued = join(dir, 'queued.pdn'), local = join(dir, 'local.pdn');
    const command = `"${process.execPath}" "${CLI}" hub`;
    // Both at once: fixed-depth games do not depend on the load, and the test takes half the time.
    const [q, l] = await Promise.all([
      runCli([...common, '--engine', 'damka', '--engine', 'damka', '--queue', redis.url, '--run', 'same', '--pdn', queued]),
      runCli([...common, '--engine', command, '--engine', command, '--concurrency', '2', '--pdn', local]),
    ]);
    expect(q.stderr).toMatch(/run same on the queue/);
    expect(q.code, q.stderr).toBe(0);
    expect(l.code, l.stderr).toBe(0);
    // The same final table.
    expect(q.stdout.split('\n').filter((s) => s.includes('Damka'))).toEqual(l.stdout.split('\n').filter((s) => s.includes('Damka')));
    const a = games(queued), b = games(local);
    expect(a.map((g) => g.tags.get('Round'))).toEqual(Array.from({ length: 4 }, (_, i) => String(i + 1)));
    const byRound = new Map(b.map((g) => [g.tags.get('Round'), g]));
    for (const g of a) {
      const twin = byRound.get(g.tags.get('Round'))!;
      expect(g.moves).toEqual(twin.moves);
      expect(g.result).toBe(twin.result);
      for (const tag of ['White', 'Black', 'Opening', 'Termination', 'Event']) expect(g.tags.get(tag)).toBe(twin.tags.get(tag));
    }
    // Started again with the same run, the coordinator takes the results from the queue: nothing is replayed.
    await Promise.all(workers.splice(0).map((w) => w.kill()));
    const again = await runCli([...common, '--engine', 'damka', '--engine', 'damka', '--queue', redis.url, '--run', 'same', '--pdn', join(dir, 'again.pdn')]);
    expect(again.code, again.stderr).toBe(0);
    expect(games(join(dir, 'again.pdn')).map((g) => g.moves)).toEqual(a.map((g) => g.moves));
  }, 480_000);

  it('puts the game of a worker killed mid-game back on the queue: every game counted once, all in the PDN', async () => {
    const c = await client();
    const first = spawnWorker(redis.url, ['--concurrency', '1', '--lock-seconds', '2']);
    workers.push(first);
    const pdn = join(dir, 'killed.pdn');
    const m = match(c, 'killed', { pdn, tc: { kind: 'depth', depth: 3 }, games: 2 });
    const done = m.run();
    await until(async () => (await c.queue.getActiveCount()) > 0, 'a game to start');
    await first.kill('SIGKILL');
    // Two at once: the two games, the killed one among them, end sooner.
    workers.push(spawnWorker(redis.url, ['--concurrency', '2', '--lock-seconds', '2']));
    const standing = await done;
    expect(gamesPlayed(standing)).toBe(2);
    expect(standing.engines.map((e) => e.games)).toEqual([2, 2]);
    expect(games(pdn).map((g) => g.tags.get('Round'))).toEqual(['1', '2']);
  }, 300_000);

  it('completes a run through a restart of Redis (which forgets every job)', async () => {
    const c = await client();
    if (workers.length === 0) workers.push(spawnWorker(redis.url, ['--concurrency', '1', '--lock-seconds', '2']));
    const pdn = join(dir, 'restart.pdn');
    let restarted: Promise<void> | null = null;
    const m = match(c, 'restart', { pdn, onGame: () => { restarted ??= redis.restart(500); } });
    const standing = await m.run();
    await restarted;
    expect(gamesPlayed(standing)).toBe(4);
    expect(c.requeued).toBeGreaterThan(0);
    expect(games(pdn)).toHaveLength(4);
  }, 300_000);

  it('takes the waiting games off the queue once the SPRT decides', async () => {
    const c = await client();
    if (workers.length === 0) workers.push(spawnWorker(redis.url, ['--concurrency', '1', '--lock-seconds', '2']));
    // Two equal engines against a hypothesis of +400 Elo: H0 within a few games.
    const m = match(c, 'sprt', { games: 40, openings: ballots.slice(0, 20), tc: { kind: 'depth', depth: 1 }, sprt: { elo0: 0, elo1: 400, alpha: 0.2, beta: 0.2 } });
    const standing = await m.run();
    expect(standing.sprt?.verdict).toBe('H0');
    expect(gamesPlayed(standing)).toBeLessThan(40);
    const counts = await c.queue.getJobCounts('waiting', 'delayed');
    expect(counts.waiting + counts.delayed).toBe(0);
    const jobs = await c.queue.getJobs(['completed', 'active']);
    expect(jobs.filter((j) => j.id?.startsWith('sprt.')).length).toBeLessThan(40);
  }, 300_000);
});
