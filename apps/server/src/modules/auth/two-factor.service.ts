import { AppError } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { RateLimiter, WindowLimit } from '../../platform/rate-limit.ts';
import {
  digestRecoveryCode,
  enrolment,
  isRecoveryCodeShape,
  isTotpShape,
  newRecoveryCodes,
  newTotpSecret,
  type TotpEnrolment,
  verifyTotp,
} from '../../platform/totp.ts';
import type { AuditService } from '../audit/index.ts';
import type { PlayerRow } from '../players/index.ts';
import { digestToken, newToken } from './auth.crypto.ts';
import { authError } from './auth.errors.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

/** The password step's proof lives this long: enough to open the app and type a code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one challenge takes before the player must type the password again. */
export const CHALLENGE_FAILURES_MAX = 5;

export type TwoFactorStatus = {
  enabled: boolean;
  enabled_at: Date | null;
  recovery_codes_left: number;
};

/** How a code was proven: the authenticator app, or one of the single-use recovery codes. */
export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Player two-factor authentication with an authenticator app (decision 0140): enrolment, the
 * sign-in's second step, and a fresh code for sensitive actions. Wrong codes count per player in
 * a window (`failures`); past its limit every code of that player is refused until the window
 * ends, whatever the challenge or session, so guessing cannot be spread over sign-ins.
 */
