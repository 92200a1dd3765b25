import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, ROLES, type Role } from '../src/modules/staff/index.ts';
import { GATEWAY_NAME_TRANSLATIONS } from '../src/seed/reference-data.ts';
import { bearer, signedInPlayer, TEST_PASSWORD, type TestApp, testApp } from './harness.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';
import { enableTwoFactor } from './two-factor-support.ts';

let t: TestApp;
const staff = {} as Record<Role, StaffMember>;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  for (const role of ROLES) staff[role] = await staffMember(t, role);
});
afterAll(async () => {
  await t.close();
});

const call = (
  member: StaffMember,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: member.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function lastAudit(action: string) {
  const { rows } = await t.modules.audit.service.search({ action }, { limit: 1, offset: 0 });
  return rows[0];
}

describe('permission matrix: every back-office route × every role', () => {
  it('every /api/admin route but sign-in declares a permission from the table', () => {
    const table = t.modules.backoffice.table;
    expect(table.length).toBeGreaterThan(20);
    for (const route of table) {
      if (route.url === '/api/admin/auth/login') expect(route.permission).toBeNull();
      else expect(route.permission, `${route.method} ${route.url}`).not.toBeNull();
    }
    // The audit log is read-only over HTTP.
    const writes = table.filter(
      (route) => route.url.startsWith('/api/admin/audit') && route.method !== 'GET',
    );
    expect(writes.map((route) => route.url)).toEqual(['/api/admin/audit/verify']);
    expect(table.some((route) => route.method === 'DELETE')).toBe(false);
  });

  // Non-existent ids keep allowed calls free of side effects: they answer 404 or 422.
  const MISSING_ID = '999999999';
  const cases = () =>
    t.modules.backoffice.table.filter(
      (route) => route.permission !== null && route.url !== '/api/admin/auth/logout',
    );

  it('allows exactly the roles in PERMISSIONS and answers 403 to the others', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of cases()) {
      const url = route.url.replace(/:[a-z_]+/g, MISSING_ID);
      for (const role of ROLES) {
        const allowed =
          route.permission === 'session' ||
          (PERMISSIONS[route.permission as Permission] as readonly Role[]).includes(role);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: staff[role].headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        checked += 1;
        const status = response.statusCode;
        const ok = allowed
          ? status !== 401 && status !== 403 && status < 500
          : status === 403 && response.json().code === 'FORBIDDEN';
        if (!ok) mismatches.push(`${role} ${route.method} ${route.url} → ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(cases().length * ROLES.length);
  });

  it('answers 401 without a token on every guarded route', async () => {
    for (const route of cases()) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[a-z_]+/g, MISSING_ID),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('players', () => {
  it('finds a player by id, email, username and phone prefix; pages and sorts on the server', async () => {
    const player = await signedInPlayer(t);
    const row = (await t.modules.players.service.byId(player.id))!;
    await t.modules.players.service.update(player.id, { phone: '+44 7700 900123' });
    for (const q of [String(player.id), player.email, row.username, '+44 7700']) {
      const response = await call(staff.support, 'GET', `/players?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.items.map((item: { id: number }) => item.id)).toContain(
        Number(player.id),
      );
    }
    await signedInPlayer(t);
    const page = await call(
      staff.support,
      'GET',
      '/players?per_page=1&page=2&sort=email&order=asc',
    );
    expect(page.json().data).toMatchObject({ page: 2, per_page: 1 });
    expect(page.json().data.items).toHaveLength(1);
    expect(page.json().data.total).toBeGreaterThanOrEqual(2);
  });

  it('shows a profile with currency, balances and sessions', async () => {
    const player = await signedInPlayer(t);
    const profile = await call(staff.support, 'GET', `/players/${player.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      id: Number(player.id),
      email: player.email,
      status: 'active',
      currency: { code: 'EUR', scale: 2 },
      balances: { cash: expect.any(String) },
      approval_threshold: '1000.00',
    });
    const sessions = await call(staff.support, 'GET', `/players/${player.id}/sessions`);
    expect(sessions.json().data[0]).toMatchObject({ active: true, ip: '127.0.0.1' });
  });

  it('blocks (ending sessions) and unblocks a player, audited with before and after', async () => {
    const player = await signedInPlayer(t);
    const block = await call(staff.risk, 'POST', `/players/${player.id}/status`, {
      status: 'blocked',
      reason: 'Suspected multi-accounting',
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().data.status).toBe('blocked');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    expect(me.statusCode).toBe(401);
    expect(await lastAudit('staff.player.block')).toMatchObject({
      actor_type: 'staff',
      actor_id: String(staff.risk.id),
      actor_role: 'risk',
      ip: '127.0.0.1',
      target_type: 'player',
      target_id: String(player.id),
      before: { status: 'active' },
      after: { status: 'blocked' },
      metadata: { reason: 'Suspected multi-accounting', sessions_revoked: 1 },
    });
    const again = await call(staff.risk, 'POST', `/players/${player.id}/status`, {
      status: 'blocked',
      reason: 'twice',
    });
    expect(again.statusCode).toBe(409);
    const unblock = await call(staff.compliance, 'POST', `/players/${player.id}/status`, {
      status: 'active',
      reason: 'Cleared after review',
    });
    expect(unblock.json().data.status).toBe('active');
    expect(await lastAudit('staff.player.unblock')).toMatchObject({
      actor_role: 'compliance',
      before: { status: 'blocked' },
      after: { status: 'active' },
    });
  });

  it('forces a logout, one session or all of them, audited', async () => {
    const player = await signedInPlayer(t);
    const sessions = (await call(staff.support, 'GET', `/players/${player.id}/sessions`)).json()
      .data;
    const one = await call(
      staff.support,
      'POST',
      `/players/${player.id}/sessions/${sessions[0].id}/revoke`,
    );
    expect(one.statusCode).toBe(200);
    expect(await lastAudit('staff.player.session_revoke')).toMatchObject({
      target_id: String(player.id),
      metadata: { session_id: String(sessions[0].id), revoked: true },
    });
    const other = await signedInPlayer(t);
    const foreign = await call(
      staff.support,
      'POST',
      `/players/${player.id}/sessions/${(await call(staff.support, 'GET', `/players/${other.id}/sessions`)).json().data[0].id}/revoke`,
    );
    expect(foreign.statusCode).toBe(404);
    const all = await call(staff.support, 'POST', `/players/${other.id}/sessions/revoke`);
    expect(all.json().data.revoked).toBe(1);
    expect(await lastAudit('staff.player.sessions_revoke')).toMatchObject({
      actor_role: 'support',
      metadata: { sessions_revoked: 1 },
    });
  });

  it('shows a player’s second factors and resets them for the player, audited and mailed', async () => {
    const player = await signedInPlayer(t);
    const url = `/players/${player.id}/two-factor`;
    expect((await call(staff.support, 'GET', url)).json().data).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    // Off already: nothing to reset.
    const off = await call(staff.compliance, 'POST', `${url}/reset`, {
      reason: 'Lost phone, ID checked',
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TWO_FACTOR_NOT_ENABLED');

    await enableTwoFactor(t, player.token);
    const on = (await call(staff.support, 'GET', url)).json().data;
    expect(on).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(on.enabled_at).toEqual(expect.any(String));
    expect(on.passkeys).toBe(0);

    expect(
      (await call(staff.support, 'POST', `${url}/reset`, { reason: 'Lost phone, ID checked' }))
        .statusCode,
    ).toBe(403);
    for (const reason of [undefined, '', 'lost', 'x'.repeat(501)]) {
      const bad = await call(staff.compliance, 'POST', `${url}/reset`, { reason });
      expect(bad.statusCode, String(reason)).toBe(422);
      expect(bad.json().message).toMatch(/reason/i);
    }
    expect((await call(staff.compliance, 'GET', url)).json().data.enabled).toBe(true);

    const reset = await call(staff.compliance, 'POST', `${url}/reset`, {
      reason: 'Lost phone and codes; identity checked against KYC documents',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await lastAudit('staff.player.two_factor_reset')).toMatchObject({
      actor_role: 'compliance',
      metadata: {
        reason: 'Lost phone and codes; identity checked against KYC documents',
        recovery_codes_left: 10,
      },
    });
    const mails = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/dev/outbox?to=${encodeURIComponent(player.email)}`,
      })
    ).json().data as { subject: string; text: string }[];
    expect(mails.map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/two-factor authentication was turned off/),
    );
    // The player signs in with the password alone again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email: player.email, password: TEST_PASSWORD },
    });
    expect(login.json().two_factor_required).toBeUndefined();
    expect(login.json().data).toEqual(expect.any(String));
    expect((await call(staff.compliance, 'GET', '/players/999999999/two-factor')).statusCode).toBe(
      404,
    );
  });

  it('keeps notes, newest first, with their author', async () => {
    const player = await signedInPlayer(t);
    await call(staff.support, 'POST', `/players/${player.id}/notes`, { body: 'Called about KYC' });
    await call(staff.finance, 'POST', `/players/${player.id}/notes`, { body: 'Refund agreed' });
    const notes = (await call(staff.support, 'GET', `/players/${player.id}/notes`)).json().data;
    expect(notes.map((note: { body: string }) => note.body)).toEqual([
      'Refund agreed',
      'Called about KYC',
    ]);
    expect(notes[0].staff.name).toBe('Test finance');
    expect(await lastAudit('staff.player.note_add')).toMatchObject({
      actor_role: 'finance',
      after: { body: 'Refund agreed' },
    });
  });
});

