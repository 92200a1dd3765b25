import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  signedInPlayer,
  TEST_PASSWORD,
  type TestApp,
  testApp,
  uniqueEmail,
} from './harness.ts';
import { CLEARING, expectLedgerConsistent, key, SYSTEM } from './ledger-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const get = async (token: string, url: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })).json();

async function signupWith(codes: { referral_code?: string; campaign_code?: string }) {
  const email = uniqueEmail('referred');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/signup',
    payload: { name: 'Referred Player', email, password: TEST_PASSWORD, currency_id: 1, ...codes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return t.modules.players.service.byEmail(email).then((row) => row!);
}

function move(player_id: bigint, reason: 'deposit' | 'bet' | 'win', amount_minor: bigint) {
  const toPlayer = reason !== 'bet';
  const house = reason === 'deposit' ? CLEARING : { house: 'wagers' as const, purpose: 'test' };
  return t.modules.ledger.service.transfer({
    idempotency_key: key(reason),
    debit: toPlayer ? house : { player_id, wallet: 'cash' },
    credit: toPlayer ? { player_id, wallet: 'cash' } : house,
    amount_minor,
    currency: 'EUR',
    reason_code: reason,
    object: { type: reason === 'deposit' ? 'payment' : 'bet', id: key('obj') },
    actor: SYSTEM,
  });
}

const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
};
const thisPeriod = () => new Date().toISOString().slice(0, 7);

describe('referrals and campaigns', () => {
  it('gives every player a link; campaigns count clicks, sign-ups, first deposits; referrals show their status', async () => {
    const affiliate = await signedInPlayer(t);
    const overview = (await get(affiliate.token, '/customer/affiliate/overview')).data;
    expect(overview.referral_link).toBe(`http://casino.test/?c=${overview.referral_code}`);

    const create = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/affiliate/campaign/create',
        headers: bearer(affiliate.token),
        payload,
      });
    const created = await create({ name: 'Summer stream', code: `Summer${Date.now() % 100000}` });
    expect(created.statusCode, created.body).toBe(200);
    const code = created.json().data.code as string;
    expect(created.json().data.link).toBe(`http://casino.test/?c=${code}`);
    expect((await create({ name: 'Again', code: code.toLowerCase() })).statusCode).toBe(409);
    expect((await create({ name: 'Bad', code: 'a b' })).statusCode).toBe(422);
    expect((await create({ name: 'Clash', code: overview.referral_code })).statusCode).toBe(409);

    const click = await t.app.inject({
      method: 'POST',
      url: '/api/v1/affiliate/click',
      payload: { code },
    });
    expect(click.json().data.counted).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/affiliate/click',
          payload: { code: 'nope-nope' },
        })
      ).json().data.counted,
    ).toBe(false);

    const viaCampaign = await signupWith({ campaign_code: code });
    await signupWith({ referral_code: overview.referral_code });
    await signupWith({ campaign_code: overview.referral_code });
    await signupWith({ campaign_code: 'SOMEONE-ELSE' });

    await move(viaCampaign.id, 'deposit', 50_00n);
    let referrals = (await get(affiliate.token, '/customer/affiliate/referrals')).data;
    expect(referrals).toHaveLength(3);
    expect(referrals.map((r: { status: string }) => r.status).sort()).toEqual([
      'deposited',
      'registered',
      'registered',
    ]);
    expect(referrals.find((r: { campaign: string | null }) => r.campaign === code).player).toMatch(
      /^\w{1,3}\*\*\*$/,
    );
    await move(viaCampaign.id, 'bet', 10_00n);
    referrals = (await get(affiliate.token, '/customer/affiliate/referrals')).data;
    expect(referrals.find((r: { campaign: string | null }) => r.campaign === code).status).toBe(
      'active',
    );

    const [campaign] = (await get(affiliate.token, '/customer/affiliate/campaign')).data;
    expect(campaign).toMatchObject({ code, clicks: 1, signups: 1, first_deposits: 1 });
    expect((await get(affiliate.token, '/customer/affiliate/overview')).data).toMatchObject({
      signups: 3,
      first_deposits: 1,
      active: 1,
      clicks: 1,
    });
  });
});

