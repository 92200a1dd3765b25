import { buildApp } from './app.ts';
import { AUTH_LIMITS_DEFAULT } from './modules/auth/index.ts';
import { ConfigError, loadConfig, SHUTDOWN_TIMEOUT_MS_DEFAULT } from './platform/config.ts';
import { connectDatabase } from './platform/db/connect.ts';
import { SchemaTooNewError } from './platform/db/migrate.ts';
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
  // From the start the signals are this process's: one that comes before the server is up is
  // kept and acted on once there is something to stop (the embedded database at least).
  let shutdown: ((signal: string) => Promise<void>) | null = null;
  let early: string | null = null;
  const onSignal = (signal: string) => {
    if (shutdown) void shutdown(signal);
    else early ??= signal;
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const database = await connectDatabase(
    config,
    (line) => {
      if (config.logLevel !== 'silent' && /error|fatal|applied/i.test(line))
        console.log(`[db] ${line}`);
    },
    { ownSignals: true },
  );
  if (early) {
    await database.close();
    process.exit(0);
  }
  const { app, modules, drain } = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    listenPool: database.listenPool,
    reportsDb: database.reportsDb,
    databaseUrl: database.directUrl,
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

  // Graceful shutdown (decision 0128): drain (readiness false, leases handed over, sockets told
  // to reconnect), stop accepting and finish what is in flight within SHUTDOWN_TIMEOUT_MS,
  // stop the background work, and close the database last: nothing may use it after.
  let closing = false;
  shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(housekeeping);
    const timeout_ms = config.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS_DEFAULT;
    app.log.info({ signal, timeout_ms }, 'draining');
    let code = 0;
    const overdue = setTimeout(() => {
      code = 1;
      app.log.warn({ timeout_ms }, 'shutdown timeout: closing the connections still open');
      app.server.closeAllConnections();
    }, timeout_ms);
    try {
      await drain();
      // Still serving while the proxy's health check sees `draining` and takes this one out.
      const grace_ms = config.shutdownGraceMs ?? 0;
      if (grace_ms > 0) await new Promise((resolve) => setTimeout(resolve, grace_ms));
      await app.close();
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, 'shutdown failed');
    }
    clearTimeout(overdue);
    await database.close().catch((error) => {
      code = 1;
      app.log.error({ err: error }, 'database close failed');
    });
    app.log.info({ signal }, 'stopped');
    process.exit(code);
  };
  if (early) return void shutdown(early);

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
  console.error(
    error instanceof ConfigError || error instanceof SchemaTooNewError ? error.message : error,
  );
  process.exit(1);
});