describe('balance adjustments: four eyes', () => {
  const balanceOf = async (player_id: bigint) =>
    (await call(staff.owner, 'GET', `/players/${player_id}`)).json().data.balances.cash as string;

  it('executes at or below the threshold at once, through the ledger', async () => {
    const player = await signedInPlayer(t);
    const response = await call(staff.finance, 'POST', `/players/${player.id}/adjustments`, {
      amount: '1000.00',
      reason_code: 'goodwill',
      comment: 'Compensation for an outage',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'executed',
      needs_approval: false,
      amount: '1000.00',
      currency: 'EUR',
      balance_after: '1000.00',
      transfer_id: expect.any(String),
    });
    expect(await balanceOf(player.id)).toBe('1000.00');
    const movements = await call(staff.support, 'GET', `/players/${player.id}/movements`);
    expect(movements.json().data.items[0]).toMatchObject({
      type: 'adjustment',
      amount: '1000.00',
      balance_after: '1000.00',
      currency: 'EUR',
    });
    // The player sees the new balance.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    expect(me.json().data.wallet_default.balance_exact).toBe('1000.00');
    expect(await lastAudit('staff.adjustment.request')).toMatchObject({
      actor_role: 'finance',
      target_id: String(player.id),
      after: { amount: '1000.00', status: 'executed', reason_code: 'goodwill' },
    });
  });

  it('above the threshold waits for a second staff member; nobody approves their own', async () => {
    const player = await signedInPlayer(t);
    const request = await call(staff.finance, 'POST', `/players/${player.id}/adjustments`, {
      amount: '2500.50',
      reason_code: 'correction',
      comment: 'Missing deposit credited manually',
    });
    expect(request.json().data).toMatchObject({ status: 'pending', needs_approval: true });
    const id = request.json().data.id;
    expect(await balanceOf(player.id)).toBe('0.00');

    const own = await call(staff.finance, 'POST', `/adjustments/${id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('FOUR_EYES');
    expect(await balanceOf(player.id)).toBe('0.00');

    const approved = await call(staff.admin, 'POST', `/adjustments/${id}/approve`, {
      comment: 'Checked the bank statement',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'executed',
      requested_by: { id: Number(staff.finance.id) },
      decided_by: { id: Number(staff.admin.id) },
      balance_after: '2500.50',
    });
    expect(await balanceOf(player.id)).toBe('2500.50');
    expect(await lastAudit('staff.adjustment.approve')).toMatchObject({
      actor_id: String(staff.admin.id),
      actor_role: 'admin',
      before: { status: 'pending' },
      after: { status: 'executed', amount: '2500.50' },
    });

    const twice = await call(staff.owner, 'POST', `/adjustments/${id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(await balanceOf(player.id)).toBe('2500.50');
  });

  it('a rejection moves nothing and cannot be approved afterwards', async () => {
    const player = await signedInPlayer(t);
    const request = await call(staff.risk, 'POST', `/players/${player.id}/adjustments`, {
      amount: '5000',
      reason_code: 'promotion',
      comment: 'VIP reload',
    });
    const id = request.json().data.id;
    const rejected = await call(staff.owner, 'POST', `/adjustments/${id}/reject`, {
      comment: 'Not agreed with marketing',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decision_comment: 'Not agreed with marketing',
    });
    expect((await call(staff.admin, 'POST', `/adjustments/${id}/approve`, {})).statusCode).toBe(
      409,
    );
    expect(await balanceOf(player.id)).toBe('0.00');
    expect(await lastAudit('staff.adjustment.reject')).toMatchObject({
      actor_role: 'owner',
      after: { status: 'rejected' },
    });
  });

  it('two approvers at once: exactly one wins and the money moves once', async () => {
    const player = await signedInPlayer(t);
    const id = (
      await call(staff.risk, 'POST', `/players/${player.id}/adjustments`, {
        amount: '1200',
        reason_code: 'compensation',
        comment: 'Race test',
      })
    ).json().data.id;
    const results = await Promise.all([
      call(staff.owner, 'POST', `/adjustments/${id}/approve`, {}),
      call(staff.admin, 'POST', `/adjustments/${id}/approve`, {}),
      call(staff.finance, 'POST', `/adjustments/${id}/approve`, {}),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(player.id)).toBe('1200.00');
  });

  it('the database refuses a decision by the requester even without the service', async () => {
    const player = await signedInPlayer(t);
    const id = (
      await call(staff.risk, 'POST', `/players/${player.id}/adjustments`, {
        amount: '3000',
        reason_code: 'other',
        comment: 'Check constraint',
      })
    ).json().data.id;
    await expect(
      sql`update balance_adjustments set status = 'approved', decided_by = requested_by,
        decided_at = now() where id = ${id}`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
  });

  it('a debit above the balance fails cleanly and is recorded as failed', async () => {
    const player = await signedInPlayer(t);
    const response = await call(staff.finance, 'POST', `/players/${player.id}/adjustments`, {
      amount: '-10.00',
      reason_code: 'chargeback',
      comment: 'Chargeback on a card deposit',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('INSUFFICIENT_FUNDS');
    const list = await call(staff.finance, 'GET', `/adjustments?player_id=${player.id}`);
    expect(list.json().data.items[0]).toMatchObject({
      status: 'failed',
      failure_code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(player.id)).toBe('0.00');
  });

  it('the threshold is configurable per currency, audited', async () => {
    const set = await call(staff.admin, 'PUT', '/currencies/1/threshold', {
      approval_threshold: '50',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ code: 'EUR', approval_threshold: '50.00' });
    expect(await lastAudit('staff.adjustment_threshold.update')).toMatchObject({
      before: { approval_threshold: '1000.00' },
      after: { approval_threshold: '50.00' },
    });
    const player = await signedInPlayer(t);
    const response = await call(staff.finance, 'POST', `/players/${player.id}/adjustments`, {
      amount: '50.01',
      reason_code: 'goodwill',
      comment: 'Above the new threshold',
    });
    expect(response.json().data.status).toBe('pending');
    await call(staff.admin, 'PUT', '/currencies/1/threshold', { approval_threshold: '1000' });
  });
});

describe('operator settings, currencies and gateways', () => {
  it('a settings change is audited and shows on the player site at once', async () => {
    const response = await call(staff.marketing, 'PATCH', '/settings', {
      brand_name: 'NovaBet',
      seo_title: 'NovaBet casino',
    });
    expect(response.statusCode).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
    expect(pub.json().data).toMatchObject({ brand_name: 'NovaBet', seo_title: 'NovaBet casino' });
    expect(await lastAudit('settings.update')).toMatchObject({
      actor_role: 'marketing',
      after: { brand_name: 'NovaBet', seo_title: 'NovaBet casino' },
    });
  });

  it('currency rates and gateway fees change through audited updates', async () => {
    const rate = await call(staff.finance, 'PATCH', '/currencies/3', { rate_to_eur: '91.5' });
    expect(rate.statusCode).toBe(200);
    expect(rate.json().data.rate_to_eur).toBe('91.5');
    expect(await lastAudit('currency.update')).toMatchObject({ actor_role: 'finance' });
    const gateways = (await call(staff.finance, 'GET', '/gateways')).json().data;
    const fee = await call(staff.finance, 'PATCH', `/gateways/${gateways[0].id}`, {
      fee_percent: '2.75',
    });
    expect(fee.json().data.fee_percent).toBe('2.75');
    expect(await lastAudit('gateway.update')).toMatchObject({ actor_role: 'finance' });
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/v1/currencies' });
    const gateway = catalogue
      .json()
      .data.flatMap(
        (currency: { payment_gateways: Array<{ id: number; fee: number }> }) =>
          currency.payment_gateways,
      )
      .find((item: { id: number }) => item.id === gateways[0].id);
    expect(gateway?.fee).toBe(2.75);
  });
});

describe('operator texts per language (decision 0981)', () => {
  const LANGUAGES = ['en', 'pt', 'bn', 'zh-TW', 'th', 'ms', 'fr', 'es'];
  const gatewayNames = async (language: string) => {
    const catalogue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/currencies',
      headers: { 'accept-language': language },
    });
    const names = new Map<number, string>();
    for (const currency of catalogue.json().data as {
      payment_gateways: { id: number; name: string }[];
    }[])
      for (const gateway of currency.payment_gateways) names.set(gateway.id, gateway.name);
    return names;
  };

  it('names the seeded gateways in each of the eight languages, English where none is written', async () => {
    const gateways: { id: number; name: string }[] = (
      await call(staff.finance, 'GET', '/gateways')
    ).json().data;
    for (const language of LANGUAGES) {
      const names = await gatewayNames(language);
      for (const gateway of gateways.filter((g) => names.has(g.id))) {
        const expected = GATEWAY_NAME_TRANSLATIONS[gateway.name]?.[language] ?? gateway.name;
        expect(names.get(gateway.id), `${language} ${gateway.name}`).toBe(expected);
      }
    }
    // A regional tag finds its language; an unknown one reads English.
    expect((await gatewayNames('bn-BD,en;q=0.5')).get(4)).toBe('ব্যাংক ট্রান্সফার');
    expect((await gatewayNames('xx')).get(4)).toBe('Bank Transfer');
  });

  it('a gateway’s translations are edited per language, audited, and fall back to English', async () => {
    const response = await call(staff.finance, 'PATCH', '/gateways/4', {
      name_translations: { bn: 'ব্যাংকে টাকা পাঠান', th: '  ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    // The sent languages replace the old ones; an empty text is dropped (English again).
    expect(response.json().data.name_translations).toEqual({ bn: 'ব্যাংকে টাকা পাঠান' });
    expect(await lastAudit('gateway.update')).toMatchObject({
      after: { name_translations: { bn: 'ব্যাংকে টাকা পাঠান' } },
    });
    expect((await gatewayNames('bn')).get(4)).toBe('ব্যাংকে টাকা পাঠান');
    expect((await gatewayNames('zh-TW')).get(4)).toBe('Bank Transfer');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payment/gateway/list',
      headers: { ...bearer((await signedInPlayer(t)).token), 'accept-language': 'bn' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
  });

  it('the licence and company texts answer in the reader’s language, English otherwise', async () => {
    const saved = await call(staff.owner, 'PATCH', '/settings', {
      licence_text: 'Licensed by the Example Gaming Authority, licence 123.',
      company_text: 'Example Ltd., 1 Main Street.',
      translations: {
        licence_text: {
          bn: 'Example Gaming Authority কর্তৃক লাইসেন্সপ্রাপ্ত, লাইসেন্স 123।',
          'zh-TW': '由 Example Gaming Authority 核發牌照，牌照號碼 123。',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Another text's languages are sent later: the first text's stay.
    await call(staff.owner, 'PATCH', '/settings', {
      translations: { company_text: { fr: 'Example SARL, 1 rue Principale.' } },
    });
    const publicIn = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/settings/public',
          headers: { 'accept-language': language },
        })
      ).json().data;
    expect(await publicIn('bn')).toMatchObject({
      licence_text: 'Example Gaming Authority কর্তৃক লাইসেন্সপ্রাপ্ত, লাইসেন্স 123।',
      company_text: 'Example Ltd., 1 Main Street.',
    });
    expect((await publicIn('zh-TW')).licence_text).toBe(
      '由 Example Gaming Authority 核發牌照，牌照號碼 123。',
    );
    expect(await publicIn('fr')).toMatchObject({
      licence_text: 'Licensed by the Example Gaming Authority, licence 123.',
      company_text: 'Example SARL, 1 rue Principale.',
    });
    expect((await publicIn('th')).licence_text).toBe(
      'Licensed by the Example Gaming Authority, licence 123.',
    );
    // The public answer keeps its fields exactly: no translations map.
    expect(await publicIn('bn')).not.toHaveProperty('translations');
    expect(await lastAudit('settings.update')).toMatchObject({
      after: { translations: { company_text: { fr: 'Example SARL, 1 rue Principale.' } } },
    });
  });
});

describe('dashboard', () => {
  it('counts registrations and active players; money reads zero without fake data', async () => {
    await signedInPlayer(t);
    for (const period of ['today', '7d', '30d']) {
      const response = await call(staff.trader, 'GET', `/dashboard?period=${period}`);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.series).toHaveLength(period === 'today' ? 1 : period === '7d' ? 7 : 30);
      expect(data.figures.registrations).toBeGreaterThan(0);
      expect(data.figures.active_players).toBeGreaterThan(0);
      expect(data.series.at(-1).registrations).toBe(data.figures.registrations);
      expect(data.currency).toBe('EUR');
    }
  });
});

describe('dashboard money from the ledger', () => {
  it('sums deposits, withdrawals, GGR and NGR in EUR and counts first-time depositors', async () => {
    await call(staff.finance, 'PATCH', '/currencies/3', { rate_to_eur: '90.25' });
    const before = (await call(staff.owner, 'GET', '/dashboard?period=today')).json().data;
    const player = await signedInPlayer(t, { currency_id: 3 }); // INR, 90.25 per EUR
    const ledger = t.modules.ledger.service;
    const move = (key: string, reason: 'deposit' | 'bet' | 'win', amount: bigint) =>
      ledger.transfer({
        idempotency_key: `dashboard-test:${player.id}:${key}`,
        debit:
          reason === 'bet'
            ? { player_id: player.id, wallet: 'cash' }
            : { house: reason === 'deposit' ? 'payment_clearing' : 'wagers' },
        credit: reason === 'bet' ? { house: 'wagers' } : { player_id: player.id, wallet: 'cash' },
        amount_minor: amount,
        currency: 'INR',
        reason_code: reason,
        object: { type: reason === 'deposit' ? 'payment' : 'bet', id: key },
        actor: { type: 'system', id: 'test' },
      });
    await move('d1', 'deposit', 902_500n); // 9,025.00 INR = 100.00 EUR
    await move('d2', 'deposit', 180_500n); // 1,805.00 INR = 20.00 EUR
    await move('b1', 'bet', 451_250n); // 50.00 EUR
    await move('w1', 'win', 180_500n); // 20.00 EUR
    const after = (await call(staff.finance, 'GET', '/dashboard?period=today')).json().data;
    expect(after.sources.ledger).toBe(true);
    const eur = (value: string) => Math.round(Number(value) * 100);
    expect(eur(after.figures.deposits) - eur(before.figures.deposits)).toBe(12_000);
    expect(eur(after.figures.ggr) - eur(before.figures.ggr)).toBe(3_000);
    expect(eur(after.figures.ngr) - eur(before.figures.ngr)).toBe(3_000);
    expect(after.figures.ftd - before.figures.ftd).toBe(1);
    expect(after.series[0].ftd).toBe(after.figures.ftd);
  });
});

describe('bad input is a 4xx, never a 500', () => {
  const cases: Array<[string, 'GET' | 'POST' | 'PATCH' | 'PUT', string, unknown, number]> = [
    ['page size above the limit', 'GET', '/players?per_page=1000', undefined, 422],
    ['unknown sort column', 'GET', '/players?sort=password_hash', undefined, 422],
    ['non-numeric id', 'GET', '/players/abc', undefined, 422],
    ['negative id', 'GET', '/players/-1', undefined, 422],
    ['huge id', 'GET', '/players/99999999999999999999', undefined, 422],
    ['missing player', 'GET', '/players/424242', undefined, 404],
    ['bad date filter', 'GET', '/audit?from=yesterday', undefined, 422],
    ['unknown period', 'GET', '/dashboard?period=year', undefined, 422],
    ['unknown status', 'POST', '/players/:player/status', { status: 'deleted', reason: 'x' }, 422],
    ['status without reason', 'POST', '/players/:player/status', { status: 'blocked' }, 422],
    ['empty note', 'POST', '/players/:player/notes', { body: '   ' }, 422],
    [
      'amount not a number',
      'POST',
      '/players/:player/adjustments',
      { amount: 'ten', reason_code: 'goodwill', comment: 'abc' },
      422,
    ],
    [
      'too many decimals',
      'POST',
      '/players/:player/adjustments',
      { amount: '1.234', reason_code: 'goodwill', comment: 'abc' },
      422,
    ],
    [
      'zero amount',
      'POST',
      '/players/:player/adjustments',
      { amount: '0.00', reason_code: 'goodwill', comment: 'abc' },
      422,
    ],
    [
      'unknown reason',
      'POST',
      '/players/:player/adjustments',
      { amount: '5', reason_code: 'gift', comment: 'abc' },
      422,
    ],
    [
      'missing comment',
      'POST',
      '/players/:player/adjustments',
      { amount: '5', reason_code: 'goodwill' },
      422,
    ],
    ['approve a missing request', 'POST', '/adjustments/424242/approve', {}, 404],
    ['no languages', 'PATCH', '/settings', { languages: [] }, 422],
    ['empty brand', 'PATCH', '/settings', { brand_name: '' }, 422],
    ['bad support number', 'PATCH', '/settings', { support_number: 'call us' }, 422],
    ['negative rate', 'PATCH', '/currencies/1', { rate_to_eur: '-1' }, 422],
    ['zero rate', 'PATCH', '/currencies/3', { rate_to_eur: '0' }, 422],
    ['missing currency', 'PATCH', '/currencies/4242', { enabled: true }, 404],
    ['fee of 150 %', 'PATCH', '/gateways/1', { fee_percent: '150' }, 422],
    [
      'gateway name in an unknown language',
      'PATCH',
      '/gateways/1',
      { name_translations: { xx: 'UPI' } },
      422,
    ],
    [
      'gateway name in English as a translation',
      'PATCH',
      '/gateways/1',
      { name_translations: { en: 'UPI' } },
      422,
    ],
    [
      'gateway name too long',
      'PATCH',
      '/gateways/1',
      { name_translations: { bn: 'ক'.repeat(61) } },
      422,
    ],
    [
      'licence text too long',
      'PATCH',
      '/settings',
      { translations: { licence_text: { fr: 'x'.repeat(2001) } } },
      422,
    ],
    [
      'company text in an unknown language',
      'PATCH',
      '/settings',
      { translations: { company_text: { de: 'GmbH' } } },
      422,
    ],
    ['negative threshold', 'PUT', '/currencies/1/threshold', { approval_threshold: '-5' }, 422],
    [
      'threshold too precise',
      'PUT',
      '/currencies/1/threshold',
      { approval_threshold: '1.001' },
      422,
    ],
    [
      'weak staff password',
      'POST',
      '/staff',
      { email: 'a@b.co', name: 'A', role: 'support', password: 'short' },
      422,
    ],
    [
      'unknown role',
      'POST',
      '/staff',
      { email: 'a@b.co', name: 'A', role: 'god', password: 'long-enough-pass' },
      422,
    ],
  ];

  it.each(cases)('%s', async (_name, method, url, payload, expected) => {
    const player = await signedInPlayer(t);
    const response = await call(
      staff.owner,
      method,
      url.replace(':player', String(player.id)),
      payload,
    );
    expect(response.statusCode, response.body).toBe(expected);
    expect(response.json()).toMatchObject({ status: expected, code: expect.any(String) });
  });

  it('malformed JSON and bad sign-in bodies', async () => {
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { ...staff.owner.headers, 'content-type': 'application/json' },
      payload: '{"brand_name":',
    });
    expect(malformed.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(login.statusCode).toBe(422);
  });
});
