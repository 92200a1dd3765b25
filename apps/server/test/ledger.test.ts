import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedger,
  createLedgerModule,
  type LedgerService,
  TRANSFER_AMOUNT_MINOR_MAX,
} from '../src/modules/ledger/index.ts';
import { CommitBatcher } from '../src/modules/ledger/ledger.batcher.ts';
import {
  type ApplyCommand,
  LedgerRepository,
  wire,
} from '../src/modules/ledger/ledger.repository.ts';
import { type TestApp, testApp } from './harness.ts';
import {
  bet,
  CLEARING,
  deposit,
  expectLedgerConsistent,
  key,
  newPlayer,
  outcomes,
  SYSTEM,
  WAGERS,
} from './ledger-support.ts';

let t: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  t = await testApp();
  ledger = t.modules.ledger.service;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const cash = (player_id: bigint) => ({ player_id, wallet: 'cash' }) as const;

async function transferCount(): Promise<bigint> {
  const result = await sql<{ n: bigint }>`select count(*) as n from ledger_transfers`.execute(t.db);
  return result.rows[0]!.n;
}

async function cashOf(player_id: bigint) {
  return (await ledger.playerBalances(player_id, 'EUR')).cash;
}

describe('invalid transfers, by precedence', () => {
  let rich: bigint;
  let other: bigint;
  let closed: bigint;
  let closedAccount: bigint;
  let dollarAccount: bigint;
  let posted: bigint;
  let voided: bigint;
  let open: bigint;
  let expiring: bigint;
  let pendingTransfer: bigint;
  let reversed: bigint;
  let spentDeposit: bigint;
  let usedKey: string;

  beforeAll(async () => {
    rich = await newPlayer(t);
    other = await newPlayer(t);
    closed = await newPlayer(t);
    await deposit(ledger, rich, 100_00n);
    await deposit(ledger, other, 10_00n);
    closedAccount = (await deposit(ledger, closed, 5_00n)).credit_account_id;
    await ledger.setAccountStatus(closedAccount, 'closed');
    const dollars = await newPlayer(t, 2);
    dollarAccount = (await deposit(ledger, dollars, 5_00n, 'USD')).credit_account_id;

    const reserve = (amount_minor: bigint, expires_at?: Date) =>
      ledger.reserve({
        idempotency_key: key('hold'),
        debit: cash(rich),
        credit: WAGERS,
        amount_minor,
        currency: 'EUR',
        reason_code: 'bet',
        object: { type: 'bet', id: key('bet') },
        actor: SYSTEM,
        expires_at,
      });
    posted = (await reserve(1_00n)).id;
    await ledger.post({ idempotency_key: key('post'), pending_id: posted, actor: SYSTEM });
    voided = (await reserve(1_00n)).id;
    await ledger.void({ idempotency_key: key('void'), pending_id: voided, actor: SYSTEM });
    open = (await reserve(2_00n)).id;
    pendingTransfer = open;
    expiring = (await reserve(1_00n, new Date(Date.now() + 200))).id;
    reversed = (await bet(ledger, rich, 1_00n)).id;
    await ledger.reverse({ idempotency_key: key('rev'), transfer_id: reversed, actor: SYSTEM });
    // A deposit whose money was spent: reversing it would overdraw the player.
    spentDeposit = (await deposit(ledger, other, 50n)).id;
    await bet(ledger, other, 10_50n);
    usedKey = key('used');
    await bet(ledger, rich, 1_00n, usedKey);
    await new Promise((resolve) => setTimeout(resolve, 250));
  });

  const base = () => ({
    idempotency_key: key('invalid'),
    debit: cash(rich),
    credit: WAGERS,
    amount_minor: 1_00n,
    currency: 'EUR',
    reason_code: 'bet' as const,
    object: { type: 'bet' as const, id: 'b-1' },
    actor: SYSTEM,
  });

  const cases: Array<[string, () => Promise<unknown>, string]> = [
    [
      'an empty idempotency key',
      () => ledger.transfer({ ...base(), idempotency_key: '' }),
      'INVALID_TRANSFER',
    ],
    [
      'an unknown reason code',
      () => ledger.transfer({ ...base(), reason_code: 'gift' as 'bet' }),
      'INVALID_TRANSFER',
    ],
    [
      'a hold expiring beyond the limit',
      () => ledger.reserve({ ...base(), expires_at: new Date(Date.now() + 400 * 86_400_000) }),
      'INVALID_TRANSFER',
    ],
    [
      'the same key with different input',
      () => ledger.transfer({ ...base(), idempotency_key: usedKey, amount_minor: 2_00n }),
      'IDEMPOTENCY_CONFLICT',
    ],
    [
      'a post of an unknown hold',
      () => ledger.post({ idempotency_key: key(), pending_id: 987_654_321n, actor: SYSTEM }),
      'HOLD_NOT_FOUND',
    ],
    [
      'a void of an unknown hold',
      () => ledger.void({ idempotency_key: key(), pending_id: 987_654_321n, actor: SYSTEM }),
      'HOLD_NOT_FOUND',
    ],
    [
      'a post of a posted hold',
      () => ledger.post({ idempotency_key: key(), pending_id: posted, actor: SYSTEM }),
      'HOLD_ALREADY_RESOLVED',
    ],
    [
      'a void of a posted hold',
      () => ledger.void({ idempotency_key: key(), pending_id: posted, actor: SYSTEM }),
      'HOLD_ALREADY_RESOLVED',
    ],
    [
      'a post of a voided hold',
      () => ledger.post({ idempotency_key: key(), pending_id: voided, actor: SYSTEM }),
      'HOLD_ALREADY_RESOLVED',
    ],
    [
      'a void of a voided hold',
      () => ledger.void({ idempotency_key: key(), pending_id: voided, actor: SYSTEM }),
      'HOLD_ALREADY_RESOLVED',
    ],
    [
      'a post of an expired hold',
      () => ledger.post({ idempotency_key: key(), pending_id: expiring, actor: SYSTEM }),
      'HOLD_EXPIRED',
    ],
    [
      'a post beyond the hold',
      () =>
        ledger.post({
          idempotency_key: key(),
          pending_id: open,
          amount_minor: 2_01n,
          actor: SYSTEM,
        }),
      'POST_EXCEEDS_HOLD',
    ],
    [
      'a reversal of an unknown transfer',
      () => ledger.reverse({ idempotency_key: key(), transfer_id: 987_654_321n, actor: SYSTEM }),
      'TRANSFER_NOT_FOUND',
    ],
    [
      'a reversal of a pending transfer',
      () => ledger.reverse({ idempotency_key: key(), transfer_id: pendingTransfer, actor: SYSTEM }),
      'NOT_REVERSIBLE',
    ],
    [
      'a second reversal',
      () => ledger.reverse({ idempotency_key: key(), transfer_id: reversed, actor: SYSTEM }),
      'ALREADY_REVERSED',
    ],
    ['a zero amount', () => ledger.transfer({ ...base(), amount_minor: 0n }), 'INVALID_AMOUNT'],
    [
      'a negative amount',
      () => ledger.transfer({ ...base(), amount_minor: -1_00n }),
      'INVALID_AMOUNT',
    ],
    [
      'an amount over the limit',
      () => ledger.transfer({ ...base(), amount_minor: TRANSFER_AMOUNT_MINOR_MAX + 1n }),
      'INVALID_AMOUNT',
    ],
    [
      'a post of zero',
      () =>
        ledger.post({ idempotency_key: key(), pending_id: open, amount_minor: 0n, actor: SYSTEM }),
      'INVALID_AMOUNT',
    ],
    [
      'the same account on both sides',
      () => ledger.transfer({ ...base(), credit: cash(rich) }),
      'SAME_ACCOUNT',
    ],
    [
      'the same account named two ways',
      async () =>
        ledger.transfer({
          ...base(),
          credit: { account_id: (await deposit(ledger, rich, 1n)).credit_account_id },
        }),
      'SAME_ACCOUNT',
    ],
    [
      'an unknown account',
      () => ledger.transfer({ ...base(), credit: { account_id: 987_654_321n } }),
      'ACCOUNT_NOT_FOUND',
    ],
    [
      'an unknown player',
      () => ledger.transfer({ ...base(), debit: cash(987_654_321n) }),
      'ACCOUNT_NOT_FOUND',
    ],
    [
      'an unknown currency',
      () => ledger.transfer({ ...base(), currency: 'XXX' }),
      'UNSUPPORTED_CURRENCY',
    ],
    [
      'a currency beyond the ledger scale (ETH)',
      () => ledger.transfer({ ...base(), currency: 'ETH' }),
      'UNSUPPORTED_CURRENCY',
    ],
    [
      'a currency mismatch',
      () => ledger.transfer({ ...base(), debit: { account_id: dollarAccount } }),
      'CURRENCY_MISMATCH',
    ],
    [
      'a closed account',
      () => ledger.transfer({ ...base(), debit: { account_id: closedAccount } }),
      'ACCOUNT_CLOSED',
    ],
    [
      'a transfer between two players',
      () => ledger.transfer({ ...base(), credit: cash(other) }),
      'PLAYERS_DIFFER',
    ],
    [
      'an overdraft',
      () => ledger.transfer({ ...base(), amount_minor: 1_000_00n }),
      'INSUFFICIENT_FUNDS',
    ],
    [
      'an overdraft of money on hold',
      async () => ledger.transfer({ ...base(), amount_minor: (await cashOf(rich)).balance_minor }),
      'INSUFFICIENT_FUNDS',
    ],
    [
      'a reservation beyond the available balance',
      () => ledger.reserve({ ...base(), amount_minor: 1_000_00n }),
      'INSUFFICIENT_FUNDS',
    ],
    [
      'a reversal that would overdraw the player',
      () => ledger.reverse({ idempotency_key: key(), transfer_id: spentDeposit, actor: SYSTEM }),
      'INSUFFICIENT_FUNDS',
    ],
  ];

  it.each(cases)('refuses %s', async (_name, attempt, code) => {
    const before = await transferCount();
    const balances = await cashOf(rich);
    await expect(attempt()).rejects.toMatchObject({ code });
    // Setup deposits inside an attempt add one transfer at most; a refusal adds none.
    expect(await transferCount()).toBeLessThanOrEqual(before + 1n);
    expect((await cashOf(rich)).reserved_minor).toBe(balances.reserved_minor);
  });

  it('maps every refusal to an HTTP status through AppError', async () => {
    const error = await ledger.transfer({ ...base(), amount_minor: 1_000_00n }).catch((e) => e);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 409 });
  });
});

