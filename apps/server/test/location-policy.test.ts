import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openGeoIp } from '../src/modules/protection/index.ts';
import { bearer, TEST_PASSWORD, type TestApp, testApp, uniqueEmail } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

/**
 * Issue 15: the operator's location policy (a declared/address country mismatch, anonymising
 * networks) through the gate, and the device signal (issues 15 and 19).
 */
let t: TestApp;
let owner: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  owner = await staffMember(t, 'owner');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const setPolicy = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/location-policy',
    headers: owner.headers,
    payload,
  });

/** A player who declared `country` at sign-up, signed in (optionally with a device cookie). */
async function player(country: string, headers: Record<string, string> = {}) {
  const email = uniqueEmail(`loc-${country.toLowerCase()}`);
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/signup',
    payload: { name: 'Loc Player', email, password: TEST_PASSWORD, currency_id: 1, country },
  });
  expect(signup.statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/login',
    headers,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const profile = await t.modules.players.service.byEmail(email);
  return {
    id: profile!.id,
    email,
    token: login.json().data as string,
    cookie: String(login.headers['set-cookie'] ?? ''),
  };
}

/** A real-money action through the gate (a crypto deposit request moves nothing yet). */
const deposit = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/crypto/deposit/create',
    headers: { ...bearer(token), ...headers },
    payload: { currency: '12', amount: '50', converted_amount: '0.001' },
  });

describe('a declared country that differs from the address’s', () => {
  it('follows the operator’s setting: stricter, declared, address, or demo only', async () => {
    const maltese = await player('MT');
    const indian = await player('IN');
    const fromGermany = { 'x-debug-country': 'DE' };
    const fromMalta = { 'x-debug-country': 'MT' };

    expect((await setPolicy({ country_mismatch: 'stricter' })).statusCode).toBe(200);
    expect((await deposit(maltese.token, fromGermany)).statusCode).toBe(200);
    expect((await deposit(indian.token, fromMalta)).json().code).toBe('JURISDICTION_DEMO_ONLY');

    await setPolicy({ country_mismatch: 'address' });
    expect((await deposit(indian.token, fromMalta)).statusCode).toBe(200);

    await setPolicy({ country_mismatch: 'declared' });
    expect((await deposit(indian.token, fromMalta)).json().code).toBe('JURISDICTION_DEMO_ONLY');
    expect((await deposit(maltese.token, { 'x-debug-country': 'IN' })).statusCode).toBe(200);

    await setPolicy({ country_mismatch: 'demo_only' });
    const refused = await deposit(maltese.token, fromGermany);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'COUNTRY_MISMATCH' });
    expect(refused.json().message).toBe(
      'Real-money play is off: your account is registered in MT but you are connecting from DE. You can still play demo games.',
    );
    // Where the two agree, nothing changes.
    expect((await deposit(maltese.token, fromMalta)).statusCode).toBe(200);
    // The banner says the same, in the player's language.
    const banner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jurisdiction',
      headers: { ...bearer(maltese.token), ...fromGermany, 'accept-language': 'fr' },
    });
    expect(banner.json().data).toMatchObject({ real_money: false, policy: 'demo_only' });
    expect(banner.json().data.message).toContain('enregistré en MT');
    await setPolicy({ country_mismatch: 'stricter' });
  });
});

