import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWatcherReport } from '../src/modules/crypto/index.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';

// BIP84's published account key and the EVM account key of the same test mnemonic.
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const EVM_XPUB = HDKey.fromMasterSeed(
  mnemonicToSeedSync(
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  ),
).derive("m/44'/60'/0'").publicExtendedKey;
const SECRET = 'watcher-secret-for-tests';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    env: {
      CRYPTO_PROVIDER: 'self_custody',
      CRYPTO_XPUBS: `bitcoin=${ZPUB},evm=${EVM_XPUB}`,
      CRYPTO_WATCHER_SECRET: SECRET,
    },
  });
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

function report(body: Record<string, unknown>, options: { secret?: string; at?: number } = {}) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/crypto/ipn/self_custody',
    headers: {
      'content-type': 'application/json',
      'x-watcher-signature': signWatcherReport(options.secret ?? SECRET, raw, options.at),
    },
    payload: raw,
  });
}

describe('self-custody deposits (addresses from the operator’s xpub, a signed chain watcher)', () => {
  it('gives each player their own derived address and credits at the confirmations threshold, once', async () => {
    const player = await signedInPlayer(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      headers: bearer(player.token),
      payload: { currency: '12', amount: '100', converted_amount: '0.00108' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const d = created.json().data;
    expect(d.payment_response.pay_address).toMatch(/^bc1q/);
    expect(d.sandbox).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      headers: bearer(player.token),
      payload: { currency: '12', amount: '5', converted_amount: '0.0001' },
    });
    // The same player always gets the same address; another player another one.
    expect(again.json().data.payment_response.pay_address).toBe(d.payment_response.pay_address);
    const other = await signedInPlayer(t);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      headers: bearer(other.token),
      payload: { currency: '12', amount: '5', converted_amount: '0.0001' },
    });
    expect(theirs.json().data.payment_response.pay_address).not.toBe(
      d.payment_response.pay_address,
    );

    const tx = {
      address: d.payment_response.pay_address,
      pay_currency: 'btc',
      tx_hash: 'a'.repeat(64),
      amount: '108000',
    };
    expect(
      (await report({ ...tx, confirmations: 1 }, { secret: 'wrong-secret-xxxxxxxx' })).statusCode,
    ).toBe(401);
    expect(
      (await report({ ...tx, confirmations: 1 }, { at: Date.now() - 10 * 60_000 })).statusCode,
    ).toBe(401);
    expect((await report({ ...tx, amount: '-5', confirmations: 1 })).statusCode).toBe(401);

    {
      const r = await report({ ...tx, confirmations: 1 });
      expect(r.statusCode, r.body).toBe(200);
    }
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
      headers: bearer(player.token),
    });
    expect(status.json().data.status).toBe('processing');
    expect(await balance(player.token)).toBe('0.00');

    expect((await report({ ...tx, confirmations: 2 })).statusCode).toBe(200);
    expect((await report({ ...tx, confirmations: 3 })).statusCode).toBe(200);
    expect(await balance(player.token)).toBe('100.00');
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/crypto/deposit/verify-public/${d.tracking_id}`,
      headers: bearer(player.token),
    });
    expect(done.json().data.status).toBe('deposited');

    // A second transaction claims the next open invoice on the address (the 5 EUR one).
    await report({ ...tx, tx_hash: 'b'.repeat(64), amount: '5400', confirmations: 6 });
    expect(await balance(player.token)).toBe('105.00');
    // A third one, with no invoice open, is booked as a new deposit at today's rate.
    await report({ ...tx, tx_hash: 'c'.repeat(64), amount: '21600', confirmations: 6 });
    await report({ ...tx, tx_hash: 'c'.repeat(64), amount: '21600', confirmations: 7 });
    expect(await balance(player.token)).toBe('125.00');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/crypto/deposits',
      headers: bearer(player.token),
    });
    expect(list.json().data.map((row: { status: string }) => row.status)).toEqual([
      'deposited',
      'deposited',
      'deposited',
    ]);
    // The history shows each by the date it was made.
    for (const row of list.json().data as Array<{ created_at: string }>)
      expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60 * 60_000);
  });

  it('refuses reports for addresses it never gave out, and networks it does not watch', async () => {
    const unknown = await report({
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      pay_currency: 'btc',
      tx_hash: 'd'.repeat(64),
      amount: '1000',
      confirmations: 9,
    });
    expect(unknown.statusCode).toBe(404);
    const unwatched = await report({
      address: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
      pay_currency: 'doge',
      tx_hash: 'e'.repeat(64),
      amount: '1000',
      confirmations: 9,
    });
    expect(unwatched.statusCode).toBe(401);
    const player = await signedInPlayer(t);
    const doge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/deposit/create',
      headers: bearer(player.token),
      payload: { currency: '15', amount: '10', converted_amount: '56' },
    });
    expect(doge.statusCode).toBe(400);
    expect(doge.json().message).toContain('not available');
  });
});
