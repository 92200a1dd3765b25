import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { staffSecretsAtRest } from '../src/modules/staff/index.ts';
import { createDb } from '../src/platform/db/database.ts';
import { SecretBox, SecretsKeyMismatchError } from '../src/platform/secrets.ts';
import { rotateSecrets } from '../src/secrets-rotation.ts';
import { TEST_SECRETS_KEY } from './global-setup.ts';
import { bearer, RELAXED_LIMITS, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { RELAXED_STAFF_LIMITS, STAFF_PASSWORD, staffMember, totp } from './staff-helpers.ts';
import { enableTwoFactor, freshCode } from './two-factor-support.ts';

/**
 * Secrets at rest (decisions 0135, 0660, 0661): the database never holds a TOTP secret (a
 * player's or a staff member's) or the odds feed's API key in clear; values written in clear
 * before are sealed at start-up and still work; an instance with another key refuses the
 * database; the key rotates without a value lost.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
});
afterAll(async () => {
  await t.close();
});

const ACTOR = { type: 'system', id: 'test' } as const;
const rawTwoFactor = async (player_id: bigint) =>
  (
    await sql<{ secret: string | null; pending_secret: string | null }>`
      select secret, pending_secret from player_two_factor where player_id = ${player_id}`.execute(
      t.db,
    )
  ).rows[0]!;
const rawApiKey = async () =>
  (await sql<{ api_key: string | null }>`select api_key from sb_feed_settings`.execute(t.db))
    .rows[0]?.api_key ?? null;
/** A player's current code, from `secret`, opens a two-factor-guarded action (new recovery codes). */
async function expectCodeAccepted(
  app: TestApp['app'],
  player: { id: bigint; token: string },
  secret: string,
) {
  const replaced = await app.inject({
    method: 'POST',
    url: '/api/v1/customer/me/two-factor/recovery-codes',
    headers: bearer(player.token),
    payload: { code: await freshCode(t, player.id, secret) },
  });
  expect(replaced.statusCode, replaced.body).toBe(200);
}
const rawStaff = async (id: bigint) =>
  (
    await sql<{ totp_secret: string | null; totp_pending_secret: string | null }>`
      select totp_secret, totp_pending_secret from staff where id = ${id}`.execute(t.db)
  ).rows[0]!;
/** Every row of the tables holding secrets as text, as a dump would carry them. */
const dumped = async () =>
  (
    await sql<{ row: string }>`
      select t::text as row from player_two_factor t
      union all select s::text from sb_feed_settings s
      union all select m::text from staff m`.execute(t.db)
  ).rows
    .map((r) => r.row)
    .join('\n');
/** Every sealed value in the database, whatever column holds it. */
const everySealed = async () =>
  (
    await sql<{ value: string }>`
      select secret as value from player_two_factor where secret is not null
      union all select pending_secret from player_two_factor where pending_secret is not null
      union all select totp_secret from staff where totp_secret is not null
      union all select totp_pending_secret from staff where totp_pending_secret is not null
      union all select api_key from sb_feed_settings where api_key is not null
      union all select sealed from platform_secrets_check`.execute(t.db)
  ).rows.map((r) => r.value);
const staffLogin = (app: TestApp['app'], email: string, code?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password: STAFF_PASSWORD, ...(code === undefined ? {} : { code }) },
  });
/** A staff code the server takes now: the member's last accepted step is forgotten first. */
const freshStaffCode = async (id: bigint, secret: string) => {
  await sql`update staff set totp_last_step = null where id = ${id}`.execute(t.db);
  return totp(secret);
};

describe('TOTP secrets', () => {
  it('are stored sealed while enrolling and once on; codes from the app still work', async () => {
    const player = await signedInPlayer(t);
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/two-factor/enrol',
      headers: bearer(player.token),
    });
    const pending = enrol.json().data.secret as string;
    const row = await rawTwoFactor(player.id);
    expect(row.pending_secret).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(pending);
    // Enrolling again shows the same secret (it is read back, not re-made).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/two-factor/enrol',
      headers: bearer(player.token),
    });
    expect(again.json().data.secret).toBe(pending);

    const other = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, other.token);
    expect((await rawTwoFactor(other.id)).secret).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(secret);
    await expectCodeAccepted(t.app, other, secret);
  });

  it('written in clear before are sealed at start-up, and their codes still work', async () => {
    const player = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, player.token);
    // As a row written before secrets were sealed.
    await sql`update player_two_factor set secret = ${secret} where player_id = ${player.id}`.execute(
      t.db,
    );
    expect((await t.modules.auth.secretsAtRest.reseal('plain')).resealed).toBeGreaterThanOrEqual(1);
    expect((await rawTwoFactor(player.id)).secret).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(secret);
    expect((await t.modules.auth.secretsAtRest.reseal('plain')).resealed).toBe(0);
    await expectCodeAccepted(t.app, player, secret);
  });
});

