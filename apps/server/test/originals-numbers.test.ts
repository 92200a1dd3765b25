import {
  floats,
  kenoFromFloats,
  kenoTable,
  rouletteCovers,
  roulettePocketFromFloat,
  rouletteReturns,
  wheelSegmentFromFloat,
  wheelTable,
} from '@casino/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { activeSeed, cashOf, fundedPlayer, post, withKey } from './originals-support.ts';
import { staffMember } from './staff-helpers.ts';

/** Keno, Wheel and European Roulette on the bet path: money, limits, refusals, the verifier. */
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

async function nextFloats(player_id: bigint, count: number) {
  const seed = await activeSeed(t, player_id);
  return floats(
    { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce },
    count,
  );
}
/** Bets that moved money (a stake the balance refused is kept as `refused`, nothing moved). */
const betsOf = async (player_id: bigint) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from casino_bets where player_id = ${player_id} and status <> 'refused'`.execute(
        t.db,
      )
    ).rows[0]!.n,
  );

describe('Keno', () => {
  it('draws 10 of 40 from the next nonce and pays the table for the hits', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const drawn = kenoFromFloats(await nextFloats(player.id, 10));
    const picks = [1, 2, 3, 4, 5, 36, 37, 38, 39, 40];
    const hits = picks.filter((n) => drawn.includes(n));
    const m = kenoTable(10, 'medium')[hits.length]!;
    const response = await post(
      t,
      player.token,
      '/originals/keno/bet',
      withKey({ amount: '2', picks, risk: 'medium' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const bet = response.json().data;
    expect(bet).toMatchObject({ game: 'keno', amount: '2.00', edge_bp: 100, state: 'settled' });
    expect(bet.details).toEqual({ picks, risk: 'medium', drawn, hits });
    const payout = (200n * BigInt(m)) / 10_000n;
    expect(bet.payout).toBe((Number(payout) / 100).toFixed(2));
    expect(await cashOf(t, player.id)).toBe(100_00n - 2_00n + payout);
  });
});

describe('Wheel', () => {
  it("lands on floor(f × segments) and pays the segment at the operator's edge", async () => {
    const owner = await staffMember(t, 'owner');
    const setEdge = (edge_bp: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/casino/originals/settings/games/wheel',
        headers: owner.headers,
        payload: { edge_bp },
      });
    expect((await setEdge(250)).statusCode).toBe(200);
    try {
      const player = await fundedPlayer(t, 100_00n);
      const [f] = await nextFloats(player.id, 1);
      const segment = wheelSegmentFromFloat(f!, 20);
      const m = wheelTable(20, 'medium', 250)[segment]!;
      const response = await post(
        t,
        player.token,
        '/originals/wheel/bet',
        withKey({ amount: '10', segments: 20, risk: 'medium' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const bet = response.json().data;
      expect(bet).toMatchObject({ game: 'wheel', edge_bp: 250 });
      expect(bet.details).toEqual({ segments: 20, risk: 'medium', segment });
      expect(await cashOf(t, player.id)).toBe(100_00n - 10_00n + (10_00n * BigInt(m)) / 10_000n);
    } finally {
      expect((await setEdge(100)).statusCode).toBe(200);
    }
  });
});

describe('European Roulette', () => {
  it('settles every chip of the slip on one pocket; its edge is fixed by the wheel', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const [f] = await nextFloats(player.id, 1);
    const pocket = roulettePocketFromFloat(f!);
    const chips = [
      { type: 'straight', numbers: [pocket], amount: '0.50' },
      { type: 'split', numbers: [0, 3], amount: '1' },
      { type: 'dozen', index: 2, amount: '1.25' },
      { type: 'red', amount: '2' },
      { type: 'corner', numbers: [1, 2, 4, 5], amount: '0.25' },
    ];
    const covers = chips.map((c) => rouletteCovers(c as never) as number[]);
    const amounts = [50n, 100n, 125n, 200n, 25n];
    const returns = rouletteReturns(
      covers.map((c, i) => ({ covers: c, amount_minor: amounts[i]! })),
      pocket,
    );
    const payout = returns.reduce((a, b) => a + b, 0n);
    const response = await post(t, player.token, '/originals/roulette/bet', withKey({ chips }));
    expect(response.statusCode, response.body).toBe(200);
    const bet = response.json().data;
    expect(bet).toMatchObject({ game: 'roulette', amount: '5.00', edge_bp: 270 });
    expect(bet.details.pocket).toBe(pocket);
    expect(bet.details.chips[0]).toMatchObject({
      type: 'straight',
      amount: '0.50',
      payout: '18.00',
    });
    expect(await cashOf(t, player.id)).toBe(100_00n - 5_00n + payout);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/bets',
      headers: bearer(player.token),
    });
    expect(history.json().data[0]).toMatchObject({ id: bet.id, game: 'roulette' });
    const edges = await t.app.inject({ method: 'GET', url: '/api/v1/casino/originals/settings' });
    expect(edges.json().data.edges).toMatchObject({ roulette: 270, keno: 100, wheel: 100 });
  });
});

describe('bad input and faults: refused with a 4xx, the wallet untouched', () => {
  const games = {
    keno: { url: '/originals/keno/bet', body: { picks: [7, 14], risk: 'low' } },
    wheel: { url: '/originals/wheel/bet', body: { segments: 10, risk: 'low' } },
    roulette: { url: '/originals/roulette/bet', body: {} },
  };
  /** Roulette's stake is its chips: one red chip of `amount`. */
  const bodyOf = (game: keyof typeof games, amount: string) =>
    game === 'roulette' ? { chips: [{ type: 'red', amount }] } : { ...games[game].body, amount };

  it.each(Object.keys(games) as (keyof typeof games)[])('%s', async (game) => {
    const player = await fundedPlayer(t, 10_00n);
    const send = (body: object) => post(t, player.token, games[game].url, withKey(body));
    const refusals: [string, object, number, string?][] = [
      ['too many decimals', bodyOf(game, '1.001'), 422],
      ['zero', bodyOf(game, '0'), 422],
      ['above the balance', bodyOf(game, '10.01'), 409, 'INSUFFICIENT_FUNDS'],
    ];
    if (game === 'keno') {
      refusals.push(['a square outside 1–40', { ...bodyOf(game, '1'), picks: [41] }, 422]);
      refusals.push(['the same square twice', { ...bodyOf(game, '1'), picks: [5, 5] }, 422]);
      refusals.push([
        '11 picks',
        { ...bodyOf(game, '1'), picks: [...Array(11).keys()].map((i) => i + 1) },
        422,
      ]);
    } else if (game === 'wheel') {
      refusals.push(['15 segments', { ...bodyOf(game, '1'), segments: 15 }, 422]);
      refusals.push(['60 segments', { ...bodyOf(game, '1'), segments: 60 }, 422]);
      refusals.push(['an unknown risk', { ...bodyOf(game, '1'), risk: 'extreme' }, 422]);
    } else {
      refusals.push(['37', { chips: [{ type: 'straight', numbers: [37], amount: '1' }] }, 422]);
      refusals.push([
        'a split not on the table',
        { chips: [{ type: 'split', numbers: [3, 4], amount: '1' }] },
        422,
      ]);
      refusals.push(['dozen 4', { chips: [{ type: 'dozen', index: 4, amount: '1' }] }, 422]);
      refusals.push(['no chips', { chips: [] }, 422]);
      refusals.push([
        'a second chip with too many decimals',
        {
          chips: [
            { type: 'red', amount: '1' },
            { type: 'odd', amount: '0.005' },
          ],
        },
        422,
      ]);
    }
    for (const [what, body, status, code] of refusals) {
      const response = await send(body);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(typeof response.json().message, what).toBe('string');
      if (code) expect(response.json().code, what).toBe(code);
    }
    // Above the max bet.
    const owner = await staffMember(t, 'owner');
    const limits = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/casino/originals/settings/limits/EUR',
        headers: owner.headers,
        payload,
      });
    expect((await limits({ max_bet_minor: '100', max_payout_minor: '1000000' })).statusCode).toBe(
      200,
    );
    try {
      const over = await send(bodyOf(game, '1.01'));
      expect(over.statusCode).toBe(422);
      expect(over.json().code).toBe('BET_OVER_LIMIT');
    } finally {
      // Back to the default payout cap with no max bet (the write clears the settings cache).
      await limits({ max_bet_minor: null, max_payout_minor: '10000000' });
    }
    expect(await cashOf(t, player.id)).toBe(10_00n);
    expect(await betsOf(player.id)).toBe(0);
  });

  it.each(Object.keys(games) as (keyof typeof games)[])(
    '%s: five concurrent requests of one round settle it once',
    async (game) => {
      const player = await fundedPlayer(t, 10_00n);
      const body = withKey(bodyOf(game, '3'));
      const responses = await Promise.all(
        [...Array(5)].map(() => post(t, player.token, games[game].url, body)),
      );
      for (const r of responses) expect(r.statusCode, r.body).toBe(200);
      const ids = new Set(responses.map((r) => r.json().data.id));
      expect(ids.size).toBe(1);
      expect(await betsOf(player.id)).toBe(1);
      const payout = BigInt(Math.round(Number(responses[0]!.json().data.payout) * 100));
      expect(await cashOf(t, player.id)).toBe(10_00n - 3_00n + payout);
    },
  );
});
