import { createAuditModule } from '../modules/audit/index.ts';
import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';

/**
 * `npm run audit:verify`: walks the hash-chained audit log from the first entry and
 * the chain head. Exit code 0 when intact; 1 naming the first entry that was edited,
 * or reporting removed entries. Stop the server first when using the embedded database.
 */
const config = loadConfig();
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const result = await createAuditModule(database.db).service.verify();
  if (result.ok) {
    console.log(`audit log intact: ${result.entries} entries verified`);
  } else {
    const where = result.entry_id === null ? '' : ` at entry ${result.entry_id}`;
    console.error(
      `AUDIT LOG TAMPERED${where}: ${result.problem} (${result.entries} entries verified before it)`,
    );
    exitCode = 1;
  }
} finally {
  await database.close();
}
// Explicit: a library may reset process.exitCode during shutdown.
process.exit(exitCode);
