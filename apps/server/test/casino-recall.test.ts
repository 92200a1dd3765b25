import { recompute } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { fundedPlayer, post, withKey } from './originals-support.ts';
import { call, launched } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
});
afterAll(async () => {
  await expectLedgerConsistent(t.db);
  await t.close();
});

const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/customer/casino${url}`, headers: bearer(token) });

describe('round recall: a page for every casino bet', () => {
  it('answers the player’s own bet only (404 for another’s), and verifies once the seed is rotated', async () => {
    const player = await fundedPlayer(t, 50_00n);
    const placed = await post(
      t,
      player.token,
      '/originals/dice/bet',
      withKey({ amount: '1.00', target: '50.50', direction: 'over' }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as string;

    const statement = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/transections?type=bet',
      headers: bearer(player.token),
    });
    expect(statement.json().data.items[0].bet).toEqual({
      name: 'Dice',
      product: 'original',
      href: `/casino/bets/${id}`,
    });

    const own = await get(player.token, `/bets/${id}`);
    expect(own.statusCode, own.body).toBe(200);
    const bet = own.json().data;
    expect(bet).toMatchObject({
      id,
      kind: 'original',
      game: 'dice',
      game_name: 'Dice',
      amount: '1.00',
      details: { target: '50.50', direction: 'over' },
      fairness: { scheme: 'seed_pair', server_seed: null, nonce: placed.json().data.nonce },
    });

    const other = await signedInPlayer(t);
    const theirs = await get(other.token, `/bets/${id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('BET_NOT_FOUND');
    for (const ref of ['crash-999999', 'round-999999', 'abc', '0'])
      expect((await get(player.token, `/bets/${ref}`)).statusCode, ref).toBe(404);

    // Rotating the pair reveals the server seed: the roll recomputes to the recorded one.
    expect((await post(t, player.token, '/fairness/rotate', {})).statusCode).toBe(200);
    const revealed = (await get(player.token, `/bets/${id}`)).json().data;
    expect(revealed.fairness.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const again = await recompute(
      {
        serverSeed: revealed.fairness.server_seed,
        clientSeed: revealed.fairness.client_seed,
        nonce: revealed.fairness.nonce,
      },
      { game: 'dice' },
    );
    expect(again.game === 'dice' && (again.roll / 100).toFixed(2)).toBe(revealed.details.roll);
  });

  it('recalls the last rounds of each game: 10 by default, more on request', async () => {
    const player = await fundedPlayer(t, 50_00n);
    for (let i = 0; i < 12; i++) {
      const response = await post(
        t,
        player.token,
        '/originals/limbo/bet',
        withKey({ amount: '0.10', target: '2.00' }),
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const recall = (await get(player.token, '/recall')).json().data;
    const limbo = recall.games.find((g: { game: string }) => g.game === 'limbo');
    expect(recall.per_game).toBe(10);
    expect(limbo.bets).toHaveLength(10);
    expect(limbo.game_name).toBe('Limbo');
    const more = (await get(player.token, '/recall?per_game=12')).json().data;
    expect(more.games.find((g: { game: string }) => g.game === 'limbo').bets).toHaveLength(12);
    expect((await get(player.token, '/recall?per_game=500')).statusCode).toBe(422);
  });

  it('a studio round shows what its record holds; the back office reads it (audited)', async () => {
    const session = await launched(t);
    const round = 'recall-r1';
    expect((await session.bet('2.00', { round, txn: 'recall-b1' })).status).toBe(200);
    const won = await call(t, 'win', {
      ...session.base,
      round_id: round,
      transaction_id: 'recall-w1',
      amount: '5.00',
      round_closed: true,
    });
    expect(won.status).toBe(200);
    const recall = (await get(session.player.token, '/recall')).json().data;
    const slot = recall.games.find((g: { game: string }) => g.game === 'lantern-fortune');
    expect(slot.bets).toHaveLength(1);
    const ref = slot.bets[0].id as string;
    expect(ref).toMatch(/^round-\d+$/);
    const detail = (await get(session.player.token, `/bets/${ref}`)).json().data;
    expect(detail).toMatchObject({
      kind: 'studio',
      game_name: 'Lantern Fortune',
      provider: 'Lantern Studio',
      amount: '2.00',
      payout: '5.00',
      multiplier: '2.50',
      won: true,
      fairness: null,
      round: { ref: round, status: 'closed' },
    });
    expect(detail.round.transactions.map((x: { kind: string }) => x.kind)).toEqual(['bet', 'win']);
    // The ledger names the round `provider:<studio>:<round>`: the same page answers that too.
    const byLedger = await get(
      session.player.token,
      `/bets/${encodeURIComponent(`provider:lantern:${round}`)}`,
    );
    expect(byLedger.json().data.id).toBe(ref);

    const support = await staffMember(t, 'support');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${session.player.id}/casino-bets`,
      headers: support.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.games[0].bets[0].id).toBe(ref);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${session.player.id}/casino-bets/${ref}`,
      headers: support.headers,
    });
    expect(one.statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=casino.bet.view',
      headers: (await staffMember(t, 'owner')).headers,
    });
    expect(audit.body).toContain(ref);
    // Another player's id with this round: not theirs, not found.
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${(await signedInPlayer(t)).id}/casino-bets/${ref}`,
      headers: support.headers,
    });
    expect(wrong.statusCode).toBe(404);
  });
});
