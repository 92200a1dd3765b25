import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { call, launched } from './provider-support.ts';

/**
 * A studio's calls as a flaky network delivers them: bets, wins and rollbacks of a few rounds,
 * each possibly repeated, in any order, several at once. Whatever arrives, the player's cash
 * equals the start minus the bets that were accepted and not rolled back plus the wins that
 * were accepted, and the ledger's invariants hold.
 */
const RUNS = Number(process.env.PROVIDER_PROPERTY_RUNS ?? 12);
const ROUNDS = 6;
const CONCURRENCY = 4;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ env: { LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' } });
});
afterAll(async () => {
  await t.close();
});

type Op = { kind: 'bet' | 'win' | 'rollback'; round: number };
const round = fc.record({
  bet: fc.integer({ min: 10, max: 40_00 }), // from the slot's minimum bet (0.10 EUR)
  win: fc.option(fc.integer({ min: 0, max: 90_00 }), { nil: null }),
  rollback: fc.boolean(),
});
const amount = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

describe('provider API property', () => {
  it('balance = start − accepted bets not rolled back + accepted wins, for any delivery order', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(round, { minLength: ROUNDS, maxLength: ROUNDS }),
        fc.array(
          fc.record({
            round: fc.nat(ROUNDS - 1),
            kind: fc.constantFrom<Op['kind']>('bet', 'win', 'rollback'),
          }),
          { maxLength: 12 },
        ),
        fc.infiniteStream(fc.nat(1_000_000)),
        async (rounds, extras, shuffle) => {
          run++;
          const s = await launched(t, 100_00n);
          const prefix = `p${run}-${Date.now()}`;
          const ops: Op[] = [];
          rounds.forEach((r, i) => {
            ops.push({ kind: 'bet', round: i });
            if (r.win !== null) ops.push({ kind: 'win', round: i });
            if (r.rollback) ops.push({ kind: 'rollback', round: i });
          });
          // Duplicates (retries), including of calls that never were in the plan.
          ops.push(...extras);
          // Reordering: a random permutation.
          const order = ops.map((op) => ({ op, key: shuffle.next().value }));
          order.sort((a, b) => a.key - b.key);
          const accepted = {
            bet: new Set<number>(),
            win: new Set<number>(),
            rollback: new Set<number>(),
          };
          const send = async ({ kind, round: i }: Op) => {
            const r = rounds[i]!;
            const round_id = `${prefix}-r${i}`;
            const base = { ...s.base, round_id };
            const response =
              kind === 'bet'
                ? await call(t, 'bet', {
                    ...base,
                    transaction_id: `${round_id}-bet`,
                    amount: amount(r.bet),
                  })
                : kind === 'win'
                  ? await call(t, 'win', {
                      ...base,
                      transaction_id: `${round_id}-win`,
                      amount: amount(r.win ?? 0),
                    })
                  : await call(t, 'rollback', {
                      player_id: s.base.player_id,
                      currency: 'EUR',
                      round_id,
                      transaction_id: `${round_id}-rb`,
                      reference_transaction_id: `${round_id}-bet`,
                    });
            expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
            if (response.status === 200) accepted[kind].add(i);
          };
          for (let at = 0; at < order.length; at += CONCURRENCY) {
            await Promise.all(order.slice(at, at + CONCURRENCY).map(({ op }) => send(op)));
          }
          let expected = 100_00n;
          for (const i of accepted.bet)
            if (!accepted.rollback.has(i)) expected -= BigInt(rounds[i]!.bet);
          for (const i of accepted.win) expected += BigInt(rounds[i]!.win ?? 0);
          expect(await s.cash()).toBe(expected);
          // A win is only ever paid on a bet that stands.
          for (const i of accepted.win)
            expect(accepted.bet.has(i) && !accepted.rollback.has(i)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    await expectLedgerConsistent(t.db);
  }, 240_000);
});
