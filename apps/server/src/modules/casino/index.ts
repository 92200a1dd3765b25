import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { periodic } from '../../platform/periodic.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import type { WagersService } from '../wagers/index.ts';
import { CasinoRepository } from './casino.repository.ts';
import { casinoRoutes } from './casino.routes.ts';
import { CrashRepository } from './crash.repository.ts';
import { CRASH_BET_CHANNEL, CrashHub, crashRoutes } from './crash.routes.ts';
import { type CrashLeadership, CrashService } from './crash.service.ts';
import { launchRoutes } from './launch.routes.ts';
import { lobbyAdminRoutes } from './lobby.admin-routes.ts';
import { LobbyRepository } from './lobby.repository.ts';
import { lobbyRoutes } from './lobby.routes.ts';
import { LobbyService } from './lobby.service.ts';
import { cardRoundsRoutes } from './originals/card-rounds.routes.ts';
import { CardRoundsService } from './originals/card-rounds.ts';
import { cardTablesRoutes } from './originals/card-tables.routes.ts';
import { originalsAdminRoutes } from './originals.admin.ts';
import { numbersRoutes } from './originals.numbers.routes.ts';
import { OriginalsRepository } from './originals.repository.ts';
import { originalsRoutes } from './originals.routes.ts';
import { type OriginalsDeps, OriginalsService } from './originals.service.ts';
import { OriginalsSettings } from './originals.settings.ts';
import { ProviderRepository } from './provider.repository.ts';
import { providerRoutes } from './provider.routes.ts';
import { type ProviderDeps, ProviderService } from './provider.service.ts';
import { RecallRepository } from './recall.repository.ts';
import { recallAdminRoutes, recallRoutes } from './recall.routes.ts';
import { RecallService } from './recall.service.ts';

export type { ProviderRow } from './casino.repository.ts';
export { type CrashPush, multiplierAt } from './crash.service.ts';
export { providerSignature, SIGNATURE_WINDOW_MS } from './provider.service.ts';

/** How often each instance finishes bets a crash left with money unmoved. */
export const ORIGINALS_SWEEP_INTERVAL_MS = 30_000;

export function createCasinoModule(db: Db) {
  const repository = new CasinoRepository(db);
  return { repository, routes: casinoRoutes(repository) };
}

/** In-house provably fair games (Dice first). */
export function createOriginalsModule(deps: {
  db: Db;
  currencies: Pick<CurrenciesService, 'byCode' | 'byId'>;
  wagers: WagersService;
  env: string;
  log: (message: string, error: unknown) => void;
  /** Crash's betting phase and pause (the operator's, else the defaults). */
  crashPhases?: { betting_ms?: number; pause_ms?: number };
  /** Cross-instance events: Crash's pushes and bets reach every instance through them. */
  events?: EventBus;
}) {
  const settings = new OriginalsSettings(deps.db);
  const games: OriginalsDeps = {
    currencyOf: async (currency_id) =>
      currency_id === null ? null : deps.currencies.byId(currency_id),
    wagers: deps.wagers,
  };
  const repository = new OriginalsRepository(deps.db);
  const service = new OriginalsService(repository, games, settings);
  const cards = new CardRoundsService(service, repository, games);
  const job = periodic('originals sweep', () => service.sweep(), deps.log);
  const crash = new CrashService(new CrashRepository(deps.db), {
    ...games,
    settings,
    log: deps.log,
    ...deps.crashPhases,
    announce: (bet_id) => {
      if (!deps.events) return;
      deps.events
        .publish(deps.db, CRASH_BET_CHANNEL, String(bet_id))
        .catch((error: unknown) => deps.log('crash: bet announcement failed', error));
    },
  });
  const events = deps.events;
  const hub = new CrashHub(crash, events ? { db: deps.db, bus: events, log: deps.log } : undefined);
  const stopBets = events?.subscribe(CRASH_BET_CHANNEL, (payload) => {
    if (!/^\d{1,19}$/.test(payload)) return;
    crash
      .betChanged(BigInt(payload))
      .catch((error: unknown) => deps.log('crash: bet re-read', error));
  });
  return {
    service,
    settings,
    crash,
    cards,
    routes:
      (auth: PlayerAuth): FastifyPluginAsyncZod =>
      async (app) => {
        await app.register(originalsRoutes(service, auth, deps.env));
        await app.register(numbersRoutes(service, auth, deps.env));
        await app.register(cardTablesRoutes(service, auth, deps.env));
        await app.register(cardRoundsRoutes(cards, auth, deps.env));
        await app.register(crashRoutes(crash, hub, auth, deps.env));
      },
    adminRoutes: (staff: StaffAuth, audit: AuditService) =>
      originalsAdminRoutes(
        settings,
        staff,
        audit,
        async (code) => (await deps.currencies.byCode(code)) !== null,
      ),
    startSweeper(interval_ms = ORIGINALS_SWEEP_INTERVAL_MS) {
      job.start(interval_ms);
    },
    /**
     * The Crash engine: settles what a previous process or leader left open, then runs the
     * rounds; under a leader lease (`app.ts`) it starts when the lease is won, stops when lost.
     */
    startCrash: (leadership: CrashLeadership | null = null) => crash.start(leadership),
    stopCrash: () => crash.stop(),
    stop: async () => {
      job.stop();
      crash.stop();
      stopBets?.();
      hub.close();
      await service.flushSettled();
    },
  };
}

