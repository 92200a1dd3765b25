import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/platform/db/database.ts';
import { MIGRATIONS_DIR, migrate, SchemaTooNewError } from '../src/platform/db/migrate.ts';
import { SERVER_NODE_FLAGS } from '../src/platform/node-flags.ts';
import { testDatabase } from './harness.ts';

/**
 * Two builds on one database (decision 0129): the newer one migrates, under the migrations'
 * lock even when two of it start at once; the older one then refuses to start and says why.
 */

const NEWER = '9990_newer_build.sql';
let database: Awaited<ReturnType<typeof testDatabase>>;
let newerDir: string;
beforeAll(async () => {
  database = await testDatabase();
  newerDir = await mkdtemp(path.join(os.tmpdir(), 'casino-newer-build-'));
  for (const name of await readdir(MIGRATIONS_DIR)) {
    if (name.endsWith('.sql'))
      await copyFile(path.join(MIGRATIONS_DIR, name), path.join(newerDir, name));
  }
  await writeFile(
    path.join(newerDir, NEWER),
    'create table newer_build_marker (id int primary key);\ninsert into newer_build_marker values (1);\n',
  );
});
afterAll(async () => {
  await database.drop();
  await rm(newerDir, { recursive: true, force: true });
});

const knownLast = async () =>
  (await readdir(MIGRATIONS_DIR))
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .at(-1)!;

describe('schema versions across builds', () => {
  it('the newer build migrates once when two of its instances start together', async () => {
    const a = createDb(database.url, 2);
    const b = createDb(database.url, 2);
    try {
      const [applied_a, applied_b] = await Promise.all([
        migrate(a.pool, newerDir),
        migrate(b.pool, newerDir),
      ]);
      // One of them applied it, the other found it applied (the insert would fail a second time).
      expect([...applied_a, ...applied_b]).toEqual([NEWER]);
    } finally {
      await Promise.all([a.db.destroy(), b.db.destroy()]);
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from newer_build_marker`.execute(database.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('the older build refuses, naming both versions', async () => {
    const refused = await migrate(database.pool).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect((refused as Error).message).toContain(await knownLast());
    expect((refused as Error).message).toContain(NEWER);
  });

  it('an older server exits non-zero with that message and never listens', async () => {
    const result = await new Promise<{ code: number | null; output: string; listened: boolean }>(
      (resolve) => {
        const child = spawn(
          process.execPath,
          [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
          {
            env: {
              ...process.env,
              NODE_ENV: 'test',
              DATABASE_URL: database.url,
              PORT: '0',
              LOG_LEVEL: 'silent',
            },
            stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
          },
        );
        let output = '';
        let listened = false;
        child.stdout?.on('data', (chunk) => (output += chunk));
        child.stderr?.on('data', (chunk) => (output += chunk));
        child.on('message', () => {
          listened = true;
          child.kill('SIGTERM');
        });
        child.on('exit', (code) => resolve({ code, output, listened }));
      },
    );
    expect(result.listened).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/schema is newer than this build/);
    expect(result.output).toContain(await knownLast());
    expect(result.output).toContain(NEWER);
  });
});