describe('anonymising networks', () => {
  const viaVpn = { 'x-debug-anonymiser': '1' };

  it('demo only where the operator says so, with the reason; allowed otherwise', async () => {
    const someone = await player('MT');
    await setPolicy({ anonymisers: 'allow' });
    expect((await deposit(someone.token, viaVpn)).statusCode).toBe(200);
    await setPolicy({ anonymisers: 'demo_only' });
    const refused = await deposit(someone.token, viaVpn);
    expect(refused.json()).toMatchObject({ code: 'ANONYMISER' });
    expect(refused.json().message).toContain('VPN, proxy or Tor');
    const banner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jurisdiction',
      headers: viaVpn,
    });
    expect(banner.json().data).toMatchObject({ real_money: false });
    expect((await deposit(someone.token)).statusCode).toBe(200);
    await setPolicy({ anonymisers: 'flag' });
    expect((await deposit(someone.token, viaVpn)).statusCode).toBe(200);
  });

  it('flagged: a sign-in through one raises an AML alert; allowed: none', async () => {
    await setPolicy({ anonymisers: 'flag' });
    const flagged = await player('MT', viaVpn);
    await t.modules.compliance.service.evaluate(flagged.id);
    const { alerts } = await t.modules.compliance.service.alerts({
      player_id: flagged.id,
      limit: 50,
    });
    const alert = alerts.find((a) => a.rule_code === 'anonymiser');
    expect(alert?.summary).toContain('anonymising network');

    await setPolicy({ anonymisers: 'allow' });
    const allowed = await player('MT', viaVpn);
    await t.modules.compliance.service.evaluate(allowed.id);
    const none = await t.modules.compliance.service.alerts({ player_id: allowed.id, limit: 50 });
    expect(none.alerts.filter((a) => a.rule_code === 'anonymiser')).toEqual([]);
    await setPolicy({ anonymisers: 'flag' });
  });
});

describe('the location policy in the back office', () => {
  it('is read and changed by staff with the jurisdictions permission, audited, validated', async () => {
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/admin/location-policy',
      headers: owner.headers,
    });
    expect(view.json().data).toMatchObject({
      country_mismatch: 'stricter',
      anonymiser_list: { entries: expect.any(Number) },
    });
    const bad = await setPolicy({ country_mismatch: 'sometimes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/country_mismatch/);
    expect((await setPolicy({})).statusCode).toBe(422);
    const support = await staffMember(t, 'support');
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/location-policy',
      headers: support.headers,
      payload: { anonymisers: 'allow' },
    });
    expect(denied.statusCode).toBe(403);
    await setPolicy({ anonymisers: 'demo_only' });
    await setPolicy({ anonymisers: 'flag' });
    const audit = await sql<{ n: string }>`
      select count(*) as n from audit_log where action = 'jurisdiction.location_policy'`.execute(
      t.db,
    );
    expect(Number(audit.rows[0]!.n)).toBeGreaterThanOrEqual(2);
  });
});

describe('the device a player signs in on', () => {
  it('gets a long-lived httpOnly cookie at sign-in, kept when it comes back', async () => {
    const first = await player('MT');
    expect(first.cookie).toMatch(
      /^did=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    const device = first.cookie.split(';')[0]!;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      headers: { cookie: `theme=dark; ${device}` },
      payload: { email: first.email, password: TEST_PASSWORD },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    const rows = await sql<{ device_id: string }>`
      select distinct device_id from player_sessions where player_id = ${first.id}`.execute(t.db);
    expect(rows.rows.map((row) => row.device_id)).toEqual([device.slice('did='.length)]);
  });

  it('two accounts on one device: an AML alert with both, and one welcome offer between them', async () => {
    const a = await player('MT');
    const device = a.cookie.split(';')[0]!;
    const b = await player('MT', { cookie: device });
    await t.modules.compliance.service.evaluate(b.id);
    const { alerts } = await t.modules.compliance.service.alerts({ player_id: b.id, limit: 50 });
    const alert = alerts.find((row) => row.rule_code === 'shared_device');
    expect(alert).toBeDefined();
    const accounts = (alert!.evidence.accounts as Array<{ id: string }>).map((x) => x.id).sort();
    expect(accounts).toEqual([String(a.id), String(b.id)].sort());
    const linked = await t.modules.compliance.service.linkedAccounts(a.id);
    expect(linked.device).toEqual([b.id]);
    expect(linked.instrument).toEqual([]);
  });
});

describe('the GeoIP database at start-up', () => {
  it('a missing file stops start-up, unless the operator set the declared-country fallback', async () => {
    await expect(openGeoIp('none', undefined, '/nonexistent/geo.mmdb')).rejects.toThrow(
      /GeoIP database not found/,
    );
    const logged: string[] = [];
    const geoip = await openGeoIp('declared', (m) => logged.push(m), '/nonexistent/geo.mmdb');
    expect(geoip.countryOf('8.8.8.8')).toBeNull();
    expect(logged[0]).toMatch(/declared country only/);
  });
});
