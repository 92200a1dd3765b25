import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { periodic } from '../../platform/periodic.ts';
import type { AuditService } from '../audit/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import { CasinoRepository } from './casino.repository.ts';
import { casinoRoutes } from './casino.routes.ts';
import { CrashRepository } from './crash.repository.ts';
import { CrashHub, crashRoutes } from './crash.routes.ts';
import { CrashService } from './crash.service.ts';
import { launchRoutes } from './launch.routes.ts';
import { lobbyAdminRoutes } from './lobby.admin-routes.ts';
import { LobbyRepository } from './lobby.repository.ts';
import { lobbyRoutes } from './lobby.routes.ts';
import { LobbyService } from './lobby.service.ts';
import { originalsAdminRoutes } from './originals.admin.ts';
import { OriginalsRepository } from './originals.repository.ts';
import { originalsRoutes } from './originals.routes.ts';
import { type OriginalsDeps, OriginalsService } from './originals.service.ts';
import { OriginalsSettings } from './originals.settings.ts';
import { ProviderRepository } from './provider.repository.ts';
import { providerRoutes } from './provider.routes.ts';
import { type ProviderDeps, ProviderService } from './provider.service.ts';

export type { ProviderRow } from './casino.repository.ts';
export { multiplierAt } from './crash.service.ts';
export { providerSignature, SIGNATURE_WINDOW_MS } from './provider.service.ts';

/** How often each instance finishes bets a crash left with money unmoved. */
export const ORIGINALS_SWEEP_INTERVAL_MS = 30_000;

export function createCasinoModule(db: Db) {
  const repository = new CasinoRepository(db);
  return { repository, routes: casinoRoutes(repository) };
}

/** In-house provably fair games (Dice first). */
export function createOriginalsModule(
  deps: OriginalsDeps & {
    db: Db;
    currencyByCode: (code: string) => Promise<unknown | null>;
    env: string;
    log: (message: string, error: unknown) => void;
  },
) {
  const settings = new OriginalsSettings(deps.db);
  const service = new OriginalsService(new OriginalsRepository(deps.db), deps, settings);
  const job = periodic('originals sweep', () => service.sweep(), deps.log);
  const crash = new CrashService(new CrashRepository(deps.db), { ...deps, settings });
  const hub = new CrashHub(crash);
  return {
    service,
    settings,
    crash,
    routes:
      (auth: PlayerAuth): FastifyPluginAsyncZod =>
      async (app) => {
        await app.register(originalsRoutes(service, auth, deps.env));
        await app.register(crashRoutes(crash, hub, auth, deps.env));
      },
    adminRoutes: (staff: StaffAuth, audit: AuditService) =>
      originalsAdminRoutes(
        settings,
        staff,
        audit,
        async (code) => (await deps.currencyByCode(code)) !== null,
      ),
    startSweeper(interval_ms = ORIGINALS_SWEEP_INTERVAL_MS) {
      job.start(interval_ms);
    },
    /** The Crash engine: settles what a previous process left open, then runs the rounds. */
    startCrash: () => crash.start(),
    stop: async () => {
      job.stop();
      crash.stop();
      hub.close();
      await service.flushSettled();
    },
  };
}

/**
 * The lobby (catalogue, home rows, thumbnails), game launches (`games-init`, `games-init-demo`)
 * and the seamless-wallet API third-party studios call (`/api/provider/v1`).
 */
export function createLobbyModule(
  deps: ProviderDeps & {
    db: Db;
    gate: PlayerGate;
    env: string;
    log: (message: string, error: unknown) => void;
  },
) {
  const repository = new LobbyRepository(deps.db);
  const service = new LobbyService(repository);
  const provider = new ProviderService(new ProviderRepository(deps.db), repository, deps);
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
            playerCurrency: deps.playerCurrency,
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
