import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';
import { sign } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

let t: TestApp;
let marketing: StaffMember;
let support: StaffMember;
let finance: StaffMember;
const OLD_SECRET = 'aurora-secret-given-at-onboarding-0001';
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  [marketing, support, finance] = await Promise.all([
    staffMember(t, 'marketing'),
    staffMember(t, 'support'),
    staffMember(t, 'finance'),
  ]);
  // A second, external studio connected beside the built-in demo one (none is seeded).
  await sql`insert into game_providers (id, name, in_menu, sort_order)
    values (91, 'Aurora Gaming', true, 91)`.execute(t.db);
  await t.modules.lobby.repository.insertIfMissing({
    slug: 'aurora-gems',
    name: 'Aurora Gems',
    provider_id: 91,
    category: 'slots',
    thumbnail: '/api/v1/casino/thumbs/aurora-gems.svg',
    rtp_bp: 9650,
    volatility: 'low',
    min_bet_eur_minor: 10n,
    max_bet_eur_minor: 100_00n,
    demo_allowed: true,
    enabled: true,
    featured: false,
    sort_order: 900,
    tags: [],
    is_original: false,
    provider_game_code: 'aurora-gems',
    released_on: '2026-01-01',
  });
  await t.modules.lobby.provider.upsertIntegration({
    provider_id: 91,
    code: 'aurora',
    secret: OLD_SECRET,
    launch_url: 'https://games.aurora.example/launch',
  });
});
afterAll(async () => {
  await t.close();
});

const studios = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/casino/studios', headers });
const patch = (code: string, payload: Record<string, unknown>, headers = marketing.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/casino/studios/${code}`, headers, payload });
/** A signed call from the Aurora studio: only the signature matters here. */
const auroraCall = (secret: string) => {
  const raw = JSON.stringify({ player_id: '1', currency: 'EUR', round_id: 'r-1' });
  return t.app.inject({
    method: 'POST',
    url: '/api/provider/v1/aurora/round-end',
    headers: sign(raw, undefined, secret),
    payload: raw,
  });
};

describe('connected studios in the back office', () => {
  it('lists the studios with a hint of their secret, never the secret', async () => {
    const response = await studios(finance.headers);
    expect(response.statusCode).toBe(200);
    const list = response.json().data as Array<Record<string, unknown>>;
    expect(list.find((row) => row.code === 'aurora')).toMatchObject({
      name: 'Aurora Gaming',
      launch_url: 'https://games.aurora.example/launch',
      enabled: true,
      secret_hint: '…0001',
      built_in: false,
    });
    expect(list.find((row) => row.code === 'lantern')).toMatchObject({ built_in: true });
    expect(response.body).not.toContain(OLD_SECRET);
    expect((await studios(support.headers)).statusCode).toBe(403);
  });

  it('issues a new secret once: the old one is refused from then on; audited without secrets', async () => {
    expect((await auroraCall(OLD_SECRET)).json().code).not.toBe('INVALID_SIGNATURE');
    expect((await patch('aurora', { rotate_secret: true }, finance.headers)).statusCode).toBe(403);
    const rotated = await patch('aurora', { rotate_secret: true });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().data.secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.json().data.secret_hint).toBe(`…${secret.slice(-4)}`);
    expect((await auroraCall(OLD_SECRET)).json().code).toBe('INVALID_SIGNATURE');
    expect((await auroraCall(secret)).json().code).not.toBe('INVALID_SIGNATURE');
    // The list shows the hint only.
    expect((await studios(marketing.headers)).body).not.toContain(secret);
    const audit = await sql<{ before: unknown; after: unknown }>`
      select before, after from audit_log where action = 'casino.studio.update'
      order by id desc limit 1`.execute(t.db);
    const entry = JSON.stringify(audit.rows[0]);
    expect(entry).not.toContain(secret);
    expect(entry).not.toContain(OLD_SECRET);
    expect(audit.rows[0]).toMatchObject({
      before: { secret_hint: '…0001' },
      after: { secret_hint: `…${secret.slice(-4)}` },
    });
  });

  it('switches a studio off (its games are no longer playable) and on; changes its launch URL', async () => {
    const off = await patch('aurora', { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false });
    const games = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/casino/games',
          headers: marketing.headers,
        })
      )
        .json()
        .data.filter((game: { provider: string }) => game.provider === 'Aurora Gaming');
    expect((await games()).length).toBeGreaterThan(0);
    expect((await games()).every((game: { playable: boolean }) => !game.playable)).toBe(true);
    await patch('aurora', { enabled: true });
    expect((await games()).every((game: { playable: boolean }) => game.playable)).toBe(true);
    const moved = await patch('aurora', { launch_url: 'https://play.aurora.example/v2' });
    expect(moved.json().data.launch_url).toBe('https://play.aurora.example/v2');
  });

  it('refuses a bad URL, an empty change, an unknown studio, and the built-in studio’s URL and secret', async () => {
    const bad = await patch('aurora', { launch_url: 'http://insecure.example' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('launch_url');
    expect((await patch('aurora', {})).statusCode).toBe(422);
    expect((await patch('nobody', { enabled: true })).statusCode).toBe(404);
    const builtIn = await patch('lantern', { rotate_secret: true });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().code).toBe('BUILT_IN_STUDIO');
    expect((await patch('lantern', { enabled: true })).statusCode).toBe(200);
  });
});
