import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { SecretsAtRest } from '../../platform/secrets-at-rest.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { WagersService } from '../wagers/index.ts';
import { feedAdminRoutes } from './feed/feed.admin.ts';
import { FeedController } from './feed/feed.controller.ts';
import type { FeedAdapter } from './feed/feed.types.ts';
import { FeedSettingsRepository } from './feed/feed-settings.repository.ts';
import { type SimOptions, SimulatedFeed } from './feed/simulated-feed.ts';
import { sportsbookAdminRoutes } from './sportsbook.admin.ts';
import { CashoutSettingsRepository } from './sportsbook.cashout-settings.ts';
import { EarlyPayoutRepository } from './sportsbook.early-payout.ts';
import { LiveRepository } from './sportsbook.live.ts';
import { SportsbookRepository } from './sportsbook.repository.ts';
import { sportsbookRoutes } from './sportsbook.routes.ts';
import { LIVE_DELAY_MS_DEFAULT, SportsbookService } from './sportsbook.service.ts';
import { SportsHub, sportsSocketRoutes } from './sportsbook.socket.ts';

export type {
  EventStatus,
  FeedAdapter,
  FeedFixture,
  FeedMarket,
  FeedMessage,
  FeedOutcome,
  FeedSink,
  MarketType,
} from './feed/feed.types.ts';
export { EXHAUSTIVE_MARKET_TYPES } from './feed/feed.types.ts';
export { FakeOddsApi } from './feed/odds-api/odds-api.fake.ts';
export { OddsApiFeed, type OddsApiFeedOptions } from './feed/odds-api/odds-api.feed.ts';
export { type SimOptions, SimulatedFeed } from './feed/simulated-feed.ts';
export {
  CASHOUT_MARGIN_BP,
  LIVE_DELAY_MS_DEFAULT,
  type SportsPush,
} from './sportsbook.service.ts';
export type { SportsbookService };

/**
 * The sportsbook. `feed` is the provider adapter (default: the simulated feed). In the
 * `test` environment nothing starts on its own: tests call `feed.schedule()` / `feed.tick()`.
 * Bets go through the bet path (modules/wagers); each settlement version of a bet writes
 * `BetSettled` (see README).
 */
/** The odds feed's API key at rest, for start-up and `npm run secrets:rotate` (decision 0661). */
export function sportsbookSecretsAtRest(db: Db, secrets: SecretBox): SecretsAtRest {
  const repository = new FeedSettingsRepository(db, secrets);
  return { owner: 'sportsbook', reseal: (scope) => repository.resealKey(scope) };
}

