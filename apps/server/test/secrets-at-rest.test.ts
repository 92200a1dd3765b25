import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox, SecretsKeyMismatchError } from '../src/platform/secrets.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { enableTwoFactor, freshCode } from './two-factor-support.ts';

/**
 * Secrets at rest (decision 0135): the database never holds a TOTP secret or the odds feed's
 * API key in clear; values written in clear before are sealed at start-up and still work; an
 * instance with another key refuses the database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
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
/** Every row of the two tables as text, as a dump would carry them. */
const dumped = async () =>
  (
    await sql<{ row: string }>`
      select t::text as row from player_two_factor t
      union all select s::text from sb_feed_settings s`.execute(t.db)
  ).rows
    .map((r) => r.row)
    .join('\n');

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
    expect(row.pending_secret).toMatch(/^sealed:v1:/);
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
    expect((await rawTwoFactor(other.id)).secret).toMatch(/^sealed:v1:/);
    expect(await dumped()).not.toContain(secret);
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/two-factor/recovery-codes',
      headers: bearer(other.token),
      payload: { code: await freshCode(t, other.id, secret) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
  });

  it('written in clear before are sealed at start-up, and their codes still work', async () => {
    const player = await signedInPlayer(t);
    const { secret } = await enableTwoFactor(t, player.token);
    // As a row written before secrets were sealed.
    await sql`update player_two_factor set secret = ${secret} where player_id = ${player.id}`.execute(
      t.db,
    );
    expect(await t.modules.auth.sealPlainSecrets()).toBeGreaterThanOrEqual(1);
    expect((await rawTwoFactor(player.id)).secret).toMatch(/^sealed:v1:/);
    expect(await dumped()).not.toContain(secret);
    expect(await t.modules.auth.sealPlainSecrets()).toBe(0);
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/me/two-factor/recovery-codes',
      headers: bearer(player.token),
      payload: { code: await freshCode(t, player.id, secret) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
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
    expect(await rawApiKey()).toMatch(/^sealed:v1:/);
    expect(await dumped()).not.toContain(key);
    // Saved again without a key: the stored one is kept (and still opens).
    expect((await feed.update(ACTOR, settings)).api_key_hint).toBe(`••••${key.slice(-4)}`);
  });

  it('written in clear before is sealed at start-up and still read as the same key', async () => {
    const key = `legacy-${randomBytes(8).toString('hex')}`;
    await sql`update sb_feed_settings set api_key = ${key} where id = 1`.execute(t.db);
    expect(await t.modules.sportsbook.sealPlainSecrets()).toBe(1);
    expect(await rawApiKey()).toMatch(/^sealed:v1:/);
    expect(await dumped()).not.toContain(key);
    expect((await t.modules.sportsbook.feedControl.view()).api_key_hint).toBe(
      `••••${key.slice(-4)}`,
    );
    expect(await t.modules.sportsbook.sealPlainSecrets()).toBe(0);
  });
});

describe('the key', () => {
  it("refuses a key that is not the database's (a restore without its key)", async () => {
    await expect(new SecretBox(randomBytes(32)).verifyAgainst(t.db)).rejects.toThrow(
      SecretsKeyMismatchError,
    );
  });
});
