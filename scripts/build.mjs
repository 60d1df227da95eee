// Bundles the CLI and every worker entry into dist/. Workers are separate entry points
// because piscina loads them by file name. Then the library: a Node bundle (dist/lib), the
// browser bundles (dist/browser, no Node built-ins allowed), the web page (dist/web) and the
// type declarations (dist/types).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { noNodeBuiltins } from './browser-guard.mjs';

const entries = {
  damka: 'src/cli/main.ts',
  'perft-worker': 'src/tools/perft-worker.ts',
  'search-worker': 'src/engine/search-worker.ts',
  'suite-worker': 'src/tools/suite-worker.ts',
  bench: 'bench/bench.ts',
  'match-rapid': 'bench/match-rapid.ts',
  'make-openings': 'bench/make-openings.ts',
  selfplay: 'bench/selfplay.ts',
  'make-bench-positions': 'bench/make-bench-positions.ts',
  'find-tactics': 'bench/find-tactics.ts',
  'check-suites': 'bench/check-suites.ts',
  'hub-latency': 'bench/hub-latency.ts',
  'book-coverage': 'bench/book-coverage.ts',
  'first-moves': 'bench/first-moves.ts',
  smp: 'bench/smp.ts',
  'queue-farm': 'bench/queue-farm.ts',
  'browser-bench': 'bench/browser-bench.ts',
  'train-selfplay-worker': 'src/train/selfplay-worker.ts',
  'train-relabel-worker': 'src/train/relabel-worker.ts',
  'leaf-worker': 'src/book/leaf-worker.ts',
  'eval-speed': 'bench/eval-speed.ts',
  'egdb-playout': 'bench/egdb-playout.ts',
  'lost-games': 'bench/lost-games.ts',
  'table-entries': 'bench/table-entries.ts',
  'opening-scores': 'bench/opening-scores.ts',
  'book-agreement': 'bench/book-agreement.ts',
  deopts: 'bench/deopts.ts',
  'perft-speed': 'bench/perft-speed.ts',
};

const node = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning' };
const browser = { bundle: true, platform: 'browser', format: 'esm', target: 'es2022', minify: true, sourcemap: true, logLevel: 'warning', plugins: [noNodeBuiltins] };

await build({ ...node, entryPoints: entries, outdir: 'dist' });
chmodSync('dist/damka.js', 0o755);

// The build's identity for queue jobs (src/queue/build-identity.ts): workers refuse a job another
// build made. A build from a changed work tree is marked, since its commit alone does not say what it is.
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  if (changed !== '') commit += '+changes';
} catch { /* not a git checkout: an installed package */ }
writeFileSync('dist/build.json', `${JSON.stringify({ commit })}\n`);

await build({ ...node, entryPoints: { damka: 'src/api/index.ts', 'engine-worker': 'src/api/node-engine-worker.ts' }, outdir: 'dist/lib' });

// The shipped opening books go beside the browser worker, which downloads a variant's book when
// a search first asks for it; the worker is told which there are, so that it asks for no other.
const BOOKS = 'src/book/data';
const shippedBooks = existsSync(BOOKS) ? readdirSync(BOOKS).filter((f) => f.endsWith('.book')) : [];
rmSync('dist/browser/books', { recursive: true, force: true });
if (shippedBooks.length > 0) mkdirSync('dist/browser/books', { recursive: true });
for (const file of shippedBooks) copyFileSync(join(BOOKS, file), join('dist/browser/books', file));
const shippedDefine = { DAMKA_SHIPPED_BOOKS: JSON.stringify(shippedBooks.map((f) => f.slice(0, -'.book'.length))) };
await build({ ...browser, entryPoints: { damka: 'src/api/browser.ts', 'damka-worker': 'src/api/web-engine-worker.ts' }, outdir: 'dist/browser', define: shippedDefine });

// The page loads the library bundle itself (./damka.js) rather than a second copy of it.
const libraryFromBundle = {
  name: 'library-from-bundle',
  setup(b) {
    b.onResolve({ filter: /\/api\/browser\.ts$/ }, () => ({ path: './damka.js', external: true }));
  },
};
await build({ ...browser, entryPoints: { app: 'src/web/page/app.ts' }, outdir: 'dist/web', plugins: [noNodeBuiltins, libraryFromBundle] });
for (const file of ['index.html', 'style.css']) copyFileSync(join('src/web/page', file), join('dist/web', file));

// Declarations for the package's entry points. tsc writes the sources' own `.ts` specifiers;
// next to each other the files are `.d.ts`, which `.js` specifiers find.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'], { stdio: 'inherit' });
const declarations = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? declarations(path) : path.endsWith('.d.ts') ? [path] : [];
});
for (const file of declarations('dist/types')) {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/(from\s+['"]\.{1,2}\/[^'"]*)\.ts(['"])/g, '$1.js$2').replace(/(import\(['"]\.{1,2}\/[^'"]*)\.ts(['"]\))/g, '$1.js$2'));
}
