import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * Player account security: two-factor sign-in with an authenticator app, recovery codes and
 * the sign-in's second step (decision 0140).
 */

/** Six digits from the app, or a recovery code like `k7pq2-mx9ta`; spaces are forgiven. */
export const twoFactorCode = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code or a recovery code')
  .max(32, 'The code is too long');

/**
 * `POST /customer/login` for a player with two-factor on: no session yet, a challenge for
 * `POST /customer/login/two-factor` instead. Players without two-factor get the spec's answer.
 */
export const twoFactorChallenge = z.object({
  status: z.literal(200),
  message: z.string(),
  two_factor_required: z.literal(true),
  /** Single use, valid `expires_in_s` seconds; only its digest is stored. */
  challenge_token: z.string(),
  expires_in_s: z.number().int(),
  methods: z.array(z.enum(['totp', 'recovery_code'])),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const twoFactorLoginRequest = z.object({
  challenge_token: z.string().min(10, 'challenge_token is required').max(200),
  code: twoFactorCode,
});

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
export const twoFactorStatusResponse = envelope(twoFactorStatus);

/** Shown while enrolling only; the secret is never shown again once confirmed. */
export const totpEnrolment = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_data_url: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpEnrolmentResponse = envelope(totpEnrolment);

export const twoFactorCodeRequest = z.object({ code: twoFactorCode });

/** Shown once; stored only as digests. */
export const recoveryCodesResponse = envelope(z.object({ recovery_codes: z.array(z.string()) }));

/** One signed-in device of the player (Settings → Security). */
export const playerSession = z.object({
  id: z.string(),
  /** The address as stored at sign-in: an approximate place, never more precise. */
  ip: z.string().nullable(),
  device: z.object({
    browser: z.string().nullable(),
    os: z.string().nullable(),
    mobile: z.boolean(),
  }),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type PlayerSession = z.infer<typeof playerSession>;
export const playerSessionsResponse = envelope(z.array(playerSession));

export const sessionIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/, 'must be a session id'),
});

export const signedOutResponse = envelope(z.object({ signed_out: z.number().int() }));
