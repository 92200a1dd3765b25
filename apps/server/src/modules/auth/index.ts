import type { Db } from '../../platform/db/database.ts';
import { playerGuard } from '../../platform/http/guards.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { MailService } from '../mail/index.ts';
import type { PlayersService } from '../players/index.ts';
import { AuthRepository } from './auth.repository.ts';
import { type AnonymiserCheck, authRoutes } from './auth.routes.ts';
import {
  AUTH_LIMITS_DEFAULT,
  type AuthenticatedPlayer,
  type AuthLimits,
  AuthService,
} from './auth.service.ts';

export { digestToken, hashPassword, newToken, verifyPassword } from './auth.crypto.ts';
export type { SessionRow } from './auth.repository.ts';
export type { AuthenticatedPlayer, AuthLimits } from './auth.service.ts';
export { AUTH_LIMITS_DEFAULT, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './auth.service.ts';
export type { AuthService };

declare module '../../platform/http/guards.ts' {
  /** What `request.player` is on a route behind `requirePlayer`. */
  interface GuardTypes {
    player: AuthenticatedPlayer;
  }
}

export function createAuthModule(deps: {
  db: Db;
  players: PlayersService;
  currencies: CurrenciesService;
  mail: MailService;
  audit: AuditService;
  limiter: RateLimiter;
  limits?: Partial<AuthLimits>;
  publicUrl: () => string;
  brandName: () => Promise<string>;
  /** The minimum age to register for a declared country and the request's address (18 or more). */
  minimumAge?: (country: string | null, ip: string) => Promise<number>;
  /** Whether a sign-in comes through an anonymising network (recorded on the session). */
  anonymiser?: AnonymiserCheck;
}) {
  const service = new AuthService(
    new AuthRepository(deps.db),
    deps.players,
    deps.currencies,
    deps.mail,
    deps.audit,
    deps.limiter,
    { ...AUTH_LIMITS_DEFAULT, ...deps.limits },
    deps.publicUrl,
    deps.brandName,
    deps.minimumAge ?? (async () => 18),
  );
  const hook = playerGuard((token, options) => service.authenticate(token, options));
  return {
    service,
    hook,
    routes: authRoutes(service, deps.players, hook, deps.anonymiser ?? (() => false)),
  };
}