describe('two-phase transfers', () => {
  it('reserves, posts part, releases the rest', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 10_00n);
    const hold = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: cash(player),
      credit: WAGERS,
      amount_minor: 4_00n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: 'two-phase' },
      actor: SYSTEM,
    });
    expect(await cashOf(player)).toEqual({ balance_minor: 10_00n, reserved_minor: 4_00n });
    const post = await ledger.post({
      idempotency_key: key('post'),
      pending_id: hold.id,
      amount_minor: 3_00n,
      actor: SYSTEM,
    });
    expect(post).toMatchObject({
      kind: 'post',
      amount_minor: 3_00n,
      debit_balance_after_minor: 7_00n,
    });
    expect(await cashOf(player)).toEqual({ balance_minor: 7_00n, reserved_minor: 0n });
    expect(await ledger.hold(hold.id)).toMatchObject({ state: 'posted', resolved_by: post.id });
  });

  it('voids a hold and gives the money back to spend', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    const hold = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: cash(player),
      credit: { house: 'payment_clearing', purpose: 'sandbox' },
      amount_minor: 5_00n,
      currency: 'EUR',
      reason_code: 'withdrawal',
      object: { type: 'payment', id: 'w-1' },
      actor: SYSTEM,
    });
    await expect(bet(ledger, player, 1n)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await ledger.void({ idempotency_key: key('void'), pending_id: hold.id, actor: SYSTEM });
    expect(await cashOf(player)).toEqual({ balance_minor: 5_00n, reserved_minor: 0n });
    await bet(ledger, player, 5_00n);
  });

  it('releases expired holds when swept, marking them expired', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 3_00n);
    const hold = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: cash(player),
      credit: WAGERS,
      amount_minor: 3_00n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: 'expiring' },
      actor: SYSTEM,
      expires_at: new Date(Date.now() + 100),
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await ledger.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await ledger.hold(hold.id)).toMatchObject({ state: 'expired' });
    expect(await cashOf(player)).toEqual({ balance_minor: 3_00n, reserved_minor: 0n });
  });
});

