import type { Config } from '../config.ts';
import { createDb } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL; then migrates. */
export async function connectDatabase(config: Config, log: (line: string) => void) {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDb(url);
  try {
    const applied = await migrate(pool);
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    pool,
    url,
    embedded: embedded !== null,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
