import { defineConfig } from 'vitest/config';

// The browser tests run last and alone: headless Chromium's CPU would otherwise disturb the
// timing tests running beside it on a 2-core machine.
const BROWSER = ['test/web-page.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: BROWSER } },
      { extends: true, test: { name: 'browser', include: BROWSER, sequence: { groupOrder: 1 } } },
    ],
  },
});
