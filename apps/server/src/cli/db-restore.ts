import path from 'node:path';
import { loadConfig } from '../platform/config.ts';
import { restoreDatabase } from '../platform/db/backup.ts';
import { connectDatabase } from '../platform/db/connect.ts';
import { runningEmbeddedUrl } from '../platform/db/embedded.ts';

/**
 * `npm run db:restore -- <backup-dir> [--replace]`: loads a backup made by `db:backup` into the
 * configured database (the embedded one under DATA_DIR, or DATABASE_URL), migrated first to the
 * backup's migrations. A database that already has players or money is refused unless
 * `--replace`. Stop the server first. Then run `npm run ledger:check` and `npm run audit:verify`.
 */
const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith('--'));
if (!dir) {
  console.error('usage: npm run db:restore -- <backup-dir> [--replace]');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl && (await runningEmbeddedUrl(config.dataDir))) {
  console.error(`a server is running on ${config.dataDir}: stop it before restoring`);
  process.exit(1);
}
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const manifest = await restoreDatabase(database.pool, {
    // The caller's path, not the workspace's npm runs us in.
    dir: path.resolve(process.env.INIT_CWD ?? process.cwd(), dir),
    dataDir: config.dataDir,
    replace: args.includes('--replace'),
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.kyc_files} KYC files from the backup of ${manifest.created_at}`,
  );
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
