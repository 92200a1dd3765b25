import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/platform/node-flags.ts';
import { TEST_SECRETS_KEY } from './global-setup.ts';
import { testDatabase } from './harness.ts';

let database: Awaited<ReturnType<typeof testDatabase>>;
let dataDir: string;
beforeAll(async () => {
  database = await testDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-startup-'));
});
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

function runServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; health: number | null }> {
  return new Promise((resolve) => {
    const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, args, {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    let health: number | null = null;
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('message', async (message: { port?: number }) => {
      try {
        health = (await fetch(`http://127.0.0.1:${message.port}/readyz`)).status;
      } finally {
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => resolve({ code, output, health }));
  });
}

const scriptsOf = async (file: string): Promise<Record<string, string>> =>
  JSON.parse(await readFile(new URL(file, import.meta.url), 'utf8')).scripts;

describe('start-up', () => {
  it('runs the server, and the benchmark, with the same Node flags (decision 0107)', async () => {
    const server = await scriptsOf('../package.json');
    const root = await scriptsOf('../../../package.json');
    for (const script of [server.start, server.dev, root['bench:ledger']]) {
      for (const flag of SERVER_NODE_FLAGS) expect(script).toContain(` ${flag} `);
    }
  });

  it('refuses to start in production while licence and company texts are unset', async () => {
    const result = await runServer({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/licence_text is empty/);
    expect(result.output).toMatch(/company_text is empty/);
  });

  it('lists every invalid environment variable in one message', async () => {
    const result = await runServer({
      PORT: 'x',
      DATABASE_URL: 'mysql://nope',
      NODE_ENV: 'staging',
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/PORT/);
    expect(result.output).toMatch(/DATABASE_URL/);
    expect(result.output).toMatch(/NODE_ENV/);
  });

  it('starts against an external DATABASE_URL and serves requests', async () => {
    const result = await runServer({ NODE_ENV: 'development', DATABASE_URL: database.url });
    expect(result.health).toBe(200);
    expect(result.code).toBe(0);
    // A development server says what it is, and listens on this machine only.
    expect(result.output).toMatch(/NOT FOR REAL MONEY/);
    expect(result.output).toMatch(/Listening on 127\.0\.0\.1:\d+ \(this machine only/);
  });
});
