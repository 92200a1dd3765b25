import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  signedInPlayer,
  TEST_PASSWORD,
  type TestApp,
  testApp,
  uniqueEmail,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

function multipart(fields: Record<string, string>) {
  const boundary = '----casino-test-boundary';
  const body = `${Object.entries(fields)
    .map(
      ([key, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    )
    .join('')}--${boundary}--\r\n`;
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('POST /customer/signup', () => {
  it('registers from multipart form data as the player site sends it', async () => {
    const email = uniqueEmail('multi');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/signup',
      ...multipart({
        name: 'Asha',
        email,
        password: TEST_PASSWORD,
        currency_id: '3',
        referral_code: '',
        campaign_code: 'diwali',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, data: { username: expect.any(String) } });
  });

  it.each([
    [
      'a missing name',
      { email: 'x@example.com', password: TEST_PASSWORD, currency_id: 1 },
      /name/i,
    ],
    [
      'an invalid email',
      { name: 'A', email: 'not-an-email', password: TEST_PASSWORD, currency_id: 1 },
      /email/i,
    ],
    [
      'a short password',
      { name: 'A', email: 'y@example.com', password: 'short', currency_id: 1 },
      /password/i,
    ],
    [
      'a missing currency',
      { name: 'A', email: 'z@example.com', password: TEST_PASSWORD },
      /currency/i,
    ],
    [
      'a crypto currency',
      { name: 'A', email: 'c@example.com', password: TEST_PASSWORD, currency_id: 12 },
      /currency/i,
    ],
    [
      'an unknown currency',
      { name: 'A', email: 'u@example.com', password: TEST_PASSWORD, currency_id: 999 },
      /currency/i,
    ],
    [
      'a wrong type',
      { name: ['A'], email: 'w@example.com', password: TEST_PASSWORD, currency_id: 1 },
      /name/i,
    ],
  ])('refuses %s with 422 naming the field', async (_label, payload, pattern) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/signup',
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().status).toBe(422);
    expect(response.json().message).toMatch(pattern);
  });

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    const email = uniqueEmail('dup');
    const payload = { name: 'A', email, password: TEST_PASSWORD, currency_id: 1 };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/customer/signup', payload })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/signup',
      payload: { ...payload, email: email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it('gives two players with the same email prefix distinct usernames', async () => {
    const a = await signedInPlayer(t, { email: 'samename@one.example' });
    const b = await signedInPlayer(t, { email: 'samename@two.example' });
    expect(a.customer.username).toBe('samename');
    expect(b.customer.username).not.toBe(a.customer.username);
  });
});

describe('POST /customer/login', () => {
  it('signs in by email or by username and returns the token as data', async () => {
    const player = await signedInPlayer(t);
    const byUsername = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: player.customer.username, password: TEST_PASSWORD },
    });
    expect(byUsername.statusCode).toBe(200);
    const body = byUsername.json();
    expect(body).toMatchObject({
      status: 200,
      message: expect.any(String),
      customer: { id: player.customer.id },
    });
    expect(body.data).toMatch(/^pt_/);
    expect(body.customer.wallet_default).toMatchObject({
      balance: 0,
      bounas_balance: 0,
      symbol: '€',
    });
  });

  it('answers a wrong password and an unknown user alike with 401', async () => {
    const player = await signedInPlayer(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: player.email, password: 'wrong-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: uniqueEmail('nobody'), password: 'wrong-password' },
    });
    expect(wrong.json()).toEqual({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    ['malformed JSON', '{"email":', 400, /not valid JSON/],
    ['a missing password', '{"email":"a@b.c"}', 422, /password/i],
    ['a wrong type', '{"email":42,"password":"x"}', 422, /email/i],
    ['an empty body', '', 400, /JSON/],
  ])('refuses %s', async (_label, payload, status, pattern) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, message: expect.stringMatching(pattern) });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });
});

