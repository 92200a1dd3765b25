import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Forward-only SQL migrations, `NNNN_name.sql`, applied in name order, each in its
 * own transaction. An advisory lock lets several instances start at once safely.
 * An applied file must never change: its checksum is recorded and compared.
 *
 * A build older than its database (the database has migrations this build does not know, as
 * when a newer build started first in a rolling upgrade) refuses to start: it would run code
 * against a schema it was never tested on (decision 0129). The session advisory lock needs a
 * direct connection, not one through PgBouncer in transaction mode (DATABASE_DIRECT_URL).
 */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 7_321_001;

/** The database's schema is newer than this build's: the build must not serve it. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly known: string,
    readonly unknown: string[],
  ) {
    super(
      `Refusing to start: the database's schema is newer than this build. This build knows migrations up to ${known}; the database also has ${unknown.join(', ')}. Deploy the newer build on this instance (a newer instance migrated the database; this one must not serve it).`,
    );
    this.name = 'SchemaTooNewError';
  }
}

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Map(
      (
        await client.query<{ name: string; checksum: string }>(
          'select name, checksum from schema_migrations',
        )
      ).rows.map((row) => [row.name, row.checksum]),
    );
    const known = new Set(files);
    const unknown = [...done.keys()].filter((name) => !known.has(name)).sort();
    if (unknown.length > 0) throw new SchemaTooNewError(files.at(-1) ?? '(none)', unknown);
    for (const name of files) {
      const sql = await readFile(path.join(dir, name), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = done.get(name);
      if (previous !== undefined) {
        if (previous !== checksum) {
          throw new Error(
            `Migration ${name} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
          name,
          checksum,
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return applied;
}
