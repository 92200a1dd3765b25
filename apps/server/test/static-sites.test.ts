import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticSites } from '../src/platform/http/static-sites.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'static-sites-'));
const web = path.join(dir, 'web');
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const app = Fastify();

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<title>__SEO_TITLE__</title>');
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js'), script);
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js.gz'), gzipSync(script));
  writeFileSync(path.join(web, 'favicon.svg'), '<svg/>');
  await registerStaticSites(app, {
    webDist: web,
    backofficeDist: path.join(dir, 'none'),
    seo: async () => ({ title: 'Brand', description: '' }),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static sites: compression and caching (issue 20)', () => {
  it('sends the brotli or gzip copy by Accept-Encoding, with Vary, and the plain file otherwise', async () => {
    const br = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-AbCd1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year (immutable), other files for an hour, and revalidates index.html', async () => {
    for (const encoding of ['br', 'identity']) {
      const asset = await app.inject({
        url: '/assets/index-AbCd1234.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const page = await app.inject({ url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe('<title>Brand</title>');
  });
});
