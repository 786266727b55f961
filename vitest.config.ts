import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared-ui/src/**/*.test.{ts,tsx}', 'shell/src/**/*.test.{ts,tsx}', 'mf-*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          setupFiles: ['shared-ui/src/testing/unit-setup.ts'],
          // Beside the API suites and the build (npm test), a screen test's clicks and loads can pass
          // vitest's default 5 s on a loaded machine; its own waits stay bounded at 15 s each.
          testTimeout: 60_000,
          // As in the API project below: isolated, each file imported React, Fluent and the screens
          // again (96 s of imports in a 162 s run on an idle machine; 8 s shared, 32 s in all).
          // Module-level state a test leaves behind is cleared in unit-setup.ts and by cleanupScreen.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/src/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['api/src/testing/prepared-database.ts'],
          // A bound for a test that hangs, not a speed check: beside the build and the other suites on
          // two busy cores the ledger's property test has taken three minutes (52 s on a quiet run).
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The files run one after another in one worker and share its module cache: isolated, each
          // imported the whole app again (362 s of a 1,110 s CI run on two cores; 9 s shared). Each
          // file still opens its own database, so no state passes between files through the books.
          isolate: false,
        },
      },
    ],
  },
});
