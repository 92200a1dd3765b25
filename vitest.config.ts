import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Vitest refuses two projects of one run with different worker counts (integration's below).
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
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
          testTimeout: 90_000,
          hookTimeout: 240_000,
          // A page answers slower while the server tests share the 2 cores: expect.poll's 1 s
          // default made journeys fail on load rather than on behaviour.
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
