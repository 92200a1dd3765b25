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

/** Statement text → its server-side name; see `preparedStatement`. */
const PREPARED = new Map<string, string>();
const PREPARED_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Registers a hot statement to run as a named prepared statement: each connection parses
 * and plans it once, then sends only Bind/Execute. The ledger's batch call spent ~100–200 µs
 * of server CPU per call (of ~800 µs fixed) parsing and planning the same one-line query
 * (docs/performance.md, round 8). Returns the text, to use as usual (e.g. `CompiledQuery.raw`).
 *
 * A name is per connection and lives as long as the connection: a migration that changes
 * what the statement returns needs a restart, as any change of a function's result type does.
 */
export function preparedStatement(name: string, text: string): string {
  if (!PREPARED_NAME.test(name)) throw new Error(`preparedStatement: bad name ${name}`);
  const known = PREPARED.get(text);
  if (known !== undefined && known !== name) {
    throw new Error(`preparedStatement: ${name} repeats the text of ${known}`);
  }
  for (const [other, otherName] of PREPARED) {
    if (otherName === name && other !== text) {
      throw new Error(`preparedStatement: ${name} is already another statement`);
    }
  }
  PREPARED.set(text, name);
  return text;
}

/** Kysely calls `query(text, values)`: registered texts go out as named statements. */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; only (text, values) is rerouted.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && callback === undefined) {
      const name = PREPARED.get(config);
      if (name !== undefined) return super.query({ name, text: config, values });
    }
    return super.query(config, values, callback);
  }
}

export function createDb(connectionString: string, poolSize = POOL_SIZE_DEFAULT) {
  const pool = new pg.Pool({
    Client: PreparingClient,
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