describe('reversals', () => {
  it('moves the same amount back and links to the original', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 2_00n);
    const original = await bet(ledger, player, 1_50n);
    const reversal = await ledger.reverse({
      idempotency_key: key('rev'),
      transfer_id: original.id,
      actor: { type: 'staff', id: '7' },
    });
    expect(reversal).toMatchObject({
      kind: 'reversal',
      debit_account_id: original.credit_account_id,
      credit_account_id: original.debit_account_id,
      amount_minor: 1_50n,
    });
    expect(await ledger.transferById(reversal.id)).toMatchObject({
      reverses_id: original.id,
      reason_code: 'reversal',
      actor_type: 'staff',
    });
    expect((await cashOf(player)).balance_minor).toBe(2_00n);
  });
});

/** A bet as ledger_apply's caller sends it, for the key-race tests that go around the service. */
const raceCommand = (i: number, idempotency_key: string, debit: bigint, credit: bigint) =>
  ({
    i,
    op: 'single',
    key: idempotency_key,
    hash: `hash:${idempotency_key}`,
    debit,
    credit,
    amount: 100n,
    currency: 'EUR',
    reason: 'bet',
    object_type: 'bet',
    object_id: 'race',
    actor_type: 'system',
    actor_id: 'test',
  }) satisfies ApplyCommand;
/** ledger_apply's parameter, as LedgerRepository.apply sends it. */
const batchOf = (...commands: ApplyCommand[]) => JSON.stringify(commands.map(wire));

