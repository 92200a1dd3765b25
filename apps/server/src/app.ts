import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type pg from 'pg';
import { createAffiliateModule } from './modules/affiliate/index.ts';
import { createAuditModule } from './modules/audit/index.ts';
import { type AuthLimits, createAuthModule } from './modules/auth/index.ts';
import { createBackofficeModule } from './modules/backoffice/index.ts';
import { createBonusModule } from './modules/bonus/index.ts';
import { createCashierModule, createPaymentsModule } from './modules/cashier/index.ts';
import {
  createCasinoModule,
  createLobbyModule,
  createOriginalsModule,
} from './modules/casino/index.ts';
import { createComplianceModule } from './modules/compliance/index.ts';
import { createCryptoModule } from './modules/crypto/index.ts';
import { createCurrenciesModule } from './modules/currencies/index.ts';
import { createKycModule } from './modules/kyc/index.ts';
import { createLedgerModule } from './modules/ledger/index.ts';
import { createMailModule } from './modules/mail/index.ts';
import { createPlayersModule, playersRoutes } from './modules/players/index.ts';
import { AnonymiserList, createProtectionModule, gateClient } from './modules/protection/index.ts';
import { createSettingsModule } from './modules/settings/index.ts';
import { createSportsbookModule } from './modules/sportsbook/index.ts';
import {
  createStaffModule,
  STAFF_LIMITS_DEFAULT,
  type StaffLimits,
} from './modules/staff/index.ts';
import { createVitalsModule } from './modules/vitals/index.ts';
import { createWagersModule } from './modules/wagers/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import type { Config } from './platform/config.ts';
import type { Db } from './platform/db/database.ts';
import { createPgEventBus, createSilentEventBus } from './platform/events/event-bus.ts';
import { compressionOptions } from './platform/http/compression.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { installNulGuard } from './platform/http/nul-guard.ts';
import { registerStaticSites } from './platform/http/static-sites.ts';
import { loggerOptions } from './platform/logger.ts';
import { registerMetricsEndpoint } from './platform/metrics/endpoint.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { Outbox } from './platform/outbox/outbox.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { lanternStudio } from './studio/lantern/studio.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Request bodies above this are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 64 * 1024;
const MULTIPART_FIELD_BYTES_MAX = 8 * 1024;
const MULTIPART_FIELDS_MAX = 30;

export type AppOptions = {
  config: Config;
  db: Db;
  /**
   * The pool behind `db`; one of its connections LISTENs for cross-instance events
   * (live wallet pushes). Without it nothing is heard from other instances or the ledger.
   */
  pool?: pg.Pool;
  limits?: Partial<AuthLimits>;
  /** Staff sign-in limits (tests relax them). */
  staffLimits?: Partial<StaffLimits>;
  /** Serve the built web apps (off in API-only tests). */
  serveSites?: boolean;
  /**
   * Deliver domain events from this instance (default). Off, its events wait in the outbox for
   * another instance or an explicit `outbox.drain()` (crash tests).
   */
  deliverEvents?: boolean;
};

/**
 * The composition root: plugins in a fixed order (external → platform → modules),
 * then each module's routes. Modules are built here and meet only through their
 * public index.ts.
 */
