import { createHmac } from 'node:crypto';
import {
  type BlackjackAction,
  blackjackCards,
  blackjackDeal,
  cardPoints,
  floatsSync,
  hiloPayout,
  hiloRank,
  recompute,
} from '@casino/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOriginalsModule } from '../src/modules/casino/index.ts';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { cashOf, fundedPlayer, post, withKey } from './originals-support.ts';
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

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/customer/casino${url}`, headers: bearer(token) });
const act = (token: string, action: BlackjackAction, step?: number) =>
  post(t, token, '/originals/blackjack/action', { action, step });

/**
 * Rotates the player's seeds to a client seed under which the next round's cards (nonce 0 of the
 * new pair) satisfy `wanted`: the test knows the committed next server seed, as a player who
 * chooses their client seed after seeing its hash cannot.
 */
async function rig(token: string, player_id: bigint, wanted: (cards: number[]) => boolean) {
  const shown = (await get(token, '/fairness')).json().data;
  const next = await sql<{ server_seed: string }>`
    select server_seed from fair_seeds where player_id = ${player_id} and status = 'next'`.execute(
    t.db,
  );
  const serverSeed = next.rows[0]!.server_seed;
  for (let i = 0; i < 100_000; i++) {
    const clientSeed = `rig-${i}`;
    const cards = blackjackCards(floatsSync({ serverSeed, clientSeed, nonce: 0 }, 52, hmac));
    if (!wanted(cards)) continue;
    const rotated = await post(t, token, '/fairness/rotate', {
      client_seed: clientSeed,
      next_server_seed_hash: shown.next_server_seed_hash,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    return { cards, serverSeed, clientSeed };
  }
  throw new Error('no client seed found');
}

const rank = (card: number) => Math.floor(card / 4);
/** A pair of the same rank (not aces), the dealer showing neither an ace nor a ten. */
const splittable = (cards: number[]) =>
  rank(cards[0]!) === rank(cards[2]!) &&
  rank(cards[0]!) < 8 &&
  cardPoints(cards[1]!) >= 2 &&
  cardPoints(cards[1]!) <= 9;

describe('Blackjack', () => {
  it('a split hand with real money: two stakes, both hands settled, the verifier replays it', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const { serverSeed, clientSeed } = await rig(player.token, player.id, splittable);
    const start = await post(
      t,
      player.token,
      '/originals/blackjack/start',
      withKey({ amount: '10' }),
    );
    expect(start.statusCode, start.body).toBe(200);
    const dealt = start.json().data;
    expect(dealt).toMatchObject({ game: 'blackjack', state: 'active', edge_bp: 69 });
    expect(dealt.details.legal).toEqual(['hit', 'stand', 'double', 'split']);
    // The hole card is secret while the hand is open.
    expect(dealt.details.dealer.cards).toHaveLength(1);
    expect(await cashOf(t, player.id)).toBe(90_00n);
    // A rotation would reveal the cards.
    const rotate = await post(t, player.token, '/fairness/rotate', {});
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json().code).toBe('ROUND_IN_PROGRESS');

    const split = await act(player.token, 'split', 0);
    expect(split.statusCode, split.body).toBe(200);
    let view = split.json().data;
    expect(view.details.hands).toHaveLength(2);
    expect(await cashOf(t, player.id)).toBe(80_00n);
    // No double after a split.
    const doubled = await act(player.token, 'double');
    expect(doubled.statusCode).toBe(409);
    expect(doubled.json()).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(doubled.json().message).toContain('No double after a split');
    // The same decision sent twice (a double click): the second is stale.
    while (view.state === 'active') {
      const step = view.details.step;
      const stood = await act(player.token, 'stand', step);
      expect(stood.statusCode, stood.body).toBe(200);
      view = stood.json().data;
      if (view.state === 'active') {
        const again = await act(player.token, 'stand', step);
        expect(again.json().code).toBe('STALE_ACTION');
      }
    }
    expect(view.state).toBe('settled');
    expect(view.amount).toBe('20.00');
    expect(view.details.hands.map((h: { result: string }) => h.result)).toHaveLength(2);
    expect(await cashOf(t, player.id)).toBe(80_00n + BigInt(view.payout.replace('.', '')));
    // A second action on the finished hand.
    const late = await act(player.token, 'hit');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NO_ACTIVE_ROUND');

    const history = (await get(player.token, '/bets')).json().data;
    expect(history[0]).toMatchObject({ id: view.id, game: 'blackjack', state: 'settled' });
    const replay = await recompute(
      { serverSeed, clientSeed, nonce: 0 },
      { game: 'blackjack', actions: view.details.actions },
    );
    if (replay.game !== 'blackjack') throw new Error('game');
    expect(replay.round.hands.map((h) => h.cards)).toEqual(
      view.details.hands.map((h: { cards: number[] }) => h.cards),
    );
    expect(replay.round.dealer).toEqual(view.details.dealer.cards);
  });

  it('refuses out of turn, split aces taking more cards, and insurance only when offered', async () => {
    const player = await fundedPlayer(t, 100_00n);
    // The dealer shows an ace (insurance first), the player holds two aces.
    await rig(
      player.token,
      player.id,
      (cards) =>
        rank(cards[1]!) === 12 &&
        rank(cards[0]!) === 12 &&
        rank(cards[2]!) === 12 &&
        cardPoints(cards[3]!) !== 10,
    );
    const start = await post(
      t,
      player.token,
      '/originals/blackjack/start',
      withKey({ amount: '10' }),
    );
    expect(start.json().data.details).toMatchObject({
      phase: 'insurance',
      legal: ['insurance', 'no_insurance'],
    });
    const early = await act(player.token, 'hit');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ACTION_NOT_ALLOWED');
    expect(await cashOf(t, player.id)).toBe(90_00n);
    const insured = await act(player.token, 'insurance');
    expect(insured.statusCode, insured.body).toBe(200);
    expect(await cashOf(t, player.id)).toBe(85_00n);
    const twice = await act(player.token, 'insurance');
    expect(twice.json().code).toBe('ACTION_NOT_ALLOWED');
    const split = await act(player.token, 'split');
    expect(split.statusCode, split.body).toBe(200);
    const done = split.json().data;
    // Split aces: one card each, then the dealer plays; no card more.
    expect(done.state).toBe('settled');
    expect(done.details.hands.map((h: { cards: number[] }) => h.cards.length)).toEqual([2, 2]);
    expect(done.amount).toBe('25.00');
    const hit = await act(player.token, 'hit');
    expect(hit.json().code).toBe('NO_ACTIVE_ROUND');
    expect(await cashOf(t, player.id)).toBe(75_00n + BigInt(done.payout.replace('.', '')));
  });

  it('a hand open at a restart resumes exactly; a double staked when the process died is finished once', async () => {
    const player = await fundedPlayer(t, 100_00n);
    await rig(
      player.token,
      player.id,
      (cards) =>
        blackjackDeal(cards).phase === 'player' &&
        rank(cards[0]!) !== rank(cards[2]!) &&
        cardPoints(cards[1]!) !== 1,
    );
    const start = await post(
      t,
      player.token,
      '/originals/blackjack/start',
      withKey({ amount: '10' }),
    );
    const before = start.json().data;
    // A new process: nothing in memory, the same database.
    const restarted = createOriginalsModule({
      db: t.db,
      currencies: t.modules.currencies.service,
      wagers: t.modules.wagers.service,
      env: 'test',
      log: () => {},
    });
    const playerRow = { id: player.id, currency_id: await currencyIdOf(player.id) };
    const resumed = await restarted.cards.blackjackActive(playerRow);
    expect(resumed).toEqual(before);
    // The process died between recording a double and staking it: the sweep finishes it once.
    await sql`update casino_bets set outcome = jsonb_set(outcome, '{pending}', ${JSON.stringify({
      action: 'double',
      key: `casino-bet:${before.id}:double:0`,
      amount_minor: '1000',
      reference: `casino:${player.id}:${before.id}:double:0`,
    })}::jsonb) where id = ${BigInt(before.id)}`.execute(t.db);
    expect(await restarted.service.sweep(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await restarted.service.sweep(new Date(Date.now() + 60_000))).toBe(0);
    const after = (await get(player.token, '/bets')).json().data[0];
    expect(after).toMatchObject({ id: before.id, state: 'settled', amount: '20.00' });
    expect(after.details.actions).toEqual(['double']);
    expect(await cashOf(t, player.id)).toBe(80_00n + BigInt(after.payout.replace('.', '')));
  });

  it('two doubles at once: exactly one applies, one extra stake', async () => {
    const player = await fundedPlayer(t, 100_00n);
    await rig(
      player.token,
      player.id,
      (cards) => blackjackDeal(cards).phase === 'player' && cardPoints(cards[1]!) !== 1,
    );
    await post(t, player.token, '/originals/blackjack/start', withKey({ amount: '10' }));
    const responses = await Promise.all([act(player.token, 'double'), act(player.token, 'double')]);
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const other = responses.find((r) => r.statusCode !== 200)!;
    expect(other.statusCode).toBe(409);
    expect(['ACTION_IN_PROGRESS', 'NO_ACTIVE_ROUND', 'ACTION_NOT_ALLOWED']).toContain(
      other.json().code,
    );
    const done = ok[0]!.json().data;
    expect(done).toMatchObject({ state: 'settled', amount: '20.00' });
    expect(await cashOf(t, player.id)).toBe(80_00n + BigInt(done.payout.replace('.', '')));
  });
});

describe('Blackjack extra stakes against the max bet (decision 0561)', () => {
  const maxBet = (max_bet_minor: bigint | null) =>
    t.modules.originals.settings.setGameLimits(
      'blackjack',
      'EUR',
      { min_bet_minor: null, max_bet_minor, max_payout_minor: null },
      'test',
    );

  it("a double or a split bringing the round's stakes above the max bet is refused, the wallet untouched; at the max it is taken", async () => {
    const player = await fundedPlayer(t, 100_00n);
    await rig(player.token, player.id, splittable);
    await maxBet(19_99n);
    try {
      await post(t, player.token, '/originals/blackjack/start', withKey({ amount: '10' }));
      for (const action of ['double', 'split'] as const) {
        const over = await act(player.token, action, 0);
        expect(over.statusCode, over.body).toBe(422);
        expect(over.json().code).toBe('BET_OVER_LIMIT');
        expect(over.json().message).toContain("round's stakes to 20.00 EUR");
        expect(over.json().message).toContain('maximum bet of 19.99 EUR');
      }
      expect(await cashOf(t, player.id)).toBe(90_00n);
      const open = (await get(player.token, '/originals/blackjack/active')).json().data;
      expect(open).toMatchObject({ state: 'active', amount: '10.00' });
      expect(open.details.actions).toEqual([]);
      await maxBet(20_00n);
      const split = await act(player.token, 'split', 0);
      expect(split.statusCode, split.body).toBe(200);
      expect(split.json().data.amount).toBe('20.00');
      expect(await cashOf(t, player.id)).toBe(80_00n);
    } finally {
      await maxBet(null);
    }
  });

  it('insurance counts toward the same total', async () => {
    const player = await fundedPlayer(t, 100_00n);
    await rig(
      player.token,
      player.id,
      (cards) => rank(cards[1]!) === 12 && !(cardPoints(cards[0]!) + cardPoints(cards[2]!) === 11),
    );
    await maxBet(14_99n);
    try {
      await post(t, player.token, '/originals/blackjack/start', withKey({ amount: '10' }));
      const over = await act(player.token, 'insurance');
      expect(over.statusCode, over.body).toBe(422);
      expect(over.json()).toMatchObject({ code: 'BET_OVER_LIMIT' });
      expect(over.json().message).toContain('15.00 EUR');
      expect(await cashOf(t, player.id)).toBe(90_00n);
      // Declining costs nothing and is never refused.
      expect((await act(player.token, 'no_insurance')).statusCode).toBe(200);
    } finally {
      await maxBet(null);
    }
  });
});

describe('HiLo', () => {
  it('start, one guess, cash out: paid (1 − edge) × 13 / k; two cash-outs at once pay once', async () => {
    const player = await fundedPlayer(t, 100_00n);
    // A start card from 3 to Q and a next card that is higher.
    const { cards } = await rig(player.token, player.id, (cs) => {
      const a = hiloRank(cs[0]!);
      return a >= 3 && a <= 12 && hiloRank(cs[1]!) > a;
    });
    const start = await post(t, player.token, '/originals/hilo/start', withKey({ amount: '10' }));
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.details).toMatchObject({ cards: [cards[0]], can_cash_out: false });
    const early = await post(t, player.token, '/originals/hilo/cashout', {});
    expect(early.json().code).toBe('ACTION_NOT_ALLOWED');
    const guess = await post(t, player.token, '/originals/hilo/guess', {
      guess: 'higher',
      step: 0,
    });
    expect(guess.statusCode, guess.body).toBe(200);
    expect(guess.json().data.details).toMatchObject({ cards: [cards[0], cards[1]], step: 1 });
    const k = 13 - hiloRank(cards[0]!);
    const cashouts = await Promise.all([
      post(t, player.token, '/originals/hilo/cashout', {}),
      post(t, player.token, '/originals/hilo/cashout', {}),
    ]);
    expect(cashouts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = cashouts.find((r) => r.statusCode === 200)!.json().data;
    const paid = hiloPayout(10_00n, [k], 100);
    expect(done).toMatchObject({ state: 'settled', won: true });
    expect(BigInt(done.payout.replace('.', ''))).toBe(paid);
    expect(await cashOf(t, player.id)).toBe(90_00n + paid);
  });

  it('impossible guesses and bad stakes are refused; the wallet is untouched', async () => {
    const player = await fundedPlayer(t, 20_00n);
    for (const path of ['/originals/hilo/start', '/originals/blackjack/start']) {
      const decimals = await post(t, player.token, path, withKey({ amount: '1.001' }));
      expect(decimals.statusCode).toBe(422);
      expect(decimals.json().message).toContain('amount');
      const balance = await post(t, player.token, path, withKey({ amount: '25' }));
      expect(balance.statusCode).toBe(409);
      expect(balance.json().code).toBe('INSUFFICIENT_FUNDS');
    }
    await t.modules.originals.settings.setLimits(
      'EUR',
      { max_bet_minor: 5_00n, max_payout_minor: 100_000_00n },
      'test',
    );
    try {
      for (const path of ['/originals/hilo/start', '/originals/blackjack/start']) {
        const over = await post(t, player.token, path, withKey({ amount: '6' }));
        expect(over.statusCode).toBe(422);
        expect(over.json().code).toBe('BET_OVER_LIMIT');
      }
    } finally {
      await sql`delete from originals_limits where currency = 'EUR'`.execute(t.db);
      // Any write clears the settings cache: the next bets see no limit again.
      await t.modules.originals.settings.setEdge('hilo', 100, 'test');
    }
    expect(await cashOf(t, player.id)).toBe(20_00n);
    await rig(player.token, player.id, (cs) => hiloRank(cs[0]!) === 13);
    await post(t, player.token, '/originals/hilo/start', withKey({ amount: '1' }));
    const higher = await post(t, player.token, '/originals/hilo/guess', { guess: 'higher' });
    expect(higher.statusCode).toBe(409);
    expect(higher.json()).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(higher.json().message).toContain('king');
    expect(await cashOf(t, player.id)).toBe(19_00n);
  });
});

describe('back office', () => {
  it("lists HiLo's edge (a setting) and Blackjack's (fixed by its rules: refused)", async () => {
    const owner = await staffMember(t, 'owner');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/casino/originals/settings',
      headers: owner.headers,
    });
    const games = listed.json().data.games as { game: string; edge_bp: number }[];
    expect(games).toContainEqual(expect.objectContaining({ game: 'hilo', edge_bp: 100 }));
    expect(games).toContainEqual(expect.objectContaining({ game: 'blackjack', edge_bp: 69 }));
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/casino/originals/settings/games/blackjack',
      headers: owner.headers,
      payload: { edge_bp: 100 },
    });
    expect(set.statusCode).toBeGreaterThanOrEqual(400);
    expect(set.statusCode).toBeLessThan(500);
  });
});

async function currencyIdOf(player_id: bigint): Promise<number | null> {
  const rows = await sql<{
    currency_id: number | null;
  }>`select currency_id from players where id = ${player_id}`.execute(t.db);
  return rows.rows[0]!.currency_id;
}
