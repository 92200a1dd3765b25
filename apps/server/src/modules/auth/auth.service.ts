import { createHash } from 'node:crypto';
import { ageOn, type SignupRequest } from '@casino/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { BackoffPolicy, RateLimiter, WindowLimit } from '../../platform/rate-limit.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { MailService } from '../mail/index.ts';
import type { PlayerRow, PlayersService } from '../players/index.ts';
import { digestToken, newToken, type PasswordHasher } from './auth.crypto.ts';
import { authError } from './auth.errors.ts';
import type { AuthRepository, SessionRow } from './auth.repository.ts';
import type { PasskeysService } from './passkeys.service.ts';
import type { SecondFactor, TwoFactorService } from './two-factor.service.ts';
import { describeUserAgent, deviceLabel } from './user-agent.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** ASVS 3.3.2 (L2): re-authenticate after 30 minutes idle or 12 hours in all. */
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
const SESSION_TOUCH_MS = MINUTE_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;
/** An IP with a session this recent counts as the owner's (decision 0003). */
const KNOWN_IP_WINDOW_MS = 90 * 24 * HOUR_MS;
/** The most live sessions one list shows (a player rarely has more than a handful). */
export const ACTIVE_SESSIONS_MAX = 50;

/**
 * Limits, documented so they cannot be turned into a lockout (ASVS V6.1.1):
 * - failures back off per (account, IP), so an attacker slows only themself;
 * - past `login_account_failures` per hour an account refuses IPs it has never
 *   signed in from, while its owner's known IPs still get through.
 */
export type AuthLimits = {
  login_ip: WindowLimit;
  login_failures: BackoffPolicy;
  login_account_failures: WindowLimit;
  signup_ip: WindowLimit;
  forgot_ip: WindowLimit;
  forgot_account: WindowLimit;
  reset_ip: WindowLimit;
  /** Wrong two-factor codes per player before every code is refused for the window. */
  two_factor_failures: WindowLimit;
};

export const AUTH_LIMITS_DEFAULT: AuthLimits = {
  login_ip: { limit: 60, window_ms: 15 * MINUTE_MS },
  login_failures: { free_failures: 5, window_ms: 15 * MINUTE_MS, delay_ms_max: 15 * MINUTE_MS },
  login_account_failures: { limit: 100, window_ms: HOUR_MS },
  signup_ip: { limit: 10, window_ms: HOUR_MS },
  forgot_ip: { limit: 10, window_ms: HOUR_MS },
  forgot_account: { limit: 3, window_ms: HOUR_MS },
  reset_ip: { limit: 20, window_ms: HOUR_MS },
  two_factor_failures: { limit: 10, window_ms: 15 * MINUTE_MS },
};

/** What proved the sign-in, as the audit log records it. */
export type SignInMethod = 'password' | SecondFactor | 'passkey';

export type AuthenticatedPlayer = { session: SessionRow; row: PlayerRow };

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.';

