import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromotion, creditDeposit } from './bonus-support.ts';
import { bearer, changeBySql, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit as ledgerDeposit } from './ledger-support.ts';
import { form } from './payments-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

let t: TestApp;
let finance: StaffMember;
let admin: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  finance = await staffMember(t, 'finance');
  admin = await staffMember(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function verifiedPlayer(amount_minor: bigint) {
  const player = await signedInPlayer(t);
  await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
  await ledgerDeposit(t.modules.ledger.service, player.id, amount_minor);
  return player;
}

async function withdraw(token: string, amount: string) {
  const multipart = form({
    amount,
    currency: '1',
    payment_gateway: '4',
    bank_name: 'ING',
    acc_name: 'Demo Player',
    acc_number: 'NL91ABNA0417164300',
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/withdraw/create',
    headers: { ...bearer(token), ...multipart.headers },
    payload: multipart.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string };
}

const desk = (staff: StaffMember, id: string, action: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${id}/${action}`,
    headers: staff.headers,
    ...(payload ? { payload } : {}),
  });

async function track(token: string, id: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/customer/withdrawals/${id}/tracker`,
    headers: bearer(token),
  });
  return response;
}

async function overview(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/customer/withdrawals/tracker',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('withdrawal tracker: the timeline', () => {
  it('lists requested → first check → approved → sent → paid in order with their times, and the UTR', async () => {
    const player = await verifiedPlayer(5_000_00n);
    // Above the four-eyes threshold (1,000.00): two people approve.
    const wd = await withdraw(player.token, '1500');
    const pending = (await track(player.token, wd.id)).json().data;
    expect(pending.timeline.map((s: { step: string; state: string }) => [s.step, s.state])).toEqual(
      [
        ['requested', 'done'],
        ['approved', 'current'],
        ['sent', 'upcoming'],
        ['paid', 'upcoming'],
      ],
    );
    expect(pending.blockers.map((b: { code: string }) => b.code)).toEqual(['limit_review']);
    expect(pending.blockers[0]).toMatchObject({ limit: '1000.00', currency: 'EUR' });
    expect(pending.expected_by).not.toBeNull();
    // Fields of the cashier's own read come along unchanged.
    expect(pending.payment).toMatchObject({ id: wd.id, status: 'pending', amount: '1500.00' });

    expect((await desk(finance, wd.id, 'approve')).statusCode).toBe(200);
    expect((await desk(admin, wd.id, 'approve')).statusCode).toBe(200);
    const paid = await desk(finance, wd.id, 'paid', {
      provider_reference: 'PAYOUT-TRACK-1',
      utr: 'IMPS778899',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const done = (await track(player.token, wd.id)).json().data;
    expect(done.status).toBe('paid');
    expect(done.timeline.map((s: { step: string }) => s.step)).toEqual([
      'requested',
      'first_approved',
      'approved',
      'sent',
      'paid',
    ]);
    expect(done.timeline.every((s: { state: string }) => s.state === 'done')).toBe(true);
    const row = (
      await sql<{
        created_at: Date;
        first_approved_at: Date;
        approved_at: Date;
        completed_at: Date;
      }>`
        select created_at, first_approved_at, approved_at, completed_at from payments
         where public_id = ${wd.id}`.execute(t.db)
    ).rows[0]!;
    expect(done.timeline.map((s: { at: string }) => s.at)).toEqual([
      row.created_at.toISOString(),
      row.first_approved_at.toISOString(),
      row.approved_at.toISOString(),
      row.completed_at.toISOString(),
      row.completed_at.toISOString(),
    ]);
    const times = done.timeline.map((s: { at: string }) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(done.paid_reference).toEqual({ kind: 'utr', value: 'IMPS778899' });
    expect(done.blockers).toEqual([]);
    expect(done.expected_by).toBeNull();
  });

  it('a rejection stops the timeline with the reason; another player gets 404; a bad id 4xx', async () => {
    const player = await verifiedPlayer(100_00n);
    const wd = await withdraw(player.token, '40');
    expect(
      (await desk(finance, wd.id, 'reject', { reason: 'Name does not match' })).statusCode,
    ).toBe(200);
    const stopped = (await track(player.token, wd.id)).json().data;
    expect(stopped.timeline.map((s: { step: string; state: string }) => [s.step, s.state])).toEqual(
      [
        ['requested', 'done'],
        ['rejected', 'stopped'],
      ],
    );
    expect(stopped.timeline[1].at).not.toBeNull();
    expect(stopped.reason).toBe('Name does not match');
    const other = await signedInPlayer(t);
    expect((await track(other.token, wd.id)).statusCode).toBe(404);
    expect((await track(other.token, 'cw_0123456789abcdef01234567')).statusCode).toBe(404);
    const bad = await track(player.token, 'nope');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('withdrawal id');
  });
});

describe('withdrawal tracker: blockers and expected times', () => {
  it('names each blocker with its action: identity, a named bonus with what is left, a compliance hold', async () => {
    const player = await signedInPlayer(t);
    const unverified = await overview(player.token);
    expect(unverified.blockers).toEqual([
      expect.objectContaining({
        code: 'kyc_unverified',
        action: { kind: 'verify_identity', href: '/settings/verify' },
      }),
    ]);

    const marketing = await staffMember(t, 'marketing');
    const promotion = await createPromotion(t, marketing, {
      title: { en: 'Diwali Double', bn: 'দিওয়ালি ডাবল' },
    });
    await creditDeposit(t, player.id, 50_00n, promotion.code);
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    const bonus = (await overview(player.token)).blockers;
    // 100 % of 50.00 wagered twice: 100.00 left.
    expect(bonus).toEqual([
      expect.objectContaining({
        code: 'bonus_wagering',
        bonus: expect.objectContaining({ title: 'Diwali Double' }),
        amount_left: '100.00',
        currency: 'EUR',
        action: { kind: 'bonus', href: '/transactions/bonuses' },
      }),
    ]);
    const bengali = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/withdrawals/tracker',
      headers: { ...bearer(player.token), 'accept-language': 'bn' },
    });
    expect(bengali.json().data.blockers[0].bonus.title).toBe('দিওয়ালি ডাবল');

    await t.modules.protection.service.setWithdrawalFreeze(player.id, true, 'Source of funds', {
      type: 'system',
      id: 'test',
    });
    const held = (await overview(player.token)).blockers.map((b: { code: string }) => b.code);
    expect(held).toEqual(['bonus_wagering', 'compliance_hold']);
    expect((await overview(player.token)).blockers[1].action).toEqual({
      kind: 'contact_support',
      href: null,
    });
  });

  it('expected time per method: the default until the operator sets one (validated)', async () => {
    const player = await verifiedPlayer(100_00n);
    const before = await overview(player.token);
    const bank = () =>
      before.expected.find((m: { gateway_id: number }) => m.gateway_id === 4).expected_minutes;
    expect(bank()).toBe(1440);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/gateways/4',
      headers: admin.headers,
      payload: { payout_expected_minutes: 0 },
    });
    expect(bad.statusCode).toBe(422);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/gateways/4',
      headers: admin.headers,
      payload: { payout_expected_minutes: 180 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ payout_expected_minutes: 180, payout_minutes: 180 });
    const after = await overview(player.token);
    expect(
      after.expected.find((m: { gateway_id: number }) => m.gateway_id === 4).expected_minutes,
    ).toBe(180);
    const wd = await withdraw(player.token, '10');
    const tracked = (await track(player.token, wd.id)).json().data;
    expect(tracked.expected_minutes).toBe(180);
    expect(Date.parse(tracked.expected_by) - Date.parse(tracked.created_at)).toBe(180 * 60_000);
    expect(after.open.map((w: { id: string }) => w.id)).toEqual([]);
    expect((await overview(player.token)).open.map((w: { id: string }) => w.id)).toEqual([wd.id]);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/gateways/4',
      headers: admin.headers,
      payload: { payout_expected_minutes: null },
    });
  });
});