describe('monthly revenue-share commission', () => {
  it('pays the rate on positive NGR once, into the referrer’s wallet, visible in transactions', async () => {
    const affiliate = await signedInPlayer(t);
    const code = (await get(affiliate.token, '/customer/affiliate/overview')).data.referral_code;
    const a = await signupWith({ referral_code: code });
    const b = await signupWith({ campaign_code: code });
    await move(a.id, 'deposit', 200_00n);
    await move(a.id, 'bet', 100_00n);
    await move(a.id, 'win', 30_00n);
    await move(b.id, 'deposit', 50_00n);
    await move(b.id, 'bet', 10_00n);
    // NGR 100 − 30 + 10 = 80 EUR; 25 % = 20 EUR.
    await expect(t.modules.affiliate.service.runCommissions(thisPeriod())).rejects.toMatchObject({
      code: 'PERIOD_OPEN',
    });
    await t.modules.affiliate.service.runCommissions(thisPeriod(), nextMonth());
    await t.modules.affiliate.service.runCommissions(thisPeriod(), nextMonth());
    const me = (await get(affiliate.token, '/customer/me')).data;
    expect(me.wallet_default.balance_exact).toBe('20.00');
    const overview = (await get(affiliate.token, '/customer/affiliate/overview')).data;
    expect(overview.commissions).toEqual([
      { period: thisPeriod(), currency: 'EUR', ngr: '80.00', commission: '20.00', paid: true },
    ]);
    const statement = (await get(affiliate.token, '/customer/transections?type=commission')).data;
    expect(statement.items).toHaveLength(1);
    expect(statement.items[0]).toMatchObject({ type: 'commission', amount_exact: '20.00' });
  });

  it('a losing month pays nothing; with carry-over on it is remembered', async () => {
    const owner = await staffMember(t, 'owner');
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/affiliates/program',
      headers: owner.headers,
      payload: { negative_carryover: true, revenue_share_percent: '30' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const affiliate = await signedInPlayer(t);
    const code = (await get(affiliate.token, '/customer/affiliate/overview')).data.referral_code;
    const winner = await signupWith({ referral_code: code });
    await move(winner.id, 'deposit', 10_00n);
    await move(winner.id, 'bet', 10_00n);
    await move(winner.id, 'win', 60_00n);
    await t.modules.affiliate.service.runCommissions(thisPeriod(), nextMonth());
    const overview = (await get(affiliate.token, '/customer/affiliate/overview')).data;
    expect(overview.commissions[0]).toMatchObject({ ngr: '-50.00', commission: '0.00' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/affiliates',
      headers: owner.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().data.find((row: { player_id: string }) => row.player_id === String(affiliate.id))
        .signups,
    ).toBe(1);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/affiliates/commissions/run',
      headers: owner.headers,
      payload: { period: '2999-01' },
    });
    expect(run.statusCode).toBe(409);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/affiliates/program',
      headers: owner.headers,
      payload: { negative_carryover: false, revenue_share_percent: '25' },
    });
  });
});

describe('the back office', () => {
  it('shows each campaign’s sign-ups, first deposits and NGR', async () => {
    const owner = await staffMember(t, 'owner');
    const affiliate = await signedInPlayer(t);
    const code = `Desk${Date.now() % 1_000_000}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/affiliate/campaign/create',
      headers: bearer(affiliate.token),
      payload: { name: 'Desk campaign', code },
    });
    expect(created.statusCode, created.body).toBe(200);
    const loser = await signupWith({ campaign_code: code });
    await signupWith({ campaign_code: code });
    await move(loser.id, 'deposit', 50_00n);
    await move(loser.id, 'bet', 30_00n);
    await move(loser.id, 'win', 10_00n);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/affiliates',
      headers: owner.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = list
      .json()
      .data.find((r: { player_id: string }) => r.player_id === String(affiliate.id));
    expect(row.campaigns).toEqual([
      expect.objectContaining({
        code,
        signups: 2,
        first_deposits: 1,
        ngr: [
          {
            currency: 'EUR',
            total_minor: '2000',
            month_minor: '2000',
            month_commission_minor: '500',
          },
        ],
      }),
    ]);
    expect(row).toMatchObject({ signups: 2, first_deposits: 1 });
  });

  it('books manual commission adjustments once per request, never below zero, audited', async () => {
    const owner = await staffMember(t, 'owner');
    const support = await staffMember(t, 'support');
    const affiliate = await signedInPlayer(t);
    const adjust = (payload: Record<string, string>, headers = owner.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/affiliates/${affiliate.id}/adjustments`,
        headers,
        payload,
      });
    const balance = async () =>
      (await get(affiliate.token, '/customer/me')).data.wallet_default.balance_exact as string;
    const before = Number(await balance());
    const request_id = crypto.randomUUID();
    const first = await adjust({ amount: '12.50', reason: 'Missed sale in October', request_id });
    expect(first.statusCode, first.body).toBe(200);
    const again = await adjust({ amount: '12.50', reason: 'Missed sale in October', request_id });
    expect(again.json().data).toEqual({ id: first.json().data.id, duplicate: true });
    expect(Number(await balance())).toBeCloseTo(before + 12.5, 2);

    expect((await adjust({ amount: '5.00', reason: 'Other', request_id })).statusCode).toBe(409);
    expect(
      (await adjust({ amount: '1.001', reason: 'Too precise', request_id: crypto.randomUUID() }))
        .statusCode,
    ).toBe(422);
    expect(
      (await adjust({ amount: '0', reason: 'Nothing', request_id: crypto.randomUUID() }))
        .statusCode,
    ).toBe(422);
    expect(
      (await adjust({ amount: 'abc', reason: 'Letters', request_id: crypto.randomUUID() }))
        .statusCode,
    ).toBe(422);
    expect((await adjust({ amount: '1', reason: 'x', request_id: 'not-a-uuid' })).statusCode).toBe(
      422,
    );
    expect(
      (
        await adjust(
          { amount: '1', reason: 'Support may not', request_id: crypto.randomUUID() },
          support.headers,
        )
      ).statusCode,
    ).toBe(403);
    const tooMuch = await adjust({
      amount: '-1000000',
      reason: 'Chargeback clawback',
      request_id: crypto.randomUUID(),
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    const claw = await adjust({
      amount: '-2.50',
      reason: 'Chargeback clawback',
      request_id: crypto.randomUUID(),
    });
    expect(claw.statusCode, claw.body).toBe(200);
    expect(Number(await balance())).toBeCloseTo(before + 10, 2);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/affiliates',
      headers: owner.headers,
    });
    const row = list
      .json()
      .data.find((r: { player_id: string }) => r.player_id === String(affiliate.id));
    expect(row.adjustments.map((a: { amount_minor: string }) => a.amount_minor)).toEqual([
      '-250',
      '1250',
    ]);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=affiliate.commission.adjust',
      headers: owner.headers,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(JSON.stringify(audit.json().data)).toContain(String(affiliate.id));
  });
});
