// Bundles the CLI and every worker entry into dist/. Workers are separate entry points
// because piscina loads them by file name.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

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
};

await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
chmodSync('dist/damka.js', 0o755);
