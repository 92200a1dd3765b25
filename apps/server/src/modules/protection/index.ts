import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import { AnonymiserList } from './protection.anonymisers.ts';
import { GeoIp } from './protection.geoip.ts';
import { ProtectionRepository } from './protection.repository.ts';
import { protectionAdminRoutes, protectionRoutes } from './protection.routes.ts';
import {
  type ProtectionLedger,
  type ProtectionPlayers,
  ProtectionService,
} from './protection.service.ts';

export { AnonymiserList } from './protection.anonymisers.ts';
export {
  type GateRefusal,
  gateRefusal,
  isProtectionError,
  PROTECTION_ERRORS,
  type ProtectionErrorCode,
  protectionError,
} from './protection.errors.ts';
export {
  type GateClient,
  type GateDecision,
  type GateRequest,
  gateClient,
  languageOf,
  MONEY_ACTIONS,
  type MoneyAction,
  type PlayerGate,
} from './protection.gate.ts';
export { GeoIp } from './protection.geoip.ts';
export type { ProtectionService };

/**
 * The one gate in front of every real-money action (jurisdiction, self-exclusion, time-out,
 * deposit limits) and the player's responsible-gaming tools. The GeoIP database is opened at
 * start-up: a missing or corrupt file stops the server with a clear message.
 */
export async function createProtectionModule(deps: {
  db: Db;
  audit: AuditService;
  env: string;
  currencies: Pick<CurrenciesService, 'byId'>;
  /** The player's country and test flag (the players module), the ledger's play figures. */
  players: ProtectionPlayers;
  ledger: ProtectionLedger;
  events: EventBus;
  geoip?: GeoIp;
  /**
   * What to do when the GeoIP database is missing or unreadable: stop start-up (the default),
   * or go on with the declared country only (`GEOIP_FALLBACK=declared`, an operator's choice).
   */
  geoipFallback?: 'none' | 'declared';
  anonymisers?: AnonymiserList;
  log?: (message: string) => void;
}) {
  const geoip = deps.geoip ?? (await openGeoIp(deps.geoipFallback ?? 'none', deps.log));
  const anonymisers = deps.anonymisers ?? AnonymiserList.load();
  if (anonymisers.entries === 0)
    deps.log?.(
      'anonymising-network list is empty: run npm run anonymisers:update to detect VPN, proxy and Tor addresses',
    );
  const service = new ProtectionService(
    new ProtectionRepository(deps.db),
    geoip,
    deps.audit,
    {
      env: deps.env,
      currencyOf: async (currency_id) =>
        currency_id === null ? null : deps.currencies.byId(currency_id),
      players: deps.players,
      ledger: deps.ledger,
      events: deps.events,
    },
    anonymisers,
  );
  return {
    service,
    gate: service,
    routes: (auth: PlayerAuth) => protectionRoutes(service, auth, deps.env),
    adminRoutes: (staff: StaffAuth) => protectionAdminRoutes(service, staff),
  };
}

/** Opens the GeoIP database; with the fallback set, a missing or corrupt file means no lookups. */
export async function openGeoIp(
  fallback: 'none' | 'declared',
  log?: (message: string) => void,
  path?: string,
): Promise<GeoIp> {
  try {
    return await GeoIp.open(path);
  } catch (error) {
    if (fallback !== 'declared') throw error;
    log?.(`${(error as Error).message}; GEOIP_FALLBACK=declared: using the declared country only`);
    return GeoIp.none();
  }
}
