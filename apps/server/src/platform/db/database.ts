import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/**
 * The shared connection. Modules never see each other's tables: each repository
 * narrows this handle with `db.withTables<ItsOwnTables>()`.
 */
// biome-ignore lint/complexity/noBannedTypes: the empty schema is the point; see above.
export type Db = Kysely<{}>;

export const POOL_SIZE_DEFAULT = 20;

// BIGINT (int8) and NUMERIC come back as strings by default; money columns are
// int8 and are read as bigint so no amount ever passes through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export function createDb(connectionString: string, poolSize = POOL_SIZE_DEFAULT) {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // A statement that runs this long is a bug or a lock pile-up; fail it loudly.
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
