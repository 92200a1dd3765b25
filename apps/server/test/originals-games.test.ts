import { floats, limboFromFloat, MINES_TILES, minesFromFloats, recompute } from '@casino/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { activeSeed, cashOf, fundedPlayer, post, withKey } from './originals-support.ts';
import { staffMember } from './staff-helpers.ts';

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

async function minesOf(player_id: bigint, mines: number) {
  const seed = await activeSeed(t, player_id);
  const fs = await floats(
    { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce },
    MINES_TILES - 1,
  );
  return minesFromFloats(fs, mines);
}

describe('Limbo', () => {
  it('pays amount × target when the result reaches it; the result recomputes after rotation', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const seed = await activeSeed(t, player.id);
    const f = (
      await floats({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: 0 }, 1)
    )[0]!;
    const expected = limboFromFloat(f, 100);
    const response = await post(
      t,
      player.token,
      '/originals/limbo/bet',
      withKey({ amount: '10', target: '1.50' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const bet = response.json().data;
    const won = expected >= 150;
    expect(bet).toMatchObject({
      game: 'limbo',
      target: '1.50',
      multiplier: '1.5000',
      won,
      edge_bp: 100,
    });
    expect(Math.round(Number(bet.details.result) * 100)).toBe(expected);
    expect(await cashOf(t, player.id)).toBe(won ? 105_00n : 90_00n);
  });

  it('refuses bad input with a clear message and moves nothing', async () => {
    const player = await fundedPlayer(t, 10_00n);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '1', target: '1.00' }, 'target'],
      [{ amount: '1', target: '2.001' }, 'target'],
      [{ amount: '1', target: 'abc' }, 'target'],
      [{ amount: '-1', target: '2' }, 'amount'],
      [{ amount: '1.001', target: '2' }, 'amount'],
      [{ amount: '9', target: '1000000' }, 'maximum payout'],
    ];
    for (const [body, word] of cases) {
      const response = await post(t, player.token, '/originals/limbo/bet', withKey(body));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toContain(word);
    }
    expect(await cashOf(t, player.id)).toBe(10_00n);
  });
});

