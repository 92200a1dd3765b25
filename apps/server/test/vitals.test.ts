import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITALS_LIMIT } from '../src/modules/vitals/vitals.routes.ts';
import { type TestApp, testApp } from './harness.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ env: { METRICS_TOKEN: TOKEN }, staffLimits: RELAXED_STAFF_LIMITS });
});
afterAll(async () => {
  await t.close();
});

/** Each test its own client address, so the rate limit of one does not meet another. */
let address = 0;
const client = () => `10.20.0.${++address}`;

function report(payload: unknown, ip = client(), contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/vitals',
    remoteAddress: ip,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function histogramCount(name: string, labels: string): Promise<number> {
  const text = (
    await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
  ).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name}_count{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('POST /api/v1/vitals (issue 20)', () => {
  it('stores a report and moves the Web Vitals histograms', async () => {
    const labels = 'route="/casino/home",device="mobile"';
    const before = await histogramCount('web_vitals_lcp_seconds', labels);
    const response = await report({
      route: '/casino/home',
      device: 'mobile',
      metrics: [
        { name: 'LCP', value: 2300 },
        { name: 'CLS', value: 0.02 },
        { name: 'INP', value: 120 },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 202, message: 'Accepted', data: null });
    expect(await histogramCount('web_vitals_lcp_seconds', labels)).toBe(before + 1);
    expect(await histogramCount('web_vitals_cls', labels)).toBeGreaterThan(0);
    expect(await histogramCount('web_vitals_inp_seconds', labels)).toBeGreaterThan(0);
  });

  it('takes a beacon typed text/plain, and keeps an unknown route as "other"', async () => {
    const response = await report(
      JSON.stringify({
        route: '/made/up/path',
        device: 'desktop',
        metrics: [{ name: 'CLS', value: 0.3 }],
      }),
      client(),
      'text/plain;charset=UTF-8',
    );
    expect(response.statusCode).toBe(202);
    const rows = await sql<{ route: string }>`
      select route from web_vitals where device = 'desktop' and value = 0.3`.execute(t.db);
    expect(rows.rows.map((r) => r.route)).toEqual(['other']);
  });

  it('refuses bad reports with a 4xx naming the problem, writing nothing', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from web_vitals`.execute(t.db)).rows[0]!
          .n,
      );
    const before = await count();
    const cases: Array<[unknown, RegExp]> = [
      [
        { route: '/', device: 'mobile', metrics: [{ name: 'LCP', value: -1 }] },
        /must not be negative/,
      ],
      [
        { route: '/', device: 'mobile', metrics: [{ name: 'LCP', value: 500_000 }] },
        /at most 120000/,
      ],
      [{ route: '/', device: 'mobile', metrics: [{ name: 'FID', value: 10 }] }, /name/],
      [{ route: '/', device: 'tablet', metrics: [{ name: 'CLS', value: 0 }] }, /device/],
      [{ route: '/', device: 'mobile', metrics: [] }, /must not be empty/],
      [
        { route: 'https://x.test/', device: 'mobile', metrics: [{ name: 'CLS', value: 0 }] },
        /route pattern/,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(response.json())).toMatch(message);
    }
    const broken = await report('{not json', client(), 'text/plain');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The body is not valid JSON');
    const huge = await report({
      route: '/',
      device: 'mobile',
      metrics: [{ name: 'CLS', value: 0 }],
      pad: 'x'.repeat(4000),
    });
    expect(huge.statusCode).toBe(413);
    expect(await count()).toBe(before);
  });

  it('limits reports per address', async () => {
    const ip = client();
    const body = { route: '/', device: 'mobile', metrics: [{ name: 'CLS', value: 0 }] };
    for (let i = 0; i < VITALS_LIMIT.limit; i++) {
      expect((await report(body, ip)).statusCode).toBe(202);
    }
    const refused = await report(body, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await report(body, client())).statusCode).toBe(202);
  });
});

describe('GET /api/admin/web-vitals', () => {
  it("gives the last day's 75th percentile per page and device", async () => {
    await sql`delete from web_vitals`.execute(t.db);
    const values = [1000, 2000, 3000, 4000, 5000];
    for (const value of values) {
      await report({
        route: '/sports',
        device: 'mobile',
        metrics: [
          { name: 'LCP', value },
          { name: 'CLS', value: value / 100_000 },
        ],
      });
    }
    // A row older than a day is not counted.
    await sql`insert into web_vitals (created_at, route, device, metric, value)
      values (now() - interval '25 hours', '/sports', 'mobile', 'LCP', 90000)`.execute(t.db);
    const staff = await staffMember(t, 'marketing');
    const response = await t.app.inject({ url: '/api/admin/web-vitals', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        route: '/sports',
        device: 'mobile',
        samples: 5,
        lcp_p75_ms: 4000,
        cls_p75: 0.04,
        inp_p75_ms: null,
      },
    ]);
    const anonymous = await t.app.inject({ url: '/api/admin/web-vitals' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sweeps rows past the retention', async () => {
    await sql`insert into web_vitals (created_at, route, device, metric, value)
      values (now() - interval '9 days', '/', 'mobile', 'LCP', 1)`.execute(t.db);
    expect(await t.modules.vitals.service.sweep()).toBeGreaterThanOrEqual(1);
    const old = await sql<{ n: number }>`
      select count(*)::int as n from web_vitals where created_at < now() - interval '8 days'`.execute(
      t.db,
    );
    expect(old.rows[0]!.n).toBe(0);
  });
});