export class TwoFactorService {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly failures: WindowLimit,
    /** The name the authenticator app shows beside the account: the operator's brand. */
    private readonly issuer: () => Promise<string>,
    /** The player's passkeys (this module's passkey repository), for the back office's view. */
    private readonly passkeys: { count(player_id: bigint): Promise<number> },
  ) {}

  async status(player_id: bigint): Promise<TwoFactorStatus> {
    const row = await this.repository.byPlayer(player_id);
    const enabled = Boolean(row?.secret);
    return {
      enabled,
      enabled_at: row?.enabled_at ?? null,
      recovery_codes_left: enabled ? await this.repository.recoveryCodesLeft(player_id) : 0,
    };
  }

  async enabled(player_id: bigint): Promise<boolean> {
    return Boolean((await this.repository.byPlayer(player_id))?.secret);
  }

  /** Starts (or shows again) an enrolment: the secret and its QR code, until confirmed. */
  async enrol(player: PlayerRow): Promise<TotpEnrolment> {
    const row = await this.repository.byPlayer(player.id);
    if (row?.secret) throw authError('TWO_FACTOR_ALREADY_ENABLED');
    const secret = row?.pending_secret ?? newTotpSecret();
    if (!(await this.repository.setPending(player.id, secret)))
      throw authError('TWO_FACTOR_ALREADY_ENABLED');
    return enrolment(secret, player.email, await this.issuer());
  }

  /** A code from the app proves the enrolment; the recovery codes are shown this once. */
  async confirm(player: PlayerRow, code: string, meta: RequestMeta): Promise<string[]> {
    await this.checkLock(player.id);
    const row = await this.repository.byPlayer(player.id);
    if (row?.secret) throw authError('TWO_FACTOR_ALREADY_ENABLED');
    if (!row?.pending_secret) throw authError('TWO_FACTOR_NOT_ENROLLING');
    const step = await verifyTotp(row.pending_secret, code.trim(), null);
    if (step === null) {
      await this.recordFailure(player, meta, 'confirm');
      throw invalidCode();
    }
    const codes = newRecoveryCodes();
    const hashes = codes.map((c) => digestRecoveryCode('player', c));
    if (!(await this.repository.enable(player.id, row.pending_secret, step, hashes)))
      throw authError('TWO_FACTOR_ALREADY_ENABLED');
    await this.record(player, meta, 'player.two_factor_enabled');
    return codes;
  }

  /** Turning it off needs a current code (or a recovery code), not only the session. */
  async disable(player: PlayerRow, code: string, meta: RequestMeta): Promise<void> {
    await this.requireEnabled(player.id);
    await this.verifyOrThrow(player, code, meta, 'disable');
    await this.repository.disable(player.id);
    await this.record(player, meta, 'player.two_factor_disabled');
  }

  /** New recovery codes replace every old one; proven with a current code. */
  async regenerateRecoveryCodes(player: PlayerRow, code: string, meta: RequestMeta) {
    await this.requireEnabled(player.id);
    await this.verifyOrThrow(player, code, meta, 'recovery_codes');
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(
      player.id,
      codes.map((c) => digestRecoveryCode('player', c)),
    );
    await this.record(player, meta, 'player.recovery_codes_regenerated');
    return codes;
  }

  /** The password was right: a short-lived, single-use token for the second step. */
  async challenge(player_id: bigint): Promise<string> {
    const { token, digest } = newToken('pc');
    await this.repository.createChallenge(player_id, digest, CHALLENGE_TTL_MS);
    return token;
  }

  /**
   * The player id of a challenge that a good code completes; the challenge is then spent.
   * `player` loads the account (the players module) once the challenge is known.
   */
  async complete(
    challenge_token: string,
    code: string,
    meta: RequestMeta,
    player: (id: bigint) => Promise<PlayerRow | undefined>,
  ): Promise<{ player: PlayerRow; method: SecondFactor }> {
    const challenge = await this.repository.openChallenge(
      digestToken(challenge_token),
      CHALLENGE_FAILURES_MAX,
    );
    if (!challenge) throw authError('TWO_FACTOR_CHALLENGE_INVALID');
    const row = await player(challenge.player_id);
    if (!row) throw authError('TWO_FACTOR_CHALLENGE_INVALID');
    await this.checkLock(row.id);
    const method = await this.verify(row.id, code);
    if (method === null) {
      await this.repository.failChallenge(challenge.id);
      await this.recordFailure(row, meta, 'sign_in');
      throw invalidCode();
    }
    if (!(await this.repository.consumeChallenge(challenge.id)))
      throw authError('TWO_FACTOR_CHALLENGE_INVALID');
    return { player: row, method };
  }

  /**
   * A fresh code for a sensitive action when the player has two-factor on: nothing to do when
   * it is off, `TWO_FACTOR_REQUIRED` without a code, `TWO_FACTOR_CODE_INVALID` for a bad one.
   */
  async requireFresh(
    player: { id: bigint },
    code: string | undefined,
    meta: RequestMeta,
    /** What the refusal tells the player, when the default (a new payout account) does not fit. */
    message?: string,
  ) {
    if (!(await this.enabled(player.id))) return;
    if (!code?.trim())
      throw authError('TWO_FACTOR_REQUIRED', message, [
        { path: 'two_factor_code', message: 'a code from your authenticator app is required' },
      ]);
    await this.verifyOrThrow(player, code, meta, 'step_up');
  }

  /** What the back office shows of a player's second factors (decision 0974). */
  async overview(player_id: bigint): Promise<TwoFactorStatus & { passkeys: number }> {
    const [status, passkeys] = await Promise.all([
      this.status(player_id),
      this.passkeys.count(player_id),
    ]);
    return { ...status, passkeys };
  }

  /**
   * Staff turn two-factor off for a player who lost both the phone and the recovery codes: the
   * secret, an enrolment in progress and every recovery code go. Passkeys stay (they are sign-in
   * credentials of their own). False when two-factor was not on: nothing changed.
   */
  async reset(player_id: bigint): Promise<boolean> {
    if (!(await this.enabled(player_id))) return false;
    await this.repository.disable(player_id);
    return true;
  }

  recoveryCodesLeft(player_id: bigint) {
    return this.repository.recoveryCodesLeft(player_id);
  }

  private async requireEnabled(player_id: bigint) {
    if (!(await this.enabled(player_id))) throw authError('TWO_FACTOR_NOT_ENABLED');
  }

  private async verifyOrThrow(
    player: { id: bigint },
    code: string,
    meta: RequestMeta,
    use: string,
  ) {
    await this.checkLock(player.id);
    const method = await this.verify(player.id, code);
    if (method === null) {
      await this.recordFailure(player, meta, use);
      throw invalidCode();
    }
    return method;
  }

  /** A TOTP code newer than the last accepted one, or an unused recovery code. */
  private async verify(player_id: bigint, raw: string): Promise<SecondFactor | null> {
    const code = raw.trim().replace(/\s+/g, '');
    const row = await this.repository.byPlayer(player_id);
    if (!row?.secret) return null;
    if (isTotpShape(code)) {
      const last = row.last_step === null ? null : Number(row.last_step);
      const step = await verifyTotp(row.secret, code, last);
      return step !== null && (await this.repository.claimStep(player_id, step)) ? 'totp' : null;
    }
    if (isRecoveryCodeShape(code)) {
      const used = await this.repository.useRecoveryCode(
        player_id,
        digestRecoveryCode('player', code),
      );
      return used ? 'recovery_code' : null;
    }
    return null;
  }

  private async checkLock(player_id: bigint) {
    const key = lockKey(player_id);
    const failures = await this.limiter.count(key, this.failures.window_ms);
    if (failures >= this.failures.limit) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many wrong codes. Two-factor codes for this account are locked for a while; try again later.',
        { retryAfterSeconds: Math.ceil(this.failures.window_ms / 1000) },
      );
    }
  }

  private async recordFailure(player: { id: bigint }, meta: RequestMeta, use: string) {
    await this.limiter.hit(lockKey(player.id), this.failures);
    await this.audit.record({
      actor: { type: 'player', id: player.id, ip: meta.ip, user_agent: meta.user_agent },
      action: 'player.two_factor_failed',
      target: { type: 'player', id: player.id },
      metadata: { use },
    });
  }

  private async record(player: PlayerRow, meta: RequestMeta, action: string) {
    await this.audit.record({
      actor: { type: 'player', id: player.id, ip: meta.ip, user_agent: meta.user_agent },
      action,
      target: { type: 'player', id: player.id },
    });
  }
}

const lockKey = (player_id: bigint) => `2fa:fail:${player_id}`;

const invalidCode = () =>
  authError('TWO_FACTOR_CODE_INVALID', undefined, [
    { path: 'code', message: 'not valid or already used' },
  ]);