describe('staff TOTP secrets', () => {
  it('are stored sealed while enrolling and once enrolled; the member signs in with the app', async () => {
    // Enrolled when created (the CLI's and the demo owner's way): signs in with a code.
    const member = await staffMember(t, 'trader');
    expect((await rawStaff(member.id)).totp_secret).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(member.secret);

    // Enrolled at the first sign-in: the offered secret is kept sealed, and shown again.
    const enrolling = await t.modules.staff.service.createAccount({
      email: `enrol-${randomBytes(4).toString('hex')}@example.com`,
      name: 'Enrolling',
      role: 'support',
      password: STAFF_PASSWORD,
    });
    const first = await staffLogin(t.app, enrolling.email);
    const offered = first.json().data.enrolment.secret as string;
    expect((await rawStaff(enrolling.id)).totp_pending_secret).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(offered);
    expect((await staffLogin(t.app, enrolling.email)).json().data.enrolment.secret).toBe(offered);
    const done = await staffLogin(t.app, enrolling.email, await totp(offered));
    expect(done.statusCode, done.body).toBe(200);
    const row = await rawStaff(enrolling.id);
    expect(row.totp_secret).toMatch(/^sealed:v2:/);
    expect(row.totp_pending_secret).toBeNull();
    expect(await dumped()).not.toContain(offered);
  });

  it('written in clear before are sealed at start-up, once, and their codes still work', async () => {
    const member = await staffMember(t, 'support');
    await sql`update staff set totp_secret = ${member.secret} where id = ${member.id}`.execute(
      t.db,
    );
    expect((await t.modules.staff.secretsAtRest.reseal('plain')).resealed).toBe(1);
    expect((await rawStaff(member.id)).totp_secret).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(member.secret);
    expect((await t.modules.staff.secretsAtRest.reseal('plain')).resealed).toBe(0);
    const again = await staffLogin(
      t.app,
      member.email,
      await freshStaffCode(member.id, member.secret),
    );
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("the odds feed's API key", () => {
  const settings = {
    provider: 'disabled' as const,
    regions: ['uk'],
    sports: ['soccer_epl'],
    monthly_budget: 500,
    margin_bp: 600,
    stale_ms: 180_000,
  };

  it('is stored sealed, read back in clear by the feed, shown as its last four characters', async () => {
    const key = `k-${randomBytes(12).toString('hex')}`;
    const feed = t.modules.sportsbook.feedControl;
    const view = await feed.update(ACTOR, { ...settings, api_key: key });
    expect(view.api_key_hint).toBe(`••••${key.slice(-4)}`);
    expect(await rawApiKey()).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(key);
    // Saved again without a key: the stored one is kept (and still opens).
    expect((await feed.update(ACTOR, settings)).api_key_hint).toBe(`••••${key.slice(-4)}`);
  });

  it('written in clear before is sealed at start-up and still read as the same key', async () => {
    const key = `legacy-${randomBytes(8).toString('hex')}`;
    await sql`update sb_feed_settings set api_key = ${key} where id = 1`.execute(t.db);
    expect((await t.modules.sportsbook.secretsAtRest.reseal('plain')).resealed).toBe(1);
    expect(await rawApiKey()).toMatch(/^sealed:v2:/);
    expect(await dumped()).not.toContain(key);
    expect((await t.modules.sportsbook.feedControl.view()).api_key_hint).toBe(
      `••••${key.slice(-4)}`,
    );
    expect((await t.modules.sportsbook.secretsAtRest.reseal('plain')).resealed).toBe(0);
  });
});

describe('the key', () => {
  it("refuses a key that is not the database's (a restore without its key)", async () => {
    await expect(new SecretBox(randomBytes(32)).verifyAgainst(t.db)).rejects.toThrow(
      SecretsKeyMismatchError,
    );
  });
});

describe('rotating SECRETS_KEY', () => {
  const A = Buffer.from(TEST_SECRETS_KEY, 'base64');
  const B = randomBytes(32);
  /** Another instance on this database with the given keys, as after a restart with them. */
  async function instance(box: SecretBox) {
    const { db, pool } = createDb(t.url, 4);
    const built = await buildApp({
      config: t.config,
      db,
      pool,
      secrets: box,
      limits: RELAXED_LIMITS,
      staffLimits: RELAXED_STAFF_LIMITS,
      serveSites: false,
    });
    return {
      ...built,
      close: async () => {
        await built.app.close();
        await db.destroy();
      },
    };
  }

  it('B current with A previous opens what A sealed; the rotation moves everything to B, once; then B alone opens it all', async () => {
    // Secrets under A (this file's key): a player's, a staff member's, the feed's key.
    const player = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, player.token);
    const member = await staffMember(t, 'risk');
    const apiKey = `rotate-${randomBytes(8).toString('hex')}`;
    await t.modules.sportsbook.feedControl.update(ACTOR, {
      provider: 'disabled',
      regions: ['uk'],
      sports: ['soccer_epl'],
      monthly_budget: 500,
      margin_bp: 600,
      stale_ms: 180_000,
      api_key: apiKey,
    });
    const rotating = new SecretBox(B, [A]);
    expect((await everySealed()).some((v) => rotating.isCurrent(v))).toBe(false);

    /** An instance with these keys signs the staff member and the player in, and reads the feed's key. */
    const opensEverything = async (box: SecretBox) => {
      const other = await instance(box);
      try {
        const code = await freshStaffCode(member.id, member.secret);
        const signIn = await staffLogin(other.app, member.email, code);
        expect(signIn.statusCode, signIn.body).toBe(200);
        await expectCodeAccepted(other.app, player, secret);
        expect((await other.modules.sportsbook.feedControl.view()).api_key_hint).toBe(
          `••••${apiKey.slice(-4)}`,
        );
      } finally {
        await other.close();
      }
    };
    // Every instance restarted with B as the key and A as the previous: all still opens.
    await opensEverything(rotating);

    // A run stopped after the staff module's columns: the next run finishes the rest.
    const stopped = await staffSecretsAtRest(t.db, rotating).reseal('stale');
    expect(stopped.resealed).toBeGreaterThanOrEqual(1);
    const report = await rotateSecrets(t.db, rotating);
    expect(report.complete).toBe(true);
    expect(report.unopened).toEqual([]);
    const count = (owner: string) => report.resealed.find((r) => r.owner === owner)!.count;
    expect(count('auth')).toBeGreaterThanOrEqual(1);
    expect(count('staff')).toBe(0);
    expect(count('sportsbook')).toBe(1);
    expect(count('platform')).toBe(1);
    expect((await everySealed()).every((v) => rotating.isCurrent(v))).toBe(true);
    const again = await rotateSecrets(t.db, rotating);
    expect(again.resealed.every((r) => r.count === 0)).toBe(true);
    expect(again.complete).toBe(true);

    // A dropped: B alone opens everything; A alone is refused at start-up.
    await expect(new SecretBox(A).verifyAgainst(t.db)).rejects.toThrow(SecretsKeyMismatchError);
    await opensEverything(new SecretBox(B));
  });

  it('a value that opens under neither key is named and passed over; the rotation stays unfinished', async () => {
    // After the rotation above everything is under B; this app still seals under A.
    const member = await staffMember(t, 'marketing');
    const C = randomBytes(32);
    const report = await rotateSecrets(t.db, new SecretBox(C, [B]));
    expect(report.complete).toBe(false);
    expect(report.unopened).toEqual([`staff.totp_secret ${member.id}`]);
    // The key check stays under B: an instance given C alone still refuses to start.
    await expect(new SecretBox(C).verifyAgainst(t.db)).rejects.toThrow(SecretsKeyMismatchError);
    await new SecretBox(C, [B]).verifyAgainst(t.db);
  });
});
