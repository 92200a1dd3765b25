import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../src/modules/staff/index.ts';
import { TEST_SECRETS_KEY } from './global-setup.ts';
import { bearer, signedInPlayer, type TestApp, testApp, uniqueEmail } from './harness.ts';
import {
  RELAXED_STAFF_LIMITS,
  STAFF_PASSWORD,
  type StaffMember,
  staffMember,
  totp,
} from './staff-helpers.ts';

let t: TestApp;
let owner: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  owner = await staffMember(t, 'owner');
});
afterAll(async () => {
  await t.close();
});

const login = (payload: Record<string, unknown>, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers: bearer(token) });

async function auditActions(target_id: bigint | string) {
  const { rows } = await t.modules.audit.service.search(
    { target_type: 'staff', target_id: String(target_id) },
    { limit: 100, offset: 0 },
  );
  return rows.map((row) => row.action);
}

describe('staff sign-in with TOTP', () => {
  it('asks for the code after a correct password, and refuses a missing or wrong one', async () => {
    const member = await staffMember(t, 'support');
    const noCode = await login({ email: member.email, password: STAFF_PASSWORD });
    expect(noCode.statusCode).toBe(200);
    expect(noCode.json().data).toEqual({ step: 'code' });
    expect(noCode.json().data.token).toBeUndefined();

    const wrongCode = await login({
      email: member.email,
      password: STAFF_PASSWORD,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toMatchObject({ status: 401, code: 'TOTP_INVALID' });

    const wrongPassword = await login({
      email: member.email,
      password: 'not-the-password',
      code: await totp(member.secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
    expect(await auditActions(member.id)).toContain('staff.login_failed');
  });

  it('accepts a code once: the same code, or an older one, is refused afterwards', async () => {
    const member = await staffMember(t, 'risk'); // signed in with the current step
    const reused = await login({
      email: member.email,
      password: STAFF_PASSWORD,
      code: await totp(member.secret),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TOTP_INVALID');
    const older = await login({
      email: member.email,
      password: STAFF_PASSWORD,
      code: await totp(member.secret, -1),
    });
    expect(older.statusCode).toBe(401);
    const next = await login({
      email: member.email,
      password: STAFF_PASSWORD,
      code: await totp(member.secret, 1),
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.token).toMatch(/^st_/);
  });

  it('enrols a new account with a QR code, then recovery codes work exactly once', async () => {
    const email = uniqueEmail('new-staff');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: owner.headers,
      payload: { email, name: 'New Analyst', role: 'finance', password: STAFF_PASSWORD },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ role: 'finance', totp_enrolled: false });

    const first = await login({ email, password: STAFF_PASSWORD });
    expect(first.statusCode).toBe(200);
    const { enrolment } = first.json().data;
    expect(first.json().data.step).toBe('enrol');
    expect(enrolment.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qr_data_url).toMatch(/^data:image\/png;base64,/);
    // Asking again shows the same pending secret (a reload does not invalidate the QR).
    expect((await login({ email, password: STAFF_PASSWORD })).json().data.enrolment.secret).toBe(
      enrolment.secret,
    );

    const bad = await login({ email, password: STAFF_PASSWORD, code: '123456' });
    expect(bad.statusCode).toBe(401);
    const done = await login({
      email,
      password: STAFF_PASSWORD,
      code: await totp(enrolment.secret),
    });
    expect(done.statusCode).toBe(200);
    const data = done.json().data;
    expect(data.step).toBe('done');
    expect(data.recovery_codes).toHaveLength(10);
    expect(data.staff).toMatchObject({ email, role: 'finance', totp_enrolled: true });
    expect(data.staff.permissions).toContain('balance.adjust.approve');

    const recovery = data.recovery_codes[0] as string;
    const withRecovery = await login({ email, password: STAFF_PASSWORD, code: recovery });
    expect(withRecovery.statusCode).toBe(200);
    expect((await me(withRecovery.json().data.token)).json().data.recovery_codes_left).toBe(9);
    const again = await login({ email, password: STAFF_PASSWORD, code: recovery.toUpperCase() });
    expect(again.statusCode).toBe(401);

    const staffId = BigInt(data.staff.id);
    const actions = await auditActions(staffId);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.create',
        'staff.totp_enrolled',
        'staff.login',
        'staff.login_failed',
      ]),
    );
  });

  it('lets an owner reset a lost authenticator; the member enrols again', async () => {
    const member = await staffMember(t, 'marketing');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${member.id}/reset-2fa`,
      headers: owner.headers,
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);
    const next = await login({ email: member.email, password: STAFF_PASSWORD });
    expect(next.json().data.step).toBe('enrol');
    expect(await auditActions(member.id)).toContain('staff.totp_reset');
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes idle and after 12 hours in all', async () => {
    const idle = await staffMember(t, 'support');
    expect((await me(idle.token)).statusCode).toBe(200);
    await sql`update staff_sessions set last_seen_at = now() - interval '31 minutes'
      where staff_id = ${idle.id}`.execute(t.db);
    const expired = await me(idle.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_INVALID');

    const old = await staffMember(t, 'support');
    await sql`update staff_sessions set expires_at = now() - interval '1 second'
      where staff_id = ${old.id}`.execute(t.db);
    expect((await me(old.token)).statusCode).toBe(401);
  });

  it('stays alive with activity under 30 minutes', async () => {
    const member = await staffMember(t, 'support');
    await sql`update staff_sessions set last_seen_at = now() - interval '29 minutes'
      where staff_id = ${member.id}`.execute(t.db);
    expect((await me(member.token)).statusCode).toBe(200);
    // The request refreshed last_seen_at.
    expect((await me(member.token)).statusCode).toBe(200);
  });

  it('logout revokes the token; player tokens are never staff tokens', async () => {
    const member = await staffMember(t, 'trader');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      headers: member.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);
    const player = await signedInPlayer(t);
    expect((await me(player.token)).statusCode).toBe(401);
    expect((await me('st_forged-token-value')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/admin/auth/me' });
    expect(none.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('staff management rules', () => {
  it('an admin cannot create or promote an owner, nor change their own role', async () => {
    const admin = await staffMember(t, 'admin');
    const createOwner = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: admin.headers,
      payload: { email: uniqueEmail('o'), name: 'X', role: 'owner', password: STAFF_PASSWORD },
    });
    expect(createOwner.statusCode).toBe(403);
    const support = await staffMember(t, 'support');
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${support.id}`,
      headers: admin.headers,
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${admin.id}`,
      headers: admin.headers,
      payload: { role: 'finance' },
    });
    expect(self.statusCode).toBe(403);
  });

  it('a role change applies at once and ends the member’s sessions', async () => {
    const member = await staffMember(t, 'support');
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${member.id}`,
      headers: owner.headers,
      payload: { role: 'compliance' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(member.token)).statusCode).toBe(401);
    const { rows } = await t.modules.audit.service.search(
      { action: 'staff.update', target_id: String(member.id) },
      { limit: 5, offset: 0 },
    );
    expect(rows[0]).toMatchObject({
      actor_type: 'staff',
      actor_id: String(owner.id),
      actor_role: 'owner',
      ip: '127.0.0.1',
      before: { role: 'support' },
      after: { role: 'compliance' },
    });
  });

  it('a disabled member cannot sign in', async () => {
    const member = await staffMember(t, 'support');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${member.id}`,
      headers: owner.headers,
      payload: { status: 'disabled' },
    });
    const response = await login({
      email: member.email,
      password: STAFF_PASSWORD,
      code: await totp(member.secret, 1),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_DISABLED');
  });
});

describe('the demo owner', () => {
  it('signs in with the documented password and TOTP secret outside production', async () => {
    await t.modules.staff.seedDemoOwner();
    await t.modules.staff.seedDemoOwner(); // idempotent
    const response = await login({
      email: DEMO_OWNER.email,
      password: DEMO_OWNER.password,
      code: await totp(DEMO_OWNER.totp_secret),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.staff.role).toBe('owner');
  });

  it('is refused in production unless demo seeding is on', async () => {
    const production = await testApp({
      staffLimits: RELAXED_STAFF_LIMITS,
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        SECRETS_KEY: TEST_SECRETS_KEY,
      },
    });
    try {
      await production.modules.staff.seedDemoOwner();
      const response = await login(
        {
          email: DEMO_OWNER.email,
          password: DEMO_OWNER.password,
          code: await totp(DEMO_OWNER.totp_secret),
        },
        production,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_CREDENTIALS');
    } finally {
      await production.close();
    }
  });
});

describe('staff sign-in limits', () => {
  it('backs off after repeated failures from one address', async () => {
    const limited = await testApp({
      staffLimits: {
        login_ip: { limit: 1000, window_ms: 60_000 },
        login_failures: { free_failures: 2, window_ms: 60_000, delay_ms_max: 60_000 },
      },
    });
    try {
      const member = await staffMember(limited, 'support');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await login(
          { email: member.email, password: STAFF_PASSWORD, code: '000000' },
          limited,
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('npm run staff:create', () => {
  const run = (args: string[]) =>
    spawnSync('node', ['--import', 'tsx', 'src/cli/staff-create.ts', ...args], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      env: { ...process.env, DATABASE_URL: t.pool.options.connectionString, NODE_ENV: 'test' },
      encoding: 'utf8',
    });

  it('creates the first owner, who then enrols TOTP at the first sign-in', async () => {
    const email = uniqueEmail('cli-owner');
    const result = run(['--email', email, '--role', 'owner', '--password', STAFF_PASSWORD]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Created owner ${email}`);
    const next = await login({ email, password: STAFF_PASSWORD });
    expect(next.json().data.step).toBe('enrol');
  });

  it('refuses an unknown role or a missing email', () => {
    const result = run(['--role', 'emperor']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--email must be an email address; --role must be one of/);
  });
});