describe('idempotency', () => {
  it('returns the first result for a sequential retry, with one effect', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    const idempotency_key = key('retry');
    const first = await bet(ledger, player, 5_00n, idempotency_key);
    // The retry would now fail for lack of funds; it must still get the first answer.
    const second = await bet(ledger, player, 5_00n, idempotency_key);
    expect(second).toEqual({ ...first, replayed: true });
    expect((await cashOf(player)).balance_minor).toBe(0n);
  });

  it('gives concurrent duplicates one effect and the same answer, across instances', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    // Separate ledger instances batch separately, so duplicates race in separate transactions.
    const instances = [
      ledger,
      ...Array.from(
        { length: 4 },
        () =>
          createLedgerModule(t.db, t.modules.currencies.service, { batcher: { batch_size_max: 1 } })
            .service,
      ),
    ];
    for (let round = 0; round < 5; round += 1) {
      const idempotency_key = key('dup');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          bet(instances[index % instances.length]!, player, 1_00n, idempotency_key),
        ),
      );
      const ids = new Set(results.map((result) => result.id));
      expect(ids.size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      const { replayed: _, ...first } = results[0]!;
      for (const result of results) expect(result).toMatchObject(first);
    }
    expect((await cashOf(player)).balance_minor).toBe(0n);
  });

  it('replays a key that another transaction commits while a batch waits on it (other accounts)', async () => {
    // Same key, disjoint accounts: no account lock orders the two transactions, so the
    // second meets the key only at its INSERT; its batch is rolled back whole and run again
    // (migration 0104), and the rerun replays the key.
    const [first, second] = [await newPlayer(t), await newPlayer(t)];
    await deposit(ledger, first, 5_00n);
    await deposit(ledger, second, 5_00n);
    const [firstCash, secondCash] = [
      (await ledger.resolve(cash(first), 'EUR')) as bigint,
      (await ledger.resolve(cash(second), 'EUR')) as bigint,
    ];
    const house = (await ledger.resolve(WAGERS, 'EUR')) as readonly bigint[];
    const racing = key('race');
    const a = await t.pool.connect();
    try {
      await a.query('begin');
      const held = (
        await a.query('select * from ledger_apply($1::jsonb)', [
          batchOf(raceCommand(0, racing, firstCash, house[0]!)),
        ])
      ).rows[0];
      // The second batch, as the service sends it: on the pool, through the repository.
      const waiting = new LedgerRepository(t.db).apply([
        raceCommand(0, racing, secondCash, house[1]!),
        raceCommand(1, key('after'), secondCash, house[1]!),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.query('commit');
      const [replay, after] = (await waiting).sort((x, y) => x.i - y.i);
      expect(replay).toMatchObject({
        code: 'OK',
        replayed: true,
        transfer_id: held.transfer_id,
        debit_account_id: firstCash,
      });
      expect(after).toMatchObject({ code: 'OK', replayed: false, debit_balance_after: 4_00n });
    } finally {
      a.release();
    }
    expect((await cashOf(first)).balance_minor).toBe(4_00n);
    expect((await cashOf(second)).balance_minor).toBe(4_00n);
  });

  it('surfaces that race from the database as a unique violation on the key, writing nothing', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    const playerCash = (await ledger.resolve(cash(player), 'EUR')) as bigint;
    const house = (await ledger.resolve(WAGERS, 'EUR')) as readonly bigint[];
    const racing = key('race-raw');
    const other = (await ledger.resolve(CLEARING, 'EUR')) as readonly bigint[];
    const a = await t.pool.connect();
    try {
      await a.query('begin');
      await a.query('select * from ledger_apply($1::jsonb)', [
        batchOf(raceCommand(0, racing, other[0]!, house[0]!)),
      ]);
      // Settled into a value at once: its rejection can arrive while the commit below is
      // still being awaited, and a rejection with no handler yet is an unhandled one.
      const waiting = t.pool
        .query('select * from ledger_apply($1::jsonb)', [
          batchOf(raceCommand(0, racing, playerCash, house[1]!)),
        ])
        .then(
          () => 'applied',
          (error: unknown) => error,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.query('commit');
      expect(await waiting).toMatchObject({
        code: '23505',
        constraint: 'ledger_transfers_idempotency_key',
      });
    } finally {
      a.release();
    }
    expect((await cashOf(player)).balance_minor).toBe(5_00n);
  });

  it('leaves no MultiXact on the rows a batch locked and changed (no subtransaction, 0104)', async () => {
    // Locked by the transaction and updated by a subtransaction, an account's old row
    // version got a MultiXact as its xmax (and every later read of it a member lookup).
    await sql`create extension if not exists pageinspect`.execute(t.db);
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    // An open snapshot keeps the old row versions from being pruned before they are read.
    const snapshot = await t.pool.connect();
    try {
      await snapshot.query('begin isolation level repeatable read');
      await snapshot.query('select 1 from ledger_accounts limit 1');
      await bet(ledger, player, 1_00n, key('mx'));
      await bet(ledger, player, 1_00n, key('mx'));
      const versions = await sql<{ all: bigint; multi: bigint }>`
        select count(*) as all, count(*) filter (where p.t_infomask & 4096 <> 0) as multi
          from generate_series(0, pg_relation_size('ledger_accounts') / 8192 - 1) blk,
            heap_page_items(get_raw_page('ledger_accounts', blk::int)) p
          where p.t_data is not null`.execute(t.db);
      expect(versions.rows[0]!.all).toBeGreaterThan(0n);
      expect(versions.rows[0]!.multi).toBe(0n);
    } finally {
      await snapshot.query('rollback');
      snapshot.release();
    }
  });

  it('replays posts, voids and reversals too', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    const hold = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: cash(player),
      credit: WAGERS,
      amount_minor: 2_00n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: 'replay' },
      actor: SYSTEM,
    });
    const postKey = key('post');
    const posts = await outcomes(
      Array.from({ length: 10 }, () =>
        ledger.post({ idempotency_key: postKey, pending_id: hold.id, actor: SYSTEM }),
      ),
    );
    expect(posts.count('OK')).toBe(10);
    const reverseKey = key('rev');
    const postId = (posts.settled[0] as PromiseFulfilledResult<{ id: bigint }>).value.id;
    const reversals = await outcomes(
      Array.from({ length: 10 }, () =>
        ledger.reverse({ idempotency_key: reverseKey, transfer_id: postId, actor: SYSTEM }),
      ),
    );
    expect(reversals.count('OK')).toBe(10);
    expect((await cashOf(player)).balance_minor).toBe(5_00n);
  });
});

