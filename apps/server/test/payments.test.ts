import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/modules/cashier/index.ts';
import { bearer, changeBySql, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, deposit as ledgerDeposit } from './ledger-support.ts';
import { domainEvents } from './outbox-support.ts';
import {
  cash,
  countPayments,
  createDeposit,
  deliver,
  EUR,
  eventBody,
  form,
  INR,
  paymentRow,
  paymentTransfers,
  pendingDeposit,
} from './payments-support.ts';
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

describe('fiat deposit: create', () => {
  it('stores a pending deposit and answers the gateway page (spec §7)', async () => {
    const player = await signedInPlayer(t);
    const response = await createDeposit(t, player.token, {
      amount: '100',
      currency: '1',
      payment_gateway: '3',
      bank_name: 'Deutsche Bank',
      redirect_url: 'https://evil.example/',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({
      status: 'pending',
      amount: '100.00',
      fee: '1.50',
      fee_percent: 1.5,
      net_amount: '98.50',
      currency: 'EUR',
      gateway: { id: 3, uniquename: 'IB' },
      coupon: null,
      details: { bank_name: 'Deutsche Bank' },
    });
    const url: string = body.data.payment_response.payment.url;
    expect(url).toBe(`http://casino.test/sandbox/gateway/${body.data.provider_reference}`);
    // The balance does not move until the gateway's webhook says so.
    expect((await cash(t, player.id)).balance_minor).toBe(0n);
    // The hosted page is served by this product and says SANDBOX.
    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('100.00 EUR');
  });

  it('refuses bad amounts, unknown currencies and gateways, missing fields: 4xx, nothing stored', async () => {
    const player = await signedInPlayer(t);
    const base = { currency: '1', payment_gateway: '4', bank_name: 'ING' };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...base, amount: '' }, 422, 'Amount cannot be empty.'],
      [{ ...base, amount: 'abc' }, 422, 'Amount must be a number'],
      [{ ...base, amount: '1e5' }, 422, 'Amount must be a number'],
      [{ ...base, amount: '-5' }, 422, 'Amount must be greater than 0.'],
      [{ ...base, amount: '0' }, 422, 'Amount must be greater than 0.'],
      [{ ...base, amount: '0.00' }, 422, 'Amount must be greater than 0.'],
      [{ ...base, amount: '10.123' }, 422, 'at most 2 decimals'],
      [{ ...base, amount: '100000000000000000000000' }, 422, 'Amount is too large.'],
      [{ ...base, amount: '9'.repeat(40) }, 422, 'Amount is too large.'],
      [{ ...base, amount: '100001' }, 422, 'Amount must be at most 100000.00 EUR'],
      [{ ...base, amount: '10', currency: '999' }, 422, 'Unknown currency: 999'],
      [{ ...base, amount: '10', currency: '12' }, 422, 'Unknown currency: 12'],
      [{ ...base, amount: '10', currency: '3' }, 422, 'wallet currency (EUR)'],
      [{ ...base, amount: '10', payment_gateway: '999' }, 422, 'Unknown payment gateway: 999'],
      [{ ...base, amount: '10', payment_gateway: 'x' }, 422, 'Unknown payment gateway: x'],
      [{ ...base, amount: '10', payment_gateway: '5' }, 422, 'not offered for EUR deposits'],
      [{ ...base, amount: '10', payment_gateway: '' }, 422, 'Choose a payment method.'],
      [{ ...base, amount: '10', bank_name: '' }, 422, 'Bank name is required.'],
      [{ ...base, amount: '10', bank_name: '<script>' }, 422, 'Bank name must be letters'],
      [{ ...base, amount: '10', coupon: 'bad code!' }, 422, 'Coupon codes are'],
      [{ ...base, amount: '10', coupon: 'NOSUCHCODE' }, 404, 'This coupon code does not exist.'],
      [{ amount: '10', currency: '1', payment_gateway: '7' }, 422, 'Account number is required.'],
      [
        { amount: '10', currency: '1', payment_gateway: '7', acc_number: 'TQ123456', network: 'X' },
        422,
        'Network must be one of TRC20, ERC20, BEP2, BEP20.',
      ],
    ];
    for (const [fields, status, message] of cases) {
      const response = await createDeposit(t, player.token, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().message, JSON.stringify(fields)).toContain(message);
    }
    // A JSON body with a number where text is expected is a schema violation, not a 500.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/deposit/create',
      headers: bearer(player.token),
      payload: { amount: 10, currency: 1, payment_gateway: 4 },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    // A NUL character is refused before anything runs (JSON: the NUL guard; multipart: the field check).
    const nul = await createDeposit(t, player.token, {
      ...base,
      amount: '10',
      bank_name: 'IN\u0000G',
    });
    expect(nul.statusCode).toBe(422);
    const nulJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/deposit/create',
      headers: bearer(player.token),
      payload: { ...base, amount: '10', bank_name: 'IN\u0000G' },
    });
    expect(nulJson.statusCode).toBe(400);
    expect(await countPayments(t, player.id)).toBe(0);
    // Unauthenticated: 401.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/deposit/create',
      ...form({ amount: '10' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts the gateway-specific fields of ids 5, 10 and 7', async () => {
    const bdt = await signedInPlayer(t, { currency_id: 4 });
    const momo = await createDeposit(t, bdt.token, {
      amount: '500',
      currency: '4',
      payment_gateway: '10',
      acc_name: 'Rahim Uddin',
    });
    expect(momo.statusCode, momo.body).toBe(200);
    expect(momo.json().data.details).toEqual({ acc_name: 'Rahim Uddin' });
    const eur = await signedInPlayer(t);
    const crypto = await createDeposit(t, eur.token, {
      amount: '50',
      currency: '1',
      payment_gateway: '7',
      acc_number: 'TQ1234567890',
      network: 'trc20',
    });
    expect(crypto.statusCode, crypto.body).toBe(200);
    expect(crypto.json().data.details).toEqual({ acc_number: '•••• 7890', network: 'TRC20' });
  });
});

