import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';

/**
 * Secrets at rest (decision 0135): AES-256-GCM under one key (`SECRETS_KEY`), for the values the
 * server must read back in clear (TOTP secrets, a provider's API key). Hashes stay hashes; this
 * is for what cannot be hashed.
 *
 * A sealed value is text: `sealed:v1:` then base64url of a 12-byte random nonce, the 16-byte
 * tag and the ciphertext. The purpose (`totp`, `odds_api_key`, …) is authenticated with it, so a
 * value copied into another kind of column does not open. A value without the prefix is a
 * legacy plain one: it reads as it is, and the owner seals it (at start-up, and on its next write).
 */

export const SEALED_PREFIX = 'sealed:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;
/** The development key's file under DATA_DIR, next to the embedded database's password. */
export const SECRETS_KEY_FILE = 'secrets-key';
/** The known text sealed in `platform_secrets_check`: opening it proves the key is the database's. */
const CHECK_TEXT = 'secrets-key-check';

export class SecretTamperedError extends Error {
  constructor(purpose: string) {
    super(`a sealed ${purpose} secret does not open: altered, or sealed under another SECRETS_KEY`);
    this.name = 'SecretTamperedError';
  }
}

export class SecretsKeyMismatchError extends Error {
  constructor() {
    super(
      "SECRETS_KEY is not the key this database's secrets were sealed with: start with the key kept with its backups",
    );
    this.name = 'SecretsKeyMismatchError';
  }
}

/** `SECRETS_KEY`: 32 bytes as 64 hex digits or base64 (44 characters); null if neither. */
export function parseSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === SECRETS_KEY_BYTES ? key : null;
  }
  return null;
}

/** A fresh key as `SECRETS_KEY` takes it (base64). */
export const newSecretsKey = () => randomBytes(SECRETS_KEY_BYTES).toString('base64');

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== SECRETS_KEY_BYTES) throw new Error('SecretBox: the key must be 32 bytes');
    this.key = Buffer.from(key);
  }

  /** A short fingerprint of the key (logs, the back office): never the key. */
  get fingerprint(): string {
    return createHash('sha256').update(this.key).digest('hex').slice(0, 12);
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED_PREFIX);
  }

  seal(plain: string, purpose: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The clear text of a sealed value (a legacy plain one as it is); tampered: throws. */
  open(stored: string, purpose: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretTamperedError(purpose);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretTamperedError(purpose);
    }
  }

  /** `open` for a nullable column. */
  openNullable(stored: string | null, purpose: string): string | null {
    return stored === null ? null : this.open(stored, purpose);
  }

  /** `seal` for a nullable column. */
  sealNullable(plain: string | null, purpose: string): string | null {
    return plain === null ? null : this.seal(plain, purpose);
  }

  /**
   * Proves this key is the one the database's secrets were sealed with: the first instance on a
   * database stores a sealed check value; every later start opens it, or refuses to start
   * (a backup restored without its key, an instance given another key).
   */
  async verifyAgainst(db: Db): Promise<void> {
    await sql`insert into platform_secrets_check (id, sealed) values (1, ${this.seal(CHECK_TEXT, 'check')})
              on conflict (id) do nothing`.execute(db);
    const { rows } = await sql<{ sealed: string }>`
      select sealed from platform_secrets_check where id = 1`.execute(db);
    try {
      if (this.open(rows[0]!.sealed, 'check') === CHECK_TEXT) return;
    } catch {}
    throw new SecretsKeyMismatchError();
  }
}

/**
 * The key for this process: `SECRETS_KEY` when set (required in production, config.ts checks),
 * else the development key in `<dataDir>/secrets-key`, made on first use (mode 0600) and kept,
 * like the embedded database's password. Made with a hard link so processes starting together
 * agree on one key.
 */
export async function loadSecretBox(options: {
  key: string | undefined;
  dataDir: string;
}): Promise<SecretBox> {
  if (options.key !== undefined) {
    const key = parseSecretsKey(options.key);
    if (!key) throw new Error('SECRETS_KEY: 32 bytes as 64 hex digits or base64');
    return new SecretBox(key);
  }
  return new SecretBox(await developmentKey(options.dataDir));
}

/** The development key file's key, made if missing (exported for `npm run cluster`). */
export async function developmentKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const read = async () => {
    const key = parseSecretsKey(await readFile(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key (base64)`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${newSecretsKey()}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return read();
}
