import { createHash } from 'node:crypto';
import { crashPoint } from '@casino/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CrashPush, multiplierAt } from '../src/modules/casino/index.ts';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { cashOf, fundedPlayer, post, withKey } from './originals-support.ts';
import { staffMember } from './staff-helpers.ts';

let t: TestApp;
let clock = Date.now();
const LENGTH = 50;
const SALT = 'published-salt';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
let chain: string[] = [];
let points: number[] = [];

/** A chain whose first rounds crash high enough for the test's cash-outs (found, not assumed). */
async function pinChain() {
  for (let n = 0; ; n++) {
    const seed = sha(`crash-test-${n}`);
    const hashes = [seed];
    for (let i = 0; i < LENGTH; i++) hashes.push(sha(hashes[i]!));
    const round = (k: number) => hashes[LENGTH - k]!;
    const p = [0, ...(await Promise.all([1, 2].map((k) => crashPoint(round(k), SALT))))];
    if (p[1]! >= 200 && p[2]! >= 120) {
      chain = hashes;
      points = p;
      return seed;
    }
  }
}

beforeAll(async () => {
  t = await testApp();
  const seed = await pinChain();
  t.modules.originals.crash.configure({
    now: () => clock,
    betting_ms: 5_000,
    pause_ms: 0,
    newChain: () => ({ seed, salt: SALT, length: LENGTH }),
  });
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const engine = () => t.modules.originals.crash;
const bet = (token: string, body: Record<string, unknown>) =>
  post(t, token, '/crash/bet', withKey(body));
/** Milliseconds after the start at which the multiplier first shows `x100`. */
const msFor = (x100: number) => {
  let ms = Math.floor(Math.log(x100 / 100) / 0.00006) - 5;
  while (multiplierAt(ms) < x100) ms += 1;
  return ms;
};

describe('Crash: one round for everybody', () => {
  it('bets in the betting phase, auto and manual cash-outs during the round, the rest lost at the crash', async () => {
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => fundedPlayer(t, 100_00n)));
    await engine().tick();
    const round = engine().round!;
    expect(round.status).toBe('betting');
    expect(round.hash).toBe(chain[LENGTH - 1]);
    const state = (await t.app.inject({ method: 'GET', url: '/api/v1/casino/crash/state' })).json()
      .data;
    expect(state.round).toMatchObject({ status: 'betting', hash: null, crash_point: null });
    expect(state.chain).toMatchObject({ terminating_hash: chain[LENGTH], salt: SALT });

    const bad = await bet(a!.token, { amount: '10', auto_cashout: '1.00' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('auto_cashout');
    expect((await bet(a!.token, { amount: '0', auto_cashout: '1.5' })).statusCode).toBe(422);
    expect((await bet(a!.token, { amount: '10', auto_cashout: '1.50' })).statusCode).toBe(200);
    const twice = await bet(a!.token, { amount: '1' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_BET');
    expect((await bet(b!.token, { amount: '10' })).statusCode).toBe(200);
    expect((await bet(c!.token, { amount: '10' })).statusCode).toBe(200);
    expect(await cashOf(t, a!.id)).toBe(90_00n);
    // Nobody can cash out before the start.
    expect((await post(t, c!.token, '/crash/cashout')).json().code).toBe('NO_ACTIVE_BET');

    clock += 5_000;
    await engine().tick();
    expect(engine().round!.status).toBe('running');
    const late = await bet(fundedPlayerToken, { amount: '1' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BETTING_CLOSED');

    clock += msFor(150);
    await engine().tick();
    expect(await cashOf(t, a!.id)).toBe(105_00n);
    clock += msFor(170) - msFor(150);
    const manual = await post(t, c!.token, '/crash/cashout');
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().data).toMatchObject({
      status: 'cashed',
      cashout: '1.70',
      payout: '17.00',
    });
    expect(await cashOf(t, c!.id)).toBe(107_00n);

    clock += msFor(points[1]! + 1) - msFor(170);
    await engine().tick();
    expect(engine().round).toBeNull();
    expect(await cashOf(t, b!.id)).toBe(90_00n);
    expect((await post(t, b!.token, '/crash/cashout')).statusCode).toBe(409);
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/v1/casino/crash/history' })
    ).json().data;
    const cp = points[1]!;
    expect(history[0]).toMatchObject({
      status: 'crashed',
      hash: chain[LENGTH - 1],
      crash_point: `${Math.floor(cp / 100)}.${String(cp % 100).padStart(2, '0')}`,
    });
    // The revealed hash proves the published commitment.
    expect(sha(history[0].hash)).toBe(chain[LENGTH]);
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer/casino/crash/bets',
        headers: bearer(b!.token),
      })
    ).json().data;
    expect(mine[0]).toMatchObject({ status: 'lost', round_hash: chain[LENGTH - 1] });

    // The back office's GGR report counts the round's settled bets under Crash.
    const owner = await staffMember(t, 'owner');
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/casino/reports/games?from=${today}&to=${tomorrow}`,
      headers: owner.headers,
    });
    expect(report.statusCode, report.body).toBe(200);
    const crash = report.json().data.find((row: { game: string }) => row.game === 'crash');
    expect(crash).toMatchObject({ currency: 'EUR' });
    expect(crash.rounds).toBeGreaterThanOrEqual(3);
  });

  it('a restart mid-round settles it deterministically, exactly once; a round still betting is refunded', async () => {
    const [d, e, f] = await Promise.all([0, 1, 2].map(() => fundedPlayer(t, 50_00n)));
    await engine().tick();
    expect(engine().round!.hash).toBe(chain[LENGTH - 2]);
    expect((await bet(d!.token, { amount: '10', auto_cashout: '1.10' })).statusCode).toBe(200);
    expect((await bet(e!.token, { amount: '10' })).statusCode).toBe(200);
    clock += 5_000;
    await engine().tick();
    expect(engine().round!.status).toBe('running');
    // The process dies here; the next one recovers: d's auto cash-out (1.10 ≤ the crash point)
    // is paid, e (riding, no auto) is refunded.
    expect(await engine().recover()).toBe(1);
    expect(await cashOf(t, d!.id)).toBe(51_00n);
    expect(await cashOf(t, e!.id)).toBe(50_00n);
    expect(await engine().recover()).toBe(0);
    expect(await cashOf(t, d!.id)).toBe(51_00n);

    await engine().tick();
    expect(engine().round!.status).toBe('betting');
    expect((await bet(f!.token, { amount: '10' })).statusCode).toBe(200);
    expect(await cashOf(t, f!.id)).toBe(40_00n);
    expect(await engine().recover()).toBe(1);
    expect(await cashOf(t, f!.id)).toBe(50_00n);
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/v1/casino/crash/history' })
    ).json().data;
    expect(history[0].status).toBe('cancelled');
  });

  it('an auto cash-out is pushed with the bet id its bet call returned, so the page can tell its player', async () => {
    const player = await fundedPlayer(t, 10_00n);
    const pushes: CrashPush[] = [];
    const stop = engine().onPush((push) => pushes.push(push));
    try {
      // A round that reaches 1.01× (all but ~2 % do).
      for (;;) {
        await engine().tick();
        if (engine().round!.crash_point_x100 >= 101) break;
        clock += 5_000;
        await engine().tick();
        clock += msFor(engine().round!.crash_point_x100 + 1);
        await engine().tick();
      }
      const placed = await bet(player.token, { amount: '2', auto_cashout: '1.01' });
      expect(placed.statusCode, placed.body).toBe(200);
      const id = placed.json().data.id;
      clock += 5_000;
      await engine().tick();
      clock += msFor(101);
      await engine().tick();
      const mine = pushes
        .filter((push) => push.type === 'bets')
        .flatMap((push) => push.data)
        .filter((b) => b.id === id);
      expect(mine.at(-1)).toMatchObject({ id, status: 'cashed', cashout: '1.01' });
      // Still cashed once the round is over (the crash push lists every bet of the round).
      clock += msFor(engine().round!.crash_point_x100 + 1);
      await engine().tick();
      const last = pushes.filter((push) => push.type === 'bets').at(-1)!;
      expect(last.type === 'bets' && last.data.find((b) => b.id === id)).toMatchObject({
        status: 'cashed',
      });
      expect(await cashOf(t, player.id)).toBe(10_02n);
    } finally {
      stop();
    }
  });

  it('concurrent bets exceeding the balance: one taken; the live socket shows the round', async () => {
    const g = await fundedPlayer(t, 10_00n);
    await engine().tick();
    const responses = await Promise.all([0, 1, 2].map(() => bet(g.token, { amount: '6' })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await cashOf(t, g.id)).toBe(4_00n);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/v1/casino/crash/ws`);
    const received: { type: string; data?: { status?: string; round?: { status: string } } }[] = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    await expect.poll(() => received.some((m) => m.type === 'state')).toBe(true);
    expect(received[0]!.data!.round!.status).toBe('betting');
    clock += 5_000;
    await engine().tick();
    await expect
      .poll(() => received.some((m) => m.type === 'round' && m.data?.status === 'running'))
      .toBe(true);
    clock += msFor(engine().round!.crash_point_x100 + 1);
    await engine().tick();
    await expect
      .poll(() => received.some((m) => m.type === 'round' && m.data?.status === 'crashed'))
      .toBe(true);
    socket.close();
  });

  it('bonus first: bonus money stakes a Crash bet; a cash-out returns to the bonus, a loss spends it', async () => {
    const marketing = await staffMember(t, 'marketing');
    const promotion = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: marketing.headers,
      payload: {
        code: 'CRASHFIRST',
        kind: 'no_deposit',
        title: { en: 'Crash bonus' },
        fixed_amount: { EUR: 10_00 },
        wagering_multiplier: 5,
        wagering_base: 'bonus',
      },
    });
    expect(promotion.statusCode, promotion.body).toBe(200);
    await t.modules.bonus.service.spending.setSpendingOrder('bonus_first');
    try {
      const [rider, cautious] = await Promise.all([0, 1].map(() => fundedPlayer(t, 5_00n)));
      for (const player of [rider!, cautious!]) {
        const claim = await t.app.inject({
          method: 'POST',
          url: `/api/v1/customer/promotions/${promotion.json().data.id}/claim`,
          headers: bearer(player.token),
        });
        expect(claim.statusCode, claim.body).toBe(200);
      }
      const bonusOf = async (id: bigint) =>
        (await t.modules.ledger.service.playerBalances(id, 'EUR')).bonus.balance_minor;
      await engine().tick();
      expect(engine().round!.status).toBe('betting');
      expect((await bet(rider!.token, { amount: '10' })).statusCode).toBe(200);
      expect((await bet(cautious!.token, { amount: '10', auto_cashout: '1.01' })).statusCode).toBe(
        200,
      );
      // Both stakes left the bonus account; cash is untouched.
      expect(await bonusOf(rider!.id)).toBe(0n);
      expect(await cashOf(t, cautious!.id)).toBe(5_00n);
      clock += 5_000;
      await engine().tick();
      const point = engine().round!.crash_point_x100;
      clock += msFor(point + 1);
      await engine().tick();
      expect(engine().round).toBeNull();
      // The rider never cashed out: the bonus is spent and ends as lost; its stake is closed.
      const list = async (token: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/customer/bonuses',
            headers: bearer(token),
          })
        ).json().data;
      await expect.poll(async () => (await list(rider!.token))[0].status).toBe('lost');
      expect(await cashOf(t, rider!.id)).toBe(5_00n);
      // The cautious player's 1.01 cash-out (if the round got there) went back to the bonus.
      const expected = point >= 101 ? 10_10n : 0n;
      await expect.poll(() => bonusOf(cautious!.id)).toBe(expected);
      expect(await cashOf(t, cautious!.id)).toBe(5_00n);
      expect((await list(cautious!.token))[0]).toMatchObject({
        status: expected > 0n ? 'active' : 'lost',
      });
    } finally {
      await t.modules.bonus.service.spending.setSpendingOrder('cash_first');
    }
  });
});
let fundedPlayerToken = '';
beforeAll(async () => {
  fundedPlayerToken = (await fundedPlayer(t, 10_00n)).token;
});
