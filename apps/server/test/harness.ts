import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { AUTH_LIMITS_DEFAULT, type AuthLimits } from '../src/modules/auth/index.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDb, type Db } from '../src/platform/db/database.ts';
import { TEMPLATE_DATABASE, TEST_SECRETS_KEY, withDatabase } from './global-setup.ts';

/**
 * Every test signs up and in from 127.0.0.1; the production limits would trip
 * within a file. Rate-limit tests pass their own small limits instead.
 */
export const RELAXED_LIMITS: AuthLimits = Object.fromEntries(
  Object.entries(AUTH_LIMITS_DEFAULT).map(([key, value]) => [
    key,
    'limit' in value ? { ...value, limit: 1_000_000 } : { ...value, free_failures: 1_000_000 },
  ]),
) as AuthLimits;

/** A fresh database for one test file, cloned from the migrated, seeded template. */
export async function testDatabase() {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const { db, pool } = createDb(url, 10);
  return {
    db,
    pool,
    url,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The whole API on a database of its own; call `close()` in afterAll. */
export async function testApp(
  options: Partial<Omit<AppOptions, 'db' | 'config'>> & { env?: NodeJS.ProcessEnv } = {},
) {
  const database = await testDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://casino.test',
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...options.env,
  });
  const { app, modules } = await buildApp({
    ...options,
    limits: { ...RELAXED_LIMITS, ...options.limits },
    config,
    db: database.db,
    pool: database.pool,
    serveSites: false,
  });
  await app.ready();
  return {
    app,
    modules,
    db: database.db,
    pool: database.pool,
    /** The database's URL, for a second instance or a child process on the same data. */
    url: database.url,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

let counter = 0;
/** A unique email per call, so tests never collide even within one database. */
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}@example.com`;
}

export const TEST_PASSWORD = 'correct-horse-42';

/** Registers (JSON) and signs in a player; returns the token and the customer. */
export async function signedInPlayer(
  t: TestApp,
  overrides: { currency_id?: number; email?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/signup',
    payload: {
      name: 'Test Player',
      email,
      password: TEST_PASSWORD,
      currency_id: overrides.currency_id ?? 1,
    },
  });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/login',
    payload: { email, password: TEST_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json();
  return {
    email,
    token: body.data as string,
    customer: body.customer,
    id: BigInt(body.customer.id),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Runs a statement straight on the test's database and waits until this app has heard every
 * notification committed before it (the triggers that drop cached rows, migration 0860):
 * PostgreSQL delivers notifications in commit order, so a marker sent after the change arrives
 * after the change's own. For tests that change rows by SQL, then call the API at once.
 */
export async function changeBySql(t: TestApp, statement: { execute(db: Db): Promise<unknown> }) {
  await statement.execute(t.db);
  const marker = randomBytes(8).toString('hex');
  const heard = new Promise<void>((resolve) => {
    const stop = t.modules.events.subscribe('test_sync', (payload) => {
      if (payload !== marker) return;
      stop();
      resolve();
    });
  });
  // The first subscription opens the LISTEN connection: wait for it before sending.
  await (t.modules.events as { ready?: () => Promise<void> }).ready?.();
  await sql`select pg_notify('test_sync', ${marker})`.execute(t.db);
  await heard;
}
