/**
 * Global setup of the `e2e` vitest project: builds the player site and the back office, starts the
 * real server on a free port with a fresh data directory, waits for /healthz,
 * and hands the base URL to the journeys (`inject('baseUrl')`). The teardown
 * stops the server (SIGTERM, then SIGKILL after a grace period).
 *
 * Without Chromium the journeys are skipped with a message, except in CI
 * (`CI=true`), where a missing browser fails the run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';
import { CHROMIUM_PATH, chromiumAvailable } from './support/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Empty when the journeys must be skipped; the reason is in `skipReason`. */
    chromiumPath: string;
    skipReason: string;
    /** The server's DATA_DIR (its embedded PostgreSQL), for journeys that check the ledger. */
    dataDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');
const HEALTH_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const log = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(
    `Server did not become healthy at ${baseUrl} (exit code ${child.exitCode}). Last output:\n${log}`,
  );
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    const reason = `Chromium not found at ${CHROMIUM_PATH}; install it (apt-get install chromium) to run the browser journeys.`;
    if (process.env.CI === 'true') throw new Error(`CI=true: ${reason}`);
    console.warn(`\n!! Skipping e2e journeys: ${reason}\n`);
    project.provide('baseUrl', '');
    project.provide('chromiumPath', '');
    project.provide('skipReason', reason);
    project.provide('dataDir', '');
    return;
  }

  // `npm test` builds once for all its journey groups and says so.
  if (process.env.E2E_PREBUILT !== '1') {
    const build = spawnSync(
      'npm',
      ['run', 'build', '-w', '@casino/web', '-w', '@casino/backoffice'],
      {
        cwd: ROOT,
        stdio: 'pipe',
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) {
      throw new Error(`Building the web apps failed:\n${build.stdout}\n${build.stderr}`);
    }
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'casino-e2e-'));
  // Embedded PostgreSQL runs as its own user when we are root: it must be able to enter.
  chmodSync(dataDir, 0o755);
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn('node', args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      NODE_ENV: 'test',
      PUBLIC_URL: baseUrl,
      // Every journey signs up from 127.0.0.1; the production limit (10 an hour) would trip.
      SIGNUP_LIMIT_PER_HOUR: '10000',
      // Every journey signs staff in from 127.0.0.1.
      STAFF_LOGIN_LIMIT: '10000',
      STAFF_LOGIN_FREE_FAILURES: '1000',
      // The Crash engine (off in tests by default): the originals journey plays a live round.
      CRASH_ENGINE: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (error) {
    await stop(child);
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', CHROMIUM_PATH);
  project.provide('skipReason', '');
  project.provide('dataDir', path.join(dataDir, 'data'));

  return async () => {
    await stop(child);
    log.end();
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  };
}