describe('concurrency', () => {
  it.each([
    ['batched', () => ledger],
    [
      'unbatched, one transaction each',
      () =>
        createLedgerModule(t.db, t.modules.currencies.service, {
          batcher: { batch_size_max: 1, in_flight_max: 10 },
        }).service,
    ],
  ])(
    'lets exactly the affordable number of 50 concurrent debits through (%s)',
    async (_mode, make) => {
      const service = make();
      const player = await newPlayer(t);
      await deposit(service, player, 10_00n);
      const result = await outcomes(Array.from({ length: 50 }, () => bet(service, player, 30n)));
      // 10.00 / 0.30 = 33 debits, 0.10 left.
      expect(result.count('OK')).toBe(33);
      expect(result.count('INSUFFICIENT_FUNDS')).toBe(17);
      expect(await cashOf(player)).toEqual({ balance_minor: 10n, reserved_minor: 0n });
    },
  );

  it('never deadlocks on transfers that cross in opposite directions', async () => {
    const service = createLedgerModule(t.db, t.modules.currencies.service, {
      batcher: { batch_size_max: 1, in_flight_max: 10 },
    }).service;
    const shards = (await service.resolve({ house: 'fees' }, 'EUR')) as readonly bigint[];
    const ring = shards.slice(0, 4);
    const transfers = Array.from({ length: 200 }, (_, index) =>
      service.transfer({
        idempotency_key: key('ring'),
        debit: { account_id: ring[index % 4]! },
        credit: { account_id: ring[(index + 1 + (index % 3)) % 4]! },
        amount_minor: 1n,
        currency: 'EUR',
        reason_code: 'fee',
        object: { type: 'payment', id: 'ring' },
        actor: SYSTEM,
      }),
    );
    const result = await outcomes(transfers);
    expect(result.codes.filter((code) => code !== 'OK')).toEqual([]);
  });
});

describe('totals', () => {
  it('sums money-moving transfers per currency and reason', async () => {
    const from = new Date(Date.now() - 1000);
    const player = await newPlayer(t);
    await deposit(ledger, player, 7_00n);
    await bet(ledger, player, 2_00n);
    const totals = await ledger.totals({ from, to: new Date(Date.now() + 1000) });
    const row = (reason: string) =>
      totals.find((entry) => entry.currency === 'EUR' && entry.reason_code === reason);
    expect(row('deposit')?.amount_minor).toBeGreaterThanOrEqual(7_00n);
    expect(row('bet')?.count).toBeGreaterThanOrEqual(1);
  });

  it('keeps house shards summing to the purpose balance', async () => {
    const before = await ledger.houseBalance('payment_clearing', 'EUR', 'sandbox');
    const player = await newPlayer(t);
    await deposit(ledger, player, 1_23n);
    const after = await ledger.houseBalance('payment_clearing', 'EUR', 'sandbox');
    expect(after.balance_minor - before.balance_minor).toBe(-1_23n);
    expect(CLEARING).toEqual({ house: 'payment_clearing', purpose: 'sandbox' });
  });
});

