import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, TEST_PASSWORD, type TestApp, testApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

async function signInAgain(email: string, password = TEST_PASSWORD) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/login',
    payload: { email, password },
  });
  return response.json().data as string;
}

describe('POST /customer/me/password-change', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const player = await signedInPlayer(t);
    const other = await signInAgain(player.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/password-change',
      headers: bearer(player.token),
      payload: { current_password: TEST_PASSWORD, new_password: 'a-new-password-7' },
    });
    expect(response.statusCode).toBe(200);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(token) });
    expect((await me(player.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const { rows } = await t.pool.query(
      `select action from audit_log where target_id = $1 and action = 'player.password_change'`,
      [String(player.id)],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong current password with 422 and a short new one with 422', async () => {
    const player = await signedInPlayer(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/password-change',
      headers: bearer(player.token),
      payload: { current_password: 'nope-nope-nope', new_password: 'a-new-password-7' },
    });
    expect(wrong.statusCode).toBe(422);
    // The sign-in's code (401 there), which the password form reads to mark the field.
    expect(wrong.json()).toEqual({
      status: 422,
      code: 'INVALID_CREDENTIALS',
      message: 'The current password is not correct',
    });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/password-change',
      headers: bearer(player.token),
      payload: { current_password: TEST_PASSWORD, new_password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toMatch(/new_password/);
  });
});

describe('POST /customer/me/update', () => {
  it('updates name and phone and audits before and after', async () => {
    const player = await signedInPlayer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/update',
      headers: bearer(player.token),
      payload: { name: 'Renamed Player', phone: '+91 98765 43210' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Renamed Player');
    const { rows } = await t.pool.query(
      `select before, after from audit_log where target_id = $1 and action = 'player.profile_update'`,
      [String(player.id)],
    );
    expect(rows[0]).toEqual({
      before: { name: 'Test Player', phone: null },
      after: { name: 'Renamed Player', phone: '+91 98765 43210' },
    });
  });

  it('refuses an empty update and a malformed phone with 422', async () => {
    const player = await signedInPlayer(t);
    for (const payload of [{}, { phone: 'call me' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/me/update',
        headers: bearer(player.token),
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
  });
});
