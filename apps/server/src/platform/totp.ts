import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Time-based one-time codes and single-use recovery codes, shared by staff and players.
 * Only the issuer shown in the authenticator app and the recovery-code digest domain differ
 * per kind of account.
 */

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_S = 30;
/** One step either side for clock drift between the phone and the server. */
const TOTP_TOLERANCE_S = TOTP_PERIOD_S;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_GROUP_LENGTH = 5;

/** Whose codes: the digest domain keeps a staff code from ever matching a player's row. */
export type TotpKind = 'staff' | 'player';

export const newTotpSecret = () => generateSecret({ length: 20 });

export type TotpEnrolment = { secret: string; otpauth_url: string; qr_data_url: string };

export async function enrolment(
  secret: string,
  label: string,
  issuer: string,
): Promise<TotpEnrolment> {
  const otpauth_url = generateURI({ issuer, label, secret });
  const qr_data_url = await QRCode.toDataURL(otpauth_url, { margin: 1, width: 220 });
  return { secret, otpauth_url, qr_data_url };
}

export const isTotpShape = (code: string) => /^\d{6}$/.test(code);

/**
 * The time step a code belongs to, or null. Codes from `after_step` or earlier are
 * refused, so a code that was accepted once (or an older one) never works again.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  after_step: number | null,
): Promise<number | null> {
  if (!isTotpShape(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_S,
      ...(after_step === null ? {} : { afterTimeStep: after_step }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Ten single-use codes like `k7pq2-mx9ta`; about 49 bits each, stored only as digests. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: RECOVERY_GROUP_LENGTH * 2 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, RECOVERY_GROUP_LENGTH)}-${chars.slice(RECOVERY_GROUP_LENGTH)}`;
  });
}

export const isRecoveryCodeShape = (code: string) =>
  /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());

/** Case and the dash are forgiven when typing a recovery code. */
export function digestRecoveryCode(kind: TotpKind, code: string): Buffer {
  const normal = code.trim().toLowerCase().replace('-', '');
  return createHash('sha256').update(`${kind}-recovery:${normal}`).digest();
}
