import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  changeBySql,
  signedInPlayer,
  TEST_PASSWORD,
  type TestApp,
  testApp,
} from './harness.ts';
import { deposit as ledgerDeposit } from './ledger-support.ts';
import { SoftAuthenticator } from './passkey-support.ts';
import { cash, form } from './payments-support.ts';
import { currentCode, enableTwoFactor, freshCode } from './two-factor-support.ts';

/** Small enough to reach in a test; each test uses its own player. */
const FAILURES_LIMIT = 6;

let t: TestApp;
/** A player who never turns two-factor on, shared by the refusals that change nothing. */
let idle: Awaited<ReturnType<typeof signedInPlayer>>;
beforeAll(async () => {
  t = await testApp({
    limits: { two_factor_failures: { limit: FAILURES_LIMIT, window_ms: 15 * 60_000 } },
  });
  idle = await signedInPlayer(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: bearer(token) } : {}),
  });

const status = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me/two-factor',
      headers: bearer(token),
    })
  ).json().data;

const login = (email: string) => post('/customer/login', { email, password: TEST_PASSWORD });

async function challengeFor(email: string): Promise<string> {
  const response = await login(email);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ two_factor_required: true, methods: ['totp', 'recovery_code'] });
  expect(body.data).toBeUndefined();
  return body.challenge_token;
}

