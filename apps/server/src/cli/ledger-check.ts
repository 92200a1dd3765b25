import { checkLedger } from '../modules/ledger/index.ts';
import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';

/**
 * `npm run ledger:check`: verifies the ledger's invariants (see modules/ledger/README.md)
 * and exits non-zero, naming each offending account or transfer, on any violation.
 */
const config = loadConfig();
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const result = await checkLedger(database.db);
  if (result.ok) {
    console.log(`ledger check: ok (${result.accounts} accounts)`);
  } else {
    console.error(`ledger check: ${result.violations.length} violation(s)`);
    for (const violation of result.violations) {
      console.error(`  [${violation.check}] ${violation.message}`);
    }
    exitCode = 1;
  }
} finally {
  await database.close();
}
// Explicit: a library may reset process.exitCode during shutdown.
process.exit(exitCode);