export async function buildApp(options: AppOptions) {
  const { config, db } = options;
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the configured number of proxy hops may set the client address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: () => crypto.randomUUID(),
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installNulGuard(app);
  // Prometheus metrics (issue 20): latency per route pattern and errors for every request.
  const metrics = createMetrics({ pool: options.pool });
  metrics.instrumentHttp(app);

  // Modules.
  const audit = createAuditModule(db);
  const settings = createSettingsModule(db, audit.service);
  const mail = createMailModule(db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const currencies = createCurrenciesModule({ db, audit: audit.service });
  const cashier = createCashierModule(db, audit.service, currencies.service);
  const casino = createCasinoModule(db);
  const protection = await createProtectionModule({
    db,
    audit: audit.service,
    env: config.env,
    currencyOf: async (currency_id) =>
      currency_id === null ? null : currencies.service.byId(currency_id),
    geoipFallback: config.geoipFallback,
    anonymisers: config.anonymiserList ? AnonymiserList.load(config.anonymiserList) : undefined,
    log: (message) => app.log.warn(message),
  });
  const players = createPlayersModule(db, currencies.service, audit.service);
  const auth = createAuthModule({
    db,
    players: players.service,
    currencies: currencies.service,
    mail: mail.service,
    audit: audit.service,
    limiter: new RateLimiter(db),
    limits: options.limits,
    publicUrl: () => config.publicUrl,
    brandName: async () => (await settings.service.get()).brand_name,
    minimumAge: (country, ip) => protection.service.minimumAge(country, ip),
    anonymiser: (request) => protection.service.isAnonymiser(gateClient(request, config.env)),
  });
  const logError = (message: string, error: unknown) => app.log.error({ err: error }, message);
  const events = options.pool ? createPgEventBus(options.pool, logError) : createSilentEventBus();
  // Domain events: written with the changes that cause them, delivered after commit.
  const outbox = new Outbox(db, {
    log: logError,
    ...(config.env === 'test' ? { poll_ms: 50 } : {}),
  });
  events.subscribe(Outbox.WAKE_CHANNEL, () => outbox.wake());
  const ledger = createLedgerModule(db, {
    log: logError,
    eventsCommitted: () => outbox.notifyWake(),
  });
  // Batch sizes and times, and the business counters, from the one place all money moves.
  ledger.service.observeBatches(metrics.ledger.batch);
  metrics.ledger.queue(() => ledger.service.queueLength());
  ledger.service.observeMovements((movement) => {
    if (movement.reason_code === 'bet') {
      const product = movement.house === 'sportsbook' ? 'sportsbook' : 'casino';
      metrics.business.bet(product, movement.currency, movement.amount_minor);
    } else if (movement.reason_code === 'deposit') {
      metrics.business.deposit(movement.currency, movement.amount_minor);
    } else if (movement.reason_code === 'withdrawal') {
      metrics.business.withdrawal(movement.currency, movement.amount_minor);
    }
  });
  const wallet = createWalletModule({
    ledger: ledger.service,
    players: players.service,
    currencies: currencies.service,
    auth: auth.hook,
    events,
    log: logError,
  });
  players.service.useWallet(wallet.service);
  // Tests release expired holds explicitly, so a sweep never races their assertions.
  if (config.env !== 'test') ledger.startExpirySweeper((error) => logError('hold expiry', error));
  app.addHook('onClose', async () => {
    await sportsbook.stop();
    wallet.close();
    cryptoPayments.stop();
    await ledger.stop();
    await events.close();
  });
  const staff = createStaffModule({
    db,
    audit: audit.service,
    limiter: new RateLimiter(db),
    limits: {
      login_ip: { ...STAFF_LIMITS_DEFAULT.login_ip, limit: config.staffLogin.limit },
      login_failures: {
        ...STAFF_LIMITS_DEFAULT.login_failures,
        free_failures: config.staffLogin.freeFailures,
      },
      ...options.staffLimits,
    },
    allowDemo: config.env !== 'production' || config.seedDemo,
  });
  const cryptoPayments = createCryptoModule({
    db,
    ledger: ledger.service,
    currencies: currencies.service,
    gate: protection.gate,
    auth: auth.hook,
    staff: staff.auth,
    audit: audit.service,
    withdrawable: async (player_id) => (await wallet.service.summary(player_id)).withdrawable_minor,
    config: { ...config.crypto, env: config.env, publicUrl: () => config.publicUrl },
    log: logError,
  });
  // Tests run the sweep explicitly, like the hold expiry.
  if (config.env !== 'test') cryptoPayments.startSweeper();
  const bonus = createBonusModule({
    db,
    ledger: ledger.service,
    gate: protection.gate,
    audit: audit.service,
    auth: auth.hook,
    staff: staff.auth,
    env: config.env,
    scaleOf: async (code) => (await currencies.service.byCode(code))?.scale ?? 2,
    currencyOf: async (_player_id, currency_id) =>
      currency_id === null ? null : ((await currencies.service.byId(currency_id))?.code ?? null),
    links: {
      countryOf: async (player_id) => (await players.service.byId(player_id))?.country ?? null,
      // One welcome offer per person: accounts sharing a payment instrument, a device or a
      // public address, as the compliance module links them (the same queries its AML rules use).
      linkedPlayers: (player_id) => compliance.service.linkedAccounts(player_id),
    },
    events,
    outbox,
    log: logError,
  });
  // The one bet path every product calls.
  const wagers = createWagersModule({
    db,
    ledger: ledger.service,
    gate: protection.gate,
    bonus: bonus.ports.spending,
    freeBets: bonus.ports.freeBets,
    freeRounds: bonus.ports.freeRounds,
    outbox,
  });
  const sportsbook = createSportsbookModule({
    db,
    wagers: wagers.service,
    audit: audit.service,
    currencies: currencies.service,
    auth: auth.hook,
    env: config.env,
    log: logError,
  });
  // Tests drive the feed themselves (feed.schedule / feed.tick); nothing ticks on its own.
  if (config.env !== 'test') sportsbook.start();

  // Cash a bonus locks (its deposit, while wagering on bonus + deposit) is not withdrawable.
  wallet.service.useWageringPolicy((player_id, currency) =>
    bonus.service.lockedCash(player_id, currency.code),
  );
  if (config.env !== 'test') bonus.startSweeper();
  app.addHook('onClose', async () => bonus.stop());
  // Fiat and INR deposits and withdrawals (the cashier's payments; issue 16).
  const payments = createPaymentsModule({
    db,
    cashier,
    currencies: currencies.service,
    ledger: ledger.service,
    gate: protection.gate,
    audit: audit.service,
    auth: auth.hook,
    staff: staff.auth,
    env: config.env,
    sandboxSecret: config.cashierSandboxSecret,
    options: {
      publicUrl: () => config.publicUrl,
      withdrawable: async (player_id) =>
        (await wallet.service.summary(player_id)).withdrawable_minor,
      // The back office's four-eyes threshold per currency (the adjustments' one).
      fourEyesThreshold: (currency) => backoffice.service.approvalThreshold(currency),
      log: logError,
    },
  });
  // The bonus engine checks a deposit's coupon before payment and grants on credit.
  payments.service.useCouponCheck((player, code, amount_minor) =>
    bonus.service.validateCoupon(player, code, amount_minor),
  );
  payments.service.onDepositCredited(async (event) => {
    await bonus.service.onDepositCredited(event);
  });
  // AML monitoring: rules run on each credited deposit, and by a sweep over new activity
  // (crypto credits, withdrawal requests, sign-ins); hits become alerts in the compliance queue.
  const compliance = createComplianceModule({
    db,
    audit: audit.service,
    protection: protection.service,
    auth: auth.hook,
    staff: staff.auth,
    scaleOf: async (code) => (await currencies.service.byCode(code))?.scale ?? 2,
    log: logError,
    cashBalance: async (player_id) => {
      const summary = await wallet.service.summary(player_id);
      return summary.cash_balance_minor;
    },
    closeAccount: async (player_id) => {
      await players.service.update(player_id, { status: 'closed' });
      await auth.service.revokeAllSessions(player_id, 'player_closed');
    },
  });
  payments.service.onDepositCredited((event) => compliance.service.onActivity(event.player_id));
  if (config.env !== 'test') compliance.start();
  app.addHook('onClose', async () => compliance.stop());
  // Tests run the sweep explicitly.
  if (config.env !== 'test') payments.startSweeper();
  app.addHook('onClose', async () => payments.stop());
  const affiliate = createAffiliateModule({
    db,
    players: players.service,
    ledger: ledger.service,
    currencies: currencies.service,
    audit: audit.service,
    limiter: new RateLimiter(db),
    auth: auth.hook,
    staff: staff.auth,
    publicUrl: () => config.publicUrl,
    log: logError,
  });
  if (config.env !== 'test') affiliate.startJob();
  app.addHook('onClose', async () => affiliate.stop());
  const originals = createOriginalsModule({
    db,
    env: config.env,
    log: logError,
    currencyByCode: (code) => currencies.service.byCode(code),
    currencyOf: async (currency_id) =>
      currency_id === null ? null : currencies.service.byId(currency_id),
    wagers: wagers.service,
  });
  if (config.env !== 'test') originals.startSweeper();
  // One Crash round for everybody: run the engine on one instance only (see the module README).
  // CRASH_ENGINE=on|off overrides the default (on outside tests; the browser journeys turn it on).
  if (config.crashEngine ?? config.env !== 'test') await originals.startCrash();
  app.addHook('onClose', async () => originals.stop());
  if (options.deliverEvents !== false) outbox.start();
  app.addHook('onClose', async () => outbox.stop());
  // Identity verification: its state (players.kyc_status) gates every withdrawal.
  const kyc = createKycModule({
    db,
    players: players.service,
    audit: audit.service,
    auth: auth.hook,
    staff: staff.auth,
    dataDir: config.dataDir,
    publicUrl: () => config.publicUrl,
    vendor: { name: config.kyc.vendor, callbackSecret: config.kyc.callbackSecret },
  });
  const vitals = createVitalsModule({ db, observe: metrics.webVital, log: logError });
  if (config.env !== 'test') vitals.startSweeper();
  app.addHook('onClose', async () => vitals.stop());
  // The lobby, game launches and the seamless-wallet provider API (issue 17).
  const playerCurrency = async (player_id: bigint) => {
    const player = await players.service.byId(player_id);
    return player?.currency_id == null ? null : currencies.service.byId(player.currency_id);
  };
  const lobby = createLobbyModule({
    db,
    gate: protection.gate,
    env: config.env,
    log: logError,
    playerCurrency,
    rateToEur: async (code) => (await currencies.service.byCode(code))?.rate_to_eur ?? null,
    wagers: wagers.service,
  });
  if (config.env !== 'test') lobby.startSweeper();
  app.addHook('onClose', async () => lobby.stop());
  // The in-repo demo studio calls this server's provider API over HTTP, like any studio.
  // The in-repo demo studio's integration code (the seed connects it under the same code).
  const LANTERN_CODE = 'lantern';
  const lanternStudioSetup = config.lanternStudioSecret
    ? { secret: config.lanternStudioSecret, launchUrl: '/studio/lantern/' }
    : null;
  const backoffice = createBackofficeModule({
    db,
    audit: audit.service,
    players: players.service,
    auth: auth.service,
    cashier: cashier.service,
    currencies: currencies.service,
    settings: settings.service,
    staff,
    wallet: wallet.service,
    ledger: ledger.service,
    adminRoutes: [
      bonus.adminRoutes,
      affiliate.adminRoutes,
      cryptoPayments.adminRoutes,
      payments.adminRoutes,
      kyc.adminRoutes,
      protection.adminRoutes(staff.auth),
      compliance.adminRoutes,
      sportsbook.adminRoutes(staff.auth),
      vitals.adminRoutes(staff.auth),
      originals.adminRoutes(staff.auth, audit.service),
      lobby.adminRoutes(audit.service, staff.auth, lanternStudioSetup ? [LANTERN_CODE] : []),
    ],
  });

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  await app.register(cors, {
    // Same-origin requests need no CORS; other origins only from the allow-list.
    origin: async (origin: string | undefined) => {
      if (!origin) return false;
      const allowed = [...config.corsOrigins, ...(await settings.service.get()).cors_origins];
      return allowed.includes(origin);
    },
    credentials: false,
    maxAge: 600,
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      files: 0,
      fields: MULTIPART_FIELDS_MAX,
      fieldSize: MULTIPART_FIELD_BYTES_MAX,
      parts: MULTIPART_FIELDS_MAX,
    },
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  metrics.instrumentWebSockets(app.websocketServer);
  // Before every route: it adds its onSend hook to the routes registered after it (issue 20).
  await app.register(compress, compressionOptions);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Casino platform API',
        version: '1.0.0',
        description:
          'Player API v1. Every JSON answer carries `status` (equal to the HTTP status) and `message`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles; and over plain HTTP (development) an upgrade directive breaks it.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(config.env === 'production' ? /$^/ : /upgrade-insecure-requests;?/, ''),
  });

  // Platform routes.
  await registerMetricsEndpoint(app, metrics.registry, config.metrics);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 200, message: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 200, message: 'ready' };
    } catch {
      return reply.status(503).send({ status: 503, message: 'database unavailable' });
    }
  });

  // Every route that moves player money names its action; the list lets a test prove each
  // one passes the protection gate. The whole table lets a test send every route bad input.
  const moneyRoutes: Array<{ method: string; url: string; action: string }> = [];
  const routeTable: Array<{ method: string; url: string; websocket: boolean }> = [];
  app.addHook('onRoute', (route) => {
    const action = route.config?.moneyAction;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, websocket: Boolean(route.websocket) });
      if (action) moneyRoutes.push({ method, url: route.url, action });
    }
  });

  // Module routes.
  await app.register(
    async (api) => {
      await api.register(settings.routes);
      await api.register(cashier.routes);
      await api.register(casino.routes);
      await api.register(originals.routes(auth.hook));
      await api.register(lobby.routes(auth.hook));
      await api.register(auth.routes);
      await api.register(playersRoutes(players.service, auth.hook));
      await api.register(wallet.routes);
      await api.register(cryptoPayments.routes);
      await api.register(payments.routes);
      await api.register(kyc.routes);
      await api.register(bonus.routes);
      await api.register(affiliate.routes);
      await api.register(protection.routes(auth.hook));
      await api.register(compliance.routes);
      await api.register(compliance.privacyRoutes);
      await api.register(sportsbook.routes);
      await api.register(vitals.routes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(backoffice.routes, { prefix: '/api/admin' });
  await app.register(lobby.providerRoutes, { prefix: '/api/provider/v1' });
  if (lanternStudioSetup) {
    await app.register(
      lanternStudio({
        code: LANTERN_CODE,
        secret: lanternStudioSetup.secret,
        // This process's own address once it listens (the studio is a client like any other).
        operatorUrl: () => {
          const address = app.server.address();
          const port = typeof address === 'object' && address ? address.port : config.port;
          return `http://127.0.0.1:${port}`;
        },
        log: logError,
      }),
      { prefix: '/studio/lantern' },
    );
  }
  if (payments.sandboxPages) await app.register(payments.sandboxPages);
  if (config.env !== 'production') await app.register(mail.devRoutes);
  if (config.env !== 'production') await app.register(sportsbook.devRoutes);
  if (config.env !== 'production') await app.register(affiliate.devRoutes);

  if (options.serveSites !== false) {
    await registerStaticSites(app, {
      webDist: path.join(ROOT, 'apps/web/dist'),
      backofficeDist: path.join(ROOT, 'apps/backoffice/dist'),
      cacheTemplates: config.env === 'production',
      seo: async () => {
        const current = await settings.service.get();
        return {
          title: current.seo_title || current.brand_name,
          description: current.seo_description,
          brand: current.brand_name,
          // GET /settings/public's data, inlined: the first render has the brand without a request.
          boot: { 'settings/public': await settings.service.getPublic() },
        };
      },
    });
  }

  const modules = {
    audit,
    settings,
    mail,
    currencies,
    cashier,
    casino,
    originals,
    lobby,
    lanternStudio: lanternStudioSetup,
    protection,
    compliance,
    players,
    auth,
    staff,
    backoffice,
    ledger,
    wallet,
    crypto: cryptoPayments,
    payments,
    kyc,
    moneyRoutes,
    routeTable,
    metrics,
    vitals,
    bonus,
    affiliate,
    sportsbook,
    wagers,
    outbox,
    events,
  };
  return { app: app as unknown as FastifyInstance, modules };
}

export type AppModules = Awaited<ReturnType<typeof buildApp>>['modules'];
