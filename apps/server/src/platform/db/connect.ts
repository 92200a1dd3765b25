import type { Config } from '../config.ts';
import { createDb, POOL_SIZE_DEFAULT } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

/** The direct connections: the LISTEN connection, and the migrations' lock while they run. */
const DIRECT_POOL_SIZE = 2;
/** Read-only report and export queries on the replica; few and heavy. */
const REPLICA_POOL_SIZE = 4;

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL; then migrates. With
 * DATABASE_DIRECT_URL (DATABASE_URL being PgBouncer in transaction mode) the migrations and
 * the LISTEN connection use a direct pool of their own; with DATABASE_REPLICA_URL the heavy
 * reports read from a replica (docs/ops/scaling.md, decision 0131).
 * `ownSignals`: the caller drains on SIGTERM and stops the embedded server itself.
 */
export async function connectDatabase(
  config: Config,
  log: (line: string) => void,
  options: { ownSignals?: boolean } = {},
) {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres(config.dataDir, log, options);
  const url = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDb(url, config.databasePoolSize ?? POOL_SIZE_DEFAULT);
  const directUrl = config.databaseUrl ? config.databaseDirectUrl : undefined;
  const direct = directUrl ? createDb(directUrl, DIRECT_POOL_SIZE) : null;
  const replica =
    config.databaseUrl && config.databaseReplicaUrl
      ? createDb(config.databaseReplicaUrl, REPLICA_POOL_SIZE)
      : null;
  const destroy = async () => {
    await Promise.all([db.destroy(), direct?.db.destroy(), replica?.db.destroy()]);
  };
  try {
    const applied = await migrate(direct?.pool ?? pool);
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    pool,
    url,
    /** The address for session state (LISTEN, pg-boss's own pool): direct when given. */
    directUrl: directUrl ?? url,
    /** The pool for the LISTEN connection. */
    listenPool: direct?.pool ?? pool,
    /** Read-only reports: the replica when given, else the primary. */
    reportsDb: replica?.db ?? db,
    embedded: embedded !== null,
    close: async () => {
      await destroy();
      await embedded?.stop();
    },
  };
}
