import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The browser tests run last and alone: headless Chromium's CPU would otherwise disturb the
// timing tests running beside it on a 2-core machine.
const BROWSER = ['test/web-page.test.ts'];
// Files that time the engine (moves in their time, stops within 50 ms, time forfeits) run one at
// a time after the rest, so that no other test file competes with them for the cores. The rest
// run at least two at a time: Vitest's default is one worker fewer than the cores, which on this
// 2-core machine ran every file in turn (231 s of the 5 minutes CI allows).
const TIMED = [
  'test/api-book.test.ts', 'test/api-engine.test.ts', 'test/dxp-session.test.ts', 'test/hub-book.test.ts', 'test/hub-first-search.test.ts', 'test/hub-session.test.ts',
  'test/match.test.ts', 'test/parallel-search.test.ts', 'test/search.test.ts', 'test/text-mode.test.ts',
  'test/tt.test.ts', 'test/warm-up.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Endgame tables would change searches under test (the engine uses them by default): those
    // a user built into the real cache directory, and those shipped in the package
    // (DAMKA_EGDB_SHIPPED=none: none shipped; src/egdb/table-dirs.ts). Tests that want tables
    // build their own, or ask for the shipped ones (egdb-shipped.test.ts).
    // Engines skip their warm-up (a second each, over a hundred engines): the tests of the
    // first search's speed (hub-first-search.test.ts) ask for it back.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'damka-test-cache-none'), DAMKA_EGDB_SHIPPED: 'none', DAMKA_WARM_UP: '0' },
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: [...TIMED, ...BROWSER], maxWorkers: Math.max(2, availableParallelism() - 1) } },
      { extends: true, test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'browser', include: BROWSER, sequence: { groupOrder: 2 } } },
    ],
  },
});
