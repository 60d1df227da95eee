import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The browser tests run last and alone: headless Chromium's CPU would otherwise disturb the
// timing tests running beside it on a 2-core machine.
const BROWSER = ['test/web-page.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Endgame tables a user built into the real cache directory would change searches under
    // test (the engine uses them by default); tests that want tables build their own.
    // Engines skip their warm-up (a second each, over a hundred engines): the tests of the
    // first search's speed (hub-first-search.test.ts) ask for it back.
    env: { XDG_CACHE_HOME: join(tmpdir(), 'damka-test-cache-none'), DAMKA_WARM_UP: '0' },
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: BROWSER } },
      { extends: true, test: { name: 'browser', include: BROWSER, sequence: { groupOrder: 1 } } },
    ],
  },
});
