import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WS_CLOSE_SERVICE_RESTART, WS_CLOSE_SERVICE_RESTART_REASON } from '@casino/contracts';
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
import { createAuditModule, headExportJob } from './modules/audit/index.ts';
import { type AuthLimits, createAuthModule, passwordHasher } from './modules/auth/index.ts';
import { createBackofficeModule } from './modules/backoffice/index.ts';
import { createBonusModule } from './modules/bonus/index.ts';
import { createCashierModule, createPaymentsModule } from './modules/cashier/index.ts';
import {
  createCasinoModule,
  createLobbyModule,
  createOriginalsModule,
  createRecallModule,
} from './modules/casino/index.ts';
import { createComplianceModule, createPrivacyModule } from './modules/compliance/index.ts';
import { createCryptoModule, createCryptoRecordsModule } from './modules/crypto/index.ts';
import { createCurrenciesModule } from './modules/currencies/index.ts';
import { createKycModule } from './modules/kyc/index.ts';
import { createLedgerModule } from './modules/ledger/index.ts';
import { createLoyaltyModule } from './modules/loyalty/index.ts';
import { createMailModule } from './modules/mail/index.ts';
import { createPlayersModule, playersRoutes } from './modules/players/index.ts';
import { AnonymiserList, createProtectionModule } from './modules/protection/index.ts';
import { createRacesModule, RACES_LEASE } from './modules/races/index.ts';
import { createSettingsModule } from './modules/settings/index.ts';
import { createSportsbookModule } from './modules/sportsbook/index.ts';
import {
  createStaffModule,
  STAFF_LIMITS_DEFAULT,
  type StaffLimits,
} from './modules/staff/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createVitalsModule } from './modules/vitals/index.ts';
import { createWagersModule } from './modules/wagers/index.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import type { Config } from './platform/config.ts';
import type { Db } from './platform/db/database.ts';
import { createPgEventBus, createSilentEventBus } from './platform/events/event-bus.ts';
import { compressionOptions } from './platform/http/compression.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { loopbackOnly } from './platform/http/loopback.ts';
import { installNulGuard } from './platform/http/nul-guard.ts';
import { registerStaticSites } from './platform/http/static-sites.ts';
import { JobQueue } from './platform/jobs.ts';
import { LeaderLease } from './platform/leader.ts';
import { loggerOptions } from './platform/logger.ts';
import { registerMetricsEndpoint } from './platform/metrics/endpoint.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { Outbox } from './platform/outbox/outbox.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { loadSecretBox, type SecretBox } from './platform/secrets.ts';
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
  /** The pool whose connection LISTENs (a direct one behind PgBouncer); default `pool`. */
  listenPool?: pg.Pool;
  /** Heavy read-only reports: a read replica when DATABASE_REPLICA_URL is set; default `db`. */
  reportsDb?: Db;
  limits?: Partial<AuthLimits>;
  /** Staff sign-in limits (tests relax them). */
  staffLimits?: Partial<StaffLimits>;
  /** Serve the built web apps (off in API-only tests). */
  serveSites?: boolean;
  /** The database's address, for the job queue's own connections (no scheduled jobs without it). */
  databaseUrl?: string;
  /**
   * Deliver domain events from this instance (default). Off, its events wait in the outbox for
   * another instance or an explicit `outbox.drain()` (crash tests).
   */
  deliverEvents?: boolean;
  /** The key secrets at rest are sealed with; default from `SECRETS_KEY` or the data directory. */
  secrets?: SecretBox;
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
    // While closing, a request already on an open connection is served as usual, not answered
    // 503: a rolling restart must return no 5xx (decision 0128). The drain's `connection: close`
    // moves clients off first.
    return503OnClosing: false,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installNulGuard(app);
  // Prometheus metrics (issue 20): latency per route pattern and errors for every request.
  const metrics = createMetrics({ pool: options.pool });
  metrics.instrumentHttp(app);

  // Platform: cross-instance notifications, the outbox of domain events.
  const logError = (message: string, error: unknown) => app.log.error({ err: error }, message);
  const listenPool = options.listenPool ?? options.pool;
  const events = listenPool ? createPgEventBus(listenPool, logError) : createSilentEventBus();
  // Domain events: written with the changes that cause them, delivered after commit.
  const outbox = new Outbox(db, {
    log: logError,
    retention_hours: config.outboxRetentionHours,
    ...(config.env === 'test' ? { poll_ms: 50 } : {}),
  });
  events.subscribe(Outbox.WAKE_CHANNEL, () => outbox.wake());
  outbox.subscribe(metrics.subscriber);

  // Secrets at rest: a key that is not the database's stops the start here (decision 0135).
  const secrets =
    options.secrets ??
    (await loadSecretBox({
      key: config.secretsKey,
      previousKey: config.secretsKeyPrevious,
      dataDir: config.dataDir,
    }));
  await secrets.verifyAgainst(db);

  // Modules, each built from the ones before it (the order is the dependency order).
  const audit = createAuditModule(db);
  const currencies = createCurrenciesModule({ db, audit: audit.service });
  const ledger = createLedgerModule(db, currencies.service, {
    log: logError,
    eventsCommitted: () => outbox.notifyWake(),
  });
  metrics.instrumentLedger(ledger.service);
  const settings = createSettingsModule(db, audit.service);
  const mail = createMailModule(db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: logError,
  });
  const cashier = createCashierModule(db, audit.service, currencies.service);
  // What other modules read of crypto deposits and withdrawals (the flows come later).
  const cryptoRecords = createCryptoRecordsModule({ db });
  const casino = createCasinoModule(db);
  const players = createPlayersModule({
    db,
    currencies: currencies.service,
    audit: audit.service,
    events,
  });
  const protection = await createProtectionModule({
    db,
    audit: audit.service,
    env: config.env,
    currencies: currencies.service,
    players: players.service,
    ledger: ledger.service,
    events,
    geoipFallback: config.geoipFallback,
    anonymisers: config.anonymiserList ? AnonymiserList.load(config.anonymiserList) : undefined,
    log: (message) => app.log.warn(message),
  });
  const passwords = passwordHasher(config.env);
  const auth = createAuthModule({
    db,
    passwords,
    players: players.service,
    currencies: currencies.service,
    mail: mail.service,
    audit: audit.service,
    limiter: new RateLimiter(db),
    limits: options.limits,
    publicUrl: () => config.publicUrl,
    settings: settings.service,
    protection: protection.service,
    env: config.env,
    secrets,
  });
  const staff = createStaffModule({
    db,
    passwords,
    secrets,
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
  // AML monitoring: rules as data, run on money-in and money-out events and by a sweep.
  const compliance = createComplianceModule({
    db,
    audit: audit.service,
    protection: protection.service,
    auth: auth.hook,
    staff: staff.auth,
    currencies: currencies.service,
    ledger: ledger.service,
    players: players.service,
    staffNames: staff.service,
    signIns: auth.service,
    money: [cashier.records, cryptoRecords.service],
    outbox,
    log: logError,
  });
  const bonus = createBonusModule({
    db,
    ledger: ledger.service,
    gate: protection.gate,
    audit: audit.service,
    auth: auth.hook,
    staff: staff.auth,
    env: config.env,
    currencies: currencies.service,
    players: players.service,
    compliance: compliance.service,
    events,
    outbox,
    log: logError,
  });
  const wallet = createWalletModule({
    ledger: ledger.service,
    players: players.service,
    currencies: currencies.service,
    wagering: bonus.service,
    auth: auth.hook,
    events,
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
    events,
    env: config.env,
    log: logError,
    secrets,
  });
  const originals = createOriginalsModule({
    db,
    currencies: currencies.service,
    wagers: wagers.service,
    env: config.env,
    log: logError,
    crashPhases: config.crashPhases,
    events,
  });
  // The lobby, game launches and the seamless-wallet provider API for studios.
  // Round recall: a page for every casino bet, the last rounds per game (player, back office).
  const recall = createRecallModule({
    db,
    originals,
    currencies: currencies.service,
    players: players.service,
  });
  // The statement names each bet's game or event (one batched read per product and page).
  wallet.service.useBetNames(
    (player_id, ids) => recall.service.betNames(player_id, ids),
    (player_id, ids) => sportsbook.service.betNames(player_id, ids),
  );
  const lobby = createLobbyModule({
    db,
    gate: protection.gate,
    currencies: currencies.service,
    players: players.service,
    wagers: wagers.service,
    env: config.env,
    log: logError,
  });
  // VIP levels and rakeback: fed by settled bets off the bet path, paid through the ledger.
  const loyalty = createLoyaltyModule({
    db,
    ledger: ledger.service,
    currencies: currencies.service,
    originals: originals.service,
    lobby: lobby.service,
    bonus: bonus.service,
    gate: protection.gate,
    marketing: protection.service,
    audit: audit.service,
    auth: auth.hook,
    staff: staff.auth,
    outbox,
    log: logError,
  });
  // Races: scored from settled bets off the bet path, ended and paid under the `races` lease.
  const races = createRacesModule({
    db,
    ledger: ledger.service,
    currencies: currencies.service,
    gate: protection.gate,
    players: players.service,
    audit: audit.service,
    events,
    auth: auth.hook,
    staff: staff.auth,
    outbox,
    log: logError,
  });
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
  });
  // Fiat and INR deposits and withdrawals (the cashier's payments).
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
      twoFactor: auth.service.twoFactor,
      publicUrl: () => config.publicUrl,
      // The back office's four-eyes threshold per currency (the adjustments' one).
      approvals: backoffice.service,
      wallet: wallet.service,
      coupons: bonus.service,
      log: logError,
    },
    tracker: { wagering: bonus.service, freeze: protection.service, crypto: cryptoRecords.service },
  });
  const cryptoPayments = createCryptoModule({
    db,
    ledger: ledger.service,
    currencies: currencies.service,
    gate: protection.gate,
    auth: auth.hook,
    staff: staff.auth,
    audit: audit.service,
    wallet: wallet.service,
    twoFactor: auth.service.twoFactor,
    config: { ...config.crypto, env: config.env, publicUrl: () => config.publicUrl },
    log: logError,
  });
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
  const vitals = createVitalsModule({
    db,
    ...(options.reportsDb ? { reportsDb: options.reportsDb } : {}),
    observe: metrics.webVital,
    log: logError,
  });
  // Scheduled jobs on pg-boss (outside tests, given the database's address): the modules'
  // schedules and the audit head's export.
  const jobs =
    config.env !== 'test' && options.databaseUrl
      ? new JobQueue(
          options.databaseUrl,
          [
            ...compliance.jobs,
            ...bonus.jobs,
            ...affiliate.jobs,
            ...loyalty.jobs,
            headExportJob(audit.service, config.auditHeadExport),
          ],
          { log: logError },
        )
      : null;
  // The back office's view of event delivery, the jobs and the leases, and their repair.
  const system = createSystemModule({
    outbox,
    audit: audit.service,
    jobs,
    leases: () => LeaderLease.all(db),
  });
  // The player's data rights: the export asks every module that stores player data.
  const privacy = createPrivacyModule({
    db,
    audit: audit.service,
    auth: auth.hook,
    sources: [
      players.service,
      auth.service,
      cashier.records,
      cryptoRecords.service,
      ledger.service,
      originals.service,
      sportsbook.service,
      bonus.service,
      protection.service,
      compliance.service,
    ],
    ledger: ledger.service,
    players: players.service,
    sessions: auth.service,
  });
  // Secrets written in clear before they were sealed are sealed now, by their owners.
  let sealed = 0;
  for (const owner of [auth, staff, sportsbook])
    sealed += (await owner.secretsAtRest.reseal('plain')).resealed;
  if (sealed > 0) app.log.info({ sealed }, 'secrets at rest: sealed the values stored in clear');
  // The in-repo demo studio's integration code (the seed connects it under the same code).
  const LANTERN_CODE = 'lantern';
  const lanternStudioSetup = config.lanternStudioSecret
    ? { secret: config.lanternStudioSecret, launchUrl: '/studio/lantern/' }
    : null;

  // Background work. Tests drive sweeps, the feed and the engines themselves; the outbox
  // delivers everywhere (tests drain it). Idempotent sweeps run on every instance; the
  // singletons run on the one instance holding their leader lease, and move to another within
  // a lease when it dies (platform/leader.ts, decision 0120). CRASH_ENGINE=off keeps an
  // instance out of the Crash engine's election (it stands by default outside tests).
  let draining = false;
  const background = config.env !== 'test';
  const leaderOptions = { lease_ms: config.leaderLeaseMs, log: logError };
  const leases: LeaderLease[] = [];
  if (background) {
    ledger.startExpirySweeper((error) => logError('hold expiry', error));
    payments.startSweeper();
    cryptoPayments.startSweeper();
    originals.startSweeper();
    lobby.startSweeper();
    vitals.startSweeper();
    outbox.startRetention();
    leases.push(
      new LeaderLease(
        db,
        'sportsbook.feed',
        { acquired: () => sportsbook.startFeed(), lost: () => sportsbook.stopFeed() },
        leaderOptions,
      ),
    );
  }
  if (background) {
    const racesLease: LeaderLease = new LeaderLease(
      db,
      RACES_LEASE,
      { acquired: () => races.ender.acquired(racesLease), lost: () => races.ender.lost() },
      leaderOptions,
    );
    leases.push(racesLease);
  }
  if (config.crashEngine ?? background) {
    const crashLease: LeaderLease = new LeaderLease(
      db,
      'crash',
      { acquired: () => originals.startCrash(crashLease), lost: async () => originals.stopCrash() },
      leaderOptions,
    );
    leases.push(crashLease);
  }
  for (const lease of leases) lease.start();
  // Scheduled jobs: every instance works the queues, pg-boss gives each run to one of them.
  if (jobs) {
    const started = performance.now();
    jobs
      .start()
      .then(() => app.log.info({ ms: Math.round(performance.now() - started) }, 'jobs started'))
      .catch((error) => logError('jobs: start', error));
  }
  if (options.deliverEvents !== false) outbox.start();
  app.addHook('onClose', async () => {
    // Hands every lease over first, so another instance takes the singletons at once.
    await Promise.all([...leases.map((lease) => lease.stop()), jobs?.stop()]);
    await sportsbook.stop();
    await originals.stop();
    lobby.stop();
    vitals.stop();
    payments.stop();
    cryptoPayments.stop();
    wallet.close();
    races.close();
    await outbox.stop();
    await ledger.stop();
    await events.close();
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
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // At close, every socket still open is told the server restarts: the client reconnects at once.
    preClose(done) {
      closeSocketsForRestart(app.websocketServer);
      done();
    },
  });
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
    // Draining: the proxy stops sending here while requests in flight finish.
    if (draining) return reply.status(503).send({ status: 503, message: 'draining' });
    try {
      await sql`select 1`.execute(db);
      return { status: 200, message: 'ready' };
    } catch {
      return reply.status(503).send({ status: 503, message: 'database unavailable' });
    }
  });

  // Draining: every answer closes its connection, so keep-alive clients (and the proxy) open
  // their next one elsewhere before this instance stops listening.
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
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
      await api.register(recall.routes(auth.hook));
      await api.register(auth.routes(wallet.service));
      await api.register(playersRoutes(players.service, auth.hook, wallet.service));
      await api.register(wallet.routes);
      await api.register(cryptoPayments.routes);
      await api.register(payments.routes);
      await api.register(kyc.routes);
      await api.register(bonus.routes);
      await api.register(affiliate.routes);
      await api.register(loyalty.routes);
      await api.register(races.routes);
      await api.register(protection.routes(auth.hook));
      await api.register(compliance.routes);
      await api.register(privacy.routes);
      await api.register(sportsbook.routes);
      await api.register(vitals.routes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    backoffice.routes([
      bonus.adminRoutes,
      affiliate.adminRoutes,
      loyalty.adminRoutes,
      races.adminRoutes,
      cryptoPayments.adminRoutes,
      payments.adminRoutes,
      kyc.adminRoutes,
      protection.adminRoutes(staff.auth),
      compliance.adminRoutes,
      sportsbook.adminRoutes(staff.auth),
      vitals.adminRoutes(staff.auth),
      system.adminRoutes(staff.auth),
      originals.adminRoutes(staff.auth, audit.service),
      recall.adminRoutes(staff.auth, audit.service),
      lobby.adminRoutes(audit.service, staff.auth, lanternStudioSetup ? [LANTERN_CODE] : []),
    ]),
    { prefix: '/api/admin' },
  );
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
  // The development tools (every player's reset links in the mail outbox, sandbox approvals,
  // the feed's fast-forward): never in production, and only to this machine otherwise.
  if (config.env !== 'production') {
    await app.register(async (dev) => {
      dev.addHook('onRequest', loopbackOnly);
      if (payments.sandboxPages) await dev.register(payments.sandboxPages);
      await dev.register(mail.devRoutes);
      await dev.register(sportsbook.devRoutes);
      await dev.register(affiliate.devRoutes);
      await dev.register(races.devRoutes);
    });
  } else if (payments.sandboxPages) await app.register(payments.sandboxPages);

  if (options.serveSites !== false) {
    await registerStaticSites(app, {
      webDist: path.join(ROOT, 'apps/web/dist'),
      backofficeDist: path.join(ROOT, 'apps/backoffice/dist'),
      cacheTemplates: config.env === 'production',
      seo: () => settings.service.siteHead(),
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
    privacy,
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
    system,
    bonus,
    affiliate,
    loyalty,
    races,
    sportsbook,
    wagers,
    outbox,
    events,
    leases,
    jobs,
  };
  /**
   * The first step of a graceful shutdown (main.ts, decision 0128): readiness turns false, the
   * leader leases are handed over at once (another instance takes the singletons within its
   * standby poll, not a lease expiry) and open sockets are told to reconnect elsewhere. Requests
   * go on being served until `app.close()`, which waits for those in flight.
   */
  const drain = async () => {
    if (draining) return;
    draining = true;
    closeSocketsForRestart(app.websocketServer);
    await Promise.all(leases.map((lease) => lease.stop()));
  };
  return { app: app as unknown as FastifyInstance, modules, drain };
}

/** Closes every open WebSocket with 1012 (Service Restart): the client reconnects promptly. */
function closeSocketsForRestart(server: {
  clients: Set<{ close(code: number, reason: string): void }>;
}) {
  for (const socket of server.clients)
    socket.close(WS_CLOSE_SERVICE_RESTART, WS_CLOSE_SERVICE_RESTART_REASON);
}

export type AppModules = Awaited<ReturnType<typeof buildApp>>['modules'];
