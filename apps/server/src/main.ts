import { buildApp } from './app.ts';
import { AUTH_LIMITS_DEFAULT } from './modules/auth/index.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { connectDatabase } from './platform/db/connect.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { seed } from './seed/index.ts';

const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60_000;

/** Said on every start outside production, whatever the log level: nobody should miss it. */
function developmentBanner(env: string, host: string, port: number): string {
  const lines = [
    `NODE_ENV=${env}: NOT FOR REAL MONEY`,
    'Demo data, sandbox payments, and tools that show every mail and approve any sandbox',
    'deposit (/dev/*, /sandbox/*), which answer only to this machine.',
    `Listening on ${host}:${port}${isLoopbackHost(host) ? ' (this machine only; set HOST to open it)' : ''}.`,
    'A real deployment runs with NODE_ENV=production.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}

const isLoopbackHost = (host: string) => /^(127\.|::1$|localhost$)/.test(host);

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await connectDatabase(config, (line) => {
    if (config.logLevel !== 'silent' && /error|fatal|applied/i.test(line))
      console.log(`[db] ${line}`);
  });
  const { app, modules } = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    databaseUrl: database.url,
    limits: { signup_ip: { ...AUTH_LIMITS_DEFAULT.signup_ip, limit: config.signupLimitPerHour } },
  });
  await seed(modules, { demo: config.seedDemo });

  if (config.env === 'production') {
    const missing = await modules.settings.service.missingLegalTexts();
    if (missing.length > 0) {
      await app.close();
      await database.close();
      throw new ConfigError(
        missing.map((key) => `operator setting ${key} is empty: a licensed operator must show it`),
      );
    }
  }

  // Housekeeping: counters of finished windows are dead weight. Every instance may run
  // it; the delete is idempotent.
  const limiter = new RateLimiter(database.db);
  const housekeeping = setInterval(() => {
    limiter
      .prune(RATE_LIMIT_RETENTION_MS)
      .catch((error) => app.log.warn({ err: error }, 'prune failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(housekeeping);
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (config.env !== 'production') console.error(developmentBanner(config.env, config.host, port));
  app.log.info(
    { database: database.embedded ? `embedded (${config.dataDir})` : 'external' },
    `ready on http://localhost:${port}`,
  );
  if (process.send) process.send({ type: 'ready', port });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
