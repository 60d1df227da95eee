// What a queue worker does with jobs it must refuse, with a crashing engine, with self-play
// batches and with the book builder's leaf searches, on a real Redis.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBook } from '../src/book/book-file.ts';
import { buildIdentity } from '../src/queue/build-identity.ts';
import { parseEngineNames } from '../src/queue/engine-names.ts';
import { JobClient } from '../src/queue/job-client.ts';
import type { GameJobData, JobData } from '../src/queue/job-data.ts';
import { parseQueueUrl } from '../src/queue/queue-url.ts';
import { type RunningWorker, startWorker } from '../src/queue/worker.ts';
import { type TestRedis, startRedis } from './helpers/redis-server.ts';
import { runCli } from './helpers/queue-worker.ts';

const FAKE = fileURLToPath(new URL('./fixtures/fake-hub-engine.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'damka-queue-'));
let redis: TestRedis;
let worker: RunningWorker;
let client: JobClient;
const refusals: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const url = parseQueueUrl(redis.url);
  worker = await startWorker({ url, concurrency: 2, engines: parseEngineNames([`crash="${process.execPath}" "${FAKE}" crash`]), lockSeconds: 5, warn: (line) => refusals.push(line) });
  client = new JobClient(url, { reconcileMs: 500, warn: () => {} });
  await client.open();
}, 30_000);
afterAll(async () => {
  await client?.close();
  await worker?.close();
  await redis?.stop();
});

const game = (change: Partial<GameJobData>): GameJobData => ({
  kind: 'game', build: buildIdentity(), run: 'jobs', variant: 'english', round: 1, openingMoves: ['9-13', '21-17', '5-9'],
  white: { name: 'damka', params: { variant: 'english', 'tt-size': '8' }, timeFactor: 1 }, black: { name: 'crash', params: {}, timeFactor: 1 },
  tc: { kind: 'depth', depth: 2 }, maxPlies: 300, tolerance: 0.2, ...change,
});

describe('damka worker', () => {
  it('refuses a job for an engine it lacks, one of another build and a malformed one, and goes on; a crash is a lost game', async () => {
    await expect(client.submit('jobs.unknown', game({ white: { name: 'stockfish', params: {}, timeFactor: 1 } })))
      .rejects.toThrow(/this worker has no engine named stockfish \(it has damka, crash; start it with --engine stockfish=COMMAND\)/);
    await expect(client.submit('jobs.other', game({ build: { version: '0.0.9', commit: 'f00d' } })))
      .rejects.toThrow(/refused: the job was made by damka 0\.0\.9 \(f00d\), this worker is damka/);
    await expect(client.submit('jobs.malformed', { kind: 'game', build: buildIdentity(), run: 'jobs', variant: 'english' } as unknown as JobData))
      .rejects.toThrow(/refused job jobs\.malformed: openingMoves missing/);
    expect(refusals.filter((r) => r.startsWith('refused'))).toHaveLength(3);
    // The worker goes on: the crashing engine loses its game, as in a local match.
    const played = await client.submit('jobs.crash', game({})) as { result: string; reason: string; fault: number };
    expect(played).toMatchObject({ result: '1-0', fault: 1 });
    expect(played.reason).toMatch(/Black \(Fake-crash\) crashed/);
  }, 120_000);

  it('plays self-play batches whose data file is the local run\'s, and which train fit reads', async () => {
    const common = ['train', 'selfplay', '--variant', 'english', '--games', '6', '--nodes', '300', '--max-plies', '120'];
    const queued = join(dir, 'queued.bin'), local = join(dir, 'local.bin');
    const q = await runCli([...common, '--out', queued, '--queue', redis.url, '--run', 'sp']);
    expect(q.stderr + q.stdout).toMatch(/6 games .* quiet positions ->/);
    expect(q.code, q.stderr).toBe(0);
    const l = await runCli([...common, '--out', local, '--threads', '1']);
    expect(l.code, l.stderr).toBe(0);
    expect(readFileSync(queued).equals(readFileSync(local))).toBe(true);
    const weights = join(dir, 'w.json');
    const fit = await runCli(['train', 'fit', '--variant', 'english', '-d', queued, '-o', weights, '--epochs', '1', '--min-count', '1']);
    expect(fit.stderr).toBe('');
    expect(fit.code).toBe(0);
    expect(JSON.parse(readFileSync(weights, 'utf8')).variant).toBe('english');
  }, 180_000);

  it('searches the leaves of book build --queue into a valid book', async () => {
    const out = join(dir, 'q.book');
    const r = await runCli(['book', 'build', '--variant', 'english', '--out', out, '--depth', '2', '--positions', '16', '--workers', '2', '--queue', redis.url]);
    expect(r.stderr).toMatch(/run book-\S+ on the queue/);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
    const book = loadBook(out, 'english');
    expect(book.size).toBeGreaterThanOrEqual(16);
  }, 180_000);
});
