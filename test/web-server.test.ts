// `damka web`'s server and the browser build: the files it serves and the headers that give
// the page shared memory, its refusals, and no Node built-in in a browser bundle.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebServer, startWebServer } from '../src/web/server.ts';
import { noNodeBuiltins } from '../scripts/browser-guard.mjs';
import { CLI, damka } from './helpers/engine-process.ts';

const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));

describe('web server', () => {
  let server: WebServer;
  beforeAll(async () => { server = await startWebServer(0); });
  afterAll(() => server.close());

  it('serves the page, its script and the browser bundles, cross-origin isolated', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const cases: [string, RegExp, string][] = [
      ['', /^text\/html/, '<div id="board"'],
      ['app.js', /^text\/javascript/, './damka.js'],
      ['damka.js', /^text\/javascript/, 'damka-worker.js'],
      ['damka-worker.js', /^text\/javascript/, 'postMessage'],
      ['style.css', /^text\/css/, '#board'],
    ];
    for (const [path, type, content] of cases) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(await res.text(), path).toContain(content);
    }
  });

  it('refuses other paths and methods, and a port in use', async () => {
    expect((await fetch(`${server.url}../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}nothing.js`)).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST', body: 'x' })).status).toBe(405);
    await expect(startWebServer(server.port)).rejects.toThrow(`port ${server.port} is in use`);
    await expect(startWebServer(70000)).rejects.toThrow(/bad port 70000/);
  });
});

describe('damka web', () => {
  it('prints where it serves, and serves there', async () => {
    const child = spawn(process.execPath, [CLI, 'web', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8');
        child.stdout.once('data', (chunk: string) => resolve(chunk));
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const url = /play at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(line)?.[1];
      expect(url, line).toBeDefined();
      expect((await fetch(url!)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const exit = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(exit).toBe(0);
  });

  it('refuses a bad port', () => {
    const r = damka('web', '--port', 'abc');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--port must be a whole number/);
  });
});

describe('browser build', () => {
  it('keeps Node out of the browser bundles', () => {
    for (const file of ['browser/damka.js', 'browser/damka-worker.js', 'web/app.js']) {
      const text = readFileSync(dist(file), 'utf8');
      expect(text, file).not.toMatch(/["']node:|require\(|process\.env/);
    }
  });

  it('fails a browser build that a Node built-in reaches, naming it', async () => {
    for (const name of ['node:fs', 'worker_threads']) {
      await expect(build({
        stdin: { contents: `import * as m from '${name}'; console.log(m);`, resolveDir: '.', loader: 'ts' },
        bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent', plugins: [noNodeBuiltins],
      })).rejects.toThrow(`the Node built-in "${name}"`);
    }
  });
});
