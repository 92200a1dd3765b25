import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  developmentKey,
  loadSecretBox,
  newSecretsKey,
  parseSecretsKey,
  SEALED_PREFIX,
  SECRETS_KEY_FILE,
  SecretBox,
  SecretTamperedError,
} from './secrets.ts';

const box = new SecretBox(randomBytes(32));
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The sealed value with one bit of its binary part flipped at `index` (negative: from the end). */
function flipped(sealed: string, index: number): string {
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  const at = index < 0 ? raw.length + index : index;
  raw[at]! ^= 0x01;
  return `${SEALED_PREFIX}${raw.toString('base64url')}`;
}

describe('SecretBox', () => {
  it('seals to text that does not hold the secret, differently each time, and opens it', () => {
    const a = box.seal(TOTP, 'totp');
    const b = box.seal(TOTP, 'totp');
    expect(a.startsWith(SEALED_PREFIX)).toBe(true);
    expect(a).not.toContain(TOTP);
    expect(a).not.toBe(b);
    expect(box.open(a, 'totp')).toBe(TOTP);
    expect(box.open(b, 'totp')).toBe(TOTP);
    expect(box.open(box.seal('', 'totp'), 'totp')).toBe('');
  });

  it('refuses a value altered anywhere: nonce, tag, ciphertext, or cut short', () => {
    const sealed = box.seal(TOTP, 'totp');
    for (const index of [0, 11, 12, 27, 28, -1]) {
      expect(() => box.open(flipped(sealed, index), 'totp')).toThrow(SecretTamperedError);
    }
    expect(() => box.open(`${SEALED_PREFIX}AAAA`, 'totp')).toThrow(SecretTamperedError);
    expect(() => box.open(sealed.slice(0, -4), 'totp')).toThrow(SecretTamperedError);
  });

  it('refuses a value sealed for another purpose, or under another key', () => {
    const sealed = box.seal(TOTP, 'totp');
    expect(() => box.open(sealed, 'odds_api_key')).toThrow(SecretTamperedError);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'totp')).toThrow(
      /sealed under another SECRETS_KEY/,
    );
  });

  it('reads a legacy plain value as it is; nulls stay null', () => {
    expect(box.open(TOTP, 'totp')).toBe(TOTP);
    expect(box.openNullable(null, 'totp')).toBeNull();
    expect(box.sealNullable(null, 'totp')).toBeNull();
    expect(SecretBox.isSealed(TOTP)).toBe(false);
  });

  it('takes a 32-byte key as base64 or hex, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseSecretsKey('not a key')).toBeNull();
    expect(parseSecretsKey(newSecretsKey())).toHaveLength(32);
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('the development key', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is made once in the data directory (owner-only) and agreed on by processes starting together', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'secrets-key-'));
    dirs.push(dir);
    const keys = await Promise.all(Array.from({ length: 8 }, () => developmentKey(dir)));
    for (const key of keys) expect(key).toEqual(keys[0]);
    const file = path.join(dir, SECRETS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(await readFile(file, 'utf8'))).toEqual(keys[0]);
    // Later starts read the same key; SECRETS_KEY, when given, wins.
    const sealed = (await loadSecretBox({ key: undefined, dataDir: dir })).seal('x', 'p');
    expect((await loadSecretBox({ key: undefined, dataDir: dir })).open(sealed, 'p')).toBe('x');
    const given = newSecretsKey();
    const other = await loadSecretBox({ key: given, dataDir: dir });
    expect(() => other.open(sealed, 'p')).toThrow(SecretTamperedError);
  });
});
