import { diceRollFromFloat, diceWins, floats } from '@casino/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPromotion, creditDeposit } from './bonus-support.ts';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { activeSeed, post } from './originals-support.ts';
import { call, launched } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

/**
 * One player's stakes over two products at once — Dice and a studio slot, 1.00 each — that
 * together ask for more than the player has: the ledger serialises them per player, so exactly
 * the affordable ones succeed, the rest are refused with INSUFFICIENT_FUNDS, and neither cash
 * nor bonus ever goes below zero. Every stake here loses (the Dice outcomes are looked up in the
 * seed before betting; a studio bet without a win returns nothing), so what is affordable is
 * known in advance whatever order the stakes land in.
 */

const STAKES = 20;
const ROUNDS = Number(process.env.WAGERS_RACE_ROUNDS ?? 4);
/** Over 99.99: only a roll of 100.00 wins. */
const DICE_TARGET_X100 = 9_999;

let t: TestApp;
let marketing: StaffMember;
beforeAll(async () => {
  t = await testApp({
    staffLimits: RELAXED_STAFF_LIMITS,
    env: { LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' },
  });
  marketing = await staffMember(t, 'marketing');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<typeof launched>>;

/**
 * Rotates the player's seed pair until none of the next `count` Dice bets over 99.99 wins, so
 * no concurrent order of the bets can turn a refusal into a success.
 */
async function losingSeed(player: Player, count: number) {
  for (let rotation = 0; rotation < 20; rotation++) {
    const seed = await activeSeed(t, player.player.id);
    const wins = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const [f] = await floats(
          { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce + i },
          1,
        );
        return diceWins(diceRollFromFloat(f!), DICE_TARGET_X100, 'over');
      }),
    );
    if (!wins.includes(true)) return;
    const rotated = await post(t, player.player.token, '/fairness/rotate');
    expect(rotated.statusCode).toBe(200);
  }
  throw new Error('no losing seed found');
}

type Outcome = 'OK' | 'INSUFFICIENT_FUNDS';

/** `STAKES` stakes of 1.00 at once, alternating Dice and the studio slot; each one's outcome. */
async function stakeAtOnce(player: Player, tag: string): Promise<Outcome[]> {
  await losingSeed(player, STAKES);
  return Promise.all(
    Array.from({ length: STAKES }, async (_, i): Promise<Outcome> => {
      if (i % 2 === 0) {
        const response = await post(t, player.player.token, '/originals/dice/bet', {
          amount: '1.00',
          target: '99.99',
          direction: 'over',
          idempotency_key: `race-${tag}-${i}`,
        });
        if (response.statusCode === 200) {
          expect(response.json().data).toMatchObject({ amount: '1.00', payout: '0.00' });
          return 'OK';
        }
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().code).toBe('INSUFFICIENT_FUNDS');
        return 'INSUFFICIENT_FUNDS';
      }
      const round_id = `race-${tag}-${i}`;
      const answer = await call(t, 'bet', {
        ...player.base,
        round_id,
        transaction_id: `${round_id}-bet`,
        amount: '1.00',
      });
      if (answer.body.status === 200) return 'OK';
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
        status: 409,
        code: 'INSUFFICIENT_FUNDS',
      });
      return 'INSUFFICIENT_FUNDS';
    }),
  );
}

const balances = async (player_id: bigint) => {
  const b = await t.modules.ledger.service.playerBalances(player_id, 'EUR');
  return { cash: b.cash.balance_minor, bonus: b.bonus.balance_minor };
};

/** The lowest balance each of the player's accounts ever had after a transfer (its history). */
async function lowestBalances(player_id: bigint) {
  const { rows } = await sql<{ kind: string; lowest: bigint }>`
    select a.kind, min(m.balance_after) as lowest
      from ledger_accounts a
      join lateral (
        select t.debit_balance_after as balance_after from ledger_transfers t
         where t.debit_account_id = a.id
        union all
        select t.credit_balance_after from ledger_transfers t where t.credit_account_id = a.id
      ) m on true
     where a.player_id = ${player_id}
     group by a.kind order by a.kind`.execute(t.db);
  return rows;
}

