import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/modules/cashier/index.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import {
  cash,
  deliver,
  eventBody,
  type Outcome,
  paymentTransfers,
  pendingDeposit,
  SANDBOX_SECRET,
} from './payments-support.ts';

/**
 * Webhook deliveries as a real provider and an attacker produce them: any order, any number
 * of redeliveries, concurrent, some forged, some stale, some naming another amount. Whatever
 * happens, a deposit is credited exactly once iff at least one authentic approval of its own
 * amount arrived, never otherwise; the ledger check stays clean. 4 runs × 2,500 deliveries.
 */
const RUNS = Number(process.env.PAYMENTS_PROPERTY_RUNS ?? 4);
const DELIVERIES_PER_RUN = Number(process.env.PAYMENTS_PROPERTY_DELIVERIES ?? 2_500);
const DEPOSITS_PER_RUN = 24;
const PLAYERS_PER_RUN = 4;
const CONCURRENCY = 16;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

const delivery = fc.record({
  deposit: fc.nat(DEPOSITS_PER_RUN - 1),
  outcome: fc.constantFrom<Outcome>('approved', 'declined', 'abandoned', 'pending'),
  /** Redeliver an earlier event of this deposit (same id and body) instead of a new one. */
  redeliver: fc.boolean(),
  /** What is wrong with it, if anything. */
  fault: fc.constantFrom(
    'none',
    'none',
    'none',
    'none',
    'forged',
    'stale',
    'tampered',
    'amount',
    'currency',
  ),
});

describe('webhook deliveries (property)', () => {
  it('credit each deposit once iff an authentic approval arrived; ledger check clean', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(delivery, { minLength: DELIVERIES_PER_RUN, maxLength: DELIVERIES_PER_RUN }),
        async (plan) => {
          const players = await Promise.all(
            Array.from({ length: PLAYERS_PER_RUN }, () => signedInPlayer(t)),
          );
          const deposits: Array<
            Awaited<ReturnType<typeof pendingDeposit>> & {
              player: Awaited<ReturnType<typeof signedInPlayer>>;
            }
          > = [];
          for (let i = 0; i < DEPOSITS_PER_RUN; i += 1) {
            const player = players[i % PLAYERS_PER_RUN]!;
            const amount = `${10 + i}.${String(i * 7)
              .padStart(2, '0')
              .slice(-2)}`;
            deposits.push({ player, ...(await pendingDeposit(t, player.token, amount)) });
          }
          const sent: Array<Array<{ body: string; outcome: Outcome }>> = deposits.map(() => []);
          const authentic: Outcome[][] = deposits.map(() => []);
          const bodies = plan.map((planned) => {
            const d = deposits[planned.deposit]!;
            const earlier = sent[planned.deposit]!;
            const redelivered = planned.redeliver && earlier.length > 0;
            // A redelivery resends an authentic body: only transport faults still apply to it.
            const fault =
              redelivered && (planned.fault === 'amount' || planned.fault === 'currency')
                ? 'none'
                : planned.fault;
            const step = { ...planned, fault };
            let body: string;
            let outcome = step.outcome;
            if (redelivered) {
              const pick = earlier[earlier.length - 1]!;
              body = pick.body;
              outcome = pick.outcome;
            } else {
              const amount =
                fault === 'amount'
                  ? `${Number(d.amount.split('.')[0]) + 1}.${d.amount.split('.')[1]}`
                  : d.amount;
              const currency = fault === 'currency' ? 'USD' : 'EUR';
              body = eventBody(d.provider_reference, step.outcome, amount, currency);
              if (fault === 'none') earlier.push({ body, outcome });
            }
            if (fault === 'none') authentic[step.deposit]!.push(outcome);
            return { step, body };
          });
          for (let start = 0; start < bodies.length; start += CONCURRENCY) {
            await Promise.all(
              bodies.slice(start, start + CONCURRENCY).map(async ({ step, body }) => {
                const response =
                  step.fault === 'forged'
                    ? await deliver(t, body, { secret: 'forged-secret' })
                    : step.fault === 'stale'
                      ? await deliver(t, body, { at: new Date(Date.now() - 10 * 60_000) })
                      : step.fault === 'tampered'
                        ? // Signed as sent, altered on the way.
                          await deliver(t, body.replace('"data"', '"data" '), {
                            signature: signWebhook(SANDBOX_SECRET, body),
                          })
                        : await deliver(t, body);
                const expected =
                  step.fault === 'none'
                    ? 200
                    : step.fault === 'amount' || step.fault === 'currency'
                      ? 422
                      : 401;
                expect(response.statusCode, response.body).toBe(expected);
              }),
            );
          }
          const expectedCash = new Map<bigint, bigint>();
          for (const [index, d] of deposits.entries()) {
            const seen = authentic[index]!;
            const row = (
              await sql<{
                status: string;
              }>`select status from payments where public_id = ${d.id}`.execute(t.db)
            ).rows[0]!;
            const transfers = await paymentTransfers(t, d.id);
            if (seen.includes('approved')) {
              expect(row.status).toBe('credited');
              expect(transfers.map((x) => x.reason_code).sort()).toEqual(['deposit', 'fee']);
              const net = BigInt(d.net_amount.replace('.', ''));
              expectedCash.set(d.player.id, (expectedCash.get(d.player.id) ?? 0n) + net);
            } else {
              expect(transfers).toEqual([]);
              const negatives = seen.filter((o) => o === 'declined' || o === 'abandoned');
              if (negatives.length === 0) expect(row.status).toBe('pending');
              else expect(negatives).toContain(row.status);
            }
          }
          for (const player of players) {
            expect((await cash(t, player.id)).balance_minor).toBe(
              expectedCash.get(player.id) ?? 0n,
            );
          }
          await expectLedgerConsistent(t.db);
        },
      ),
      // Each run leaves its rows behind, so shrinking would replay against a changed database.
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
