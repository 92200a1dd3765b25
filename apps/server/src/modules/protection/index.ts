import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import type { PlayerAuth } from '../auth/index.ts';
import type { StaffAuth } from '../staff/index.ts';
import { GeoIp } from './protection.geoip.ts';
import { ProtectionRepository } from './protection.repository.ts';
import { protectionAdminRoutes, protectionRoutes } from './protection.routes.ts';
import { ProtectionService } from './protection.service.ts';

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
  currencyOf: (currency_id: number | null) => Promise<{ code: string; scale: number } | null>;
  geoip?: GeoIp;
}) {
  const geoip = deps.geoip ?? (await GeoIp.open());
  const service = new ProtectionService(new ProtectionRepository(deps.db), geoip, deps.audit, {
    env: deps.env,
    currencyOf: deps.currencyOf,
  });
  return {
    service,
    gate: service,
    routes: (auth: PlayerAuth) => protectionRoutes(service, auth, deps.env),
    adminRoutes: (staff: StaffAuth) => protectionAdminRoutes(service, staff),
  };
}