export function createSportsbookModule(deps: {
  db: Db;
  wagers: WagersService;
  audit: AuditService;
  currencies: CurrenciesService;
  auth: PlayerAuth;
  /** Drops the limits kept in memory when their rows change (see LIMITS_CHANNEL). */
  events: EventBus;
  env: string;
  log: (message: string, error: unknown) => void;
  live_delay_ms?: number;
  feed?: FeedAdapter;
  sim?: SimOptions;
  /** Seals the odds feed's API key at rest (platform/secrets.ts). */
  secrets: SecretBox;
}) {
  const feed = deps.feed ?? new SimulatedFeed(deps.sim);
  const service = new SportsbookService(
    new SportsbookRepository(deps.db),
    deps.wagers,
    deps.audit,
    {
      live_delay_ms: deps.live_delay_ms ?? (deps.env === 'test' ? 0 : LIVE_DELAY_MS_DEFAULT),
      provider: feed.provider,
      log: deps.log,
      events: deps.events,
      live_repo: new LiveRepository(deps.db),
      early_repo: new EarlyPayoutRepository(deps.db),
      cashout_repo: new CashoutSettingsRepository(deps.db),
    },
  );
  const hub = new SportsHub(
    service,
    deps.events ? { db: deps.db, bus: deps.events, log: deps.log } : undefined,
  );
  const sink = (message: Parameters<SportsbookService['ingest']>[0]) =>
    service.ingest(message).catch((error) => deps.log(`sports feed ${message.kind}`, error));
  if (feed instanceof SimulatedFeed) feed.attach(sink);
  // Which feed runs is the operator's choice (sb_feed_settings); the simulator by default.
  const feedSettings = new FeedSettingsRepository(deps.db, deps.secrets);
  const feedControl = new FeedController({
    repo: feedSettings,
    audit: deps.audit,
    simulator: feed,
    env: deps.env,
    marketKeys: (event_id) => service.eventMarketKeys(event_id),
    retireSimulator: () => service.cancelOrphans('sim:', new Set()),
    log: deps.log,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(
      sportsbookRoutes({
        service,
        auth: deps.auth,
        currencies: deps.currencies,
        env: deps.env,
      }),
    );
    await app.register(sportsSocketRoutes(hub));
  };
  const adminRoutes =
    (staffAuth: StaffAuth): FastifyPluginAsyncZod =>
    async (app) => {
      await app.register(sportsbookAdminRoutes(service, staffAuth));
      await app.register(feedAdminRoutes(feedControl, staffAuth));
    };
  /** Outside production: drive the simulated feed (tests and demos in the `test` env). */
  const devRoutes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/dev/sports/tick',
      {
        schema: {
          hide: true,
          body: z.object({
            ms: z.number().int().min(0).max(14_400_000).default(0),
            schedule: z.boolean().default(true),
          }),
        },
      },
      async (request) => {
        if (!(feed instanceof SimulatedFeed)) return { status: 200, message: 'not simulated' };
        if (request.body.schedule) await feed.schedule();
        if (request.body.ms > 0) await feed.tick(request.body.ms);
        return { status: 200, message: 'OK', data: { matches: feed.matchIds() } };
      },
    );
    app.post(
      '/dev/sports/goals',
      {
        schema: {
          hide: true,
          body: z.object({
            event_id: z.string().min(1).max(80),
            side: z.enum(['home', 'away']),
            count: z.number().int().min(1).max(10).default(1),
          }),
        },
      },
      async (request, reply) => {
        if (!(feed instanceof SimulatedFeed)) return { status: 200, message: 'not simulated' };
        const { event_id, side, count } = request.body;
        if (await feed.goals(event_id, side, count)) return { status: 200, message: 'OK' };
        return reply
          .code(404)
          .send({ status: 404, message: 'No simulated football match under way with this id' });
      },
    );
  };
  let leading = false;
  return {
    service,
    feed,
    feedControl,
    hub,
    routes,
    /** The odds feed's API key: sealed at start-up if plain, re-sealed by a key rotation. */
    secretsAtRest: sportsbookSecretsAtRest(deps.db, deps.secrets),
    adminRoutes,
    devRoutes,
    /**
     * Starts the feed on the instance that leads it (outside tests): the simulator ticks once a
     * second. What an earlier leader left pending is finished first.
     */
    async startFeed() {
      leading = true;
      void service.recoverPending().catch((error) => deps.log('sportsbook recovery', error));
      // Early payouts marked before a crash and not yet settled.
      void service
        .recoverEarlyPayouts()
        .catch((error) => deps.log('sportsbook early payouts', error));
      // Markets priced by an earlier release or under other settings go through the guard again.
      void service.repriceOpenMarkets().catch((error) => deps.log('sportsbook repricing', error));
      // The simulator's matches live in memory: those of an earlier process are void.
      const orphans =
        feed instanceof SimulatedFeed
          ? service.cancelOrphans('sim:', new Set())
          : Promise.resolve(0);
      void orphans
        .catch((error) => deps.log('sportsbook orphans', error))
        .finally(() => {
          if (leading) {
            void feedControl.start(sink).catch((error) => deps.log('sportsbook feed', error));
          }
        });
    },
    /** Stops the feed (the lease moved to another instance); the sockets stay. */
    async stopFeed() {
      leading = false;
      await feedControl.stop();
    },
    async stop() {
      await feedControl.stop();
      await feed.stop();
      hub.close();
    },
  };
}
