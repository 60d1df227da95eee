// A throwaway Redis for the queue tests: Debian's redis-server on a free loopback port, with
// no persistence (so a restart forgets everything, the hardest case for a run), stopped after.

import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL) and starts it again on the same port, empty. */
  restart(downMs?: number): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    r.on('error', () => {});
    try {
      await r.connect();
      if ((await r.ping()) === 'PONG') return;
    } catch {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((res) => setTimeout(res, 50));
    } finally {
      r.disconnect();
    }
  }
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const launch = async () => {
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = c;
    // Without the server installed the spawn fails: one clear reason, not an unhandled error
    // thrown into whichever test runs next.
    const missing = new Promise<never>((_, reject) =>
      c.once('error', (err) => reject(new Error(`cannot start redis-server (${err.message}): the queue tests need Debian's redis-server (README, Set-up: sudo apt-get install redis-server)`))));
    await Promise.race([waitForPing(port), missing]);
  };
  const kill = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((res) => { c.once('exit', () => res()); c.kill('SIGKILL'); });
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart(downMs = 500) {
      await kill();
      await new Promise((res) => setTimeout(res, downMs));
      await launch();
    },
    kill,
    stop: kill,
  };
}
