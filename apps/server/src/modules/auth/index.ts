import type { Db } from '../../platform/db/database.ts';
import { playerGuard } from '../../platform/http/guards.ts';
import { type GateClient, gateClient } from '../../platform/http/request-client.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { SecretsAtRest } from '../../platform/secrets-at-rest.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { MailService } from '../mail/index.ts';
import type { PlayersService, WalletSummaryProvider } from '../players/index.ts';
import type { PasswordHasher } from './auth.crypto.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import {
  type AgeRules,
  AUTH_LIMITS_DEFAULT,
  type AuthenticatedPlayer,
  type AuthLimits,
  AuthService,
} from './auth.service.ts';
import { relyingPartyOf } from './passkeys.relying-party.ts';
import { PasskeysRepository } from './passkeys.repository.ts';
import { PasskeysService } from './passkeys.service.ts';
import { TwoFactorRepository } from './two-factor.repository.ts';
import { TwoFactorService } from './two-factor.service.ts';

export {
  digestToken,
  newToken,
  PasswordHasher,
  passwordHasher,
} from './auth.crypto.ts';
export type { SessionRow } from './auth.repository.ts';
export type { AuthenticatedPlayer, AuthLimits } from './auth.service.ts';
export { AUTH_LIMITS_DEFAULT, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './auth.service.ts';
export type { AuthService, PasskeysService, TwoFactorService };

declare module '../../platform/http/guards.ts' {
  /** What `request.player` is on a route behind `requirePlayer`. */
  interface GuardTypes {
    player: AuthenticatedPlayer;
  }
}

/** Players' TOTP secrets at rest, for start-up and `npm run secrets:rotate` (decision 0661). */
export function authSecretsAtRest(db: Db, secrets: SecretBox): SecretsAtRest {
  const repository = new TwoFactorRepository(db, secrets);
  return { owner: 'auth', reseal: (scope) => repository.resealSecrets(scope) };
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
  /** The operator's brand (mails). */
  settings: { get(): Promise<{ brand_name: string }> };
  /**
   * The minimum age to register for a declared country and the request's address, and whether a
   * sign-in comes through an anonymising network (recorded on the session).
   */
  protection: AgeRules & { isAnonymiser(client: GateClient): boolean };
  env: string;
  /** Password hashing, shared with the staff module. */
  passwords: PasswordHasher;
  /** Seals the TOTP secrets at rest (platform/secrets.ts). */
  secrets: SecretBox;
}) {
  const limits = { ...AUTH_LIMITS_DEFAULT, ...deps.limits };
  const twoFactorRepository = new TwoFactorRepository(deps.db, deps.secrets);
  const passkeys = new PasskeysRepository(deps.db);
  const twoFactor = new TwoFactorService(
    twoFactorRepository,
    deps.audit,
    deps.limiter,
    limits.two_factor_failures,
    async () => (await deps.settings.get()).brand_name,
    passkeys,
  );
  const service = new AuthService(
    new AuthRepository(deps.db),
    deps.players,
    deps.currencies,
    deps.mail,
    deps.audit,
    deps.limiter,
    limits,
    deps.publicUrl,
    deps.settings,
    deps.protection,
    twoFactor,
    deps.passwords,
    new PasskeysService(
      passkeys,
      deps.audit,
      () => relyingPartyOf(deps.publicUrl()),
      async () => (await deps.settings.get()).brand_name,
    ),
  );
  const hook = playerGuard((token, options) => service.authenticate(token, options));
  return {
    service,
    hook,
    /** Players' TOTP secrets: sealed at start-up if plain, re-sealed by a key rotation. */
    secretsAtRest: authSecretsAtRest(deps.db, deps.secrets),
    /** `wallet`: the customer object's balances (the wallet module). */
    routes: (wallet: WalletSummaryProvider) =>
      authRoutes(service, deps.players, wallet, hook, (request) =>
        deps.protection.isAnonymiser(gateClient(request, deps.env)),
      ),
  };
}
