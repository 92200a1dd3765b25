import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createAuditModule } from '../modules/audit/index.ts';
import { createSettingsModule } from '../modules/settings/index.ts';
import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';
import { isAppError } from '../platform/http/errors.ts';

/**
 * `npm run settings:set -- licence_text="Licensed by …" company_text="Example Ltd, …"`
 * `npm run settings:set -- --file operator-settings.json`
 * Sets operator settings from the command line or a JSON file, before the first production
 * start (which refuses to run while the licence and company texts are empty) and without the
 * development mode that loads demo data. Migrates the database first; validated like the back
 * office's settings screen; audited. Stop the server first when using the embedded database.
 */
const { values, positionals } = parseArgs({
  options: { file: { type: 'string' } },
  allowPositionals: true,
});

const patch: Record<string, unknown> = {};
const problems: string[] = [];
if (values.file) {
  try {
    const parsed = JSON.parse(await readFile(values.file, 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      problems.push(`${values.file} must hold one JSON object of settings`);
    else Object.assign(patch, parsed);
  } catch (error) {
    problems.push(`${values.file}: ${(error as Error).message}`);
  }
}
for (const pair of positionals) {
  const at = pair.indexOf('=');
  if (at < 1) {
    problems.push(`"${pair}" is not key=value`);
    continue;
  }
  const raw = pair.slice(at + 1);
  // Lists (languages, CORS origins) may be given as JSON.
  let value: unknown = raw;
  if (/^[[{]/.test(raw.trim())) {
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push(`${pair.slice(0, at)}: not valid JSON`);
    }
  }
  patch[pair.slice(0, at)] = value;
}
if (problems.length === 0 && Object.keys(patch).length === 0)
  problems.push('nothing to set: give key=value pairs or --file settings.json');
if (problems.length > 0) {
  console.error(`settings:set: ${problems.join('; ')}`);
  console.error(
    'usage: npm run settings:set -- licence_text="…" company_text="…"  (or --file settings.json)',
  );
  process.exit(2);
}

const config = loadConfig();
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const audit = createAuditModule(database.db);
  const settings = createSettingsModule(database.db, audit.service);
  await settings.service.update(patch, { type: 'system', id: 'cli:settings-set' });
  const missing = await settings.service.missingLegalTexts();
  console.log(`Saved: ${Object.keys(patch).join(', ')}.`);
  console.log(
    missing.length === 0
      ? 'The licence and company texts are set: NODE_ENV=production can start.'
      : `Still empty (production will not start): ${missing.join(', ')}.`,
  );
} catch (error) {
  console.error(`settings:set: ${isAppError(error) ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
