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

/** How a registered statement's rows come back; see `preparedStatement`. */
export type PreparedOptions = {
  /**
   * `array`: each row as an array of its columns in select order, not an object. pg builds
   * an object row key by key, ~12 property stores per row that change the object's shape
   * each time; the ledger's batch answer maps its arrays to one object literal instead
   * (docs/performance.md, round 12).
   */
  rowMode?: 'array';
  /** Type parsers for this statement only (pg's `types`), e.g. a cheaper timestamp parser. */
  types?: { getTypeParser: (oid: number, format?: string) => (value: string) => unknown };
};

const TIMESTAMPTZ_OID = 1184;
let last_timestamp_text = '';
let last_timestamp_ms = 0;

/**
 * pg's type parsers, except that a timestamptz equal to the one parsed just before is not
 * parsed again (each value is still a Date of its own): for a statement whose rows mostly
 * share one timestamp, such as a ledger batch's answer, all stamped with its transaction's
 * now().
 */
export const TIMESTAMPS_PARSED_ONCE: PreparedOptions['types'] = {
  getTypeParser: (oid: number) =>
    oid === TIMESTAMPTZ_OID
      ? (text: string) => {
          if (text !== last_timestamp_text) {
            const parsed: unknown = pg.types.getTypeParser(TIMESTAMPTZ_OID)(text);
            // 'infinity' and '-infinity' come as ±Infinity, not Dates: passed on as pg gives them.
            if (!(parsed instanceof Date)) return parsed;
            last_timestamp_ms = parsed.getTime();
            last_timestamp_text = text;
          }
          return new Date(last_timestamp_ms);
        }
      : pg.types.getTypeParser(oid),
};

/** Statement text → its server-side name and options; see `preparedStatement`. */
const PREPARED = new Map<string, { name: string } & PreparedOptions>();
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
export function preparedStatement(
  name: string,
  text: string,
  options: PreparedOptions = {},
): string {
  if (!PREPARED_NAME.test(name)) throw new Error(`preparedStatement: bad name ${name}`);
  const known = PREPARED.get(text);
  if (known !== undefined && known.name !== name) {
    throw new Error(`preparedStatement: ${name} repeats the text of ${known.name}`);
  }
  for (const [other, { name: otherName }] of PREPARED) {
    if (otherName === name && other !== text) {
      throw new Error(`preparedStatement: ${name} is already another statement`);
    }
  }
  PREPARED.set(text, { name, ...options });
  return text;
}

/** Kysely calls `query(text, values)`: registered texts go out as named statements. */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor takes its own config.
  constructor(config?: any) {
    super(config);
    // The pool listens for errors on idle connections only. A connection lost while checked
    // out (PostgreSQL restarting, a failover, a proxy cut) emits 'error' with nobody listening,
    // which would end the process; its query rejects anyway and the pool drops it on release.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; only (text, values) is rerouted.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && callback === undefined) {
      const prepared = PREPARED.get(config);
      if (prepared !== undefined) return super.query({ ...prepared, text: config, values });
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

/** SQLSTATEs and socket errors that mean the database is out of reach, not that a query failed. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown: a fast or smart shutdown terminated the backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/**
 * Whether an error says PostgreSQL cannot be reached right now (restarting, failing over, or
 * the network between): the request may be retried, so it is answered 503, not 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return /^Connection terminated|timeout exceeded when trying to connect|not queryable/.test(
    error.message,
  );
}
