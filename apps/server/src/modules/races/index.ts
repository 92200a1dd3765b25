import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { LeaderLease } from '../../platform/leader.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { RacesRepository } from './races.repository.ts';
import { racesAdminRoutes, racesDevRoutes, racesRoutes } from './races.routes.ts';
import { type RacesDeps, RacesService } from './races.service.ts';
import { RACES_CHANNEL, RaceHub, racesSocketRoutes } from './races.socket.ts';
import { racesSubscribers } from './races.subscribers.ts';

export { isRacesError, RACES_ERRORS, type RacesErrorCode, racesError } from './races.errors.ts';
export { RACE_END_GRACE_MS } from './races.service.ts';
export { RACE_PUSH_INTERVAL_MS } from './races.socket.ts';
export type { RacesService };

/** The leader looks for races to end and pay this often. */
export const RACE_ENDER_INTERVAL_MS = 1_000;
/** The lease of the race ender (platform/leader.ts). */
export const RACES_LEASE = 'races';

/**
 * Races (README.md): scored from `BetSettled` off the bet path, live leaderboards over a
 * socket, ended and paid by the instance holding the `races` lease.
 */
export function createRacesModule(
  deps: Omit<RacesDeps, 'repository' | 'announce'> & {
    db: Db;
    events: EventBus;
    auth: PlayerAuth;
    staff: StaffAuth;
    outbox: Pick<Outbox, 'subscribe'>;
  },
) {
  const service = new RacesService({
    ...deps,
    repository: new RacesRepository(deps.db),
    announce: (race_ids) =>
      deps.events.publish(deps.db, RACES_CHANNEL, race_ids.map(String).join(',')),
  });
  for (const subscriber of racesSubscribers(service)) deps.outbox.subscribe(subscriber);
  const hub = new RaceHub(service, deps.events, deps.log);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(racesRoutes(service, deps.auth));
    await app.register(racesSocketRoutes(hub, deps.auth));
  };
  return {
    service,
    hub,
    routes,
    adminRoutes: racesAdminRoutes(service, deps.staff),
    devRoutes: racesDevRoutes(service),
    ender: raceEnder(service, deps.log),
    close: () => hub.close(),
  };
}

/**
 * The leader's loop: ends and pays the races that are due, every second while this instance
 * holds the lease. Stops at once when the lease is lost; what it left half done the next holder
 * finishes (every payment is keyed by race and place).
 */
export function raceEnder(
  service: Pick<RacesService, 'endDue'>,
  log: (message: string, error: unknown) => void,
  interval_ms = RACE_ENDER_INTERVAL_MS,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let lease: LeaderLease | null = null;
  const tick = () => {
    timer = null;
    if (!lease?.isLeader()) return;
    running = service
      .endDue()
      .catch((error) => log('races: ender', error))
      .finally(() => {
        running = null;
        if (lease?.isLeader()) timer = setTimeout(tick, interval_ms);
      });
  };
  return {
    async acquired(held: LeaderLease) {
      lease = held;
      if (!timer && !running) timer = setTimeout(tick, 0);
    },
    async lost() {
      if (timer) clearTimeout(timer);
      timer = null;
      lease = null;
      await running;
    },
  };
}
