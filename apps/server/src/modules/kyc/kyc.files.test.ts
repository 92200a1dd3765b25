import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KycStore, sniff } from './kyc.files.ts';

describe('sniff', () => {
  it('reads JPEG, PNG, WebP and PDF from their first bytes', () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0]))).toBe('image/jpeg');
    expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniff(Buffer.from('RIFF\u0001\u0002\u0003\u0004WEBPVP8L', 'latin1'))).toBe('image/webp');
    expect(sniff(Buffer.from('%PDF-1.4\n'))).toBe('application/pdf');
  });

  it('refuses what only looks like one: text, SVG, HTML, other RIFF, truncated headers', () => {
    for (const bytes of [
      Buffer.from('just text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('RIFF\u0001\u0002\u0003\u0004WAVEfmt ', 'latin1'),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('%PDF'),
      Buffer.alloc(0),
    ]) {
      expect(sniff(bytes)).toBeNull();
    }
  });
});

describe('KycStore', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kyc-store-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes owner-only files under random names and reads them back', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    const stored = await new KycStore(root).put(42n, bytes, 'image/jpeg');
    expect(stored.storage_key).toMatch(/^42\/[0-9a-f]{32}\.jpg$/);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await stat(path.join(root, stored.storage_key));
    expect(file.mode & 0o777).toBe(0o600);
    expect((await new KycStore(root).read(stored.storage_key)).equals(bytes)).toBe(true);
    await new KycStore(root).remove(stored.storage_key);
    expect(await readdir(path.join(root, '42'))).toEqual([]);
  });

  it('reads only keys of its own shape (no path out of the store)', async () => {
    const store = new KycStore(root);
    await expect(store.read('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(store.read(`42/${'a'.repeat(32)}.jpg/../../x`)).rejects.toThrow(
      'invalid storage key',
    );
  });
});