describe('GET /customer/me and POST /customer/logout', () => {
  it('returns the customer for a live token and 401 once logged out', async () => {
    const player = await signedInPlayer(t);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: player.customer.id, currency_id: 1, kyc: null });

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/logout',
      headers: bearer(player.token),
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a missing, garbled or unknown token with 401', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      bearer('pt_not-a-real-token-at-all'),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().status).toBe(401);
    }
  });

  it('expires a session after 30 minutes idle and after 12 hours in all', async () => {
    const idle = await signedInPlayer(t);
    await t.pool.query(
      `update player_sessions set last_seen_at = now() - interval '31 minutes'
       where player_id = $1`,
      [idle.id],
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/customer/me',
          headers: bearer(idle.token),
        })
      ).statusCode,
    ).toBe(401);

    const old = await signedInPlayer(t);
    await t.pool.query(
      `update player_sessions set expires_at = now() - interval '1 second' where player_id = $1`,
      [old.id],
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/customer/me',
          headers: bearer(old.token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lets background rechecks see a session without keeping it alive', async () => {
    const player = await signedInPlayer(t);
    const age = `select extract(epoch from now() - last_seen_at)::int as seconds from player_sessions where player_id = $1`;
    await t.pool.query(
      `update player_sessions set last_seen_at = now() - interval '10 minutes' where player_id = $1`,
      [player.id],
    );
    expect(await t.modules.auth.hook.peek(player.token)).not.toBeNull();
    expect((await t.pool.query(age, [player.id])).rows[0].seconds).toBeGreaterThanOrEqual(600);
    expect(await t.modules.auth.hook.authenticate(player.token)).not.toBeNull();
    expect((await t.pool.query(age, [player.id])).rows[0].seconds).toBeLessThan(5);
  });

  it('stores only a digest of the token', async () => {
    const player = await signedInPlayer(t);
    const { rows } = await t.pool.query(
      'select token_hash from player_sessions where player_id = $1',
      [player.id],
    );
    expect(rows[0].token_hash.toString('utf8')).not.toContain(player.token);
    expect(rows[0].token_hash).toHaveLength(32);
  });
});

describe('forgot and reset password', () => {
  async function resetLinkFor(email: string): Promise<string> {
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
    });
    if (outbox.statusCode !== 200) throw new Error(outbox.body);
    const text: string = outbox.json().data[0]?.text ?? '';
    const match = /token=([A-Za-z0-9_%-]+)/.exec(text);
    if (!match) throw new Error(`no reset link in outbox for ${email}`);
    return decodeURIComponent(match[1]!);
  }

  it('answers the same for known and unknown addresses', async () => {
    const player = await signedInPlayer(t);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/forgot-password',
      payload: { email: player.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/forgot-password',
      payload: { email: uniqueEmail('ghost') },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
  });

  it('resets once, revokes every session, and refuses reuse of the link', async () => {
    const player = await signedInPlayer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/forgot-password',
      payload: { email: player.email },
    });
    const token = await resetLinkFor(player.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/reset-password',
      payload: { token, password: 'brand-new-password-9' },
    });
    expect(reset.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    // One code at two statuses, as clients know it: a session's token is a 401, a link's a 400.
    expect(me.json()).toMatchObject({ status: 401, code: 'TOKEN_INVALID' });
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/reset-password',
      payload: { token, password: 'another-password-9' },
    });
    expect(reuse.json()).toEqual({
      status: 400,
      code: 'TOKEN_INVALID',
      message: 'This reset link is invalid, expired or already used. Request a new one.',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: player.email, password: 'brand-new-password-9' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const player = await signedInPlayer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/forgot-password',
      payload: { email: player.email },
    });
    const token = await resetLinkFor(player.email);
    await t.pool.query(
      `update password_resets set expires_at = now() - interval '1 second' where player_id = $1`,
      [player.id],
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/reset-password',
      payload: { token, password: 'brand-new-password-9' },
    });
    expect(reset.statusCode).toBe(400);
  });
});

describe('audit trail of player actions', () => {
  it('records sign-up, sign-in and logout with the actor and IP', async () => {
    const player = await signedInPlayer(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/logout',
      headers: bearer(player.token),
    });
    const { rows } = await t.pool.query(
      `select action, actor_type, ip from audit_log where target_type = 'player' and target_id = $1 order by id`,
      [String(player.id)],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'player.signup',
      'player.login',
      'player.logout',
    ]);
    expect(rows.every((row) => row.actor_type === 'player' && row.ip === '127.0.0.1')).toBe(true);
    expect(await t.modules.audit.service.verify()).toMatchObject({ ok: true });
  });
});

describe('NUL characters in text input (issue 16, also fix)', () => {
  it('answers 400 naming the field on every route, never 500', async () => {
    const t2 = await testApp();
    try {
      const cases = [
        {
          method: 'POST' as const,
          url: '/api/v1/customer/login',
          payload: { email: 'a\u0000@example.com', password: 'x' },
        },
        {
          method: 'POST' as const,
          url: '/api/v1/customer/signup',
          payload: {
            name: 'N\u0000',
            email: 'n@example.com',
            password: 'correct-horse-42',
            currency_id: 1,
          },
        },
        {
          method: 'POST' as const,
          url: '/api/v1/customer/forgot-password',
          payload: { email: '\u0000' },
        },
        { method: 'GET' as const, url: '/api/v1/customer/crypto/validate-address/abc%00def/BTC' },
        { method: 'GET' as const, url: '/api/v1/promotions-list?lang=%00' },
      ];
      for (const { method, url, payload } of cases) {
        const response = await t2.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message, url).toContain('NUL');
      }
    } finally {
      await t2.close();
    }
  });
});
