import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/platform/node-flags.ts';
import { TEST_SECRETS_KEY, withDatabase } from './global-setup.ts';

const run = promisify(execFile);
const adminUrl = () => inject('pgAdminUrl');
let name: string;
let url: string;
let dir: string;

/** A brand-new, empty database: what a new operator starts from. */
beforeAll(async () => {
  name = `install_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template template0`);
  } finally {
    await admin.end();
  }
  url = withDatabase(adminUrl(), name);
  dir = await mkdtemp(path.join(os.tmpdir(), 'casino-install-'));
});
afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
  await rm(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  SECRETS_KEY: TEST_SECRETS_KEY,
  ...extra,
});

function settingsSet(args: string[]) {
  return run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/settings-set.ts', ...args],
    {
      env: env(),
    },
  ).then(
    (result) => ({ code: 0, output: result.stdout + result.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

function startProduction(): Promise<{ code: number | null; output: string; ready: number | null }> {
  return new Promise((resolve) => {
    const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, args, {
      env: env({ PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    let ready: number | null = null;
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('message', async (message: { port?: number }) => {
      try {
        ready = (await fetch(`http://127.0.0.1:${message.port}/readyz`)).status;
      } finally {
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => resolve({ code, output, ready }));
  });
}

async function count(query: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(query)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('a first production install', () => {
  // Six CLI and server processes, each importing the server: slow when the journeys share the cores.
  it('goes from an empty database to a production server that starts, with no demo data', async () => {
    // Nothing set: the CLI explains, production refuses.
    const nothing = await settingsSet([]);
    expect(nothing.code).toBe(2);
    expect(nothing.output).toMatch(/nothing to set/);
    const bad = await settingsSet(['licence_text']);
    expect(bad.code).toBe(2);
    expect(bad.output).toMatch(/"licence_text" is not key=value/);

    // One text on the command line, the other from a file.
    const first = await settingsSet([
      'licence_text=Licensed by the Example Gaming Authority, B2C-123/2026',
    ]);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Still empty \(production will not start\): company_text/);
    const refused = await startProduction();
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/company_text is empty/);

    const file = path.join(dir, 'operator.json');
    await writeFile(
      file,
      JSON.stringify({
        company_text: 'Example Operator Ltd, 1 Harbour Street, Valletta',
        brand_name: 'Example Casino',
      }),
    );
    const second = await settingsSet(['--file', file]);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/NODE_ENV=production can start/);

    const started = await startProduction();
    expect(started.ready, started.output).toBe(200);
    expect(started.code).toBe(0);

    // No demo data: no players, no staff (the operator creates the first owner with staff:create),
    // reference data present; the settings changes are audited.
    expect(await count('select count(*) as n from players')).toBe(0);
    expect(await count('select count(*) as n from staff')).toBe(0);
    expect(await count('select count(*) as n from currencies')).toBeGreaterThan(0);
    expect(
      await count(
        `select count(*) as n from audit_log where action = 'settings.update' and actor_id = 'cli:settings-set'`,
      ),
    ).toBe(2);
  }, 180_000);
});
