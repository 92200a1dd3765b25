import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  signedInPlayer,
  TEST_PASSWORD,
  type TestApp,
  testApp,
  uniqueEmail,
} from './harness.ts';
import { deposit as ledgerDeposit } from './ledger-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
});
afterAll(async () => {
  await t.close();
});

const signup = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/signup',
    payload: {
      name: 'Age Check',
      email: uniqueEmail('age'),
      password: TEST_PASSWORD,
      currency_id: 1,
      ...payload,
    },
  });
const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('age at sign-up', () => {
  it('refuses under 18 and under the country’s higher minimum age; old clients without a date still register', async () => {
    const minor = await signup({ date_of_birth: yearsAgo(18, 1) });
    expect(minor.statusCode).toBe(422);
    expect(minor.json().code).toBe('UNDERAGE');
    expect(minor.json().message).toBe('You must be at least 18 years old to register');
    const email = uniqueEmail('adult');
    const adult = await signup({ date_of_birth: yearsAgo(18), email });
    expect(adult.statusCode, adult.body).toBe(200);
    const stored = await sql<{ date_of_birth: string }>`
      select date_of_birth::text from players where email = ${email}`.execute(t.db);
    expect(stored.rows[0]!.date_of_birth).toBe(yearsAgo(18));

    // A country whose minimum age is 21.
    const owner = await staffMember(t, 'owner');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/jurisdictions/GR',
      headers: owner.headers,
      payload: { policy: 'real_money', min_age: 21, note: 'Minimum age 21' },
    });
    expect(set.statusCode).toBe(200);
    const greek20 = await signup({ date_of_birth: yearsAgo(20), country: 'GR' });
    expect(greek20.statusCode).toBe(422);
    expect(greek20.json().message).toBe('You must be at least 21 years old to register');
    expect((await signup({ date_of_birth: yearsAgo(21), country: 'GR' })).statusCode).toBe(200);

    for (const bad of ['2001-02-30', '1990/01/01', yearsAgo(-1), '1850-01-01']) {
      const response = await signup({ date_of_birth: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().message).toMatch(/Date of birth/);
    }
    expect((await signup({})).statusCode).toBe(200);
    const refusals = await sql<{ n: string }>`
      select count(*) as n from audit_log where action = 'player.signup_underage'`.execute(t.db);
    expect(Number(refusals.rows[0]!.n)).toBe(2);
  });
});

describe('data export and account closure', () => {
  it('a player downloads their own records as JSON, without secrets or AML cases', async () => {
    const player = await signedInPlayer(t);
    const other = await signedInPlayer(t);
    await ledgerDeposit(t.modules.ledger.service, player.id, 25_00n);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/responsible-gaming/limits',
      headers: bearer(player.token),
      payload: { daily: '100' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/data-export',
      headers: bearer(player.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="my-data-${player.id}.json"`,
    );
    const data = response.json();
    expect(data.profile.email).toBe(player.email);
    expect(data.profile.password_hash).toBeUndefined();
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0].token_hash).toBeUndefined();
    expect(data.ledger_transfers.map((row: { amount_minor: number }) => row.amount_minor)).toEqual([
      2500,
    ]);
    expect(data.responsible_gaming.deposit_limit_daily).toBe(10000);
    expect(data.responsible_gaming_history).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(data).not.toHaveProperty('aml_alerts');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/customer/data-export' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('closure waits for the balance to be withdrawn, then closes the account and ends its sessions', async () => {
    const player = await signedInPlayer(t);
    await ledgerDeposit(t.modules.ledger.service, player.id, 5_00n);
    const close = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/account/close',
        headers: bearer(player.token),
        payload: { confirm: true },
      });
    const unconfirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/account/close',
      headers: bearer(player.token),
      payload: {},
    });
    expect(unconfirmed.statusCode).toBe(422);
    const withBalance = await close();
    expect(withBalance.statusCode).toBe(409);
    expect(withBalance.json().message).toBe(
      'Please withdraw your balance before closing your account',
    );
    const empty = await signedInPlayer(t);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/account/close',
      headers: bearer(empty.token),
      payload: { confirm: true },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(empty.token),
    });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: empty.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    expect(login.json().message).toMatch(/closed/);
    const audit = await sql<{ n: string }>`
      select count(*) as n from audit_log where action = 'player.account_closed' and target_id = ${empty.id.toString()}`.execute(
      t.db,
    );
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });
});