describe('enrolment', () => {
  it('shows a secret and QR code, turns on only with a good code, and shows recovery codes once', async () => {
    const player = await signedInPlayer(t);
    expect(await status(player.token)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const first = await post('/customer/me/two-factor/enrol', undefined, player.token);
    expect(first.statusCode).toBe(200);
    const enrolment = first.json().data;
    expect(enrolment.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.qr_data_url).toMatch(/^data:image\/png;base64,/);
    // Asking again before confirming keeps the secret the app may already hold.
    const again = await post('/customer/me/two-factor/enrol', undefined, player.token);
    expect(again.json().data.secret).toBe(enrolment.secret);

    const wrong = await post('/customer/me/two-factor/confirm', { code: '000000' }, player.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    expect((await status(player.token)).enabled).toBe(false);

    const confirm = await post(
      '/customer/me/two-factor/confirm',
      { code: await currentCode(enrolment.secret) },
      player.token,
    );
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await status(player.token)).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // Once on, there is no new secret to show and nothing to confirm.
    const enrolAgain = await post('/customer/me/two-factor/enrol', undefined, player.token);
    expect(enrolAgain.statusCode).toBe(409);
    expect(enrolAgain.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
    // Stored only as digests.
    const { rows } = await t.pool.query(
      'select code_hash from player_recovery_codes where player_id = $1',
      [player.id],
    );
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash.toString('hex'))).not.toContain(codes[0]);
  });

  it('refuses a confirmation with nothing started and a disable while off', async () => {
    const player = idle;
    const confirm = await post('/customer/me/two-factor/confirm', { code: '123456' }, player.token);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('TWO_FACTOR_NOT_ENROLLING');
    const disable = await post('/customer/me/two-factor/disable', { code: '123456' }, player.token);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it.each([
    ['no code', {}],
    ['a short code', { code: '123' }],
    ['a long code', { code: '1'.repeat(33) }],
    ['a number', { code: 123456 }],
  ])('answers %s with a 4xx naming the code', async (_, payload) => {
    const response = await post('/customer/me/two-factor/confirm', payload, idle.token);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toMatch(/code/i);
  });

  it('needs a session', async () => {
    expect((await post('/customer/me/two-factor/enrol')).statusCode).toBe(401);
  });
});

describe('sign-in with two-factor on', () => {
  it('answers a challenge instead of a session, and a good code completes it once', async () => {
    const player = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, player.token);
    const challenge = await challengeFor(player.email);

    const code = await freshCode(t, player.id, secret);
    const second = await post('/customer/login/two-factor', { challenge_token: challenge, code });
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body).toMatchObject({ status: 200, customer: { email: player.email } });
    expect((await status(body.data)).enabled).toBe(true);

    // The challenge is spent, and the code was used.
    const reuse = await post('/customer/login/two-factor', { challenge_token: challenge, code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const replay = await post('/customer/login/two-factor', {
      challenge_token: await challengeFor(player.email),
      code,
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('takes each recovery code once, in any case and without the dash', async () => {
    const player = await signedInPlayer(t);
    const { recovery_codes } = await enableTwoFactor(t, player.token);
    const typed = recovery_codes[3]!.toUpperCase().replace('-', '');
    const first = await post('/customer/login/two-factor', {
      challenge_token: await challengeFor(player.email),
      code: typed,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatch(/9 left/);
    const again = await post('/customer/login/two-factor', {
      challenge_token: await challengeFor(player.email),
      code: recovery_codes[3],
    });
    expect(again.statusCode).toBe(422);
    expect((await status(player.token)).recovery_codes_left).toBe(9);
  });

  it('ends a challenge after five wrong codes, and locks codes after the per-player limit', async () => {
    const player = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, player.token);
    const challenge = await challengeFor(player.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post('/customer/login/two-factor', {
        challenge_token: challenge,
        code: 'aaaaa-aaaaa',
      });
      expect(wrong.statusCode).toBe(422);
    }
    const sixth = await post('/customer/login/two-factor', {
      challenge_token: challenge,
      code: await freshCode(t, player.id, secret),
    });
    expect(sixth.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');

    // One more failure reaches the per-player limit: even a good code on a new challenge waits.
    await post('/customer/login/two-factor', {
      challenge_token: await challengeFor(player.email),
      code: '000000',
    });
    const locked = await post('/customer/login/two-factor', {
      challenge_token: await challengeFor(player.email),
      code: await freshCode(t, player.id, secret),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The lock covers every use of a code, not only sign-in.
    const disable = await post(
      '/customer/me/two-factor/disable',
      { code: await freshCode(t, player.id, secret) },
      player.token,
    );
    expect(disable.statusCode).toBe(429);
  });

  it.each([
    [
      'an unknown challenge',
      { challenge_token: 'pc_unknown-challenge-token', code: '123456' },
      401,
    ],
    ['no challenge', { code: '123456' }, 400],
    ['no code', { challenge_token: 'pc_unknown-challenge-token' }, 400],
  ])('refuses %s', async (_, payload, expected) => {
    const response = await post('/customer/login/two-factor', payload);
    expect(Math.floor(response.statusCode / 100)).toBe(4);
    if (expected === 401) expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });

  it('keeps the plain answer for players without two-factor', async () => {
    const body = (await login(idle.email)).json();
    expect(typeof body.data).toBe('string');
    expect(body.two_factor_required).toBeUndefined();
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a current code; afterwards sign-in is one step again', async () => {
    const player = await signedInPlayer(t);
    const { secret, recovery_codes } = await enableTwoFactor(t, player.token);

    const regenerate = await post(
      '/customer/me/two-factor/recovery-codes',
      { code: await freshCode(t, player.id, secret) },
      player.token,
    );
    expect(regenerate.statusCode).toBe(200);
    const fresh = regenerate.json().data.recovery_codes as string[];
    expect(fresh).not.toContain(recovery_codes[0]);
    // The old codes no longer work.
    const old = await post(
      '/customer/me/two-factor/disable',
      { code: recovery_codes[0] },
      player.token,
    );
    expect(old.statusCode).toBe(422);

    const disable = await post('/customer/me/two-factor/disable', { code: fresh[0] }, player.token);
    expect(disable.statusCode).toBe(200);
    expect(await status(player.token)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(typeof (await login(player.email)).json().data).toBe('string');
  });
});

describe('signed-in devices', () => {
  const PHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const signInOn = async (email: string, userAgent: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      headers: { 'user-agent': userAgent },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as string;
  };
  const sessions = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me/sessions',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      id: string;
      ip: string;
      current: boolean;
      device: { browser: string | null; os: string | null; mobile: boolean };
    }[];
  };
  const mailsTo = async (email: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
      })
    ).json().data as { subject: string; text: string }[];

  it('lists the devices, marks this one, and mails once about a new device', async () => {
    const player = await signedInPlayer(t);
    // The first sign-in after registering is no news.
    expect(await mailsTo(player.email)).toHaveLength(0);
    const phone = await signInOn(player.email, PHONE);
    const mails = await mailsTo(player.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/new sign-in on Safari on iOS/);
    expect(mails[0]!.text).toContain('http://casino.test/settings/security');
    // The same phone again is a known device.
    await signInOn(player.email, PHONE);
    expect(await mailsTo(player.email)).toHaveLength(1);

    const list = await sessions(phone);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => s.current)?.device).toEqual({
      browser: 'Safari',
      os: 'iOS',
      mobile: true,
    });
    expect(list[0]!.ip).toBe('127.0.0.1');
  });

  it('signs one device out, then all others, and never another player’s', async () => {
    const player = await signedInPlayer(t);
    const phone = await signInOn(player.email, PHONE);
    const other = await signedInPlayer(t);
    const phoneId = (await sessions(phone)).find((s) => s.current)!.id;

    const foreign = await post(`/customer/me/sessions/${phoneId}/sign-out`, undefined, other.token);
    expect(foreign.statusCode).toBe(404);
    expect((await sessions(phone)).some((s) => s.id === phoneId)).toBe(true);

    const one = await post(`/customer/me/sessions/${phoneId}/sign-out`, undefined, player.token);
    expect(one.statusCode).toBe(200);
    const afterOne = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me/sessions',
      headers: bearer(phone),
    });
    expect(afterOne.statusCode).toBe(401);

    const third = await signInOn(player.email, PHONE);
    const others = await post('/customer/me/sessions/sign-out-others', undefined, player.token);
    expect(others.json().data.signed_out).toBe(1);
    expect((await sessions(player.token)).map((s) => s.current)).toEqual([true]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(third) }))
        .statusCode,
    ).toBe(401);
  });

  it.each(['0', 'abc', '-1', '9999999999999999999'])('refuses the session id %s', async (id) => {
    const response = await post(`/customer/me/sessions/${id}/sign-out`, undefined, idle.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/session id/);
  });
});

