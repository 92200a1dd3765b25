import {
  ANDAR_BAHAR_FLOATS,
  andarBaharFromFloats,
  baccaratFromFloats,
  floats,
  PAIR_PLUS_PAYS_X100,
  recompute,
  teenPattiFromFloats,
} from '@casino/games';
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

const seedsOf = async (player_id: bigint) => {
  const seed = await activeSeed(t, player_id);
  return { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce };
};

describe('Teen Patti with real money', () => {
  it('deals from the seeds; Ante 1.98 for 1 at the 1 % edge, Pair Plus by the table; the wallet moves by the net', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const seeds = await seedsOf(player.id);
    const deal = teenPattiFromFloats(await floats(seeds, 6));
    const response = await post(
      t,
      player.token,
      '/originals/teen-patti/bet',
      withKey({ bets: { ante: '10', pair_plus: '2.50' } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const bet = response.json().data;
    const ante = deal.winner === 'player' ? 19_80n : deal.winner === 'tie' ? 10_00n : 0n;
    const pairPlus = (2_50n * BigInt(PAIR_PLUS_PAYS_X100[deal.player_hand])) / 100n;
    expect(bet).toMatchObject({
      game: 'teen-patti',
      amount: '12.50',
      edge_bp: 100,
      details: {
        player: deal.player.map((c) => c.index),
        dealer: deal.dealer.map((c) => c.index),
        player_hand: deal.player_hand,
        winner: deal.winner,
        chips: [
          { spot: 'ante', amount: '10.00' },
          { spot: 'pair_plus', amount: '2.50' },
        ],
      },
    });
    expect(bet.payout).toBe((Number(ante + pairPlus) / 100).toFixed(2));
    expect(await cashOf(t, player.id)).toBe(100_00n - 12_50n + ante + pairPlus);
  });

  it("follows the operator's edge: at 2 % the Ante pays 1.96 for 1", async () => {
    const owner = await staffMember(t, 'owner');
    const put = (game: string, edge_bp: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/casino/originals/settings/games/${game}`,
        headers: owner.headers,
        payload: { edge_bp },
      });
    expect((await put('teen-patti', 200)).statusCode).toBe(200);
    // The fixed tables refuse a setting, naming why.
    const fixed = await put('baccarat', 200);
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().message).toContain('fixed');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/casino/originals/settings',
      headers: owner.headers,
    });
    const games = listed.json().data.games as { game: string; edge_bp: number; fixed: boolean }[];
    expect(games.find((g) => g.game === 'baccarat')).toMatchObject({ edge_bp: 106, fixed: true });
    expect(games.find((g) => g.game === 'teen-patti')).toMatchObject({ fixed: false });
    try {
      for (let round = 0; round < 20; round++) {
        const player = await fundedPlayer(t, 10_00n);
        const seeds = await seedsOf(player.id);
        const deal = teenPattiFromFloats(await floats(seeds, 6));
        const response = await post(
          t,
          player.token,
          '/originals/teen-patti/bet',
          withKey({ bets: { ante: '1' } }),
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data.edge_bp).toBe(200);
        if (deal.winner !== 'player') continue;
        expect(response.json().data.payout).toBe('1.96');
        return;
      }
      throw new Error('no winning hand in 20 deals');
    } finally {
      expect((await put('teen-patti', 100)).statusCode).toBe(200);
    }
  });
});

describe('Baccarat, Dragon Tiger, Andar Bahar', () => {
  it('Baccarat: the coup of the seeds settles every chip (tie returns Player and Banker)', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const coup = baccaratFromFloats(await floats(await seedsOf(player.id), 6));
    const response = await post(
      t,
      player.token,
      '/originals/baccarat/bet',
      withKey({ bets: { player: '2', banker: '2', tie: '1', player_pair: '1' } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const bet = response.json().data;
    expect(bet.details).toMatchObject({
      player: coup.player.map((c) => c.index),
      banker: coup.banker.map((c) => c.index),
      winner: coup.winner,
    });
    const payout =
      (coup.winner === 'player' ? 4_00n : coup.winner === 'banker' ? 3_90n : 4_00n + 9_00n) +
      (coup.player_pair ? 12_00n : 0n);
    expect(await cashOf(t, player.id)).toBe(100_00n - 6_00n + payout);
  });

  it('Dragon Tiger and Andar Bahar: the recorded cards are the seeds’ cards', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const dt = await post(
      t,
      player.token,
      '/originals/dragon-tiger/bet',
      withKey({ bets: { dragon: '1', tie: '1' } }),
    );
    expect(dt.statusCode, dt.body).toBe(200);
    const seeds = await seedsOf(player.id);
    const deal = andarBaharFromFloats(await floats(seeds, ANDAR_BAHAR_FLOATS));
    const ab = await post(
      t,
      player.token,
      '/originals/andar-bahar/bet',
      withKey({ bets: { bahar: '1', '1-5': '1' } }),
    );
    expect(ab.statusCode, ab.body).toBe(200);
    expect(ab.json().data.details).toMatchObject({
      joker: deal.joker.index,
      winner: deal.winner,
      dealt: deal.dealt,
    });
    const won = (deal.winner === 'bahar' ? 2_00n : 0n) + (deal.dealt <= 5 ? 3_50n : 0n);
    const dragon = dt.json().data;
    expect(await cashOf(t, player.id)).toBe(
      100_00n - 4_00n + BigInt(Math.round(Number(dragon.payout) * 100)) + won,
    );
  });

  // Every original's bets in bulk: originals-verifier.test.ts. Here one deal per table, read
  // back as the player reads it (the history, with the seed revealed by the rotation).
  it("the history shows each table's deal and revealed seed, and the verifier agrees", async () => {
    const player = await fundedPlayer(t, 100_00n);
    const bodies: [string, object][] = [
      ['baccarat', { banker: '1' }],
      ['dragon-tiger', { tiger: '1' }],
      ['teen-patti', { ante: '1' }],
      ['andar-bahar', { andar: '1' }],
    ];
    for (const [game, bets] of bodies) {
      const r = await post(t, player.token, `/originals/${game}/bet`, withKey({ bets }));
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await post(t, player.token, '/fairness/rotate', {})).statusCode).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/bets',
      headers: bearer(player.token),
    });
    const bets = history.json().data as {
      game: 'baccarat' | 'dragon-tiger' | 'teen-patti' | 'andar-bahar';
      server_seed: string;
      client_seed: string;
      nonce: number;
      details: Record<string, unknown>;
    }[];
    expect(bets).toHaveLength(4);
    for (const bet of bets) {
      const { game: _game, ...cards } = await recompute(
        { serverSeed: bet.server_seed, clientSeed: bet.client_seed, nonce: bet.nonce },
        { game: bet.game },
      );
      expect(bet.details, `${bet.game} nonce ${bet.nonce}`).toMatchObject(cards);
    }
  });
});

describe('bad input and faults, every card table', () => {
  const tables = [
    ['baccarat', 'player'],
    ['dragon-tiger', 'dragon'],
    ['teen-patti', 'ante'],
    ['andar-bahar', 'bahar'],
  ] as const;

  it.each(tables)(
    '%s: refused with 4xx naming the problem; the wallet is untouched',
    async (game, spot) => {
      const player = await fundedPlayer(t, 10_00n);
      const url = `/originals/${game}/bet`;
      const cases: [object, number, string][] = [
        [{ bets: { [spot]: '1.001' } }, 422, `bets.${spot}`],
        [{ bets: { [spot]: '0' } }, 422, 'more than 0'],
        [{ bets: { [spot]: 'abc' } }, 422, `bets.${spot}`],
        [{ bets: {} }, 422, 'at least one'],
        [{ bets: { [spot]: '1', nowhere: '1' } }, 422, 'nowhere'],
        [{ bets: { [spot]: '11' } }, 409, 'balance'],
        [
          { bets: { [spot]: '6', tie: '6' } },
          game === 'baccarat' || game === 'dragon-tiger' ? 409 : 422,
          '',
        ],
      ];
      for (const [body, status, word] of cases) {
        const response = await post(t, player.token, url, withKey(body));
        expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
        expect(response.json().message.toLowerCase()).toContain(word.toLowerCase());
      }
      expect(await cashOf(t, player.id)).toBe(10_00n);
    },
  );

  it('above the max bet and a win above the max payout: 422, nothing moves', async () => {
    const owner = await staffMember(t, 'owner');
    const limits = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/casino/originals/settings/limits/EUR',
        headers: owner.headers,
        payload,
      });
    expect((await limits({ max_bet_minor: '500', max_payout_minor: '10000' })).statusCode).toBe(
      200,
    );
    try {
      const player = await fundedPlayer(t, 100_00n);
      for (const [game, bets, word] of [
        ['teen-patti', { ante: '3', pair_plus: '3' }, 'maximum bet'],
        ['baccarat', { tie: '5', banker: '0.01' }, 'maximum bet'],
        ['teen-patti', { pair_plus: '3' }, 'maximum payout'],
        ['andar-bahar', { '41-49': '1' }, 'maximum payout'],
      ] as const) {
        const response = await post(t, player.token, `/originals/${game}/bet`, withKey({ bets }));
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().message).toContain(word);
      }
      expect(await cashOf(t, player.id)).toBe(100_00n);
    } finally {
      await limits({ max_bet_minor: null, max_payout_minor: '10000000' });
    }
  });

  it('one round sent five times at once settles once', async () => {
    const player = await fundedPlayer(t, 10_00n);
    const body = withKey({ bets: { ante: '4' } });
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map(() => post(t, player.token, '/originals/teen-patti/bet', body)),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(responses.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const payout = BigInt(Math.round(Number(responses[0]!.json().data.payout) * 100));
    expect(await cashOf(t, player.id)).toBe(10_00n - 4_00n + payout);
  });
});
