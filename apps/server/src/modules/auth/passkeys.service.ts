import { createHash, randomBytes } from 'node:crypto';
import type { passkeyAuthenticationResponse, passkeyRegistrationResponse } from '@casino/contracts';
import { PASSKEYS_MAX } from '@casino/contracts';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { AuditService } from '../audit/index.ts';
import type { PlayerRow } from '../players/index.ts';
import { authError } from './auth.errors.ts';
import { challengeOf, defaultPasskeyName, type RelyingParty } from './passkeys.relying-party.ts';
import type { ChallengePurpose, PasskeyRow, PasskeysRepository } from './passkeys.repository.ts';

/** A ceremony's challenge lives this long: the browser's prompt times out well before. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser's prompt waits for the player. */
const CEREMONY_TIMEOUT_MS = 120_000;
/** Adding or removing a passkey needs a session at most this old (decision 0143). */
export const PASSKEY_RECENT_SIGN_IN_MS = 15 * 60_000;

type RegistrationBody = z.infer<typeof passkeyRegistrationResponse>;
type AuthenticationBody = z.infer<typeof passkeyAuthenticationResponse>;

/** The signed-in player and when the session began, for the recent sign-in rule. */
export type PasskeyOwner = { row: PlayerRow; session: { created_at: Date } };

/**
 * Passkeys (WebAuthn, decision 0143) with `@simplewebauthn/server`: registration for a signed-in
 * player, and a sign-in that needs no password and no second factor (the passkey is something
 * the player has, unlocked by something they are or know). Every challenge is made here, kept
 * as a digest, and claimed once by the first answer naming it, right or wrong.
 */
export class PasskeysService {
  constructor(
    private readonly repository: PasskeysRepository,
    private readonly audit: AuditService,
    private readonly relyingParty: () => RelyingParty,
    /** The name the browser shows for the site: the operator's brand. */
    private readonly brand: () => Promise<string>,
  ) {}

  list(player_id: bigint) {
    return this.repository.listOf(player_id);
  }

  exportOf(player_id: bigint) {
    return this.repository.exportOf(player_id);
  }

  count(player_id: bigint) {
    return this.repository.count(player_id);
  }