describe('group commit', () => {
  it('never sends a lane while a batch in flight holds it; any slot serves the rest', async () => {
    const batches: Array<{ slot: number; commands: number[] }> = [];
    const releases: Array<() => void> = [];
    const batcher = new CommitBatcher<number, number>(
      async (commands, slot) => {
        batches.push({ slot, commands });
        await new Promise<void>((resolve) => releases.push(resolve));
        return commands;
      },
      { batch_size_max: 200, in_flight_max: 2, queue_length_max: 100 },
      () => new Error('busy'),
      // A command's lane is its last digit (a player); 100 and up have none.
      (command) => (command >= 100 ? undefined : command % 10),
    );
    // 0 and 1 take both slots at once; the rest queue behind them.
    const all = [0, 1, 10, 2, 11, 100].map((n) => batcher.submit(n));
    expect(batches).toEqual([
      { slot: 0, commands: [0] },
      { slot: 1, commands: [1] },
    ]);
    // Slot 1 frees: it takes everything but 10, whose lane (0) is still in flight in slot 0;
    // 11 may go, its lane's batch has just finished.
    releases[1]!();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches[2]).toEqual({ slot: 1, commands: [2, 11, 100] });
    // Slot 0 frees: lane 0 is free again, and 10 leaves.
    releases[0]!();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches[3]).toEqual({ slot: 0, commands: [10] });
    for (const release of releases.slice(2)) release();
    expect(await Promise.all(all)).toEqual([0, 1, 10, 2, 11, 100]);
    await batcher.idle();
  });

  it('lets the callers a batch just answered join the next batch (linger)', async () => {
    const sizes: number[] = [];
    let release: () => void = () => {};
    const batcher = new CommitBatcher<number, number>(
      async (commands) => {
        sizes.push(commands.length);
        if (sizes.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return commands;
      },
      { batch_size_max: 200, in_flight_max: 1, queue_length_max: 100 },
      () => new Error('busy'),
    );
    // Idle: the first command leaves alone at once; three more queue behind it.
    // Its caller submits a follow-up a few microtasks after its answer, as a service call
    // chain does (a bet's win after its stake).
    const first = (async () => {
      const n = await batcher.submit(0);
      for (let hop = 0; hop < 5; hop += 1) await Promise.resolve();
      return batcher.submit(n + 100);
    })();
    const queued = [1, 2, 3].map((n) => batcher.submit(n));
    release();
    expect(await first).toBe(100);
    expect(await Promise.all(queued)).toEqual([1, 2, 3]);
    // The follow-up submitted by the answered caller went with the three, not after them.
    expect(sizes).toEqual([1, 4]);
    await batcher.idle();
  });

  it('shares a queue evenly between free slots instead of one full and one tiny batch', async () => {
    const sizes: number[] = [];
    const releases: Array<() => void> = [];
    const batcher = new CommitBatcher<number, number>(
      async (commands) => {
        sizes.push(commands.length);
        await new Promise<void>((resolve) => releases.push(resolve));
        return commands;
      },
      { batch_size_max: 200, in_flight_max: 2, queue_length_max: 100 },
      () => new Error('busy'),
    );
    // Two lone commands take both slots; ten more queue behind them.
    const all = Array.from({ length: 12 }, (_, n) => batcher.submit(n));
    expect(sizes).toEqual([1, 1]);
    // Both slots free up in the same turn: the ten leave as two batches of five.
    for (const release of releases.splice(0)) release();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sizes).toEqual([1, 1, 5, 5]);
    for (const release of releases.splice(0)) release();
    expect(await Promise.all(all)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    await batcher.idle();
  });
});

