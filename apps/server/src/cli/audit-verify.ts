import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ChainHead, createAuditModule, parseHeads } from '../modules/audit/index.ts';
import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';

/**
 * `npm run audit:verify [-- --heads <file>]`: walks the hash-chained audit log from the first
 * entry and the chain head, and checks it against the heads exported earlier (the file given,
 * else the export file AUDIT_HEAD_EXPORT names, when it is a file that exists): a chain rewritten
 * whole no longer matches them. Exit code 0 when intact; 1 naming the first entry that was
 * edited, or reporting removed entries. Stop the server first when using the embedded database.
 */
const args = process.argv.slice(2);
const config = loadConfig();
const headsAt = args.indexOf('--heads');
const headsFile =
  headsAt >= 0
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[headsAt + 1] ?? '')
    : /^https?:\/\//.test(config.auditHeadExport.target) ||
        !existsSync(config.auditHeadExport.target)
      ? null
      : config.auditHeadExport.target;
let anchors: ChainHead[] = [];
try {
  anchors = headsFile ? parseHeads(await readFile(headsFile, 'utf8')) : [];
} catch (error) {
  console.error(`cannot read the exported heads ${headsFile}: ${(error as Error).message}`);
  process.exit(2);
}
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const result = await createAuditModule(database.db).service.verify(anchors);
  const against = headsFile ? `, against ${anchors.length} exported heads in ${headsFile}` : '';
  if (result.ok) {
    console.log(`audit log intact: ${result.entries} entries verified${against}`);
  } else {
    const where = result.entry_id === null ? '' : ` at entry ${result.entry_id}`;
    console.error(
      `AUDIT LOG TAMPERED${where}: ${result.problem} (${result.entries} entries verified before it${against})`,
    );
    exitCode = 1;
  }
} finally {
  await database.close();
}
// Explicit: a library may reset process.exitCode during shutdown.
process.exit(exitCode);
