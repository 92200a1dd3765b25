import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';
import { loadSecretBox } from '../platform/secrets.ts';
import { rotateSecrets } from '../secrets-rotation.ts';

/**
 * `npm run secrets:rotate`: re-seals every secret at rest under SECRETS_KEY, opening the old
 * ones with SECRETS_KEY_PREVIOUS (docs/ops/secrets-key-rotation.md, decision 0661). Safe to run
 * again, and to run while the servers run: a stopped run is finished by the next one. Exits 1
 * while any value would not open.
 */
const USAGE = `usage: SECRETS_KEY=<new> SECRETS_KEY_PREVIOUS=<old> npm run secrets:rotate

Re-seals every secret at rest (TOTP secrets, the odds feed's API key) under SECRETS_KEY.
Run it once every instance has the new key as SECRETS_KEY and the old as SECRETS_KEY_PREVIOUS;
then drop SECRETS_KEY_PREVIOUS. See docs/ops/secrets-key-rotation.md.`;

const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfig();
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const box = await loadSecretBox({
    key: config.secretsKey,
    previousKey: config.secretsKeyPrevious,
    dataDir: config.dataDir,
  });
  const report = await rotateSecrets(database.db, box);
  for (const { owner, count } of report.resealed)
    console.log(`secrets:rotate: ${owner}: ${count} value(s) re-sealed`);
  if (report.complete) {
    console.log(
      `secrets:rotate: every secret is sealed under key ${report.key_id}; SECRETS_KEY_PREVIOUS may go (keep the old key as long as backups made under it)`,
    );
  } else {
    console.error(
      `secrets:rotate: not finished: values that would not open under SECRETS_KEY or SECRETS_KEY_PREVIOUS (altered, or sealed under another key; the first ${report.unopened.length} named); keep SECRETS_KEY_PREVIOUS: ${report.unopened.join(', ')}`,
    );
    exitCode = 1;
  }
} catch (error) {
  console.error(`secrets:rotate: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await database.close();
}
// Explicit: a library may reset process.exitCode during shutdown.
process.exit(exitCode);