describe('balance notifications (after commit, migration 0101)', () => {
  /** A LISTEN connection of its own; collects the player accounts each notification names. */
  async function listen() {
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    const payloads: string[] = [];
    client.on('notification', (message) => payloads.push(message.payload ?? ''));
    await client.query('listen ledger_player');
    const entries = () => payloads.flatMap((payload) => payload.split(','));
    const settle = async () => {
      await ledger.drain();
      // The NOTIFY was sent; give its delivery to this connection a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    return { payloads, entries, settle, close: () => client.end() };
  }

  it('names the player accounts a commit changed, never house accounts, after the commit', async () => {
    const player = await newPlayer(t);
    const listener = await listen();
    try {
      const credited = await deposit(ledger, player, 10_00n);
      await listener.settle();
      expect(listener.entries()).toEqual([`${player}:${credited.credit_account_id}`]);
    } finally {
      await listener.close();
    }
  });

  it('announces holds, posts and voids from a ledger that never resolved the accounts', async () => {
    const player = await newPlayer(t);
    const funded = await deposit(ledger, player, 10_00n);
    const account = funded.credit_account_id;
    const hold = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: cash(player),
      credit: WAGERS,
      amount_minor: 2_00n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: key('round') },
      actor: SYSTEM,
    });
    const second = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: cash(player),
      credit: WAGERS,
      amount_minor: 1_00n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: key('round') },
      actor: SYSTEM,
    });
    await ledger.drain();
    // A fresh service (another instance, or after a restart) knows no account owners yet.
    const fresh = createLedgerModule(t.db, t.modules.currencies.service).service;
    const listener = await listen();
    try {
      await fresh.post({ idempotency_key: key('post'), pending_id: hold.id, actor: SYSTEM });
      await fresh.drain();
      await listener.settle();
      expect(listener.entries()).toEqual([`${player}:${account}`]);
      await fresh.void({ idempotency_key: key('void'), pending_id: second.id, actor: SYSTEM });
      await fresh.drain();
      await listener.settle();
      expect(listener.entries()).toEqual([`${player}:${account}`, `${player}:${account}`]);
    } finally {
      await listener.close();
    }
  });

  it('is silent for replays and refusals: nothing changed', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 2_00n);
    const retried = key('bet');
    await bet(ledger, player, 1_00n, retried);
    await ledger.drain();
    const listener = await listen();
    try {
      expect((await bet(ledger, player, 1_00n, retried)).replayed).toBe(true);
      await expect(bet(ledger, player, 5_00n)).rejects.toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
      });
      await listener.settle();
      expect(listener.payloads).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it('puts the changes of commits answered together into one notification', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, () => newPlayer(t)));
    const listener = await listen();
    try {
      const deposits = await Promise.all(players.map((player) => deposit(ledger, player, 1_00n)));
      await listener.settle();
      expect(new Set(listener.entries())).toEqual(
        new Set(deposits.map((d, n) => `${players[n]}:${d.credit_account_id}`)),
      );
      expect(listener.payloads.length).toBeLessThan(players.length);
    } finally {
      await listener.close();
    }
  });
});

describe('idempotency hash', () => {
  it('is the SHA-256 of the request as JSON, bigints as "<digits>n" (stored hashes rely on it)', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 5_00n);
    const idempotency_key = key('hash');
    const transfer = await bet(ledger, player, 1_23n, idempotency_key);
    const stored = await sql<{ input_hash: string }>`
      select input_hash from ledger_transfers where id = ${transfer.id}`.execute(t.db);
    // The format as first shipped: JSON.stringify with a replacer writing bigints as "123n".
    const text = JSON.stringify(
      [
        'single',
        `p:${player}:cash`,
        'h:wagers:test_provider',
        1_23n,
        'EUR',
        'bet',
        'bet',
        idempotency_key,
        SYSTEM,
        null,
      ],
      (_key, value) => (typeof value === 'bigint' ? `${value}n` : value),
    );
    expect(stored.rows[0]!.input_hash).toBe(createHash('sha256').update(text).digest('base64url'));
  });
});

describe('accounts without foreign keys', () => {
  it('refuses to delete an account', async () => {
    const player = await newPlayer(t);
    const transfer = await deposit(ledger, player, 1_00n);
    await expect(
      sql`delete from ledger_accounts where id = ${transfer.credit_account_id}`.execute(t.db),
    ).rejects.toThrow(/permanent/);
  });

  it('stores nothing for a transfer naming a missing account', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 1_00n);
    const before = await transferCount();
    const result = await outcomes([
      ledger.transfer({
        idempotency_key: key('missing'),
        debit: cash(player),
        credit: { account_id: 9_000_000_000n },
        amount_minor: 1n,
        currency: 'EUR',
        reason_code: 'bet',
        object: { type: 'bet', id: 'missing' },
        actor: SYSTEM,
      }),
    ]);
    expect(result.codes).toEqual(['ACCOUNT_NOT_FOUND']);
    expect(await transferCount()).toBe(before);
  });
});

