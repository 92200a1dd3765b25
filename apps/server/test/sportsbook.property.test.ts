import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkLedger, type LedgerService } from '../src/modules/ledger/index.ts';
import type { SportsbookService } from '../src/modules/sportsbook/index.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit } from './ledger-support.ts';
import { msg, openStakeDrift, placeBet, syntheticEvent } from './sportsbook-support.ts';

let t: TestApp;
let ledger: LedgerService;
let sb: SportsbookService;

beforeAll(async () => {
  t = await testApp();
  ledger = t.modules.ledger.service;
  sb = t.modules.sportsbook.service;
});
afterAll(async () => {
  await t.close();
});

type Outcome = 'home' | 'draw' | 'away' | 'void';
type Op = { event: number; action: 'settle' | 'rollback' | 'cancel' | 'repeat'; outcome: Outcome };
const ODDS: Record<string, bigint> = { home: 2000n, draw: 3400n, away: 3750n };

/**
 * Random results, re-settlements, cancels and rollbacks in any order (and repeated messages):
 * each bet's money ends where its final results say, and the ledger stays clean. The
 * expected payout is computed here from scratch, independently of sportsbook.math.
 */
it('final payouts follow the final results whatever the order of results and rollbacks', async () => {
  const arbitraryOp = fc.record({
    event: fc.integer({ min: 0, max: 2 }),
    action: fc.constantFrom('settle', 'settle', 'rollback', 'cancel', 'repeat') as fc.Arbitrary<
      Op['action']
    >,
    outcome: fc.constantFrom('home', 'draw', 'away', 'void') as fc.Arbitrary<Outcome>,
  });
  const arbitraryBet = fc.record({
    legs: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
    picks: fc.array(fc.constantFrom('home', 'draw', 'away'), { minLength: 3, maxLength: 3 }),
    stake: fc.integer({ min: 10, max: 5000 }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(arbitraryBet, { minLength: 1, maxLength: 4 }),
      fc.array(arbitraryOp, { maxLength: 12 }),
      async (bets, ops) => {
        const events = [
          await syntheticEvent(sb),
          await syntheticEvent(sb),
          await syntheticEvent(sb),
        ];
        const placed: {
          player_id: bigint;
          stake: bigint;
          legs: { event: number; pick: string }[];
        }[] = [];
        for (const bet of bets) {
          const player = await signedInPlayer(t);
          await deposit(ledger, player.id, 1_000_00n);
          const legs = bet.legs.map((event) => ({ event, pick: bet.picks[event]! }));
          const response = await placeBet(t, player.token, {
            kind: legs.length === 1 ? 'single' : 'multiple',
            selections: legs.map((l) => {
              const s = events[l.event]!.sel('match_winner', l.pick);
              return { selection_id: s.selection_id, odds: s.odds };
            }),
            stake: (bet.stake / 100).toFixed(2),
          });
          expect(response.statusCode, response.body).toBe(200);
          placed.push({ player_id: player.id, stake: BigInt(bet.stake), legs });
        }
        // The model: each event's market is open, settled with an outcome, or void.
        const state: (Outcome | null)[] = [null, null, null];
        let last: Parameters<SportsbookService['ingest']>[0] | null = null;
        for (const op of ops) {
          const event_id = events[op.event]!.id;
          if (op.action === 'repeat') {
            if (last) await sb.ingest(last);
            continue;
          }
          if (op.action === 'rollback') {
            last = {
              kind: 'rollback_bet_settlement',
              id: msg(),
              event_id,
              market_keys: ['match_winner'],
            };
            state[op.event] = null;
          } else if (op.action === 'cancel' || op.outcome === 'void') {
            last = {
              kind: 'bet_cancel',
              id: msg(),
              event_id,
              market_keys: ['match_winner'],
              reason: 'test',
            };
            state[op.event] = 'void';
          } else {
            last = {
              kind: 'bet_settlement',
              id: msg(),
              event_id,
              markets: [
                {
                  key: 'match_winner',
                  outcomes: (['home', 'draw', 'away'] as const).map((key) => ({
                    key,
                    result: key === op.outcome ? ('won' as const) : ('lost' as const),
                  })),
                },
              ],
            };
            state[op.event] = op.outcome;
          }
          await sb.ingest(last);
        }
        for (const bet of placed) {
          const results = bet.legs.map((l) => ({ result: state[l.event], pick: l.pick }));
          const lost = results.some(
            (r) => r.result !== null && r.result !== 'void' && r.result !== r.pick,
          );
          const open = !lost && results.some((r) => r.result === null);
          const balances = await ledger.playerBalances(bet.player_id, 'EUR');
          const balance = balances.cash.balance_minor;
          const available = balance - balances.cash.reserved_minor;
          if (open) {
            // Open: the stake is out of the player's hands (held or posted), nothing paid.
            expect(available).toBe(1_000_00n - bet.stake);
            continue;
          }
          let num = bet.stake;
          let den = 1n;
          if (lost) num = 0n;
          else
            for (const r of results)
              if (r.result !== 'void') {
                num *= ODDS[r.pick]!;
                den *= 1000n;
              }
          const payout = num / den;
          expect(balance).toBe(1_000_00n - bet.stake + payout);
          expect(available).toBe(balance);
        }
        const check = await checkLedger(t.db);
        expect(check.violations).toEqual([]);
        // The open stakes the per-market limit reads follow every settlement and rollback.
        expect(await openStakeDrift(t.db)).toEqual([]);
      },
    ),
    { numRuns: 40 },
  );
}, 240_000);
