import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDb } from '../src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { seed } from '../src/seed/index.ts';

/**
 * The secrets key of every test database (the template's check row is sealed under it) and of
 * every server a test starts: set in the environment, so child processes inherit it.
 */
export const TEST_SECRETS_KEY = 'mASpT4kgKZdG0cj16x3jPQICdk82lL2kPBsLPt2fm/g=';
process.env.SECRETS_KEY = TEST_SECRETS_KEY;

export const TEMPLATE_DATABASE = 'casino_test_template';

/**
 * One PostgreSQL server for the run (embedded in a temp dir, or TEST_DATABASE_URL),
 * and one template database built from the real migrations and reference data.
 * Each test file clones the template into a database of its own (see harness.ts).
 */
export default async function setup(project: TestProject) {
  let dataDir: string | null = null;
  let stop: (() => Promise<void>) | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-test-pg-'));
    const embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const { db, pool } = createDb(templateUrl, 4);
  await migrate(pool);
  const { app, modules } = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }),
    db,
    serveSites: false,
  });
  await seed(modules, { demo: false });
  await app.close();
  await db.destroy();

  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await stop?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
