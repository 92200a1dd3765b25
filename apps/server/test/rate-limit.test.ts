import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAXED_LIMITS, TEST_PASSWORD, type TestApp, testApp, uniqueEmail } from './harness.ts';

const HOUR_MS = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    limits: {
      ...RELAXED_LIMITS,
      login_failures: { free_failures: 3, window_ms: HOUR_MS, delay_ms_max: 60_000 },
      login_account_failures: { limit: 6, window_ms: HOUR_MS },
      signup_ip: { limit: 3, window_ms: HOUR_MS },
      forgot_ip: { limit: 2, window_ms: HOUR_MS },
    },
    env: { TRUST_PROXY_HOPS: '1' },
  });
});
afterAll(async () => {
  await t.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function register(email: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/signup',
    headers: from(ip),
    payload: { name: 'Rate Test', email, password: TEST_PASSWORD, currency_id: 1 },
  });
}

function login(email: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/login',
    headers: from(ip),
    payload: { email, password },
  });
}

describe('rate limits', () => {
  it('limits registrations per IP with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await register(uniqueEmail('rl'), '10.0.0.1')).statusCode).toBe(200);
    const refused = await register(uniqueEmail('rl'), '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many registrations/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(uniqueEmail('rl'), '10.0.0.2')).statusCode).toBe(200);
  });

  it('backs off failed sign-ins per account and IP without locking out the owner elsewhere', async () => {
    const email = uniqueEmail('victim');
    expect((await register(email, '10.0.1.1')).statusCode).toBe(200);
    // The owner signs in once from home, which makes that IP known.
    expect((await login(email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);

    for (let i = 0; i < 3; i += 1)
      expect((await login(email, 'guess', '10.66.0.1')).statusCode).toBe(401);
    expect((await login(email, 'guess', '10.66.0.1')).statusCode).toBe(401); // starts the back-off
    const slowed = await login(email, TEST_PASSWORD, '10.66.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/Try again in \d+ seconds/);

    // The attacker's back-off does not touch the owner.
    expect((await login(email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);

    // Past the account-wide threshold, unknown IPs are refused but the owner's known IP is not.
    for (const ip of ['10.66.0.2', '10.66.0.3']) await login(email, 'guess', ip);
    expect((await login(email, TEST_PASSWORD, '10.77.0.1')).statusCode).toBe(429);
    expect((await login(email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });

  it('limits forgot-password requests per IP but never reveals accounts', async () => {
    const responses = [];
    for (let i = 0; i < 3; i += 1) {
      responses.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/customer/forgot-password',
          headers: from('10.0.2.1'),
          payload: { email: uniqueEmail('fp') },
        }),
      );
    }
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 429]);
  });
});

describe('RateLimiter.prune', () => {
  it('drops finished windows and keeps live ones', async () => {
    const { RateLimiter } = await import('../src/platform/rate-limit.ts');
    const limiter = new RateLimiter(t.db);
    await limiter.hit('prune:old', { limit: 5, window_ms: 1000 });
    await limiter.hit('prune:new', { limit: 5, window_ms: 1000 });
    await t.pool.query(
      `update rate_limit_buckets set window_started_at = now() - interval '2 days' where key = 'prune:old'`,
    );
    await limiter.prune(24 * 3_600_000);
    const { rows } = await t.pool.query(
      `select key from rate_limit_buckets where key like 'prune:%' order by key`,
    );
    expect(rows.map((row) => row.key)).toEqual(['prune:new']);
  });
});
