import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  developmentKey,
  loadSecretBox,
  newSecretsKey,
  parseSecretsKey,
  SECRETS_KEY_FILE,
  SecretBox,
  SecretKeyUnknownError,
  SecretTamperedError,
} from './secrets.ts';

const box = new SecretBox(randomBytes(32));
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The sealed value with one bit of its binary part flipped at `index` (negative: from the end). */
function flipped(sealed: string, index: number): string {
  const prefix = box.currentPrefix;
  const raw = Buffer.from(sealed.slice(prefix.length), 'base64url');
  const at = index < 0 ? raw.length + index : index;
  raw[at]! ^= 0x01;
  return `${prefix}${raw.toString('base64url')}`;
}

/** A value as decision 0135 sealed it, before key ids: `sealed:v1:` + nonce | tag | ciphertext. */
function sealedV1(key: Buffer, plain: string, purpose: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `sealed:v1:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

describe('SecretBox', () => {
  it('seals to text that does not hold the secret, differently each time, and opens it', () => {
    const a = box.seal(TOTP, 'totp');
    const b = box.seal(TOTP, 'totp');
    expect(a.startsWith(`sealed:v2:${box.fingerprint}:`)).toBe(true);
    expect(box.isCurrent(a)).toBe(true);
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
    expect(() => box.open(`${box.currentPrefix}AAAA`, 'totp')).toThrow(SecretTamperedError);
    expect(() => box.open(`sealed:v2:${box.fingerprint}`, 'totp')).toThrow(SecretTamperedError);
    expect(() => box.open('sealed:v9:AAAA', 'totp')).toThrow(SecretTamperedError);
    expect(() => box.open(sealed.slice(0, -4), 'totp')).toThrow(SecretTamperedError);
  });

  it('refuses a value sealed for another purpose, or under another key', () => {
    const sealed = box.seal(TOTP, 'totp');
    expect(() => box.open(sealed, 'odds_api_key')).toThrow(SecretTamperedError);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'totp')).toThrow(
      /sealed under key [0-9a-f]{12}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/,
    );
  });

  it('opens a value sealed before key ids (v1) under the key that sealed it, current or previous', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const old = sealedV1(a, TOTP, 'totp');
    expect(new SecretBox(a).open(old, 'totp')).toBe(TOTP);
    expect(new SecretBox(b, [a]).open(old, 'totp')).toBe(TOTP);
    expect(new SecretBox(b, [a]).isCurrent(old)).toBe(false);
    expect(() => new SecretBox(b).open(old, 'totp')).toThrow(SecretTamperedError);
    expect(() => new SecretBox(a).open(old, 'odds_api_key')).toThrow(SecretTamperedError);
  });

  it('rotates: the previous key opens what it sealed, seals nothing; dropped, its values name it', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const underA = new SecretBox(a).seal(TOTP, 'totp');
    const rotating = new SecretBox(b, [a]);
    expect(rotating.open(underA, 'totp')).toBe(TOTP);
    expect(rotating.isCurrent(underA)).toBe(false);
    const underB = rotating.seal(TOTP, 'totp');
    expect(underB.startsWith(`sealed:v2:${new SecretBox(b).fingerprint}:`)).toBe(true);
    expect(new SecretBox(b).open(underB, 'totp')).toBe(TOTP);
    const dropped = new SecretBox(b);
    expect(() => dropped.open(underA, 'totp')).toThrow(SecretKeyUnknownError);
    expect(() => dropped.open(underA, 'totp')).toThrow(
      `key ${new SecretBox(a).fingerprint}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`,
    );
    // A key id pointed at another configured key does not open either.
    const swapped = underA.replace(new SecretBox(a).fingerprint, rotating.fingerprint);
    expect(() => rotating.open(swapped, 'totp')).toThrow(SecretTamperedError);
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
    // The development key as the previous one: the rotation away from it.
    const rotating = await loadSecretBox({
      key: newSecretsKey(),
      previousKey: (await developmentKey(dir)).toString('base64'),
      dataDir: dir,
    });
    expect(rotating.open(sealed, 'p')).toBe('x');
    await expect(
      loadSecretBox({ key: given, previousKey: 'not a key', dataDir: dir }),
    ).rejects.toThrow(/SECRETS_KEY_PREVIOUS/);
  });
});
