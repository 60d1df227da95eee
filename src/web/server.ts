// `damka web`: serves the play page and the browser bundles from dist/ on 127.0.0.1. The
// engine runs in the page; the server only hands out files. Cross-origin isolation headers
// give the page shared memory, which the engine's stop flag needs.

import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { packageFile } from '../tools/dist-path.ts';

export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Every path the server answers, and the built file behind it. */
function routes(): Map<string, string> {
  const web = packageFile('dist/web');
  const browser = packageFile('dist/browser');
  const map = new Map<string, string>([['/', join(web, 'index.html')]]);
  for (const name of ['index.html', 'style.css', 'app.js']) map.set(`/${name}`, join(web, name));
  for (const name of ['damka.js', 'damka-worker.js']) map.set(`/${name}`, join(browser, name));
  // Source maps only where they are: a build has them, the npm package leaves them out (20 MB).
  for (const [dir, name] of [[web, 'app.js.map'], [browser, 'damka.js.map'], [browser, 'damka-worker.js.map']]) {
    if (existsSync(join(dir, name))) map.set(`/${name}`, join(dir, name));
  }
  // The shipped opening books, which the worker downloads beside itself.
  const books = join(browser, 'books');
  if (existsSync(books)) for (const name of readdirSync(books)) map.set(`/books/${name}`, join(books, name));
  return map;
}

export async function startWebServer(port = 0, host = '127.0.0.1'): Promise<WebServer> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port ${port}: expected 0-65535 (0: any free port)`);
  const files = routes();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path);
    const send = (status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-cache',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') { send(405, 'only GET and HEAD\n'); return; }
    if (!file) { send(404, `not found: ${path}\n`); return; }
    readFile(file).then(
      (body) => send(200, body, TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream'),
      () => send(500, `${path} is not built: run "npm run build"\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(new Error(err.code === 'EADDRINUSE' ? `port ${port} is in use (try another --port, or 0 for any free one)` : err.message));
    });
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actual}/`,
    port: actual,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