describe('database guards (migration 0102)', () => {
  /** A raw transfer row, as only a bug or a hand-written statement could write it. */
  const insertTransfer = (
    db: TestApp['db'],
    row: { debit: bigint; credit: bigint; kind?: string; reason?: string; pending_id?: bigint },
  ) =>
    sql`
    insert into ledger_transfers (idempotency_key, input_hash, kind, debit_account_id,
      credit_account_id, amount_minor, currency, reason_code, object_type, object_id,
      actor_type, actor_id, pending_id, debit_balance_after, credit_balance_after)
    values (${key('raw')}, 'x', ${row.kind ?? 'single'}, ${row.debit}, ${row.credit}, 1, 'EUR',
      ${row.reason ?? 'bet'}, 'bet', 'raw', 'system', 'test', ${row.pending_id ?? null}, 0, 0)`.execute(
      db,
    );

  it('refuses a transfer row with a reason code outside the closed list', async () => {
    const player = await newPlayer(t);
    const funded = await deposit(ledger, player, 1_00n);
    await expect(
      insertTransfer(t.db, {
        debit: funded.credit_account_id,
        credit: funded.debit_account_id,
        reason: 'jackpot',
      }),
    ).rejects.toThrow(/ledger_transfers_reason_code_check/);
  });

  it("refuses to change an account's kind or shard, and to create a malformed account", async () => {
    const player = await newPlayer(t);
    const funded = await deposit(ledger, player, 1_00n);
    await expect(
      sql`update ledger_accounts set kind = 'player_bonus' where id = ${funded.credit_account_id}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/never change/);
    await expect(
      // Another shard than its own: the deposit's clearing shard is picked at random (from
      // the instance's offset), and a fixed `shard = 3` was no change 1 time in 16.
      sql`update ledger_accounts set shard = shard + 1 where id = ${funded.debit_account_id}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/never change/);
    await expect(
      sql`insert into ledger_accounts (owner_type, player_id, currency, kind, purpose)
        values ('player', ${player}, 'EUR', 'player_bonus', 'sneaky')`.execute(t.db),
    ).rejects.toThrow(/invalid owner_type/);
    await expect(
      sql`insert into ledger_accounts (owner_type, currency, kind, purpose)
        values ('house', 'EUR', 'player_cash', 'x')`.execute(t.db),
    ).rejects.toThrow(/invalid owner_type/);
    // A status change is the one permitted edit (closing an account).
    expect(await ledger.setAccountStatus(funded.credit_account_id, 'closed')).toBe(true);
    expect(await ledger.setAccountStatus(funded.credit_account_id, 'open')).toBe(true);
  });

  it('refuses a negative player balance in the database, not only in code', async () => {
    const player = await newPlayer(t);
    const funded = await deposit(ledger, player, 1_00n);
    await expect(
      sql`update ledger_accounts set balance_minor = -1 where id = ${funded.credit_account_id}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/ledger_accounts_player_not_negative/);
  });

  it('names a release whose pending_id is not a pending transfer (no foreign key there)', async () => {
    // Its own database: the row written here stays (transfers are append-only).
    const other = await testApp();
    try {
      const service = other.modules.ledger.service;
      const player = await newPlayer(other);
      const funded = await deposit(service, player, 1_00n);
      expect((await checkLedger(other.db)).ok).toBe(true);
      await insertTransfer(other.db, {
        debit: funded.credit_account_id,
        credit: funded.debit_account_id,
        kind: 'void',
        pending_id: funded.id,
      });
      const result = await checkLedger(other.db);
      expect(result.ok).toBe(false);
      expect(result.violations.map((violation) => violation.check)).toEqual(['transfer_reference']);
      expect(result.violations[0]!.message).toMatch(/is not a pending transfer/);
    } finally {
      await other.close();
    }
  });
});

describe('maintenance of ledger_transfers (migrations 0105, 0106, 0107)', () => {
  it('analyses only the columns queries filter, join, group or sort on', async () => {
    const player = await newPlayer(t);
    await deposit(ledger, player, 1_00n);
    await sql`analyze ledger_transfers`.execute(t.db);
    const { rows } = await sql<{ attname: string }>`
      select attname from pg_stats where tablename = 'ledger_transfers' order by attname`.execute(
      t.db,
    );
    const analysed = rows.map((row) => row.attname);
    for (const column of ['player_id', 'kind', 'reason_code', 'created_at', 'currency']) {
      expect(analysed).toContain(column);
    }
    for (const column of ['idempotency_key', 'input_hash', 'memo', 'debit_balance_after']) {
      expect(analysed).not.toContain(column);
    }
  });

  it('samples at most 6,000 rows to analyse it: every analysed column has a target of 20 (migration 0106)', async () => {
    const { rows } = await sql<{ attname: string; target: number | null }>`
      select attname, attstattarget as target from pg_attribute
       where attrelid = 'ledger_transfers'::regclass and attnum > 0 and not attisdropped`.execute(
      t.db,
    );
    const targets = new Map(rows.map((row) => [row.attname, row.target]));
    expect(targets.get('idempotency_key')).toBe(0);
    // null is the server's default (100), which would sample 30,000 rows.
    expect(rows.filter((row) => row.target !== 0).map((row) => [row.attname, row.target])).toEqual(
      rows.filter((row) => row.target !== 0).map((row) => [row.attname, 20]),
    );
    expect([...targets.values()].filter((target) => target === 20).length).toBe(13);
  });

  it('spreads its autovacuum out (a longer sleep per cost budget)', async () => {
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where relname = 'ledger_transfers'`.execute(t.db);
    expect(rows[0]!.options).toContain('autovacuum_vacuum_cost_delay=5');
  });

  it('tells autovacuum to visit every 200,000 new transfers whatever its size, freeze in the same pass and never truncate (migration 0107)', async () => {
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where relname = 'ledger_transfers'`.execute(t.db);
    expect(rows[0]!.options).toEqual(
      expect.arrayContaining([
        'autovacuum_vacuum_insert_scale_factor=0',
        'autovacuum_vacuum_insert_threshold=200000',
        'autovacuum_freeze_min_age=0',
        'vacuum_truncate=false',
      ]),
    );
  });
});
