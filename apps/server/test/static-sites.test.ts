import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionOptions } from '../src/platform/http/compression.ts';
import { installErrorHandler } from '../src/platform/http/error-handler.ts';
import { registerStaticSites } from '../src/platform/http/static-sites.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'static-sites-'));
const web = path.join(dir, 'web');
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const app = Fastify();
/** A site with an index.html that has a <head> and the build's route-preloads.json. */
const page = path.join(dir, 'page');
const withPreloads = Fastify();
/** As app.ts mounts them: on-the-fly compression registered before the sites. */
const compressed = Fastify();

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  mkdirSync(page, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<title>__SEO_TITLE__</title>');
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js'), script);
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(web, 'assets', 'index-AbCd1234.js.gz'), gzipSync(script));
  writeFileSync(path.join(web, 'favicon.svg'), '<svg/>');
  writeFileSync(
    path.join(page, 'index.html'),
    '<html><head><title>__SEO_TITLE__</title></head><body><span>__BRAND_NAME__</span>' +
      '<script type="application/json" id="boot-data">{ "__BOOT_DATA__": 0 }</script></body></html>',
  );
  writeFileSync(
    path.join(page, 'route-preloads.json'),
    JSON.stringify({
      '/': ['/assets/home-page-11111111.js'],
      '/casino/home': ['/assets/pages-22222222.js', '/assets/frame-33333333.js'],
      '/casino/:category': ['/assets/pages-22222222.js'],
      '/evil': ['"><script>alert(1)</script>'],
    }),
  );
  await registerStaticSites(app, {
    webDist: web,
    backofficeDist: path.join(dir, 'none'),
    seo: async () => ({ title: 'Brand', description: '' }),
  });
  installErrorHandler(withPreloads);
  await registerStaticSites(withPreloads, {
    webDist: page,
    backofficeDist: path.join(dir, 'none'),
    seo: async () => ({
      title: 'Lucky <Nova>',
      description: '',
      brand: 'Lucky <Nova>',
      boot: { 'settings/public': { brand_name: 'Lucky <Nova>', licence_text: '</script><b>x' } },
    }),
  });
  await withPreloads.ready();
  installErrorHandler(compressed);
  await compressed.register(compress, compressionOptions);
  await registerStaticSites(compressed, {
    webDist: page,
    backofficeDist: path.join(dir, 'none'),
    seo: async () => ({ title: 'T'.repeat(3000), description: '' }),
  });
  await compressed.ready();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await withPreloads.close();
  await compressed.close();
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

describe('static sites: the page of a route (issue 20)', () => {
  const html = async (url: string) => {
    const response = await withPreloads.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.body;
  };
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("preloads the requested route's chunks, a literal pattern before a :param one", async () => {
    expect(preloads(await html('/'))).toEqual(['/assets/home-page-11111111.js']);
    expect(preloads(await html('/casino/home'))).toEqual([
      '/assets/pages-22222222.js',
      '/assets/frame-33333333.js',
    ]);
    expect(preloads(await html('/casino/slots'))).toEqual(['/assets/pages-22222222.js']);
    expect(preloads(await html('/casino/slots?page=2'))).toEqual(['/assets/pages-22222222.js']);
    expect(preloads(await html('/no/such/page'))).toEqual([]);
    // The links go into <head>, before its end.
    expect(await html('/')).toMatch(/home-page-11111111\.js"><\/head>/);
  });

  it('ignores a preload entry that is not a plain asset path', async () => {
    const body = await html('/evil');
    expect(preloads(body)).toEqual([]);
    expect(body).not.toContain('<script>');
  });

  it('fills in the brand name of the loading screen, escaped', async () => {
    const body = await html('/');
    expect(body).toContain('<span>Lucky &#60;Nova&#62;</span>');
    expect(body).toContain('<title>Lucky &#60;Nova&#62;</title>');
  });
});

describe('static sites: data for the first render (issue 20)', () => {
  it('inlines the boot data as JSON no markup in it can break out of', async () => {
    const response = await withPreloads.inject({ url: '/', headers: { accept: 'text/html' } });
    const script = /<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(
      response.body,
    );
    expect(script).not.toBeNull();
    expect(script![1]).not.toContain('<');
    expect(JSON.parse(script![1]!)).toEqual({
      'settings/public': { brand_name: 'Lucky <Nova>', licence_text: '</script><b>x' },
    });
    expect(response.body).not.toContain('__BOOT_DATA__');
  });
});

describe('static sites behind on-the-fly compression (issue 20)', () => {
  it("sends the build's .br copy as it is, never compressed twice", async () => {
    // The page site has no assets; mount the same file there for this check.
    mkdirSync(path.join(page, 'assets'), { recursive: true });
    const brotli = brotliCompressSync(script);
    writeFileSync(path.join(page, 'assets', 'index-AbCd1234.js'), script);
    writeFileSync(path.join(page, 'assets', 'index-AbCd1234.js.br'), brotli);
    const response = await compressed.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(response.rawPayload, brotli)).toBe(0);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses index.html on the fly and has it revalidated on every load', async () => {
    const response = await compressed.inject({
      url: '/casino/home',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain(`<title>${'T'.repeat(3000)}</title>`);
  });
});
