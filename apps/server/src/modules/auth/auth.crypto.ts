import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1).
 */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The test suite's cost: still argon2id, at the smallest memory and time. Its thousands of
 * throwaway players otherwise spend minutes of CPU hashing (about 40 ms a hash here), which is
 * the same trade the big web frameworks make for their test settings.
 */
const ARGON2_TEST_OPTIONS = {
  algorithm: 2,
  memoryCost: 1_024,
  timeCost: 1,
  parallelism: 1,
} as const;

/**
 * Hashes and checks passwords. A hash carries its own cost, so verifying works whatever
 * setting made it. A verify against a dummy hash keeps the timing of "unknown user" equal to
 * "wrong password", so response times do not reveal which accounts exist.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly options: typeof ARGON2_OPTIONS | typeof ARGON2_TEST_OPTIONS) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(password_hash: string | null, password: string): Promise<boolean> {
    if (password_hash === null) {
      this.dummyHash ??= this.hash('timing-equaliser');
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(password_hash, password).catch(() => false);
  }
}

/** OWASP's cost in development and production; the cheapest argon2id only under NODE_ENV=test. */
export const passwordHasher = (env: string) =>
  new PasswordHasher(env === 'test' ? ARGON2_TEST_OPTIONS : ARGON2_OPTIONS);

const TOKEN_BYTES = 32;

/** Opaque bearer tokens: random, shown once, stored only as a SHA-256 digest. */
export function newToken(prefix: 'pt' | 'pr' | 'st' | 'pc'): { token: string; digest: Buffer } {
  const token = `${prefix}_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  return { token, digest: digestToken(token) };
}

export const digestToken = (token: string) => createHash('sha256').update(token).digest();