const setOrder = async (spending_order: 'cash_first' | 'bonus_first') => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/bonus-settings',
    headers: marketing.headers,
    payload: { spending_order },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('concurrent stakes from one player over Dice and a studio slot', () => {
  it(`cash: ${STAKES} stakes of 1.00 on 10.00 — exactly ten succeed, cash never below zero (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const player = await launched(t, 10_00n);
      const outcomes = await stakeAtOnce(player, `c${round}`);
      expect(outcomes.filter((o) => o === 'OK')).toHaveLength(10);
      expect(outcomes.filter((o) => o === 'INSUFFICIENT_FUNDS')).toHaveLength(STAKES - 10);
      expect(await balances(player.player.id)).toEqual({ cash: 0n, bonus: 0n });
      for (const { lowest } of await lowestBalances(player.player.id))
        expect(lowest).toBeGreaterThanOrEqual(0n);
    }
  });

  it(`bonus first: ${STAKES} stakes of 1.00 on 5.00 cash + 5.00 bonus — exactly ten succeed, bonus and cash never below zero (${ROUNDS} rounds)`, async () => {
    // Wagering far beyond what is staked: the bonus runs on (or ends spent), never converts.
    const promotion = await createPromotion(t, marketing, { wagering_multiplier: 200 });
    await setOrder('bonus_first');
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const player = await launched(t, 0n);
        const bonus = await creditDeposit(
          t,
          player.player.id,
          5_00n,
          promotion.code,
          undefined,
          false,
        );
        expect(bonus?.amount_minor).toBe(5_00n);
        expect(await balances(player.player.id)).toEqual({ cash: 5_00n, bonus: 5_00n });
        const outcomes = await stakeAtOnce(player, `b${round}`);
        expect(outcomes.filter((o) => o === 'OK')).toHaveLength(10);
        expect(outcomes.filter((o) => o === 'INSUFFICIENT_FUNDS')).toHaveLength(STAKES - 10);
        expect(await balances(player.player.id)).toEqual({ cash: 0n, bonus: 0n });
        const row = await sql<{ balance_minor: bigint }>`
          select balance_minor from bonuses where id = ${bonus!.id}`.execute(t.db);
        expect(row.rows[0]!.balance_minor).toBe(0n);
        for (const { lowest } of await lowestBalances(player.player.id))
          expect(lowest).toBeGreaterThanOrEqual(0n);
      }
    } finally {
      await setOrder('cash_first');
    }
  });

  // The window the race above opens: a studio round's first bet picks the bonus at admission,
  // and by the time its stake is taken the bonus is spent or ended by another bet. Like an
  // original, the round then stakes from cash: its only bet so far never staked the bonus.
  it("bonus first: a studio round's first bet whose picked bonus ended in between is staked from cash", async () => {
    const promotion = await createPromotion(t, marketing, { wagering_multiplier: 200 });
    await setOrder('bonus_first');
    try {
      const player = await launched(t, 10_00n);
      const bonus = await creditDeposit(
        t,
        player.player.id,
        5_00n,
        promotion.code,
        undefined,
        false,
      );
      const forfeit = await t.app.inject({
        method: 'POST',
        url: `/api/v1/customer/bonuses/${bonus!.id}/forfeit`,
        headers: bearer(player.player.token),
      });
      expect(forfeit.statusCode, forfeit.body).toBe(200);
      // Picked just before it ended (the race, made certain).
      const pick = vi
        .spyOn(t.modules.bonus.service.spending, 'pick')
        .mockResolvedValueOnce(bonus!.id);
      const answer = await player.bet('1.00');
      pick.mockRestore();
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: 200 });
      expect(await balances(player.player.id)).toEqual({ cash: 15_00n - 1_00n, bonus: 0n });
    } finally {
      await setOrder('cash_first');
    }
  });
});