describe('withdrawals with two-factor on', () => {
  it('ask a fresh code for a payout account never used before, and only then', async () => {
    const player = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, player.token);
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    await ledgerDeposit(t.modules.ledger.service, player.id, 100_00n);
    const withdraw = (fields: Record<string, string>) => {
      const multipart = form({
        amount: '10',
        currency: '1',
        payment_gateway: '4',
        bank_name: 'ING',
        acc_name: 'Test Player',
        acc_number: 'NL91ABNA0417164300',
        ...fields,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/withdraw/create',
        headers: { ...bearer(player.token), ...multipart.headers },
        payload: multipart.payload,
      });
    };

    const missing = await withdraw({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      errors: [{ path: 'two_factor_code' }],
    });
    const wrong = await withdraw({ two_factor_code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    // Nothing was held by the refusals.
    expect((await cash(t, player.id)).reserved_minor).toBe(0n);

    const good = await withdraw({ two_factor_code: await freshCode(t, player.id, secret) });
    expect(good.statusCode, good.body).toBe(200);
    // The account is known now; another account is not.
    expect((await withdraw({})).statusCode).toBe(200);
    expect((await withdraw({ acc_number: 'DE89370400440532013000' })).json().code).toBe(
      'TWO_FACTOR_REQUIRED',
    );
  });

  it('ask a fresh code for a crypto address never withdrawn to, and only then', async () => {
    const player = await signedInPlayer(t);
    const { recovery_codes } = await enableTwoFactor(t, player.token);
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    await ledgerDeposit(t.modules.ledger.service, player.id, 100_00n);
    const EVM = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    const withdraw = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/crypto/withdraw/create',
        headers: bearer(player.token),
        payload: {
          currency: 'ETH',
          amount: '5',
          converted_amount: '1',
          payment_address: EVM,
          ...fields,
        },
      });

    const missing = await withdraw({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message: expect.stringMatching(/new address/),
      errors: [{ path: 'two_factor_code' }],
    });
    expect((await withdraw({ two_factor_code: '000000' })).json().code).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );
    expect((await cash(t, player.id)).reserved_minor).toBe(0n);

    // A recovery code stands in for the app, as for a payout account.
    const good = await withdraw({ two_factor_code: recovery_codes[0]! });
    expect(good.statusCode, good.body).toBe(200);
    // The address is known now, whatever its letter case; another address is not.
    expect((await withdraw({ payment_address: EVM.toLowerCase() })).statusCode).toBe(200);
    const other = await withdraw({ payment_address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(other.json().code).toBe('TWO_FACTOR_REQUIRED');
    // Without two-factor the same request goes through with no code at all.
    const plain = await signedInPlayer(t);
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${plain.id}`);
    await ledgerDeposit(t.modules.ledger.service, plain.id, 100_00n);
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/withdraw/create',
      headers: bearer(plain.token),
      payload: { currency: 'ETH', amount: '5', converted_amount: '1', payment_address: EVM },
    });
    expect(open.statusCode, open.body).toBe(200);
  });
});

describe('passkeys', () => {
  const LAPTOP =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  type Player = Awaited<ReturnType<typeof signedInPlayer>>;

  const options = async (token: string) => {
    const response = await post('/customer/me/passkeys/options', undefined, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { challenge: string; user: { id: string } };
  };
  /** Registers a fresh software passkey for the player; the authenticator and the user handle. */
  const addPasskey = async (player: Player, name?: string) => {
    const authenticator = new SoftAuthenticator();
    const created = await options(player.token);
    const response = await post(
      '/customer/me/passkeys',
      { ...(name ? { name } : {}), response: authenticator.register(created) },
      player.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    return { authenticator, userHandle: created.user.id, passkey: response.json().data };
  };
  const signInOptions = async () => {
    const response = await post('/customer/login/passkey/options');
    expect(response.statusCode).toBe(200);
    return response.json().data as { challenge: string; rpId: string };
  };
  const signIn = (response: object, userAgent = LAPTOP) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login/passkey',
      headers: { 'user-agent': userAgent },
      payload: { response },
    });
  const list = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer/me/passkeys',
        headers: bearer(token),
      })
    ).json().data as { id: string; name: string; last_used_at: string | null }[];
  const audited = async (player_id: bigint, action: string) =>
    (
      await sql<{ metadata: Record<string, unknown> }>`
        select metadata from audit_log where actor_id = ${String(player_id)} and action = ${action}
         order by id`.execute(t.db)
    ).rows.map((row) => row.metadata);

  it('registers a passkey, then signs a player with two-factor on in with it alone', async () => {
    const player = await signedInPlayer(t);
    await enableTwoFactor(t, player.token);
    const created = await options(player.token);
    expect(created).toMatchObject({
      rp: { id: 'casino.test' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { authenticator, userHandle } = await addPasskey(player);
    expect(userHandle).not.toContain(String(player.id));
    const [stored] = await list(player.token);
    expect(stored).toMatchObject({ name: 'Passkey', last_used_at: null });
    // The data export names it, and keeps the key and the handle out.
    const exported = JSON.parse((await t.modules.auth.service.exportOf(player.id)).passkeys);
    expect(exported).toEqual([expect.objectContaining({ name: 'Passkey', counter: 0 })]);
    expect(exported[0].public_key ?? exported[0].user_handle).toBeUndefined();

    const challenge = await signInOptions();
    expect(challenge.rpId).toBe('casino.test');
    const response = await signIn(authenticator.assert(challenge, userHandle));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(typeof body.data).toBe('string');
    expect(body.two_factor_required).toBeUndefined();
    expect(body.customer.id).toBe(Number(player.id));
    expect((await list(body.data))[0]!.last_used_at).not.toBeNull();
    // The sign-in is audited as a passkey's, and a device never seen before is mailed about.
    expect((await audited(player.id, 'player.login')).at(-1)).toMatchObject({ method: 'passkey' });
    expect((await audited(player.id, 'player.passkey_added')).length).toBe(1);
    const mails = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/dev/outbox?to=${encodeURIComponent(player.email)}`,
      })
    ).json().data as { subject: string }[];
    expect(mails.some((mail) => /new sign-in on Chrome on macOS/.test(mail.subject))).toBe(true);
  });

  it('refuses a replayed or expired challenge, another origin, and a counter that goes back', async () => {
    const player = await signedInPlayer(t);
    const { authenticator, userHandle } = await addPasskey(player, 'My laptop');

    const first = await signInOptions();
    const answer = authenticator.assert(first, userHandle);
    expect((await signIn(answer)).statusCode).toBe(200);
    const replayed = await signIn(answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('PASSKEY_CHALLENGE_INVALID');

    const late = await signInOptions();
    await sql`update player_passkey_challenges set expires_at = now() - interval '1 second'
               where used_at is null and expires_at > now()`.execute(t.db);
    const expired = await signIn(authenticator.assert(late, userHandle));
    expect(expired.json().code).toBe('PASSKEY_CHALLENGE_INVALID');

    const phishing = await signIn(
      authenticator.assert(await signInOptions(), userHandle, { origin: 'https://casino.evil' }),
    );
    expect(phishing.statusCode).toBe(422);
    expect(phishing.json().code).toBe('PASSKEY_REJECTED');
    const otherRp = await signIn(
      authenticator.assert(await signInOptions(), userHandle, { rpId: 'casino.evil' }),
    );
    expect(otherRp.json().code).toBe('PASSKEY_REJECTED');
    const unverified = await signIn(
      authenticator.assert(await signInOptions(), userHandle, { flags: 0x01 }),
    );
    expect(unverified.json().code).toBe('PASSKEY_REJECTED');

    // A clone's counter is behind the one the server last saw.
    expect(
      (await signIn(authenticator.assert(await signInOptions(), userHandle, { counter: 10 })))
        .statusCode,
    ).toBe(200);
    const cloned = await signIn(
      authenticator.assert(await signInOptions(), userHandle, { counter: 7 }),
    );
    expect(cloned.statusCode).toBe(422);
    expect(cloned.json().code).toBe('PASSKEY_REJECTED');
    const failures = await audited(player.id, 'player.passkey_failed');
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(failures.at(-1)).toMatchObject({
      use: 'sign_in',
      reason: expect.stringMatching(/counter/i),
    });

    // A registration answer for another origin is refused too, and nothing is kept.
    const stray = new SoftAuthenticator();
    const foreign = await post(
      '/customer/me/passkeys',
      { response: stray.register(await options(player.token), { origin: 'https://casino.evil' }) },
      player.token,
    );
    expect(foreign.json().code).toBe('PASSKEY_REJECTED');
    expect(await list(player.token)).toHaveLength(1);
  });

  it('keeps players apart: another player’s challenge, handle and passkeys', async () => {
    const owner = await signedInPlayer(t);
    const other = await signedInPlayer(t);
    const { authenticator, passkey } = await addPasskey(owner);
    const { userHandle: otherHandle } = await addPasskey(other);

    // A registration challenge is the player's own.
    const stolen = await post(
      '/customer/me/passkeys',
      { response: new SoftAuthenticator().register(await options(owner.token)) },
      other.token,
    );
    expect(stolen.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
    // The owner's passkey claiming to be the other player's account.
    const posing = await signIn(authenticator.assert(await signInOptions(), otherHandle));
    expect(posing.json().code).toBe('PASSKEY_REJECTED');
    // Another player cannot rename or remove it, nor register the same credential.
    const rename = await post(
      `/customer/me/passkeys/${passkey.id}/rename`,
      { name: 'Mine' },
      other.token,
    );
    expect(rename.statusCode).toBe(404);
    const remove = await post(`/customer/me/passkeys/${passkey.id}/remove`, undefined, other.token);
    expect(remove.statusCode).toBe(404);
    const again = await post(
      '/customer/me/passkeys',
      { response: authenticator.register(await options(other.token)) },
      other.token,
    );
    expect(again.json().code).toBe('PASSKEY_ALREADY_REGISTERED');
    expect(await list(owner.token)).toHaveLength(1);
  });

  it('renames and removes; removing needs a recent sign-in; a removed passkey no longer signs in', async () => {
    const player = await signedInPlayer(t);
    const { authenticator, userHandle, passkey } = await addPasskey(player);
    const renamed = await post(
      `/customer/me/passkeys/${passkey.id}/rename`,
      { name: '  Work laptop  ' },
      player.token,
    );
    expect(renamed.json().data.name).toBe('Work laptop');

    await changeBySql(
      t,
      sql`update player_sessions set created_at = now() - interval '16 minutes'
           where player_id = ${player.id}`,
    );
    const stale = await post(`/customer/me/passkeys/${passkey.id}/remove`, undefined, player.token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('PASSKEY_RECENT_SIGN_IN_REQUIRED');
    expect((await post('/customer/me/passkeys/options', undefined, player.token)).statusCode).toBe(
      403,
    );

    const fresh = (await signIn(authenticator.assert(await signInOptions(), userHandle))).json()
      .data as string;
    expect(
      (await post(`/customer/me/passkeys/${passkey.id}/remove`, undefined, fresh)).statusCode,
    ).toBe(200);
    expect(await list(fresh)).toEqual([]);
    expect(await audited(player.id, 'player.passkey_removed')).toHaveLength(1);
    const gone = await signIn(authenticator.assert(await signInOptions(), userHandle));
    expect(gone.json().code).toBe('PASSKEY_REJECTED');
  });

  const notJson = () => {
    const answer = new SoftAuthenticator().assert({ challenge: 'x'.repeat(22) }, 'aa');
    return {
      response: { ...answer, response: { ...answer.response, clientDataJSON: 'bm90LWpzb24' } },
    };
  };
  it.each([
    ['no response', () => ({})],
    [
      'a response of the wrong type',
      () => ({ response: { id: 'abc', rawId: 'abc', type: 'password' } }),
    ],
    ['client data that is not JSON', notJson],
  ])('refuses a sign-in with %s', async (_, payload) => {
    const response = await post('/customer/login/passkey', payload());
    expect(Math.floor(response.statusCode / 100)).toBe(4);
    expect(response.json().message).toBeTruthy();
  });

  it.each([
    ['a name too long', { name: 'x'.repeat(65) }],
    ['an empty name', { name: '   ' }],
  ])('refuses a rename with %s', async (_, payload) => {
    const response = await post('/customer/me/passkeys/1/rename', payload, idle.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].path).toBe('body.name');
  });
});
