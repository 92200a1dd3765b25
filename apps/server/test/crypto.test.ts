import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIpn } from '../src/modules/crypto/index.ts';
import { bearer, changeBySql, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

const SECRET = 'sandbox-ipn-secret';
const INR = 3;

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

const balance = async (token: string): Promise<string> =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(token) })).json()
    .data.wallet_default.balance_exact;

async function createDeposit(token: string, payload: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/crypto/deposit/create',
    headers: bearer(token),
    payload,
  });
}

async function deposit(token: string, amount = '100', currency = '12', network?: string) {
  const response = await createDeposit(token, {
    amount,
    converted_amount: '1',
    currency,
    ...(network ? { network } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function ipn(provider: string, body: Record<string, unknown>, secret = SECRET) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/crypto/ipn/${provider}`,
    headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(secret, body) },
    payload: JSON.stringify(body),
  });
}

/** The sandbox processor's IPN for a deposit, as the simulated chain would send it. */
function ipnBody(
  d: { payment_response: { payment_id: string; pay_currency: string; pay_amount: string } },
  status: string,
  paid = d.payment_response.pay_amount,
) {
  return {
    payment_id: d.payment_response.payment_id,
    payment_status: status,
    pay_currency: d.payment_response.pay_currency,
    pay_amount: Number(d.payment_response.pay_amount),
    actually_paid: status === 'waiting' ? 0 : paid,
  };
}

describe('price estimation and address validation', () => {
  it("converts the wallet amount at the operator's rates, exactly", async () => {
    const player = await signedInPlayer(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/crypto/price-estimation/BTC/100',
      headers: bearer(player.token),
    });
    expect(response.statusCode).toBe(200);
    // 100 EUR × 0.0000108 BTC per EUR.
    expect(response.json().data).toMatchObject({
      currency_from: 'EUR',
      currency_to: 'BTC',
      estimated_amount: '0.00108',
    });

    const inr = await signedInPlayer(t, { currency_id: INR });
    const rupees = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/crypto/price-estimation/19/9025?network=ERC20',
      headers: bearer(inr.token),
    });
    // 9,025 INR at 90.25 per EUR is 100 EUR, at 1.08 USDT per EUR 108 USDT.
    expect(rupees.json().data).toMatchObject({
      currency_from: 'INR',
      estimated_amount: '108',
      pay_currency: 'usdterc20',
    });
  });

  it('answers the spec’s messages for bad amounts and unknown coins', async () => {
    const cases: Array<[string, number, string]> = [
      ['/BTC/0', 422, 'Amount must be greater than 0.'],
      ['/BTC/-5', 422, 'Amount must be greater than 0.'],
      ['/BTC/abc', 422, 'Amount is not valid'],
      ['/BTC/1.234', 422, 'at most 2 decimals'],
      ['/DOGGO/10', 422, 'Unknown crypto currency'],
      ['/1/10', 422, 'Unknown crypto currency'],
    ];
    for (const [path, status, message] of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/customer/crypto/price-estimation${path}`,
      });
      expect(response.statusCode, path).toBe(status);
      expect(response.json().message, path).toContain(message);
    }
  });

  it('checks addresses per chain with the libraries, refusing another chain’s address', async () => {
    const check = (address: string, code: string, network?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/customer/crypto/validate-address/${address}/${code}${network ? `?network=${network}` : ''}`,
      });
    const valid = await check('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'BTC');
    expect(valid.statusCode).toBe(200);
    expect(valid.json().message).toBe('Payment Address is valid!');
    const wrongChain = await check('0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'BTC');
    expect(wrongChain.statusCode).toBe(422);
    expect(wrongChain.json().message).toBe('Payment Address is not valid!');
    expect(
      (await check('0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'USDT', 'ERC20')).statusCode,
    ).toBe(200);
    expect(
      (await check('0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'USDT', 'TRC20')).statusCode,
    ).toBe(422);
    expect((await check('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'USDT')).statusCode).toBe(200);
    expect(
      (await check('bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2', 'USDT', 'BEP2')).statusCode,
    ).toBe(200);
    // A bad checksum (last character changed) is refused.
    expect((await check('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'BTC')).statusCode).toBe(422);
    expect((await check('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', 'DOGE')).statusCode).toBe(200);
    expect((await check('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', 'XRP')).statusCode).toBe(200);
  });
});

describe('crypto deposits on the sandbox processor', () => {
  it('creates an invoice with a real address, QR code and expiry; the simulated payment credits once', async () => {
    const player = await signedInPlayer(t);
    const before = await balance(player.token);
    const d = await deposit(player.token, '100', '12');
    expect(d.tracking_id).toMatch(/^cd_[0-9a-f]{24}$/);
    expect(d.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(d.status).toBe('processing');
    expect(d.sandbox).toBe(true);
    expect(d.payment_response).toMatchObject({
      pay_currency: 'btc',
      pay_amount: '0.00108',
      network: 'BTC',
    });
    expect(new Date(d.payment_response.expiration_estimate_date).getTime()).toBeGreaterThan(
      Date.now(),
    );
    const valid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/validate-address/${d.payment_response.pay_address}/BTC`,
    });
    expect(valid.statusCode).toBe(200);

    const simulate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sandbox/crypto/${d.tracking_id}/simulate`,
      headers: bearer(player.token),
      payload: { outcome: 'paid' },
    });
    expect(simulate.statusCode, simulate.body).toBe(200);
    expect(simulate.json().data.status).toBe('deposited');
    expect(Number(await balance(player.token)) - Number(before)).toBe(100);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sandbox/crypto/${d.tracking_id}/simulate`,
      headers: bearer(player.token),
      payload: { outcome: 'paid' },
    });
    expect(again.json().data.status).toBe('deposited');
    expect(Number(await balance(player.token)) - Number(before)).toBe(100);

    for (const method of ['GET', 'POST'] as const) {
      const status = await t.app.inject({
        method,
        url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
        headers: bearer(player.token),
      });
      expect(status.json().data.status).toBe('deposited');
    }
    const other = await signedInPlayer(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('gives XRP deposits a destination tag and USDT the chosen network’s address', async () => {
    const player = await signedInPlayer(t);
    const xrp = await deposit(player.token, '10', '18');
    expect(xrp.payment_response.payin_extra_id).toBe(String(player.id));
    const erc20 = await deposit(player.token, '10', '19', 'ERC20');
    expect(erc20.payment_response.pay_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const trc20 = await deposit(player.token, '10', '19');
    expect(trc20.payment_response.pay_address.startsWith('T')).toBe(true);
    const bsc = await deposit(player.token, '10', '19', 'BEP20');
    // USDT has 18 decimals on BNB Smart Chain: the amount is exact anyway.
    expect(bsc.payment_response.pay_amount).toBe('10.8');
  });

  it('refuses bad requests with the spec’s messages and stores nothing', async () => {
    const player = await signedInPlayer(t);
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from crypto_deposits where player_id = ${player.id}`.execute(t.db)
        ).rows[0]!.n,
      );
    const cases: Array<[Record<string, string>, string]> = [
      [{ amount: '10', converted_amount: '1' }, 'Please select a currency.'],
      [{ currency: '12', converted_amount: '1' }, 'Amount cannot be empty.'],
      [{ currency: '12', amount: '0', converted_amount: '1' }, 'Amount must be greater than 0.'],
      [{ currency: '12', amount: '-3', converted_amount: '1' }, 'Amount must be greater than 0.'],
      [{ currency: '12', amount: '10' }, 'Converted amount not found'],
      [
        { currency: '12', amount: '10', converted_amount: '0' },
        'Converted amount must be greater than 0.',
      ],
      [{ currency: '12', amount: '10.123', converted_amount: '1' }, 'at most 2 decimals'],
      [{ currency: '12', amount: '1'.repeat(40), converted_amount: '1' }, 'Amount'],
      [{ currency: '3', amount: '10', converted_amount: '1' }, 'Unknown crypto currency'],
      [
        { currency: '19', network: 'OMNI', amount: '10', converted_amount: '1' },
        'Unknown crypto currency or network',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await createDeposit(player.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect(await count()).toBe(0);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      payload: { currency: '12', amount: '10', converted_amount: '1' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses forged callbacks and changes nothing', async () => {
    const player = await signedInPlayer(t);
    const d = await deposit(player.token);
    const body = ipnBody(d, 'finished');
    const forged = await ipn('sandbox', body, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('CALLBACK_REJECTED');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crypto/ipn/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crypto/ipn/sandbox',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(SECRET, body) },
      payload: JSON.stringify({ ...body, actually_paid: 999 }),
    });
    expect(tampered.statusCode).toBe(401);
    const unknownProvider = await ipn('coinbase', body);
    expect(unknownProvider.statusCode).toBe(404);
    const unknownPayment = await ipn('sandbox', { ...body, payment_id: 'sbx_nope' });
    expect(unknownPayment.statusCode).toBe(404);
    const otherCoin = await ipn('sandbox', { ...body, pay_currency: 'eth' });
    // Signed, so not a 401: a refusal of what it says, under the code providers know.
    expect(otherCoin.json()).toEqual({
      status: 422,
      code: 'CALLBACK_REJECTED',
      message: 'Callback names another pay currency than the invoice',
    });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
      headers: bearer(player.token),
    });
    expect(status.json().data.status).toBe('processing');
    expect(await balance(player.token)).toBe('0.00');
  });

  it('credits what actually arrived, once, whatever the order; a partial payment waits for staff', async () => {
    const player = await signedInPlayer(t);
    const d = await deposit(player.token, '50');
    // finished before confirming, then redelivered, then a stale confirming and an expiry.
    expect((await ipn('sandbox', ipnBody(d, 'finished'))).statusCode).toBe(200);
    expect((await ipn('sandbox', ipnBody(d, 'finished'))).json().message).toBe('duplicate');
    await ipn('sandbox', ipnBody(d, 'confirming'));
    await ipn('sandbox', ipnBody(d, 'expired'));
    expect(await balance(player.token)).toBe('50.00');

    const over = await deposit(player.token, '10');
    // 10 % more than asked arrives: the wallet gets its value at the invoice's price.
    await ipn(
      'sandbox',
      ipnBody(over, 'finished', String(Number(over.payment_response.pay_amount) * 1.1)),
    );
    expect(await balance(player.token)).toBe('61.00');

    const partial = await deposit(player.token, '10');
    await ipn('sandbox', ipnBody(partial, 'partially_paid', '0.00005'));
    expect(await balance(player.token)).toBe('61.00');

    const late = await deposit(player.token, '20');
    await ipn('sandbox', ipnBody(late, 'expired'));
    await ipn('sandbox', ipnBody(late, 'finished'));
    expect(await balance(player.token)).toBe('81.00');
  });

  it('concurrent deliveries of the same finished payment credit it once', async () => {
    const player = await signedInPlayer(t);
    const d = await deposit(player.token, '30');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => ipn('sandbox', ipnBody(d, 'finished'))),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await balance(player.token)).toBe('30.00');
  });

  it('a credit decided before a crash is booked once by the recovery sweep', async () => {
    const player = await signedInPlayer(t);
    const d = await deposit(player.token, '25');
    // The state a crash leaves between deciding the credit and booking it.
    await sql`update crypto_deposits set status = 'crediting', credit_minor = 2500, provider_status = 'finished' where tracking_id = ${d.tracking_id}`.execute(
      t.db,
    );
    expect(await balance(player.token)).toBe('0.00');
    await t.modules.crypto.service.sweep();
    expect(await balance(player.token)).toBe('25.00');
    // A crash after booking, before marking: the ledger replays the same transfer.
    await sql`update crypto_deposits set status = 'crediting', ledger_transfer_id = null, credited_at = null where tracking_id = ${d.tracking_id}`.execute(
      t.db,
    );
    await t.modules.crypto.service.sweep();
    await t.modules.crypto.service.sweep();
    expect(await balance(player.token)).toBe('25.00');
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
      headers: bearer(player.token),
    });
    expect(status.json().data.status).toBe('deposited');
  });

  it('expires unpaid invoices; a later payment still credits', async () => {
    const player = await signedInPlayer(t);
    const d = await deposit(player.token, '5');
    await sql`update crypto_deposits set expires_at = now() - interval '1 minute' where tracking_id = ${d.tracking_id}`.execute(
      t.db,
    );
    await t.modules.crypto.service.sweep();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
      headers: bearer(player.token),
    });
    expect(status.json().data.status).toBe('expired');
    await ipn('sandbox', ipnBody(d, 'finished'));
    expect(await balance(player.token)).toBe('5.00');
  });

  it('property: any order and number of callback deliveries credits each paid deposit exactly once', async () => {
    const player = await signedInPlayer(t);
    const deposits: Array<Awaited<ReturnType<typeof deposit>>> = [];
    for (let i = 0; i < 8; i++) deposits.push(await deposit(player.token, String(10 + i)));
    const statuses = [
      'waiting',
      'confirming',
      'confirmed',
      'sending',
      'finished',
      'expired',
      'failed',
      'partially_paid',
    ] as const;
    let deliveries = 0;
    // The model: a deposit is credited by its first `finished`, unless `failed` came first
    // (a processor's terminal word); `expired` does not stop a late payment.
    const credited = new Set<string>();
    const failed = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: deposits.length - 1 }), fc.constantFrom(...statuses)),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        async (events) => {
          for (const [index, status] of events) {
            const d = deposits[index]!;
            const response = await ipn('sandbox', ipnBody(d, status));
            expect(response.statusCode).toBe(200);
            deliveries += 1;
            if (status === 'finished' && !failed.has(d.tracking_id)) credited.add(d.tracking_id);
            if (status === 'failed' && !credited.has(d.tracking_id)) failed.add(d.tracking_id);
          }
        },
      ),
      { numRuns: 30 },
    );
    const expected = deposits
      .filter((d) => credited.has(d.tracking_id))
      .reduce((sum, d) => sum + Number(d.amount), 0);
    expect(Number(await balance(player.token))).toBe(expected);
    expect(deliveries).toBeGreaterThan(30);
  });
});

describe('a NOWPayments-style processor (local fake speaking its API)', () => {
  let fake: Server;
  let app: TestApp;
  const received: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    fake = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        if (request.url !== '/v1/payment' || request.method !== 'POST') {
          response.writeHead(404).end();
          return;
        }
        if (request.headers['x-api-key'] !== 'test-api-key') {
          response
            .writeHead(403, { 'content-type': 'application/json' })
            .end(JSON.stringify({ message: 'Invalid api key' }));
          return;
        }
        const body = JSON.parse(raw);
        received.push(body);
        response.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            payment_id: 5524759814,
            payment_status: 'waiting',
            pay_address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
            price_amount: body.price_amount,
            price_currency: body.price_currency,
            pay_amount: 108.000001,
            pay_currency: body.pay_currency,
            order_id: body.order_id,
            ipn_callback_url: body.ipn_callback_url,
            created_at: new Date().toISOString(),
            expiration_estimate_date: new Date(Date.now() + 20 * 60_000).toISOString(),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    app = await testApp({
      env: {
        CRYPTO_PROVIDER: 'nowpayments',
        NOWPAYMENTS_API_URL: `http://127.0.0.1:${port}/v1`,
        NOWPAYMENTS_API_KEY: 'test-api-key',
        NOWPAYMENTS_IPN_SECRET: 'test-ipn-secret',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('creates the invoice through the API and credits on its signed IPN', async () => {
    const player = await signedInPlayer(app);
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      headers: bearer(player.token),
      payload: { currency: '19', amount: '100', converted_amount: '108' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const d = response.json().data;
    expect(received.at(-1)).toMatchObject({
      price_amount: 100,
      price_currency: 'eur',
      pay_currency: 'usdttrc20',
      order_id: d.tracking_id,
    });
    expect(received.at(-1)!.ipn_callback_url).toBe(
      'http://casino.test/api/v1/crypto/ipn/nowpayments',
    );
    expect(d.payment_response).toMatchObject({
      payment_id: '5524759814',
      pay_amount: '108.000001',
    });
    expect(d.sandbox).toBe(false);
    // No sandbox simulation on a real processor.
    const simulate = await app.app.inject({
      method: 'POST',
      url: `/api/v1/sandbox/crypto/${d.tracking_id}/simulate`,
      headers: bearer(player.token),
      payload: {},
    });
    expect(simulate.statusCode).toBe(404);

    const body = {
      payment_id: 5524759814,
      payment_status: 'finished',
      pay_currency: 'usdttrc20',
      actually_paid: 108.000001,
      price_amount: 100,
      price_currency: 'eur',
      order_id: d.tracking_id,
      payin_hash: 'abc',
    };
    const wrongSecret = await app.app.inject({
      method: 'POST',
      url: '/api/v1/crypto/ipn/nowpayments',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(SECRET, body) },
      payload: JSON.stringify(body),
    });
    expect(wrongSecret.statusCode).toBe(401);
    const ok = await app.app.inject({
      method: 'POST',
      url: '/api/v1/crypto/ipn/nowpayments',
      // Keys in another order than signed: the signature covers the sorted JSON.
      headers: {
        'content-type': 'application/json',
        'x-nowpayments-sig': signIpn('test-ipn-secret', body),
      },
      payload: JSON.stringify(Object.fromEntries(Object.entries(body).reverse())),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const me = (
      await app.app.inject({
        method: 'GET',
        url: '/api/v1/customer/me',
        headers: bearer(player.token),
      })
    ).json();
    expect(me.data.wallet_default.balance_exact).toBe('100.00');
    await expectLedgerConsistent(app.db);
  });

  it('answers 503 when the processor refuses, and stores nothing', async () => {
    const player = await signedInPlayer(app);
    fake.removeAllListeners('request');
    fake.on('request', (_request, response) => response.writeHead(500).end('{"message":"down"}'));
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      headers: bearer(player.token),
      payload: { currency: '12', amount: '10', converted_amount: '1' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toContain('unavailable');
  });
});

describe('crypto withdrawals', () => {
  const BTC_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

  async function fundedVerifiedPlayer(amount_minor: bigint) {
    const player = await signedInPlayer(t);
    await t.modules.ledger.service.transfer({
      idempotency_key: `fund:${player.id}`,
      debit: { house: 'payment_clearing', purpose: 'sandbox' },
      credit: { player_id: player.id, wallet: 'cash' },
      amount_minor,
      currency: 'EUR',
      reason_code: 'deposit',
      object: { type: 'payment', id: `fund:${player.id}` },
      actor: { type: 'system', id: 'test' },
    });
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    return player;
  }

  const withdraw = (token: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/withdraw/create',
      headers: bearer(token),
      payload,
    });

  it('refuses without approved KYC and with the spec’s messages; holds the amount at once', async () => {
    const unverified = await signedInPlayer(t);
    const refused = await withdraw(unverified.token, {
      currency: '12',
      amount: '10',
      converted_amount: '0.0001',
      payment_address: BTC_ADDRESS,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('KYC_REQUIRED');

    const player = await fundedVerifiedPlayer(100_00n);
    const cases: Array<[Record<string, string>, string]> = [
      [
        { amount: '10', converted_amount: '1', payment_address: BTC_ADDRESS },
        'Please select a currency.',
      ],
      [
        { currency: '12', converted_amount: '1', payment_address: BTC_ADDRESS },
        'Amount cannot be empty.',
      ],
      [
        { currency: '12', amount: '0', converted_amount: '1', payment_address: BTC_ADDRESS },
        'Amount must be greater than 0.',
      ],
      [
        { currency: '12', amount: '10', payment_address: BTC_ADDRESS },
        'Converted amount not found',
      ],
      [
        { currency: '12', amount: '10', converted_amount: '0', payment_address: BTC_ADDRESS },
        'Converted amount must be greater than 0.',
      ],
      [{ currency: '12', amount: '10', converted_amount: '1' }, 'Payment Address not found'],
      [
        {
          currency: '12',
          amount: '10',
          converted_amount: '1',
          payment_address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
        },
        'Payment Address is not valid!',
      ],
      [
        { currency: '12', amount: '150', converted_amount: '1', payment_address: BTC_ADDRESS },
        'more than you can withdraw',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await withdraw(player.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toContain(message);
    }
    const ok = await withdraw(player.token, {
      currency: '12',
      amount: '40',
      converted_amount: '0.000432',
      payment_address: BTC_ADDRESS,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'pending',
      amount: '40.00',
      pay_amount: '0.000432',
      coin: 'BTC',
    });
    expect(await balance(player.token)).toBe('60.00');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/crypto/withdraw/${ok.json().data.tracking_id}/cancel`,
      headers: bearer(player.token),
    });
    expect(cancel.json().data.status).toBe('cancelled');
    expect(await balance(player.token)).toBe('100.00');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/crypto/withdraw/${ok.json().data.tracking_id}/cancel`,
      headers: bearer(player.token),
    });
    expect(again.statusCode).toBe(409);
  });

  // 100 rounds of a race: minutes, not seconds, when the machine is shared.
  it('two concurrent withdrawals that together exceed the balance: exactly one is held (100 rounds)', {
    timeout: 180_000,
  }, async () => {
    const player = await fundedVerifiedPlayer(100_00n);
    for (let round = 0; round < 100; round++) {
      const payload = {
        currency: '12',
        amount: '60',
        converted_amount: '0.000648',
        payment_address: BTC_ADDRESS,
      };
      const [a, b] = await Promise.all([
        withdraw(player.token, payload),
        withdraw(player.token, payload),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `round ${round}`).toEqual([200, 422]);
      const won = a.statusCode === 200 ? a : b;
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/customer/crypto/withdraw/${won.json().data.tracking_id}/cancel`,
        headers: bearer(player.token),
      });
    }
    expect(await balance(player.token)).toBe('100.00');
  });

  it('the payments desk approves and marks paid (posted), or rejects with a reason (released); audited', async () => {
    const finance = await staffMember(t, 'finance');
    const support = await staffMember(t, 'support');
    const player = await fundedVerifiedPlayer(100_00n);
    const first = (
      await withdraw(player.token, {
        currency: '19',
        network: 'TRC20',
        amount: '30',
        converted_amount: '32.4',
        payment_address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      })
    ).json().data;
    const second = (
      await withdraw(player.token, {
        currency: '18',
        amount: '20',
        converted_amount: '9',
        payment_address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3?dt=12345',
      })
    ).json().data;
    expect(second.extra_id).toBe('12345');
    const desk = (path: string, member = finance, payload: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/crypto/withdrawals/${path}`,
        headers: member.headers,
        payload,
      });
    expect((await desk(`${first.tracking_id}/approve`, support)).statusCode).toBe(403);
    expect(
      (await desk(`${first.tracking_id}/paid`, finance, { tx_hash: 'f'.repeat(64) })).statusCode,
    ).toBe(409);
    expect((await desk(`${first.tracking_id}/approve`)).json().data.status).toBe('approved');
    const cancelLate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/crypto/withdraw/${first.tracking_id}/cancel`,
      headers: bearer(player.token),
    });
    expect(cancelLate.statusCode).toBe(409);
    const paid = await desk(`${first.tracking_id}/paid`, finance, { tx_hash: 'f'.repeat(64) });
    expect(paid.json().data).toMatchObject({ status: 'paid', tx_hash: 'f'.repeat(64) });
    expect((await desk(`${second.tracking_id}/reject`)).statusCode).toBe(422);
    const rejected = await desk(`${second.tracking_id}/reject`, finance, {
      reason: 'Address belongs to a sanctioned exchange',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'Address belongs to a sanctioned exchange',
    });
    expect(await balance(player.token)).toBe('70.00');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/crypto/withdrawals?status=paid',
      headers: support.headers,
    });
    expect(
      list
        .json()
        .data.some((row: { tracking_id: string }) => row.tracking_id === first.tracking_id),
    ).toBe(true);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/crypto/withdrawals',
      headers: bearer(player.token),
    });
    expect(mine.json().data.map((row: { status: string }) => row.status)).toEqual([
      'rejected',
      'paid',
    ]);
  });
});
