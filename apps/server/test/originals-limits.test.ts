import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { cashOf, fundedPlayer, post, withKey } from './originals-support.ts';
import { staffMember } from './staff-helpers.ts';

/**
 * The operator's limits per game and currency on every original's bet path, and the bad-input
 * table every original meets: one row per game, so a new original joins by adding its row.
 */
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  headers = (await staffMember(t, 'owner')).headers;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const setGameLimits = (game: string, currency: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/casino/originals/settings/games/${game}/limits/${currency}`,
    headers,
    payload,
  });
const NO_LIMITS = { min_bet_minor: null, max_bet_minor: null, max_payout_minor: null };
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

/** Every original's bet route: its body for a stake, and a body with a parameter out of range. */
const ORIGINALS: Record<string, { url: string; body: (amount: string) => object; bad: object }> = {
  dice: {
    url: '/originals/dice/bet',
    body: (amount) => ({ amount, target: '50', direction: 'over' }),
    bad: { amount: '1', target: '100', direction: 'over' },
  },
  limbo: {
    url: '/originals/limbo/bet',
    body: (amount) => ({ amount, target: '2' }),
    bad: { amount: '1', target: '0.5' },
  },
  plinko: {
    url: '/originals/plinko/bet',
    body: (amount) => ({ amount, rows: 8, risk: 'low' }),
    bad: { amount: '1', rows: 20, risk: 'low' },
  },
  mines: {
    url: '/originals/mines/start',
    body: (amount) => ({ amount, mines: 3 }),
    bad: { amount: '1', mines: 25 },
  },
  keno: {
    url: '/originals/keno/bet',
    body: (amount) => ({ amount, picks: [7, 14], risk: 'low' }),
    bad: { amount: '1', picks: [41], risk: 'low' },
  },
  wheel: {
    url: '/originals/wheel/bet',
    body: (amount) => ({ amount, segments: 10, risk: 'low' }),
    bad: { amount: '1', segments: 15, risk: 'low' },
  },
  roulette: {
    url: '/originals/roulette/bet',
    body: (amount) => ({ chips: [{ type: 'red', amount }] }),
    bad: { chips: [{ type: 'straight', numbers: [37], amount: '1' }] },
  },
  baccarat: {
    url: '/originals/baccarat/bet',
    body: (amount) => ({ bets: { banker: amount } }),
    bad: { bets: { nowhere: '1' } },
  },
  'dragon-tiger': {
    url: '/originals/dragon-tiger/bet',
    body: (amount) => ({ bets: { dragon: amount } }),
    bad: { bets: { nowhere: '1' } },
  },
  'teen-patti': {
    url: '/originals/teen-patti/bet',
    body: (amount) => ({ bets: { ante: amount } }),
    bad: { bets: { nowhere: '1' } },
  },
  'andar-bahar': {
    url: '/originals/andar-bahar/bet',
    body: (amount) => ({ bets: { andar: amount } }),
    bad: { bets: { nowhere: '1' } },
  },
};

describe('per-game limits', () => {
  it("override the currency's where set, fall back where not, show in the panel and are audited", async () => {
    const player = await fundedPlayer(t, 50_00n);
    expect(
      (
        await setGameLimits('dice', 'EUR', {
          ...NO_LIMITS,
          min_bet_minor: '100',
          max_bet_minor: '500',
        })
      ).statusCode,
    ).toBe(200);
    try {
      const dice = (amount: string) =>
        post(t, player.token, '/originals/dice/bet', withKey(ORIGINALS.dice!.body(amount)));
      const under = await dice('0.99');
      expect(under.statusCode).toBe(422);
      expect(under.json().code).toBe('BET_UNDER_LIMIT');
      expect(under.json().message).toContain('minimum bet is 1.00 EUR');
      expect(under.json().message).toContain('0.99 EUR');
      const over = await dice('5.01');
      expect(over.json()).toMatchObject({ code: 'BET_OVER_LIMIT' });
      expect(over.json().message).toContain('maximum bet is 5.00 EUR');
      expect(await cashOf(t, player.id)).toBe(50_00n);
      expect((await dice('5')).statusCode).toBe(200);
      // Limbo has no row of its own: the currency's limits (none) apply.
      const limbo = await post(
        t,
        player.token,
        '/originals/limbo/bet',
        withKey({ amount: '0.5', target: '2' }),
      );
      expect(limbo.statusCode, limbo.body).toBe(200);
      // Crash reads the same limits before the round's state.
      expect(
        (await setGameLimits('crash', 'EUR', { ...NO_LIMITS, min_bet_minor: '200' })).statusCode,
      ).toBe(200);
      const crash = await post(t, player.token, '/crash/bet', withKey({ amount: '1' }));
      expect(crash.json().code).toBe('BET_UNDER_LIMIT');

      const panel = await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer/casino/originals/limits',
        headers: bearer(player.token),
      });
      expect(panel.statusCode).toBe(200);
      expect(panel.json().data.currency).toBe('EUR');
      expect(panel.json().data.games.dice).toMatchObject({ min_bet: '1.00', max_bet: '5.00' });
      expect(panel.json().data.games.limbo).toMatchObject({ min_bet: null, max_bet: null });

      const admin = await t.app.inject({
        method: 'GET',
        url: '/api/admin/casino/originals/settings',
        headers,
      });
      expect(admin.json().data.game_limits).toContainEqual(
        expect.objectContaining({ game: 'dice', currency: 'EUR', min_bet_minor: '100' }),
      );
      const audited = await sql<{
        action: string;
      }>`select action from audit_log where action = 'originals.game_limits.update' and target_id = 'dice:EUR'`.execute(
        t.db,
      );
      expect(audited.rows.length).toBeGreaterThan(0);
    } finally {
      await setGameLimits('dice', 'EUR', NO_LIMITS);
      await setGameLimits('crash', 'EUR', NO_LIMITS);
    }
    // Removed: the dice follows the currency again.
    const small = await post(
      t,
      player.token,
      '/originals/dice/bet',
      withKey(ORIGINALS.dice!.body('0.5')),
    );
    expect(small.statusCode, small.body).toBe(200);
  });

  it("Roulette: the slip's total, inside and outside chips together, is the stake the max bet caps", async () => {
    const player = await fundedPlayer(t, 50_00n);
    expect(
      (await setGameLimits('roulette', 'EUR', { ...NO_LIMITS, max_bet_minor: '500' })).statusCode,
    ).toBe(200);
    try {
      const spin = (chips: object[]) =>
        post(t, player.token, '/originals/roulette/bet', withKey({ chips }));
      // Each chip is within the max; together they are not.
      const over = await spin([
        { type: 'straight', numbers: [17], amount: '2' },
        { type: 'split', numbers: [17, 20], amount: '1' },
        { type: 'red', amount: '2.01' },
      ]);
      expect(over.statusCode, over.body).toBe(422);
      expect(over.json().code).toBe('BET_OVER_LIMIT');
      expect(over.json().message).toContain('maximum bet is 5.00 EUR; 5.01 EUR is above it');
      expect(await cashOf(t, player.id)).toBe(50_00n);
      expect(await betsOf(player.id)).toBe(0);
      const at = await spin([
        { type: 'straight', numbers: [17], amount: '2' },
        { type: 'red', amount: '3' },
      ]);
      expect(at.statusCode, at.body).toBe(200);
      expect(at.json().data.amount).toBe('5.00');
    } finally {
      await setGameLimits('roulette', 'EUR', NO_LIMITS);
    }
  });

  it('refuses nonsense limits with a message naming the field', async () => {
    const cases: [string, string, object, number][] = [
      ['dice', 'EUR', { ...NO_LIMITS, min_bet_minor: '600', max_bet_minor: '500' }, 422],
      ['dice', 'EUR', { ...NO_LIMITS, max_bet_minor: '0' }, 422],
      ['dice', 'EUR', { ...NO_LIMITS, max_bet_minor: '1.5' }, 400],
      ['dice', 'XXX', { ...NO_LIMITS, max_bet_minor: '100' }, 404],
      ['poker', 'EUR', { ...NO_LIMITS, max_bet_minor: '100' }, 400],
    ];
    for (const [game, currency, body, status] of cases) {
      const response = await setGameLimits(game, currency, body);
      expect(
        response.statusCode,
        `${game} ${JSON.stringify(body)}: ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect([status, 422, 400]).toContain(response.statusCode);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe.each(Object.entries(ORIGINALS))('%s: bad input', (game, original) => {
  it('too many decimals, above the game max bet, above the balance, out of range: 4xx, wallet untouched; a repeated request settles once', async () => {
    const player = await fundedPlayer(t, 2_50n);
    expect(
      (await setGameLimits(game, 'EUR', { ...NO_LIMITS, max_bet_minor: '300' })).statusCode,
    ).toBe(200);
    try {
      const refusals: [string, object, string?][] = [
        ['too many decimals', original.body('1.001')],
        ['above the max bet', original.body('3.01'), 'maximum bet is 3.00 EUR'],
        ['above the balance', original.body('2.51')],
        ['out of range', original.bad],
      ];
      for (const [what, body, words] of refusals) {
        const response = await post(t, player.token, original.url, withKey(body));
        expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
        expect(typeof response.json().message, what).toBe('string');
        if (words) expect(response.json().message, what).toContain(words);
      }
      expect(await cashOf(t, player.id)).toBe(2_50n);
      expect(await betsOf(player.id)).toBe(0);

      const once = withKey(original.body('1'));
      const responses = await Promise.all(
        [0, 1, 2].map(() => post(t, player.token, original.url, once)),
      );
      for (const r of responses) expect(r.statusCode, r.body).toBe(200);
      expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
      expect(await betsOf(player.id)).toBe(1);
    } finally {
      await setGameLimits(game, 'EUR', NO_LIMITS);
    }
  });
});