/**
 * The lobby (catalogue, home rows, thumbnails), game launches (`games-init`, `games-init-demo`)
 * and the seamless-wallet API third-party studios call (`/api/provider/v1`).
 */
export function createLobbyModule(deps: {
  db: Db;
  /** A launch asks it whether real money is open (the bet path asks it on every stake). */
  gate: PlayerGate;
  currencies: Pick<CurrenciesService, 'byCode' | 'byId'>;
  players: { byId(id: bigint): Promise<{ currency_id: number | null } | undefined> };
  wagers: WagersService;
  env: string;
  log: (message: string, error: unknown) => void;
}) {
  const repository = new LobbyRepository(deps.db);
  const service = new LobbyService(repository);
  const playerCurrency = async (player_id: bigint) => {
    const player = await deps.players.byId(player_id);
    return player?.currency_id == null ? null : deps.currencies.byId(player.currency_id);
  };
  const studios: ProviderDeps = {
    playerCurrency,
    // The games' bet ranges are in EUR: other currencies at the operator's rates.
    rateToEur: async (code) => (await deps.currencies.byCode(code))?.rate_to_eur ?? null,
    wagers: deps.wagers,
  };
  const provider = new ProviderService(new ProviderRepository(deps.db), repository, studios);
  const job = periodic('provider sweep', () => provider.sweep(), deps.log);
  return {
    repository,
    service,
    provider,
    routes:
      (auth: PlayerAuth): FastifyPluginAsyncZod =>
      async (app) => {
        await app.register(lobbyRoutes(service, auth));
        await app.register(
          launchRoutes({
            lobby: service,
            provider,
            gate: deps.gate,
            auth,
            env: deps.env,
            playerCurrency,
          }),
        );
      },
    adminRoutes: (audit: AuditService, staff: StaffAuth, builtIn: readonly string[] = []) =>
      lobbyAdminRoutes(repository, audit, staff, builtIn),
    /** Mounted at /api/provider/v1 (not under the player API). */
    providerRoutes: providerRoutes(provider),
    /** Settles closed rounds a crash left unsettled. */
    startSweeper(interval_ms = ORIGINALS_SWEEP_INTERVAL_MS) {
      job.start(interval_ms);
    },
    stop: () => job.stop(),
  };
}

/**
 * Round recall: every casino bet's page (originals, Crash, studio rounds) and the last rounds
 * of each game, for the player and for the back office's player view.
 */
export function createRecallModule(deps: {
  db: Db;
  originals: { service: OriginalsService; crash: CrashService };
  currencies: Pick<CurrenciesService, 'byCode'>;
  players: { byId(id: bigint): Promise<{ id: bigint; currency_id: number | null } | undefined> };
}) {
  const service = new RecallService({
    repository: new RecallRepository(deps.db),
    originals: deps.originals.service,
    crash: deps.originals.crash,
    scaleOf: async (code) => (await deps.currencies.byCode(code))?.scale ?? 2,
  });
  return {
    service,
    routes: (auth: PlayerAuth) => recallRoutes(service, auth),
    adminRoutes: (staff: StaffAuth, audit: AuditService) =>
      recallAdminRoutes(service, staff, audit, (id) => deps.players.byId(id)),
  };
}