/** Who may register where (18, or a jurisdiction's higher age). */
export type AgeRules = { minimumAge(country: string | null, ip: string): Promise<number> };

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly players: PlayersService,
    private readonly currencies: CurrenciesService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly limits: AuthLimits,
    private readonly publicUrl: () => string,
    /** The operator's brand for mails (the settings module). */
    private readonly settings: { get(): Promise<{ brand_name: string }> },
    /** The minimum age to register for a declared country and an address (the protection module). */
    private readonly protection: AgeRules,
    /** Authenticator-app codes (decision 0140): a second sign-in step for players who turn it on. */
    readonly twoFactor: TwoFactorService,
    private readonly passwords: PasswordHasher,
    /** Passkeys (decision 0143): a sign-in on their own, and the player's list of them. */
    readonly passkeys: PasskeysService,
  ) {}

  async login(login: string, password: string, meta: RequestMeta) {
    await this.enforce(`login:ip:${meta.ip}`, this.limits.login_ip, 'Too many sign-in attempts');
    const player = await this.players.byLogin(login);
    const failureKey = `login:fail:${player ? player.id : `unknown:${fingerprint(login)}`}:${meta.ip}`;
    const wait_s = await this.limiter.blockedFor(failureKey);
    if (wait_s > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed attempts. Try again in ${wait_s} seconds.`,
        {
          retryAfterSeconds: wait_s,
        },
      );
    }
    const accountKey = player ? `login:account:${player.id}` : null;
    if (player && accountKey) {
      const failures = await this.limiter.count(
        accountKey,
        this.limits.login_account_failures.window_ms,
      );
      if (
        failures >= this.limits.login_account_failures.limit &&
        !(await this.repository.sessions.seenFromIp(player.id, meta.ip, KNOWN_IP_WINDOW_MS))
      ) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many failed attempts on this account. Try again later.',
          {
            retryAfterSeconds: Math.ceil(this.limits.login_account_failures.window_ms / 1000),
          },
        );
      }
    }
    const valid = await this.passwords.verify(player?.password_hash ?? null, password);
    if (!player || !valid) {
      await this.limiter.fail(failureKey, this.limits.login_failures);
      if (player && accountKey) {
        await this.limiter.hit(accountKey, this.limits.login_account_failures);
        await this.audit.record({
          actor: actorOf(player, meta),
          action: 'player.login_failed',
          target: targetOf(player),
        });
      }
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (player.status !== 'active') {
      throw new AppError('ACCOUNT_BLOCKED', statusMessage(player.status));
    }
    await this.limiter.reset(failureKey);
    if (await this.twoFactor.enabled(player.id)) {
      const challenge_token = await this.twoFactor.challenge(player.id);
      await this.audit.record({
        actor: actorOf(player, meta),
        action: 'player.login_password_ok',
        target: targetOf(player),
      });
      return { step: 'two_factor' as const, challenge_token, player };
    }
    return { step: 'session' as const, ...(await this.startSession(player, meta, 'password')) };
  }

  /** The sign-in's second step: the challenge from the password step and a code. */
  async loginSecondFactor(challenge_token: string, code: string, meta: RequestMeta) {
    const { player, method } = await this.twoFactor.complete(challenge_token, code, meta, (id) =>
      this.players.byId(id),
    );
    if (player.status !== 'active') {
      throw new AppError('ACCOUNT_BLOCKED', statusMessage(player.status));
    }
    const session = await this.startSession(player, meta, method);
    return {
      ...session,
      recovery_codes_left:
        method === 'recovery_code' ? await this.twoFactor.recoveryCodesLeft(player.id) : null,
    };
  }

  /**
   * The options for a passkey sign-in, with a challenge kept server-side. Each one is a row, so
   * they count per address like password attempts, under a key of their own.
   */
  async passkeySignInOptions(meta: RequestMeta) {
    await this.enforce(`passkey:ip:${meta.ip}`, this.limits.login_ip, 'Too many sign-in attempts');
    return this.passkeys.signInOptions();
  }

  /**
   * A passkey signs the player in on its own: it is something the player has, unlocked on the
   * device by something they are or know, so it also stands for two-factor (decision 0143).
   */
  async loginPasskey(response: Parameters<PasskeysService['authenticate']>[0], meta: RequestMeta) {
    const player = await this.passkeys.authenticate(response, meta, (id) => this.players.byId(id));
    if (player.status !== 'active') {
      throw new AppError('ACCOUNT_BLOCKED', statusMessage(player.status));
    }
    return this.startSession(player, meta, 'passkey');
  }

  private async startSession(player: PlayerRow, meta: RequestMeta, method: SignInMethod) {
    const user_agent = meta.user_agent?.slice(0, 512) ?? null;
    const prior = await this.repository.priorSignIns(
      player.id,
      { device_id: meta.device_id ?? null, user_agent, ip: meta.ip },
      KNOWN_IP_WINDOW_MS,
    );
    const { token, digest } = newToken('pt');
    const session = await this.repository.sessions.create({
      owner_id: player.id,
      token_hash: digest,
      ip: meta.ip,
      user_agent,
      device_id: meta.device_id ?? null,
      anonymiser: meta.anonymiser ?? false,
      absolute_ms: SESSION_ABSOLUTE_MS,
    });
    await this.audit.record({
      actor: actorOf(player, meta),
      action: 'player.login',
      target: targetOf(player),
      metadata: { session_id: session.id, method, new_device: prior.any && !prior.this_device },
    });
    // The first sign-in after registering is expected; a new device after that is worth a word.
    if (prior.any && !prior.this_device) await this.mailNewDevice(player, meta, user_agent);
    return { token, player };
  }

  private async mailNewDevice(player: PlayerRow, meta: RequestMeta, user_agent: string | null) {
    const brand = (await this.settings.get()).brand_name;
    const device = deviceLabel(user_agent) ?? 'an unrecognised device';
    const when = new Date().toUTCString();
    const link = `${this.publicUrl()}/settings/security`;
    const facts = `Device: ${device}\nAddress: ${meta.ip}\nTime: ${when}`;
    await this.mail.send({
      to: player.email,
      subject: `${brand}: new sign-in on ${device}`,
      text: `Hello ${player.name},\n\nYour ${brand} account was just signed in on a device we have not seen before.\n\n${facts}\n\nIf this was you, there is nothing to do. If not, change your password and sign out the other devices at once:\n\n${link}\n`,
      html: `<p>Hello ${escapeHtml(player.name)},</p><p>Your ${escapeHtml(brand)} account was just signed in on a device we have not seen before.</p><p>Device: ${escapeHtml(device)}<br>Address: ${escapeHtml(meta.ip)}<br>Time: ${escapeHtml(when)}</p><p>If this was you, there is nothing to do. If not, change your password and sign out the other devices at once:</p><p><a href="${link}">Review my devices</a></p>`,
    });
  }

  /**
   * Staff turn two-factor off for a player who lost the phone and the recovery codes (decision
   * 0974), and the player is told by mail, so a reset they did not ask for does not go unseen.
   * The caller (the back office) checks the permission and records the audit entry.
   */
  async resetTwoFactorByStaff(player: PlayerRow): Promise<void> {
    if (!(await this.twoFactor.reset(player.id)))
      throw authError(
        'TWO_FACTOR_NOT_ENABLED',
        'This player has two-factor authentication off: there is nothing to reset',
      );
    const brand = (await this.settings.get()).brand_name;
    const link = `${this.publicUrl()}/settings/security`;
    await this.mail.send({
      to: player.email,
      subject: `${brand}: two-factor authentication was turned off`,
      text: `Hello ${player.name},\n\nAt your request, our team turned off two-factor authentication on your ${brand} account, with its recovery codes. You sign in with your password alone until you turn it on again:\n\n${link}\n\nIf you did not ask for this, change your password and contact support at once.\n`,
      html: `<p>Hello ${escapeHtml(player.name)},</p><p>At your request, our team turned off two-factor authentication on your ${escapeHtml(brand)} account, with its recovery codes. You sign in with your password alone until you turn it on again:</p><p><a href="${link}">Turn two-factor authentication on</a></p><p>If you did not ask for this, change your password and contact support at once.</p>`,
    });
  }

  /** The player's live sessions as they see them: the device, address and times, this one marked. */
  async activeSessions(auth: AuthenticatedPlayer) {
    const rows = await this.repository.activeSessions(
      auth.row.id,
      SESSION_IDLE_MS,
      ACTIVE_SESSIONS_MAX,
    );
    return rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      device: describeUserAgent(row.user_agent),
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      current: row.id === auth.session.id,
    }));
  }

  /** Signs one of the player's own sessions out (another player's is NOT_FOUND). */
  async signOutSession(auth: AuthenticatedPlayer, session_id: bigint, meta: RequestMeta) {
    if (!(await this.repository.revokeOwnSession(auth.row.id, session_id, 'signed_out_by_owner')))
      throw new AppError('NOT_FOUND', 'No such signed-in device');
    await this.audit.record({
      actor: actorOf(auth.row, meta),
      action: 'player.session_revoked',
      target: targetOf(auth.row),
      metadata: { session_id },
    });
  }

  /** Every session but this one ends; the count that ended. */
  async signOutOtherSessions(auth: AuthenticatedPlayer, meta: RequestMeta): Promise<number> {
    const revoked = await this.repository.sessions.revokeAll(
      auth.row.id,
      'signed_out_by_owner',
      auth.session.id,
    );
    await this.audit.record({
      actor: actorOf(auth.row, meta),
      action: 'player.sessions_revoked',
      target: targetOf(auth.row),
      metadata: { sessions_revoked: revoked },
    });
    return revoked;
  }

  async signup(input: SignupRequest, meta: RequestMeta): Promise<PlayerRow> {
    await this.enforce(
      `signup:ip:${meta.ip}`,
      this.limits.signup_ip,
      'Too many registrations from this network',
    );
    await this.currencies.requireWalletCurrency(input.currency_id);
    if (input.date_of_birth) {
      // 18, or the country's higher minimum age (the stricter of declared and address country).
      const minimum = await this.protection.minimumAge(input.country ?? null, meta.ip ?? '');
      if (ageOn(input.date_of_birth) < minimum) {
        await this.audit.record({
          actor: { type: 'system', id: 'signup' },
          action: 'player.signup_underage',
          target: { type: 'signup', id: input.email.trim().toLowerCase() },
          metadata: { minimum_age: minimum, country: input.country ?? null },
        });
        throw authError('UNDERAGE', `You must be at least ${minimum} years old to register`, [
          { path: 'date_of_birth', message: `at least ${minimum} years old` },
        ]);
      }
    }
    const player = await this.players.create({
      name: input.name,
      email: input.email.trim(),
      password_hash: await this.passwords.hash(input.password),
      currency_id: input.currency_id,
      referred_by_code: input.referral_code || null,
      campaign_code: input.campaign_code || null,
      country: input.country ?? null,
      date_of_birth: input.date_of_birth ?? null,
    });
    await this.audit.record({
      actor: actorOf(player, meta),
      action: 'player.signup',
      target: targetOf(player),
      after: {
        name: player.name,
        email: player.email,
        username: player.username,
        currency_id: player.currency_id,
        referred_by_code: player.referred_by_code,
        campaign_code: player.campaign_code,
      },
    });
    return player;
  }

  /** Always the same answer, whether or not the account exists. */
  async forgotPassword(email: string, meta: RequestMeta): Promise<string> {
    await this.enforce(`forgot:ip:${meta.ip}`, this.limits.forgot_ip, 'Too many reset requests');
    const player = await this.players.byLogin(email);
    if (!player || player.status === 'closed') return FORGOT_PASSWORD_MESSAGE;
    const perAccount = await this.limiter.hit(
      `forgot:account:${player.id}`,
      this.limits.forgot_account,
    );
    if (!perAccount.allowed) return FORGOT_PASSWORD_MESSAGE;
    const { token, digest } = newToken('pr');
    await this.repository.createReset(player.id, digest, RESET_TOKEN_TTL_MS);
    const link = `${this.publicUrl()}/reset-password?token=${encodeURIComponent(token)}`;
    const brand = (await this.settings.get()).brand_name;
    await this.mail.send({
      to: player.email,
      subject: `${brand}: reset your password`,
      text: `Hello ${player.name},\n\nSomeone asked to reset the password of your ${brand} account. If it was you, open this link within 1 hour:\n\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(player.name)},</p><p>Someone asked to reset the password of your ${escapeHtml(brand)} account. If it was you, open this link within 1 hour:</p><p><a href="${link}">Reset my password</a></p><p>If it was not you, ignore this email; your password stays as it is.</p>`,
    });
    await this.audit.record({
      actor: actorOf(player, meta),
      action: 'player.password_reset_requested',
      target: targetOf(player),
    });
    return FORGOT_PASSWORD_MESSAGE;
  }

  async resetPassword(token: string, password: string, meta: RequestMeta): Promise<void> {
    await this.enforce(`reset:ip:${meta.ip}`, this.limits.reset_ip, 'Too many reset attempts');
    const player_id = await this.repository.consumeReset(digestToken(token));
    if (player_id === null) throw authError('RESET_LINK_INVALID');
    const player = await this.players.byId(player_id);
    if (!player) throw authError('RESET_LINK_INVALID', 'This reset link is invalid.');
    await this.players.setPasswordHash(player.id, await this.passwords.hash(password));
    const revoked = await this.repository.sessions.revokeAll(player.id, 'password_reset');
    await this.repository.revokeResets(player.id);
    await this.audit.record({
      actor: actorOf(player, meta),
      action: 'player.password_reset',
      target: targetOf(player),
      metadata: { sessions_revoked: revoked },
    });
  }

  /** Changes the password; every other session of the player ends, this one stays. */
  async changePassword(
    auth: AuthenticatedPlayer,
    current: string,
    next: string,
    meta: RequestMeta,
  ): Promise<void> {
    const failureKey = `password-change:fail:${auth.row.id}`;
    const wait_s = await this.limiter.blockedFor(failureKey);
    if (wait_s > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed attempts. Try again in ${wait_s} seconds.`,
        {
          retryAfterSeconds: wait_s,
        },
      );
    }
    if (!(await this.passwords.verify(auth.row.password_hash, current))) {
      await this.limiter.fail(failureKey, this.limits.login_failures);
      throw authError('CURRENT_PASSWORD_WRONG');
    }
    await this.players.setPasswordHash(auth.row.id, await this.passwords.hash(next));
    const revoked = await this.repository.sessions.revokeAll(
      auth.row.id,
      'password_change',
      auth.session.id,
    );
    await this.repository.revokeResets(auth.row.id);
    await this.audit.record({
      actor: actorOf(auth.row, meta),
      action: 'player.password_change',
      target: targetOf(auth.row),
      metadata: { sessions_revoked: revoked },
    });
  }

  async logout(auth: AuthenticatedPlayer, meta: RequestMeta): Promise<void> {
    await this.repository.sessions.revoke(auth.session.id, 'logout');
    await this.audit.record({
      actor: actorOf(auth.row, meta),
      action: 'player.logout',
      target: targetOf(auth.row),
      metadata: { session_id: auth.session.id },
    });
  }

  /**
   * Resolves a bearer token to a live session of an active player, or null.
   * `touch: false` checks without counting as activity (a background recheck must
   * not keep an idle session alive).
   */
  async authenticate(token: string, { touch = true } = {}): Promise<AuthenticatedPlayer | null> {
    if (token.length < 10 || token.length > 200) return null;
    const session = await this.repository.sessions.live(
      digestToken(token),
      SESSION_IDLE_MS,
      touch ? SESSION_TOUCH_MS : Number.POSITIVE_INFINITY,
    );
    if (!session) return null;
    const row = await this.players.byId(session.player_id);
    if (row?.status !== 'active') return null;
    return { session, row };
  }

  /** Ends every session of a player (staff force-logout, block, password change). */
  async revokeAllSessions(player_id: bigint, reason: string): Promise<number> {
    return this.repository.sessions.revokeAll(player_id, reason);
  }

  async revokeSession(session_id: bigint, reason: string): Promise<boolean> {
    return this.repository.sessions.revoke(session_id, reason);
  }

  /** Distinct players with session activity in [from, to), in all and per UTC day. */
  activePlayers(from: Date, to: Date) {
    return this.repository.activePlayers(from, to);
  }

  sessions(player_id: bigint, limit = 50) {
    return this.repository.sessions.list(player_id, limit);
  }

  /**
   * Who else signed in where the player did (AML evidence, one-offer-per-person checks):
   * `(address, player)` pairs over the player's public addresses since `since`, the player
   * included, by address then player id as text.
   */
  addressesSharedWith(player_id: bigint, since: Date) {
    return this.repository.sharedAddresses(player_id, since);
  }

  /** `(device, player)` pairs over the player's devices (the device cookie) since `since`. */
  devicesSharedWith(player_id: bigint, since: Date) {
    return this.repository.sharedDevices(player_id, since);
  }

  /** The player's sign-ins through an anonymising network since `since`, newest first. */
  anonymisedSignIns(player_id: bigint, since: Date, limit: number) {
    return this.repository.anonymisedSignIns(player_id, since, limit);
  }

  /** Players who signed in from a public address since `since`, ordered by id as text. */
  playersSignedInSince(since: Date, limit: number) {
    return this.repository.signedInSince(since, limit);
  }

  /** The player's data export: their sessions and passkeys. */
  async exportOf(player_id: bigint) {
    return {
      sessions: await this.repository.exportOf(player_id),
      passkeys: await this.passkeys.exportOf(player_id),
    };
  }

  private async enforce(key: string, limit: WindowLimit, message: string): Promise<void> {
    const result = await this.limiter.hit(key, limit);
    if (!result.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `${message}. Try again in ${result.retry_after_s} seconds.`,
        {
          retryAfterSeconds: result.retry_after_s,
        },
      );
    }
  }
}

function actorOf(player: PlayerRow, meta: RequestMeta): AuditActor {
  return { type: 'player', id: player.id, ip: meta.ip, user_agent: meta.user_agent };
}

function targetOf(player: PlayerRow) {
  return { type: 'player', id: player.id };
}

function statusMessage(status: PlayerRow['status']): string {
  return status === 'blocked'
    ? 'Your account is blocked. Please contact support.'
    : 'This account is closed. Please contact support.';
}

/** Keys unknown logins without storing what was typed. */
function fingerprint(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('base64url').slice(0, 16);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
