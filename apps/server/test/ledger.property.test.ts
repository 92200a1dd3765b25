import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService, Transfer } from '../src/modules/ledger/index.ts';
import { type TestApp, testApp } from './harness.ts';
import {
  deposit,
  expectLedgerConsistent,
  key,
  newPlayer,
  SYSTEM,
  WAGERS,
} from './ledger-support.ts';

/**
 * Random sequences of transfers, holds, posts, voids, reversals and retries against the
 * real database. Sequentially, every outcome must match a simple model (model parity, as
 * in pgledger's tests); concurrently, the invariants must hold whatever the interleaving.
 * After every run the checker must pass. Run counts are sized for a 2-core CI machine.
 */
const SEQUENTIAL_RUNS = 150;
const CONCURRENT_RUNS = 100;
const PLAYERS = 3;
const UNKNOWN_ID = 9_000_000_000n;

let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await testApp();
  ledger = t.modules.ledger.service;
});
afterAll(async () => {
  await t.close();
});

const amount = fc.integer({ min: 1, max: 600 }).map(BigInt);
const command = fc.oneof(
  fc.record({
    op: fc.constant('transfer' as const),
    player: fc.nat(PLAYERS - 1),
    out: fc.boolean(),
    amount,
  }),
  fc.record({ op: fc.constant('reserve' as const), player: fc.nat(PLAYERS - 1), amount }),
  fc.record({
    op: fc.constant('post' as const),
    hold: fc.nat(50),
    part: fc.option(amount, { nil: undefined }),
  }),
  fc.record({ op: fc.constant('void' as const), hold: fc.nat(50) }),
  fc.record({ op: fc.constant('reverse' as const), transfer: fc.nat(50) }),
  fc.record({ op: fc.constant('retry' as const), previous: fc.nat(50) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

type Model = {
  players: bigint[];
  balance: bigint[];
  reserved: bigint[];
  holds: Array<{ id: bigint; player: number; amount: bigint; open: boolean }>;
  /** Reversible transfers; `sign` is +1 when the player was credited. */
  transfers: Array<{
    id: bigint;
    player: number;
    sign: 1n | -1n;
    amount: bigint;
    reversed: boolean;
  }>;
  /** Successful requests, replayable with the same key. */
  done: Array<{ run: () => Promise<Transfer>; result: Transfer }>;
};

async function setup(initial: bigint[]): Promise<Model> {
  const players: bigint[] = [];
  for (const cash of initial) {
    const player = await newPlayer(t);
    if (cash > 0n) await deposit(ledger, player, cash);
    players.push(player);
  }
  return {
    players,
    balance: [...initial],
    reserved: initial.map(() => 0n),
    holds: [],
    transfers: [],
    done: [],
  };
}

const cash = (player_id: bigint) => ({ player_id, wallet: 'cash' }) as const;
const pick = <T>(list: T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** Builds the request for a command and what the model expects of it. */
function plan(
  model: Model,
  c: Command,
): { run: () => Promise<Transfer>; expected: string; apply?: (r: Transfer) => void } {
  const idempotency_key = key('prop');
  switch (c.op) {
    case 'transfer': {
      const player = model.players[c.player]!;
      const available = model.balance[c.player]! - model.reserved[c.player]!;
      const run = () =>
        ledger.transfer({
          idempotency_key,
          debit: c.out ? cash(player) : WAGERS,
          credit: c.out ? WAGERS : cash(player),
          amount_minor: c.amount,
          currency: 'EUR',
          reason_code: c.out ? 'bet' : 'win',
          object: { type: 'bet', id: idempotency_key },
          actor: SYSTEM,
        });
      if (c.out && available < c.amount) return { run, expected: 'INSUFFICIENT_FUNDS' };
      return {
        run,
        expected: 'OK',
        apply: (result) => {
          model.balance[c.player]! += c.out ? -c.amount : c.amount;
          model.transfers.push({
            id: result.id,
            player: c.player,
            sign: c.out ? -1n : 1n,
            amount: c.amount,
            reversed: false,
          });
        },
      };
    }
    case 'reserve': {
      const available = model.balance[c.player]! - model.reserved[c.player]!;
      const run = () =>
        ledger.reserve({
          idempotency_key,
          debit: cash(model.players[c.player]!),
          credit: WAGERS,
          amount_minor: c.amount,
          currency: 'EUR',
          reason_code: 'bet',
          object: { type: 'bet', id: idempotency_key },
          actor: SYSTEM,
        });
      if (available < c.amount) return { run, expected: 'INSUFFICIENT_FUNDS' };
      return {
        run,
        expected: 'OK',
        apply: (result) => {
          model.reserved[c.player]! += c.amount;
          model.holds.push({ id: result.id, player: c.player, amount: c.amount, open: true });
        },
      };
    }
    case 'post':
    case 'void': {
      const hold = pick(model.holds, c.hold);
      const pending_id = hold?.id ?? UNKNOWN_ID;
      const part = c.op === 'post' ? c.part : undefined;
      const run = () =>
        c.op === 'post'
          ? ledger.post({ idempotency_key, pending_id, amount_minor: part, actor: SYSTEM })
          : ledger.void({ idempotency_key, pending_id, actor: SYSTEM });
      if (!hold) return { run, expected: 'HOLD_NOT_FOUND' };
      if (!hold.open) return { run, expected: 'HOLD_ALREADY_RESOLVED' };
      if (part !== undefined && part > hold.amount) return { run, expected: 'POST_EXCEEDS_HOLD' };
      return {
        run,
        expected: 'OK',
        apply: (result) => {
          hold.open = false;
          model.reserved[hold.player]! -= hold.amount;
          if (c.op === 'post') {
            const posted = part ?? hold.amount;
            model.balance[hold.player]! -= posted;
            model.transfers.push({
              id: result.id,
              player: hold.player,
              sign: -1n,
              amount: posted,
              reversed: false,
            });
          }
        },
      };
    }
    case 'reverse': {
      const target = pick(model.transfers, c.transfer);
      const run = () =>
        ledger.reverse({ idempotency_key, transfer_id: target?.id ?? UNKNOWN_ID, actor: SYSTEM });
      if (!target) return { run, expected: 'TRANSFER_NOT_FOUND' };
      if (target.reversed) return { run, expected: 'ALREADY_REVERSED' };
      const available = model.balance[target.player]! - model.reserved[target.player]!;
      if (target.sign === 1n && available < target.amount)
        return { run, expected: 'INSUFFICIENT_FUNDS' };
      return {
        run,
        expected: 'OK',
        apply: () => {
          target.reversed = true;
          model.balance[target.player]! -= target.sign * target.amount;
        },
      };
    }
    case 'retry': {
      const previous = pick(model.done, c.previous);
      if (!previous) return plan(model, { op: 'void', hold: 0 });
      return { run: previous.run, expected: `REPLAY:${previous.result.id}` };
    }
  }
}

async function outcome(run: () => Promise<Transfer>) {
  try {
    return { code: 'OK', result: await run() };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!code) throw error;
    return { code, result: null };
  }
}

const initialBalances = fc.array(fc.integer({ min: 0, max: 1_500 }).map(BigInt), {
  minLength: PLAYERS,
  maxLength: PLAYERS,
});

describe('ledger properties on the real database', () => {
  it('sequential runs match the model, and the checker passes after each', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialBalances,
        fc.array(command, { minLength: 5, maxLength: 25 }),
        async (initial, commands) => {
          const model = await setup(initial);
          for (const c of commands) {
            const { run, expected, apply } = plan(model, c);
            const got = await outcome(run);
            if (expected.startsWith('REPLAY:')) {
              expect(got.code).toBe('OK');
              expect(`REPLAY:${got.result!.id}`).toBe(expected);
              expect(got.result!.replayed).toBe(true);
              continue;
            }
            expect(got.code).toBe(expected);
            if (got.result) {
              apply?.(got.result);
              model.done.push({ run, result: got.result });
            }
          }
          for (const [index, player] of model.players.entries()) {
            const balances = await ledger.playerBalances(player, 'EUR');
            expect(balances.cash).toEqual({
              balance_minor: model.balance[index],
              reserved_minor: model.reserved[index],
            });
          }
          await expectLedgerConsistent(t.db);
        },
      ),
      { numRuns: SEQUENTIAL_RUNS },
    );
  }, 180_000);

  it('concurrent runs keep every invariant: one resolution per hold, one reversal per transfer', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialBalances,
        fc.array(command, { minLength: 5, maxLength: 15 }),
        fc.array(command, { minLength: 10, maxLength: 40 }),
        async (initial, prelude, burst) => {
          const model = await setup(initial);
          // A sequential prelude creates holds and transfers for the burst to fight over.
          for (const c of prelude) {
            const { run, apply } = plan(model, c);
            const got = await outcome(run);
            if (got.result) {
              apply?.(got.result);
              model.done.push({ run, result: got.result });
            }
          }
          const planned = burst.map((c) => ({ c, ...plan(model, c) }));
          const results = await Promise.all(planned.map((p) => outcome(p.run)));
          const allowed = new Set([
            'OK',
            'INSUFFICIENT_FUNDS',
            'HOLD_NOT_FOUND',
            'HOLD_ALREADY_RESOLVED',
            'POST_EXCEEDS_HOLD',
            'TRANSFER_NOT_FOUND',
            'ALREADY_REVERSED',
          ]);
          for (const got of results) expect(allowed).toContain(got.code);
          // Each hold resolved at most once; each transfer reversed at most once.
          const resolved = new Map<bigint, number>();
          const reversed = new Map<bigint, number>();
          for (const [index, p] of planned.entries()) {
            if (results[index]!.code !== 'OK' || p.expected.startsWith('REPLAY')) continue;
            if (p.c.op === 'post' || p.c.op === 'void') {
              const hold = pick(model.holds, p.c.hold)!;
              resolved.set(hold.id, (resolved.get(hold.id) ?? 0) + 1);
            }
            if (p.c.op === 'reverse') {
              const target = pick(model.transfers, p.c.transfer)!;
              reversed.set(target.id, (reversed.get(target.id) ?? 0) + 1);
            }
          }
          for (const count of [...resolved.values(), ...reversed.values()]) expect(count).toBe(1);
          for (const [index, p] of planned.entries()) {
            if (p.expected.startsWith('REPLAY'))
              expect(`REPLAY:${results[index]!.result?.id}`).toBe(p.expected);
          }
          await expectLedgerConsistent(t.db);
        },
      ),
      { numRuns: CONCURRENT_RUNS },
    );
  }, 180_000);
});
