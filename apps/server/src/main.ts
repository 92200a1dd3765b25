import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { connectDatabase } from './platform/db/connect.ts';
import { seed } from './seed/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await connectDatabase(config, (line) => {
    if (config.logLevel !== 'silent' && /error|fatal|applied/i.test(line))
      console.log(`[db] ${line}`);
  });
  const { app, modules } = await buildApp({ config, db: database.db });
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
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