describe('fiat deposit: the sandbox page and the signed webhook', () => {
  it('approve on the hosted page: the webhook credits amount − fee once, the fee goes to fees', async () => {
    const player = await signedInPlayer(t);
    const deposit = await pendingDeposit(t, player.token, '200.00');
    const fees = (await t.modules.ledger.service.houseBalance('fees', 'EUR', 'sandbox:gw4'))
      .balance_minor;
    const choose = await t.app.inject({
      method: 'POST',
      url: `/sandbox/gateway/${deposit.provider_reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=approve',
    });
    expect(choose.statusCode).toBe(303);
    expect(choose.headers.location).toBe(
      `http://casino.test/?deposit=${deposit.id}&result=approve`,
    );
    expect((await paymentRow(t, deposit.id))?.status).toBe('credited');
    expect((await cash(t, player.id)).balance_minor).toBe(198_00n);
    expect(
      (await t.modules.ledger.service.houseBalance('fees', 'EUR', 'sandbox:gw4')).balance_minor -
        fees,
    ).toBe(2_00n);
    expect(await paymentTransfers(t, deposit.id)).toEqual([
      { reason_code: 'deposit', amount_minor: '19800', kind: 'single' },
      { reason_code: 'fee', amount_minor: '200', kind: 'single' },
    ]);
    // The page now shows the outcome; choosing again sends nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/sandbox/gateway/${deposit.provider_reference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=decline',
    });
    expect(again.statusCode).toBe(303);
    expect((await paymentRow(t, deposit.id))?.status).toBe('credited');
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/gateway/${deposit.provider_reference}`,
    });
    expect(page.body).toContain('credited');
    // /customer/me shows it.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    expect(me.json().data.wallet_default.balance_exact).toBe('198.00');
  });

  it('decline and abandon credit nothing', async () => {
    const player = await signedInPlayer(t);
    for (const choice of ['decline', 'abandon'] as const) {
      const deposit = await pendingDeposit(t, player.token);
      await t.app.inject({
        method: 'POST',
        url: `/sandbox/gateway/${deposit.provider_reference}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `choice=${choice}`,
      });
      expect((await paymentRow(t, deposit.id))?.status).toBe(
        choice === 'decline' ? 'declined' : 'abandoned',
      );
    }
    expect((await cash(t, player.id)).balance_minor).toBe(0n);
  });

  it('refuses a forged webhook (wrong secret, tampered body, no signature): 401, nothing credited', async () => {
    const player = await signedInPlayer(t);
    const deposit = await pendingDeposit(t, player.token);
    const body = eventBody(deposit.provider_reference, 'approved', deposit.amount);
    expect((await deliver(t, body, { secret: 'not-the-secret' })).statusCode).toBe(401);
    const signed = signWebhook('sandbox-webhook-secret', body);
    const tampered = body.replace('"100.00"', '"100.00" ');
    expect((await deliver(t, tampered, { signature: signed })).statusCode).toBe(401);
    expect((await deliver(t, body, { signature: '' })).statusCode).toBe(401);
    expect((await deliver(t, body, { signature: 't=1,v1=zz' })).statusCode).toBe(401);
    expect((await paymentRow(t, deposit.id))?.status).toBe('pending');
    expect((await cash(t, player.id)).balance_minor).toBe(0n);
  });

  it('refuses a replay outside the 5-minute window; a replay inside it changes nothing', async () => {
    const player = await signedInPlayer(t);
    const deposit = await pendingDeposit(t, player.token);
    const body = eventBody(deposit.provider_reference, 'approved', deposit.amount);
    const old = new Date(Date.now() - 6 * 60_000);
    const stale = await deliver(t, body, { at: old });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toContain('replay window');
    const future = await deliver(t, body, { at: new Date(Date.now() + 6 * 60_000) });
    expect(future.statusCode).toBe(401);
    const first = await deliver(t, body);
    expect(first.json().message).toBe('credit');
    const replay = await deliver(t, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().message).toBe('duplicate');
    expect((await cash(t, player.id)).balance_minor).toBe(99_00n);
  });

  it('duplicated deliveries of the approval credit once', async () => {
    const player = await signedInPlayer(t);
    const deposit = await pendingDeposit(t, player.token);
    const body = eventBody(deposit.provider_reference, 'approved', deposit.amount);
    const results = await Promise.all(Array.from({ length: 12 }, () => deliver(t, body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    // A different event id with the same outcome (a provider re-sending) changes nothing either.
    await deliver(t, eventBody(deposit.provider_reference, 'approved', deposit.amount));
    expect((await cash(t, player.id)).balance_minor).toBe(99_00n);
    expect(await paymentTransfers(t, deposit.id)).toHaveLength(2);
  });

  it('reordered events: a decline after the approval changes nothing; an approval after a decline credits', async () => {
    const player = await signedInPlayer(t);
    const a = await pendingDeposit(t, player.token);
    await deliver(t, eventBody(a.provider_reference, 'approved', a.amount));
    expect(
      (await deliver(t, eventBody(a.provider_reference, 'declined', a.amount))).json().message,
    ).toBe('ignored');
    expect((await paymentRow(t, a.id))?.status).toBe('credited');
    const b = await pendingDeposit(t, player.token);
    await deliver(t, eventBody(b.provider_reference, 'pending', b.amount));
    await deliver(t, eventBody(b.provider_reference, 'declined', b.amount));
    expect((await paymentRow(t, b.id))?.status).toBe('declined');
    await deliver(t, eventBody(b.provider_reference, 'approved', b.amount));
    expect((await paymentRow(t, b.id))?.status).toBe('credited');
    expect((await cash(t, player.id)).balance_minor).toBe(2n * 99_00n);
  });

  it('a late approval after the hosted page expired still credits; expiry alone credits nothing', async () => {
    const player = await signedInPlayer(t);
    const late = await pendingDeposit(t, player.token);
    const never = await pendingDeposit(t, player.token);
    await t.modules.payments.service.sweep(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await paymentRow(t, late.id))?.status).toBe('expired');
    expect((await paymentRow(t, never.id))?.status).toBe('expired');
    await deliver(t, eventBody(late.provider_reference, 'approved', late.amount));
    expect((await paymentRow(t, late.id))?.status).toBe('credited');
    // A decline after expiry is ignored.
    await deliver(t, eventBody(never.provider_reference, 'declined', never.amount));
    expect((await paymentRow(t, never.id))?.status).toBe('expired');
    expect((await cash(t, player.id)).balance_minor).toBe(99_00n);
  });

  it('a webhook with another amount or currency, or an unknown reference, credits nothing', async () => {
    const player = await signedInPlayer(t);
    const deposit = await pendingDeposit(t, player.token);
    const more = await deliver(t, eventBody(deposit.provider_reference, 'approved', '1000.00'));
    expect(more.statusCode).toBe(422);
    const other = await deliver(
      t,
      eventBody(deposit.provider_reference, 'approved', deposit.amount, 'USD'),
    );
    expect(other.statusCode).toBe(422);
    const unknown = await deliver(
      t,
      eventBody('sbx_000000000000000000000000', 'approved', deposit.amount),
    );
    expect(unknown.statusCode).toBe(404);
    const garbage = await deliver(t, '{"id":"x"}');
    expect(garbage.statusCode).toBe(401);
    expect((await paymentRow(t, deposit.id))?.status).toBe('pending');
    // The refused mismatch is kept as evidence on the desk.
    const finance = await staffMember(t, 'finance');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments/${deposit.id}`,
      headers: finance.headers,
    });
    expect(detail.json().data.webhooks.map((w: { outcome: string }) => w.outcome)).toEqual([
      'mismatch',
      'mismatch',
    ]);
  });

  it('tells DepositCredited once, with the coupon; the bonus engine grants the coupon once', async () => {
    const owner = await staffMember(t, 'owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: owner.headers,
      payload: {
        code: 'CASHIER50',
        kind: 'deposit_match',
        title: { en: 'Cashier test' },
        terms: { en: 'Test terms.' },
        percent: '50',
        max_bonus: { EUR: 100_00 },
        min_deposit: { EUR: 10_00 },
        wagering_multiplier: 10,
        expiry_days: 7,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const player = await signedInPlayer(t);
    const response = await createDeposit(t, player.token, {
      amount: '100',
      currency: '1',
      payment_gateway: '4',
      bank_name: 'ING',
      coupon: 'cashier50',
    });
    expect(response.statusCode, response.body).toBe(200);
    const deposit = response.json().data;
    const body = eventBody(deposit.provider_reference, 'approved', deposit.amount);
    await deliver(t, body);
    await deliver(t, eventBody(deposit.provider_reference, 'approved', deposit.amount));
    // Written with the credit (the outbox); the bonus engine grants from it after commit.
    const mine = (await domainEvents(t.db, 'DepositCredited')).filter(
      (event) => event.payload.deposit_ref === deposit.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      coupon: 'CASHIER50',
      first_deposit: true,
      method: 'fiat',
      player_id: player.id,
    });
    await t.modules.outbox.drain();
    const balances = await t.modules.ledger.service.playerBalances(player.id, 'EUR');
    expect(balances.bonus.balance_minor).toBe(50_00n);
  });
});

describe('INR flow', () => {
  it('UPI deposit: minimum 500 (strictly below fails), payment_options_url, UTR stored', async () => {
    const player = await signedInPlayer(t, { currency_id: INR });
    const url = '/api/v1/customer/deposit/flow-transect/create';
    for (const amount of ['499.99', '1', '0']) {
      const low = await createDeposit(t, player.token, { amount, payment_mode: 'upi' }, url);
      expect(low.statusCode).toBe(422);
      expect(low.json().message).toBe(
        amount === '0'
          ? 'Amount must be greater than 0.'
          : 'Minimum amount should be greater than 500',
      );
    }
    const mode = await createDeposit(t, player.token, { amount: '600', payment_mode: 'card' }, url);
    expect(mode.json().message).toBe('payment_mode must be upi or netbanking.');
    expect(await countPayments(t, player.id)).toBe(0);
    const response = await createDeposit(
      t,
      player.token,
      { amount: '500', payment_mode: 'upi' },
      url,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.res_data.transactions.payment_options_url).toMatch(
      /^http:\/\/casino\.test\/sandbox\/gateway\/sbx_/,
    );
    expect(body.data).toMatchObject({ payment_mode: 'upi', gateway: { id: 1 }, fee: '0.00' });
    await t.app.inject({
      method: 'POST',
      url: new URL(body.res_data.transactions.payment_options_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choice=approve',
    });
    const row = await paymentRow(t, body.data.id);
    expect(row?.status).toBe('credited');
    expect(row?.utr).toMatch(/^\d{12}$/);
    expect((await cash(t, player.id, 'INR')).balance_minor).toBe(500_00n);
  });

  it('the INR flow is for INR wallets; deposit/create with payment_mode is the INR flow too', async () => {
    const eur = await signedInPlayer(t);
    const refused = await createDeposit(
      t,
      eur.token,
      { amount: '600', payment_mode: 'upi' },
      '/api/v1/customer/deposit/flow-transect/create',
    );
    expect(refused.statusCode).toBe(422);
    const inr = await signedInPlayer(t, { currency_id: INR });
    const netbanking = await createDeposit(t, inr.token, {
      amount: '750.50',
      currency: '3',
      payment_mode: 'netbanking',
    });
    expect(netbanking.statusCode, netbanking.body).toBe(200);
    expect(netbanking.json().res_data.transactions.payment_options_url).toBe(
      netbanking.json().data.payment_response.payment.url,
    );
    expect(netbanking.json().data.gateway.id).toBe(2);
  });
});

async function fundedVerifiedPlayer(amount_minor: bigint, currency_id = EUR) {
  const player = await signedInPlayer(t, { currency_id });
  await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
  const code = currency_id === INR ? 'INR' : 'EUR';
  await ledgerDeposit(t.modules.ledger.service, player.id, amount_minor, code);
  return player;
}

function withdraw(token: string, fields: Record<string, string>, inr = false) {
  const multipart = form(fields);
  return t.app.inject({
    method: 'POST',
    url: inr
      ? '/api/v1/customer/withdraw/flow-transect/create'
      : '/api/v1/customer/withdraw/create',
    headers: { ...bearer(token), ...multipart.headers },
    payload: multipart.payload,
  });
}

const bankWithdrawal = (amount: string) => ({
  amount,
  currency: '1',
  payment_gateway: '4',
  bank_name: 'ING',
  acc_name: 'Demo Player',
  acc_number: 'NL91ABNA0417164300',
});

describe('withdrawals', () => {
  it('needs approved KYC; holds the amount at once; the player can cancel while pending', async () => {
    const player = await signedInPlayer(t);
    await ledgerDeposit(t.modules.ledger.service, player.id, 100_00n);
    const noKyc = await withdraw(player.token, bankWithdrawal('10'));
    expect(noKyc.statusCode).toBe(403);
    expect(noKyc.json().message).toBe('Please verify your identity before withdrawing.');
    await changeBySql(t, sql`update players set kyc_status = 'PENDING' where id = ${player.id}`);
    expect((await withdraw(player.token, bankWithdrawal('10'))).statusCode).toBe(403);
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    const response = await withdraw(player.token, bankWithdrawal('40'));
    expect(response.statusCode, response.body).toBe(200);
    const wd = response.json().data;
    expect(wd).toMatchObject({
      status: 'pending',
      amount: '40.00',
      fee: '0.40',
      net_amount: '39.60',
    });
    expect(wd.details.acc_number).toBe('•••• 4300');
    const balances = await cash(t, player.id);
    expect(balances.balance_minor - balances.reserved_minor).toBe(60_00n);
    // More than what is left: refused, nothing held.
    const over = await withdraw(player.token, bankWithdrawal('60.01'));
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toContain('more than you can withdraw');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/withdraw/${wd.id}/cancel`,
      headers: bearer(player.token),
    });
    expect(cancel.json().data.status).toBe('cancelled');
    expect((await cash(t, player.id)).reserved_minor).toBe(0n);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/withdraw/${wd.id}/cancel`,
      headers: bearer(player.token),
    });
    expect(twice.statusCode).toBe(409);
    // Another player cannot cancel it.
    const other = await signedInPlayer(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/withdraw/${wd.id}/cancel`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses while withdrawable_amount <= 0 (wagering lock or empty wallet)', async () => {
    const player = await signedInPlayer(t);
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    const empty = await withdraw(player.token, bankWithdrawal('10'));
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(
      'Withdrawals are locked until your bonus wagering is complete.',
    );
  });

  it('validates the fiat and INR fields (IFSC, UPI id, account)', async () => {
    const player = await fundedVerifiedPlayer(10_000_00n, INR);
    const base = { amount: '600', account_holder_name: 'Priya Sharma' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, payment_mode: 'upi' }, 'UPI ID is required.'],
      [{ ...base, payment_mode: 'upi', upi_id: 'priya' }, 'UPI ID must look like name@bank'],
      [{ ...base, payment_mode: 'upi', upi_id: 'priya@' }, 'UPI ID must look like name@bank'],
      [{ ...base, payment_mode: 'upi', upi_id: 'p@1bank' }, 'UPI ID must look like name@bank'],
      [
        { ...base, payment_mode: 'netbanking', account_number: '1234567890', bank_name: 'SBI' },
        'IFSC code is required.',
      ],
      [
        {
          ...base,
          payment_mode: 'netbanking',
          account_number: '1234567890',
          bank_name: 'SBI',
          ifsc_code: 'SBIN1234567',
        },
        'IFSC code must be 11 characters',
      ],
      [
        {
          ...base,
          payment_mode: 'netbanking',
          account_number: '12',
          bank_name: 'SBI',
          ifsc_code: 'SBIN0001234',
        },
        'Account number must be 6 to 34',
      ],
      [
        { ...base, amount: '499', payment_mode: 'upi', upi_id: 'priya@okhdfc' },
        'Minimum amount should be greater than 500',
      ],
      [
        { amount: '600', payment_mode: 'upi', upi_id: 'priya@okhdfc' },
        'Account holder name is required.',
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await withdraw(player.token, fields, true);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().message, JSON.stringify(fields)).toContain(message);
    }
    expect(await countPayments(t, player.id)).toBe(0);
    const upi = await withdraw(
      player.token,
      { ...base, payment_mode: 'upi', upi_id: 'priya.sharma@okhdfc' },
      true,
    );
    expect(upi.statusCode, upi.body).toBe(200);
    expect(upi.json().data).toMatchObject({ payment_mode: 'upi', gateway: { id: 1 } });
    const bank = await withdraw(
      player.token,
      {
        ...base,
        payment_mode: 'netbanking',
        account_number: '123456789012',
        bank_name: 'State Bank of India',
        ifsc_code: 'sbin0001234',
      },
      true,
    );
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json().data.details).toMatchObject({ ifsc_code: 'SBIN0001234' });
  });

  it('payments desk: approve, mark paid (hold posted, fee booked), reject voids; all audited', async () => {
    const finance = await staffMember(t, 'finance');
    const support = await staffMember(t, 'support');
    const player = await fundedVerifiedPlayer(500_00n);
    const a = (await withdraw(player.token, bankWithdrawal('100'))).json().data;
    const b = (await withdraw(player.token, bankWithdrawal('50'))).json().data;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?direction=withdrawal&status=pending&q=${player.id}`,
      headers: support.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    // Support may read, not decide.
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${a.id}/approve`,
      headers: support.headers,
    });
    expect(denied.statusCode).toBe(403);
    const premature = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${a.id}/paid`,
      headers: finance.headers,
      payload: { provider_reference: 'PAYOUT-1' },
    });
    expect(premature.statusCode).toBe(409);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${a.id}/approve`,
      headers: finance.headers,
    });
    expect(approved.json().data.status).toBe('approved');
    const clearing = (await t.modules.ledger.service.houseBalance('fees', 'EUR', 'sandbox:gw4'))
      .balance_minor;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${a.id}/paid`,
      headers: finance.headers,
      payload: { provider_reference: 'PAYOUT-0001', utr: 'IMPS123456' },
    });
    expect(paid.json().data).toMatchObject({
      status: 'paid',
      provider_reference: 'PAYOUT-0001',
      utr: 'IMPS123456',
    });
    expect(
      (await t.modules.ledger.service.houseBalance('fees', 'EUR', 'sandbox:gw4')).balance_minor -
        clearing,
    ).toBe(1_00n);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${b.id}/reject`,
      headers: finance.headers,
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(422);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${b.id}/reject`,
      headers: finance.headers,
      payload: { reason: 'Account name does not match the player' },
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'Account name does not match the player',
    });
    const balances = await cash(t, player.id);
    expect(balances.balance_minor).toBe(400_00n);
    expect(balances.reserved_minor).toBe(0n);
    const audit = await sql<{ action: string }>`
      select action from audit_log where target_id in (${a.id}, ${b.id}) order by id`.execute(t.db);
    expect(audit.rows.map((row) => row.action)).toEqual([
      'payments.withdrawal.approve',
      'payments.withdrawal.paid',
      'payments.withdrawal.reject',
    ]);
    // The player sees the reason.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/payments?direction=withdrawal',
      headers: bearer(player.token),
    });
    expect(mine.json().data.items[0]).toMatchObject({
      id: b.id,
      reason: 'Account name does not match the player',
    });
  });

  it('four eyes above the threshold: the first approver cannot give the second approval', async () => {
    const first = await staffMember(t, 'finance');
    const second = await staffMember(t, 'admin');
    const player = await fundedVerifiedPlayer(5_000_00n);
    const wd = (await withdraw(player.token, bankWithdrawal('1500'))).json().data;
    const approve = (staff: { headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${wd.id}/approve`,
        headers: staff.headers,
      });
    const one = await approve(first);
    expect(one.json()).toMatchObject({
      message: 'First approval recorded',
      data: { status: 'pending', approvals: 1 },
    });
    const self = await approve(first);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('FOUR_EYES');
    const two = await approve(second);
    expect(two.json().data).toMatchObject({ status: 'approved', approvals: 2 });
  });

  it('a withdrawal whose hold lapsed cannot be marked paid: 409 HOLD_EXPIRED saying what to do', async () => {
    const finance = await staffMember(t, 'finance');
    const player = await fundedVerifiedPlayer(100_00n);
    const wd = (await withdraw(player.token, bankWithdrawal('40'))).json().data;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${wd.id}/approve`,
      headers: finance.headers,
    });
    expect(approved.json().data.status).toBe('approved');
    await sql`
      update ledger_holds set expires_at = now() - interval '1 second'
       where pending_id = (select hold_id from payments where public_id = ${wd.id})`.execute(t.db);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${wd.id}/paid`,
      headers: finance.headers,
      payload: { provider_reference: 'PAYOUT-LAPSED' },
    });
    expect(paid.json()).toEqual({
      status: 409,
      code: 'HOLD_EXPIRED',
      message:
        'The hold on this withdrawal expired and the money went back to the player; reject it.',
    });
  });

  it('race: two concurrent withdrawals that together exceed the balance — exactly one succeeds (100 rounds)', async () => {
    const player = await fundedVerifiedPlayer(100_00n);
    for (let round = 0; round < 100; round += 1) {
      const [x, y] = await Promise.all([
        withdraw(player.token, bankWithdrawal('60')),
        withdraw(player.token, bankWithdrawal('60')),
      ]);
      const ok = [x, y].filter((r) => r.statusCode === 200);
      expect(ok, `round ${round}: ${x.body} ${y.body}`).toHaveLength(1);
      expect([x, y].find((r) => r.statusCode !== 200)!.statusCode).toBe(422);
      const balances = await cash(t, player.id);
      expect(balances.balance_minor - balances.reserved_minor).toBe(40_00n);
      // Cancel it so the next round starts from 100 again.
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/v1/customer/withdraw/${ok[0]!.json().data.id}/cancel`,
        headers: bearer(player.token),
      });
      expect(cancelled.statusCode).toBe(200);
    }
  }, 120_000);
});

describe('reads', () => {
  it('lists the player’s own payments, paged and filtered; gateways with fees', async () => {
    const player = await signedInPlayer(t);
    for (let i = 0; i < 3; i += 1) await pendingDeposit(t, player.token, `${10 + i}.00`);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/payments?direction=deposit&per_page=2&page=2',
      headers: bearer(player.token),
    });
    expect(page.json().data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.json().data.items.map((p: { amount: string }) => p.amount)).toEqual(['10.00']);
    const gateways = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payment/gateway/list',
      headers: bearer(player.token),
    });
    expect(gateways.json().data).toEqual([
      { id: 3, name: 'Internet Banking', uniquename: 'IB', fee: 1.5 },
      { id: 4, name: 'Bank Transfer', uniquename: 'BT', fee: 1 },
      { id: 7, name: 'Crypto', uniquename: 'CRYPTO', fee: 0.5 },
    ]);
  });
});
