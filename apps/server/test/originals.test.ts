import { createHash } from 'node:crypto';
import { diceRoll, diceWins } from '@casino/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, key } from './ledger-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

async function funded(amount_minor: bigint) {
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
  return player;
}
const cash = async (id: bigint) =>
  (await t.modules.ledger.service.playerBalances(id, 'EUR')).cash.balance_minor;
const bet = (token: string, body: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/casino/originals/dice/bet',
    headers: bearer(token),
    payload: { direction: 'over', idempotency_key: key('dice'), ...body },
  });

describe('Dice with real money', () => {
  it('takes the stake and pays the win through the ledger; the same key returns the same bet', async () => {
    const player = await funded(100_00n);
    const fairness = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer/casino/fairness',
        headers: bearer(player.token),
      })
    ).json().data;
    expect(fairness.nonce).toBe(0);
    const idempotency_key = key('same');
    const first = await bet(player.token, { amount: '10', target: '50.00', idempotency_key });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({
      amount: '10.00',
      multiplier: '1.9800',
      nonce: 0,
      server_seed_hash: fairness.server_seed_hash,
      server_seed: null,
    });
    const expected = data.won ? 100_00n - 10_00n + 19_80n : 90_00n;
    expect(await cash(player.id)).toBe(expected);
    const again = await bet(player.token, { amount: '10', target: '50.00', idempotency_key });
    expect(again.json().data.id).toBe(data.id);
    expect(await cash(player.id)).toBe(expected);
  });

  // The sweep of every original's recorded bets is originals-verifier.test.ts; here the path
  // a player takes: bets over HTTP, the rotation's reveal, the history showing the seed.
  it('every bet can be recomputed once the pair is rotated', async () => {
    const player = await funded(10_000_00n);
    const placed = [];
    for (let i = 0; i < 12; i++) {
      const response = await bet(player.token, {
        amount: '1',
        target: String(5 + ((i * 8) % 90)),
        direction: i % 2 ? 'over' : 'under',
      });
      expect(response.statusCode).toBe(200);
      placed.push(response.json().data);
    }
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/fairness/rotate',
      headers: bearer(player.token),
      payload: { client_seed: 'my-new-seed' },
    });
    const previous = rotated.json().data.previous;
    expect(previous.nonces_used).toBe(12);
    expect(createHash('sha256').update(previous.server_seed).digest('hex')).toBe(
      placed[0].server_seed_hash,
    );
    expect(rotated.json().data.active).toMatchObject({ client_seed: 'my-new-seed', nonce: 0 });
    for (const row of placed) {
      const roll = await diceRoll({
        serverSeed: previous.server_seed,
        clientSeed: row.client_seed,
        nonce: row.nonce,
      });
      const rollText = `${Math.floor(roll / 100)}.${String(roll % 100).padStart(2, '0')}`;
      expect(rollText).toBe(row.roll);
      const target = Math.round(Number(row.target) * 100);
      expect(diceWins(roll, target, row.direction)).toBe(row.won);
    }
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/bets',
      headers: bearer(player.token),
    });
    expect(history.json().data[0].server_seed).toBe(previous.server_seed);
  });

  it('two concurrent bets that together exceed the balance: the second is taken only if the first won', async () => {
    for (let round = 0; round < 20; round++) {
      const player = await funded(10_00n);
      const [a, b] = await Promise.all([
        bet(player.token, { amount: '6', target: '50' }),
        bet(player.token, { amount: '6', target: '50' }),
      ]);
      const accepted = [a, b].filter((r) => r.statusCode === 200);
      const refused = [a, b].filter((r) => r.statusCode !== 200);
      expect(accepted.length, `round ${round}`).toBeGreaterThanOrEqual(1);
      for (const r of refused) expect(r.json().code).toBe('INSUFFICIENT_FUNDS');
      // Both only when the balance allowed it: a win came in between.
      if (accepted.length === 2) expect(accepted.some((r) => r.json().data.won)).toBe(true);
      const expected =
        10_00n + accepted.reduce((sum, r) => sum - 6_00n + (r.json().data.won ? 11_88n : 0n), 0n);
      expect(await cash(player.id)).toBe(expected);
    }
  });

  it('refuses bad input with a clear message and moves nothing', async () => {
    const player = await funded(50_00n);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ amount: '0', target: '50' }, 422, 'more than 0'],
      [{ amount: '-1', target: '50' }, 422, 'amount'],
      [{ amount: '1.234', target: '50' }, 422, 'decimals'],
      [{ amount: 'ten', target: '50' }, 422, 'amount'],
      [{ amount: '1', target: '1' }, 422, 'win chance'],
      [{ amount: '1', target: '100.5' }, 422, 'win chance'],
      [{ amount: '1', target: 'abc' }, 422, 'win chance'],
      [{ amount: '20000', target: '99.98' }, 422, 'maximum payout'],
      [{ amount: '60', target: '50' }, 409, 'balance is too low'],
    ];
    for (const [body, status, message] of cases) {
      const response = await bet(player.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toContain(message);
    }
    expect(await cash(player.id)).toBe(50_00n);
  });
});
