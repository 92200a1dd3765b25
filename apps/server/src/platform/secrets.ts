import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';

/**
 * Secrets at rest (decisions 0135, 0661): AES-256-GCM for the values the server must read back
 * in clear (TOTP secrets, a provider's API key). Hashes stay hashes; this is for what cannot be
 * hashed.
 *
 * A sealed value is text: `sealed:v2:`, the id of the key it was sealed under, `:`, then
 * base64url of a 12-byte random nonce, the 16-byte tag and the ciphertext. The key id lets an
 * operator rotate: `SECRETS_KEY` seals, `SECRETS_KEY_PREVIOUS` only opens, and
 * `npm run secrets:rotate` re-seals what the previous key sealed. Values sealed before key ids
 * (`sealed:v1:`, no id) open under whichever of the two keys sealed them. The purpose (`totp`,
 * `odds_api_key`, …) is authenticated with the value, so a value copied into another kind of
 * column does not open. A value without the `sealed:` mark is a legacy plain one: it reads as it
 * is, and its owner seals it (at start-up, and on its next write).
 */

/** What every sealed value starts with, whatever its format. */
export const SEALED_MARK = 'sealed:';
/** The format without a key id (decision 0135): still opened, never written. */
const V1 = 'sealed:v1:';
/** The format with the key id: `sealed:v2:<key id>:<base64url>`. */
const V2 = 'sealed:v2:';
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

/** A value sealed under a key this process was not given (the previous key dropped too soon). */
export class SecretKeyUnknownError extends SecretTamperedError {
  constructor(purpose: string, key_id: string) {
    super(purpose);
    this.message = `a sealed ${purpose} secret was sealed under key ${key_id}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`;
    this.name = 'SecretKeyUnknownError';
  }
}

export class SecretsKeyMismatchError extends Error {
  constructor() {
    super(
      "neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS is the key this database's secrets were sealed with: start with the key kept with its backups",
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

/** A key's id: a short digest, safe to store beside what it sealed and to log; never the key. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

type Key = { id: string; key: Buffer };

export class SecretBox {
  private readonly current: Key;
  /** Every key that opens, the current one first. */
  private readonly keys: Map<string, Key>;

  /** `key` seals and opens; each of `previous` only opens (a rotation under way). */
  constructor(key: Buffer, previous: readonly Buffer[] = []) {
    for (const k of [key, ...previous])
      if (k.length !== SECRETS_KEY_BYTES) throw new Error('SecretBox: the key must be 32 bytes');
    this.current = { id: keyIdOf(key), key: Buffer.from(key) };
    this.keys = new Map([[this.current.id, this.current]]);
    for (const k of previous) {
      const id = keyIdOf(k);
      if (!this.keys.has(id)) this.keys.set(id, { id, key: Buffer.from(k) });
    }
  }

  /** The current key's id (logs, the back office, the sealed values): never the key. */
  get fingerprint(): string {
    return this.current.id;
  }

  /** What a value sealed under the current key starts with: a rotation leaves these alone. */
  get currentPrefix(): string {
    return `${V2}${this.current.id}:`;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED_MARK);
  }

  /** Sealed under the current key: nothing for a rotation to do. */
  isCurrent(stored: string): boolean {
    return stored.startsWith(this.currentPrefix);
  }

  seal(plain: string, purpose: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${this.currentPrefix}${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The clear text of a sealed value (a legacy plain one as it is); tampered: throws. */
  open(stored: string, purpose: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    if (stored.startsWith(V2)) {
      const rest = stored.slice(V2.length);
      const colon = rest.indexOf(':');
      if (colon < 0) throw new SecretTamperedError(purpose);
      const id = rest.slice(0, colon);
      const key = this.keys.get(id);
      if (!key) throw new SecretKeyUnknownError(purpose, id);
      const clear = decrypt(key.key, rest.slice(colon + 1), purpose);
      if (clear === null) throw new SecretTamperedError(purpose);
      return clear;
    }
    // No key id: whichever key opens it sealed it (GCM's tag tells a wrong key).
    if (stored.startsWith(V1)) {
      for (const { key } of this.keys.values()) {
        const clear = decrypt(key, stored.slice(V1.length), purpose);
        if (clear !== null) return clear;
      }
    }
    throw new SecretTamperedError(purpose);
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
   * Proves one of this box's keys is the one the database's secrets were sealed with: the first
   * instance on a database stores a sealed check value; every later start opens it, or refuses
   * to start (a backup restored without its key, an instance given another key, the previous
   * key dropped before a rotation finished: the rotation re-seals the check value last).
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

/** The clear text of base64url(nonce | tag | ciphertext) under `key`, or null if it does not open. */
function decrypt(key: Buffer, body: string, purpose: string): string | null {
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
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
  /** `SECRETS_KEY_PREVIOUS`: opens what the key before sealed, while a rotation is under way. */
  previousKey?: string | undefined;
  dataDir: string;
}): Promise<SecretBox> {
  const parsed = (text: string, name: string) => {
    const key = parseSecretsKey(text);
    if (!key) throw new Error(`${name}: 32 bytes as 64 hex digits or base64`);
    return key;
  };
  const previous =
    options.previousKey === undefined ? [] : [parsed(options.previousKey, 'SECRETS_KEY_PREVIOUS')];
  const key =
    options.key === undefined
      ? await developmentKey(options.dataDir)
      : parsed(options.key, 'SECRETS_KEY');
  return new SecretBox(key, previous);
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