  /** The options for `navigator.credentials.create()`: a discoverable credential, verified user. */
  async registrationOptions(owner: PasskeyOwner) {
    this.requireRecentSignIn(owner);
    const existing = await this.repository.listOf(owner.row.id);
    if (existing.length >= PASSKEYS_MAX) throw authError('PASSKEY_LIMIT');
    const user_handle = existing[0]?.user_handle ?? randomBytes(16);
    const options = await generateRegistrationOptions({
      rpName: await this.brand(),
      rpID: this.relyingParty().id,
      userName: owner.row.email,
      userDisplayName: owner.row.name,
      userID: new Uint8Array(user_handle),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: row.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keepChallenge('register', owner.row.id, options.challenge, user_handle);
    return asJson(options);
  }

  /** Checks the new credential against the challenge, the origin and the relying party; keeps it. */
  async register(
    owner: PasskeyOwner,
    body: { name?: string | undefined; response: RegistrationBody },
    meta: RequestMeta,
  ): Promise<PasskeyRow> {
    this.requireRecentSignIn(owner);
    const player = owner.row;
    const { expected, claimed } = await this.claim(body.response.response.clientDataJSON, {
      purpose: 'register',
      player_id: player.id,
    });
    const rp = this.relyingParty();
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
    try {
      const result = await verifyRegistrationResponse({
        response: body.response as RegistrationResponseJSON,
        expectedChallenge: expected,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch (error) {
      await this.recordFailure(player, meta, 'register', reasonOf(error));
      throw rejected();
    }
    if (!info) {
      await this.recordFailure(player, meta, 'register', 'not verified');
      throw rejected();
    }
    const transports = body.response.response.transports ?? info.credential.transports ?? [];
    const row = await this.repository.add(
      {
        player_id: player.id,
        credential_id: info.credential.id,
        user_handle: claimed.user_handle ?? randomBytes(16),
        public_key: Buffer.from(info.credential.publicKey),
        counter: BigInt(info.credential.counter),
        transports: [...new Set(transports)],
        name:
          body.name ??
          defaultPasskeyName(meta.user_agent, body.response.authenticatorAttachment, transports),
        backed_up: info.credentialBackedUp,
      },
      PASSKEYS_MAX,
    );
    if (!row) {
      if ((await this.repository.count(player.id)) >= PASSKEYS_MAX)
        throw authError('PASSKEY_LIMIT');
      throw authError('PASSKEY_ALREADY_REGISTERED');
    }
    await this.record(player, meta, 'player.passkey_added', { passkey_id: row.id, name: row.name });
    return row;
  }

  /** The options for `navigator.credentials.get()`: any passkey of this site, verified user. */
  async signInOptions() {
    const options = await generateAuthenticationOptions({
      rpID: this.relyingParty().id,
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
    });
    await this.keepChallenge('sign_in', null, options.challenge, null);
    return asJson(options);
  }

  /**
   * The player a passkey's assertion proves, after the challenge, origin, relying party,
   * signature, user verification and counter all check out; `PASSKEY_REJECTED` otherwise. The
   * counter is advanced in the same step, so a cloned authenticator (its counter behind) or a
   * replayed assertion is refused.
   */
  async authenticate(
    body: AuthenticationBody,
    meta: RequestMeta,
    player: (id: bigint) => Promise<PlayerRow | undefined>,
  ): Promise<PlayerRow> {
    const { expected } = await this.claim(body.response.clientDataJSON, {
      purpose: 'sign_in',
      player_id: null,
    });
    const row = await this.repository.byCredentialId(body.id);
    // An unknown credential, or one whose account is gone: nothing to audit against.
    const owner = row ? await player(row.player_id) : undefined;
    if (!row || !owner) throw rejected();
    const handle = body.response.userHandle;
    if (handle !== undefined && !Buffer.from(handle, 'base64url').equals(row.user_handle)) {
      await this.recordFailure(owner, meta, 'sign_in', 'user handle does not match');
      throw rejected();
    }
    const rp = this.relyingParty();
    let counter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: body as AuthenticationResponseJSON,
        expectedChallenge: expected,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(row.public_key),
          counter: Number(row.counter),
          transports: row.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: true,
      });
      if (!result.verified) throw new Error('not verified');
      counter = result.authenticationInfo.newCounter;
    } catch (error) {
      const reason = reasonOf(error);
      await this.recordFailure(owner, meta, 'sign_in', reason, row.id);
      throw rejected();
    }
    if (!(await this.repository.advanceCounter(row.id, counter))) {
      await this.recordFailure(owner, meta, 'sign_in', 'counter did not advance', row.id);
      throw rejected();
    }
    return owner;
  }

  async rename(player: PlayerRow, id: bigint, name: string, meta: RequestMeta) {
    const row = await this.repository.rename(player.id, id, name);
    if (!row) throw new AppError('NOT_FOUND', 'No such passkey');
    await this.record(player, meta, 'player.passkey_renamed', { passkey_id: row.id, name });
    return row;
  }

  async remove(owner: PasskeyOwner, id: bigint, meta: RequestMeta): Promise<void> {
    this.requireRecentSignIn(owner);
    const row = await this.repository.remove(owner.row.id, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such passkey');
    await this.record(owner.row, meta, 'player.passkey_removed', {
      passkey_id: row.id,
      name: row.name,
    });
  }

  /**
   * A stolen session must not add a way in that outlives it, nor take the owner's away: adding
   * and removing passkeys need a session started within the last 15 minutes.
   */
  private requireRecentSignIn(owner: PasskeyOwner) {
    if (Date.now() - owner.session.created_at.getTime() > PASSKEY_RECENT_SIGN_IN_MS)
      throw authError('PASSKEY_RECENT_SIGN_IN_REQUIRED');
  }

  private async keepChallenge(
    purpose: ChallengePurpose,
    player_id: bigint | null,
    challenge: string,
    user_handle: Buffer | null,
  ) {
    await this.repository.createChallenge({
      purpose,
      player_id,
      challenge_hash: digest(challenge),
      user_handle,
      ttl_ms: PASSKEY_CHALLENGE_TTL_MS,
    });
  }

  /** The challenge the answer signed, claimed once; `PASSKEY_CHALLENGE_INVALID` otherwise. */
  private async claim(
    clientDataJSON: string,
    where: { purpose: ChallengePurpose; player_id: bigint | null },
  ) {
    const expected = challengeOf(clientDataJSON);
    const claimed =
      expected === null
        ? undefined
        : await this.repository.claimChallenge(digest(expected), where.purpose, where.player_id);
    if (!expected || !claimed) throw authError('PASSKEY_CHALLENGE_INVALID');
    return { expected, claimed };
  }

  private async recordFailure(
    player: PlayerRow,
    meta: RequestMeta,
    use: 'register' | 'sign_in',
    reason: string,
    passkey_id?: bigint,
  ) {
    await this.record(player, meta, 'player.passkey_failed', {
      use,
      reason,
      ...(passkey_id === undefined ? {} : { passkey_id }),
    });
  }

  private async record(
    player: PlayerRow,
    meta: RequestMeta,
    action: string,
    metadata: Record<string, unknown>,
  ) {
    await this.audit.record({
      actor: { type: 'player', id: player.id, ip: meta.ip, user_agent: meta.user_agent },
      action,
      target: { type: 'player', id: player.id },
      metadata,
    });
  }
}

/** The options as the JSON object the route answers (the contract names only `challenge`). */
const asJson = (options: { challenge: string }) =>
  options as { challenge: string } & Record<string, unknown>;

const digest = (challenge: string) => createHash('sha256').update(challenge).digest();

/** The library's reason, kept short for the audit log (it never reaches the client). */
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 200);

const rejected = () => authError('PASSKEY_REJECTED');
