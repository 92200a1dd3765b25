import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticSites } from '../src/platform/http/static-sites.ts';
import { type TestApp, testApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /currencies', () => {
  it('lists fiat and the spec crypto ids with banks, gateways and euro rates', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/currencies' });
    expect(response.statusCode).toBe(200);
    const { data, status } = response.json();
    expect(status).toBe(200);
    const byCode = Object.fromEntries(
      data.map((currency: { code: string }) => [currency.code, currency]),
    );
    for (const code of ['INR', 'EUR', 'USD', 'BDT', 'THB', 'BRL', 'MYR']) {
      expect(byCode[code]).toMatchObject({ is_crypto: 'FALSE', roe: { rate: expect.any(Number) } });
      expect(byCode[code].banks.length).toBeGreaterThan(0);
    }
    const crypto = data.filter((currency: { is_crypto: string }) => currency.is_crypto === 'TRUE');
    expect(
      crypto.map((currency: { id: number; code: string }) => [currency.id, currency.code]),
    ).toEqual([
      [12, 'BTC'],
      [13, 'ETH'],
      [14, 'LTC'],
      [15, 'DOGE'],
      [17, 'SOL'],
      [18, 'XRP'],
      [19, 'USDT'],
    ]);
    expect(
      byCode.INR.payment_gateways.map((gateway: { uniquename: string }) => gateway.uniquename),
    ).toContain('UPI');
  });

  it('lists only paying-out gateways with withdraw=true', async () => {
    const deposit = (await t.app.inject({ method: 'GET', url: '/api/v1/currencies' })).json().data;
    const withdraw = (
      await t.app.inject({ method: 'GET', url: '/api/v1/currencies?withdraw=true' })
    ).json().data;
    const thb = (list: Array<{ code: string; payment_gateways: Array<{ id: number }> }>) =>
      list
        .find((currency) => currency.code === 'THB')!
        .payment_gateways.map((gateway) => gateway.id);
    expect(thb(deposit)).toContain(6);
    expect(thb(withdraw)).not.toContain(6);
  });

  it('refuses a bad withdraw flag with 422', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/currencies?withdraw=maybe',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/withdraw/);
  });
});

describe('settings and menus', () => {
  it('serves public settings without the CORS list', async () => {
    await t.modules.settings.service.update(
      { brand_name: 'Test Brand', support_number: '+44 20 0000 0000' },
      { type: 'system' },
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
    expect(response.json().data).toMatchObject({
      brand_name: 'Test Brand',
      support_number: '+44 20 0000 0000',
    });
    expect(response.json().data).not.toHaveProperty('cors_origins');
  });

  it('validates and audits a settings change', async () => {
    await expect(
      t.modules.settings.service.update({ languages: [] }, { type: 'system' }),
    ).rejects.toThrow(/language/);
    await expect(
      t.modules.settings.service.update({ languages: ['xx'] }, { type: 'system' }),
    ).rejects.toThrow();
    await t.modules.settings.service.update({ seo_title: 'Changed title' }, { type: 'system' });
    const { rows } = await t.pool.query(
      `select before, after from audit_log where action = 'settings.update' order by id desc limit 1`,
    );
    expect(rows[0].after).toEqual({ seo_title: 'Changed title' });
  });

  it('lists game providers for the side menu', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/casino/providers' });
    expect(response.json().data.length).toBeGreaterThan(0);
    expect(response.json().data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});

describe('platform', () => {
  it('publishes an OpenAPI 3.1 document with the customer routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const route of [
      '/api/v1/customer/login',
      '/api/v1/customer/signup',
      '/api/v1/customer/me',
      '/api/v1/currencies',
    ]) {
      expect(Object.keys(document.paths)).toContain(route);
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('sends security headers with a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows CORS only for origins on the allow-list', async () => {
    await t.modules.settings.service.update(
      { cors_origins: ['https://partner.example'] },
      { type: 'system' },
    );
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/currencies',
      headers: { origin: 'https://partner.example' },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/currencies',
      headers: { origin: 'https://evil.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('single-page sites', () => {
  it('serves index.html for client routes with SEO from settings, escaped', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'casino-spa-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<html><head><title>__SEO_TITLE__</title><meta name="description" content="__SEO_DESCRIPTION__"></head></html>',
    );
    try {
      const { default: Fastify } = await import('fastify');
      const app = Fastify();
      const { installErrorHandler } = await import('../src/platform/http/error-handler.ts');
      installErrorHandler(app);
      await registerStaticSites(app, {
        webDist: dir,
        backofficeDist: path.join(dir, 'missing'),
        seo: async () => ({ title: 'Play <now>', description: 'Fast "withdrawals"' }),
      });
      const page = await app.inject({
        method: 'GET',
        url: '/casino/slots',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Play &#60;now&#62;</title>');
      expect(page.body).toContain('content="Fast &#34;withdrawals&#34;"');
      const api = await app.inject({
        method: 'GET',
        url: '/api/v1/unknown',
        headers: { accept: 'text/html' },
      });
      expect(api.statusCode).toBe(404);
      await app.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