describe('Plinko', () => {
  it("drops through `rows` pegs; pays the bucket's multiplier of the published table", async () => {
    const player = await fundedPlayer(t, 100_00n);
    const seed = await activeSeed(t, player.id);
    const draw = await recompute(
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: 0 },
      { game: 'plinko', rows: 16, risk: 'high' },
    );
    const response = await post(
      t,
      player.token,
      '/originals/plinko/bet',
      withKey({ amount: '1', rows: 16, risk: 'high' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const bet = response.json().data;
    expect(draw.game === 'plinko' && bet.details.bucket).toBe(
      draw.game === 'plinko' && draw.bucket,
    );
    const table = [
      100000, 13000, 2600, 900, 400, 200, 20, 20, 20, 20, 20, 200, 400, 900, 2600, 13000, 100000,
    ];
    const m = table[bet.details.bucket]!;
    expect(bet.multiplier).toBe(`${Math.floor(m / 100)}.${String(m % 100).padStart(2, '0')}00`);
    expect(await cashOf(t, player.id)).toBe(100_00n - 1_00n + BigInt(m));
  });

  it('refuses rows outside 8–16 and unknown risks (422 naming the field)', async () => {
    const player = await fundedPlayer(t, 10_00n);
    for (const body of [
      { amount: '1', rows: 7, risk: 'low' },
      { amount: '1', rows: 17, risk: 'low' },
      { amount: '1', rows: 8, risk: 'extreme' },
      { amount: '1', rows: 8.5, risk: 'low' },
    ]) {
      const response = await post(t, player.token, '/originals/plinko/bet', withKey(body));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toMatch(/rows|risk/);
    }
    expect(await cashOf(t, player.id)).toBe(10_00n);
  });
});

describe('Mines', () => {
  it('start, reveal gems, survive a reload, cash out: the win through the ledger', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const mines = await minesOf(player.id, 3);
    const start = await post(
      t,
      player.token,
      '/originals/mines/start',
      withKey({ amount: '10', mines: 3 }),
    );
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data).toMatchObject({
      state: 'active',
      details: { mines: 3, revealed: [], mine_positions: null },
    });
    expect(await cashOf(t, player.id)).toBe(90_00n);
    const safe = [...Array(25).keys()].filter((tile) => !mines.includes(tile));
    for (const tile of safe.slice(0, 2)) {
      const reveal = await post(t, player.token, '/originals/mines/reveal', { tile });
      expect(reveal.statusCode, reveal.body).toBe(200);
    }
    // A reload: the round is still there, mines still secret.
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/originals/mines/active',
      headers: bearer(player.token),
    });
    expect(active.json().data).toMatchObject({
      state: 'active',
      details: { revealed: safe.slice(0, 2), mine_positions: null },
    });
    // No rotation while the round is open: it would reveal the mines.
    const rotate = await post(t, player.token, '/fairness/rotate', {});
    expect(rotate.statusCode).toBe(409);
    const twice = await post(t, player.token, '/originals/mines/reveal', { tile: safe[0] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toContain('already revealed');
    const second = await post(
      t,
      player.token,
      '/originals/mines/start',
      withKey({ amount: '1', mines: 3 }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ROUND_IN_PROGRESS');
    const cashout = await post(t, player.token, '/originals/mines/cashout');
    expect(cashout.statusCode, cashout.body).toBe(200);
    const done = cashout.json().data;
    // 0.99 × C(25,2) / C(22,2) = 1.2857…
    expect(done).toMatchObject({
      state: 'settled',
      won: true,
      payout: '12.85',
      multiplier: '1.2857',
    });
    expect([...done.details.mine_positions].sort()).toEqual([...mines].sort());
    expect(await cashOf(t, player.id)).toBe(102_85n);
    const none = await post(t, player.token, '/originals/mines/cashout');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_ACTIVE_ROUND');
  });

  it('a mine ends the round with nothing paid; cash-out before any gem is refused', async () => {
    const player = await fundedPlayer(t, 20_00n);
    const mines = await minesOf(player.id, 5);
    expect(
      (await post(t, player.token, '/originals/mines/start', withKey({ amount: '10', mines: 5 })))
        .statusCode,
    ).toBe(200);
    const early = await post(t, player.token, '/originals/mines/cashout');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain('Reveal at least one tile');
    const boom = await post(t, player.token, '/originals/mines/reveal', { tile: mines[0] });
    expect(boom.json().data).toMatchObject({
      state: 'settled',
      won: false,
      payout: '0.00',
      details: { busted: true },
    });
    expect(await cashOf(t, player.id)).toBe(10_00n);
    for (const body of [{ amount: '1', mines: 0 }, { amount: '1', mines: 25 }, { amount: '1' }]) {
      const bad = await post(t, player.token, '/originals/mines/start', withKey(body));
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toContain('mines');
    }
    const tile = await post(t, player.token, '/originals/mines/reveal', { tile: 25 });
    expect(tile.statusCode).toBe(422);
  });

  it('concurrent starts exceeding the balance: exactly one succeeds, the balance never goes below 0', async () => {
    for (let round = 0; round < 10; round++) {
      const player = await fundedPlayer(t, 10_00n);
      const responses = await Promise.all(
        [0, 1, 2].map(() =>
          post(t, player.token, '/originals/mines/start', withKey({ amount: '6', mines: 3 })),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of responses.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBe(409);
      expect(await cashOf(t, player.id)).toBe(4_00n);
    }
  });
});

describe('Limbo: concurrent bets exceeding the balance', () => {
  it('exactly one is taken (the target is so high a win is ~1 in 10,000)', async () => {
    for (let round = 0; round < 10; round++) {
      const player = await fundedPlayer(t, 10_00n);
      const responses = await Promise.all(
        [0, 1].map(() =>
          post(t, player.token, '/originals/limbo/bet', withKey({ amount: '6', target: '9900' })),
        ),
      );
      const ok = responses.filter((r) => r.statusCode === 200);
      if (ok.some((r) => r.json().data.won)) continue;
      expect(ok).toHaveLength(1);
      const refused = responses.find((r) => r.statusCode !== 200)!;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
      expect(await cashOf(t, player.id)).toBe(4_00n);
    }
  });
});

describe('operator settings', () => {
  it('house edge per game and limits per currency apply to the next bet; bad values are refused', async () => {
    const owner = await staffMember(t, 'owner');
    const put = (url: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/casino/originals/settings${url}`,
        headers: owner.headers,
        payload: payload as object,
      });
    expect((await put('/games/limbo', { edge_bp: 5000 })).statusCode).toBe(422);
    expect((await put('/games/roulette', { edge_bp: 100 })).statusCode).toBe(422);
    expect(
      (await put('/limits/XXX', { max_bet_minor: '1', max_payout_minor: '1' })).statusCode,
    ).toBe(404);
    expect((await put('/games/limbo', { edge_bp: 300 })).statusCode).toBe(200);
    const player = await fundedPlayer(t, 100_00n);
    const seed = await activeSeed(t, player.id);
    const f = (
      await floats({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: 0 }, 1)
    )[0]!;
    const bet = (
      await post(t, player.token, '/originals/limbo/bet', withKey({ amount: '1', target: '2' }))
    ).json().data;
    expect(bet.edge_bp).toBe(300);
    expect(Math.round(Number(bet.details.result) * 100)).toBe(limboFromFloat(f, 300));
    const dice = (
      await post(
        t,
        player.token,
        '/originals/dice/bet',
        withKey({ amount: '1', target: '50', direction: 'over' }),
      )
    ).json().data;
    expect(dice.multiplier).toBe('1.9800');

    expect(
      (await put('/limits/EUR', { max_bet_minor: '500', max_payout_minor: '2000' })).statusCode,
    ).toBe(200);
    const tooBig = await post(
      t,
      player.token,
      '/originals/plinko/bet',
      withKey({ amount: '6', rows: 8, risk: 'low' }),
    );
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toMatchObject({ code: 'BET_OVER_LIMIT' });
    expect(tooBig.json().message).toContain('5.00 EUR');
    const payout = await post(
      t,
      player.token,
      '/originals/limbo/bet',
      withKey({ amount: '5', target: '5' }),
    );
    expect(payout.json()).toMatchObject({ code: 'PAYOUT_OVER_LIMIT' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/casino/originals/settings',
      headers: owner.headers,
    });
    expect(listed.json().data.limits).toEqual([
      expect.objectContaining({ currency: 'EUR', max_bet_minor: '500', max_payout_minor: '2000' }),
    ]);
    const support = await staffMember(t, 'support');
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/casino/originals/settings/games/dice',
      headers: support.headers,
      payload: { edge_bp: 0 },
    });
    expect(denied.statusCode).toBe(403);
    await sql`delete from originals_limits`.execute(t.db);
    expect((await put('/games/limbo', { edge_bp: 100 })).statusCode).toBe(200);
  });
});
