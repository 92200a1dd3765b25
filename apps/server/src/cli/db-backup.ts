import path from 'node:path';
import { exportHead } from '../modules/audit/index.ts';
import { loadConfig } from '../platform/config.ts';
import { backupDatabase, sizeOf } from '../platform/db/backup.ts';
import { connectDatabase } from '../platform/db/connect.ts';
import { createDb } from '../platform/db/database.ts';
import { runningEmbeddedUrl } from '../platform/db/embedded.ts';

/**
 * `npm run db:backup [-- --out <dir>]`: a consistent backup of the database and the KYC files
 * into a new directory under `<dir>` (default `./backups`), while the server runs or not
 * (docs/ops/README.md, decision 0122). Prints the directory and the audit chain's head.
 */
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
// Paths on the command line are the caller's, not the workspace's npm runs us in.
const callerDir = process.env.INIT_CWD ?? process.cwd();
const outDir = path.resolve(callerDir, outAt >= 0 ? (args[outAt + 1] ?? '') : 'backups');
const config = loadConfig();
const running = config.databaseUrl ? null : await runningEmbeddedUrl(config.dataDir);
const database = running
  ? { ...createDb(running), close: async () => {} }
  : await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const { dir, manifest } = await backupDatabase(database.pool, {
    outDir,
    dataDir: config.dataDir,
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `backup written: ${dir} (${manifest.tables.length} tables, ${rows} rows, ${manifest.kyc_files} KYC files, ${(await sizeOf(dir)).toLocaleString('en')} bytes)`,
  );
  // The head also goes where the scheduled exports go (write-once storage, if the operator
  // pointed it there): a backup restored later is checked against it.
  const head = manifest.audit_head;
  if (head) {
    await exportHead(
      {
        head: async () => ({
          last_id: BigInt(head.last_id),
          last_hash: head.last_hash,
          entries: BigInt(head.entries),
        }),
      },
      config.auditHeadExport.target,
    );
  }
  console.log(
    `audit chain head: ${JSON.stringify(head)}${head ? ` (exported to ${config.auditHeadExport.target})` : ''}`,
  );
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  if (running) await database.pool.end();
  await database.close();
}
process.exit(exitCode);
