import { defineConfig } from 'vitest/config';
import { localeStringGroups } from './apps/web/vite.locale-strings.ts';

/**
 * Three sizes of test, as in the models we follow:
 * - unit: pure code, no I/O;
 * - integration: the server against a real PostgreSQL, one database per test file;
 * - e2e: Playwright journeys in Chromium against a running server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The player site's locale pieces (`?strings=`) load in unit tests as in the build.
        plugins: [localeStringGroups()],
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure code, but the simulations (up to 1,000,000 rounds) share 2 cores with the server
          // tests and the journeys: vitest's 5 s default failed a 200,000-round check in CI.
          testTimeout: 60_000,
          // Vitest refuses two projects of one run with different worker counts (integration's below).
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Room for a test that takes 30 s on a quiet machine to take three times as long in CI,
          // where four processes share the 2 cores; a timeout here catches hangs, not slowness.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The server answers slower while the journeys share the 2 cores (see e2e below).
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          // Vitest's default on 2 cores is one worker (cores − 1): the files ran one after
          // another, each mostly waiting on PostgreSQL. Three at a time overlap those waits, and
          // once the journeys (run beside these) are done, keep both cores busy to the end.
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // As for integration: a journey of 60 s on a quiet machine must not fail on a busy one.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // A page answers slower while the server tests share the 2 cores: expect.poll's 1 s
          // default made journeys fail on load rather than on behaviour.
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          fileParallelism: false,
          // One more try for a journey that fails: a browser on 2 cores shared with the server
          // tests and a second journey group now and then stalls a load for minutes (CI saw a
          // cold page never reach its load event). A journey that is wrong fails twice; the
          // report marks a journey that passed only on its second try as flaky.
          retry: 1,
        },
      },
    ],
  },
});
