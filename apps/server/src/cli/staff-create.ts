import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createAuditModule } from '../modules/audit/index.ts';
import { passwordHasher } from '../modules/auth/index.ts';
import { createStaffModule, ROLES, type Role } from '../modules/staff/index.ts';
import { loadConfig } from '../platform/config.ts';
import { connectDatabase } from '../platform/db/connect.ts';
import { isAppError } from '../platform/http/errors.ts';
import { RateLimiter } from '../platform/rate-limit.ts';
import { loadSecretBox } from '../platform/secrets.ts';

/**
 * `npm run staff:create -- --email you@example.com --role owner [--name "…"] [--password …]`
 * Creates a staff account (typically the first owner). Without --password one is
 * generated and printed once. The member enrols TOTP (QR code) at the first sign-in
 * at /admin. Stop the server first when using the embedded database.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'owner' },
    name: { type: 'string' },
    password: { type: 'string' },
  },
});

const problems: string[] = [];
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  problems.push('--email must be an email address');
}
if (!ROLES.includes(values.role as Role))
  problems.push(`--role must be one of ${ROLES.join(', ')}`);
if (problems.length > 0) {
  console.error(`staff:create: ${problems.join('; ')}`);
  console.error('usage: npm run staff:create -- --email you@example.com --role owner');
  process.exit(2);
}

const password = values.password ?? randomBytes(12).toString('base64url');
const config = loadConfig();
const database = await connectDatabase(config, () => {});
let exitCode = 0;
try {
  const secrets = await loadSecretBox({
    key: config.secretsKey,
    previousKey: config.secretsKeyPrevious,
    dataDir: config.dataDir,
  });
  await secrets.verifyAgainst(database.db);
  const audit = createAuditModule(database.db);
  const staff = createStaffModule({
    db: database.db,
    audit: audit.service,
    limiter: new RateLimiter(database.db),
    allowDemo: false,
    passwords: passwordHasher(config.env),
    secrets,
  });
  const row = await staff.service.createAccount(
    {
      email: values.email!,
      name: values.name ?? values.email!.split('@')[0]!,
      role: values.role as Role,
      password,
    },
    { actor: { type: 'system', id: 'cli:staff-create' } },
  );
  console.log(`Created ${row.role} ${row.email} (staff id ${row.id}).`);
  if (!values.password) console.log(`Password (shown once): ${password}`);
  console.log('Sign in at /admin; the first sign-in enrols an authenticator app (TOTP).');
} catch (error) {
  console.error(
    `staff:create: ${isAppError(error) || error instanceof Error ? error.message : String(error)}`,
  );
  exitCode = 1;
} finally {
  await database.close();
}
// Explicit: a library may reset process.exitCode during shutdown.
process.exit(exitCode);
