import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1).
 * A verify against DUMMY_HASH keeps the timing of "unknown user" equal to
 * "wrong password", so response times do not reveal which accounts exist.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | null = null;

export async function verifyPassword(
  password_hash: string | null,
  password: string,
): Promise<boolean> {
  if (password_hash === null) {
    dummyHash ??= hashPassword('timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(password_hash, password).catch(() => false);
}

const TOKEN_BYTES = 32;

/** Opaque bearer tokens: random, shown once, stored only as a SHA-256 digest. */
export function newToken(prefix: 'pt' | 'pr' | 'st' | 'pc'): { token: string; digest: Buffer } {
  const token = `${prefix}_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  return { token, digest: digestToken(token) };
}

export const digestToken = (token: string) => createHash('sha256').update(token).digest();
