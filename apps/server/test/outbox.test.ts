import type { DomainEvent } from '@casino/contracts/events';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_ATTEMPTS,
  type DeliveredEvent,
  Outbox,
  type OutboxOptions,
} from '../src/platform/outbox/outbox.ts';
import { testDatabase } from './harness.ts';

/**
 * The outbox's own contract (platform/outbox, migration 0109), on Outbox instances built here
 * on the file's database with test subscribers. Every instance shares the one lease row, so
 * each test stops its instances (handing the lease over) before the next begins.
 */

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.drop();
});

const logged: string[] = [];
const running: Outbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((box) => box.stop()));
  logged.length = 0;
});

function outbox(options: Partial<OutboxOptions> = {}) {
  const box = new Outbox(database.db, {
    log: (message, error) => logged.push(`${message}: ${(error as Error)?.message ?? ''}`),
    ...options,
  });
  running.push(box);
  return box;
}

let players = 0;
/** A valid event under `key` (the type matters only for its payload's schema). */
const event = (key: string): DomainEvent<'PlayerRegistered'> => ({
  type: 'PlayerRegistered',
  key,
  payload: {
    player_id: BigInt(++players),
    country: null,
    currency: null,
    referral_code: null,
    registered_at: new Date().toISOString(),
  },
});

type Handler = (events: DeliveredEvent<'PlayerRegistered'>[]) => Promise<void> | void;

/**
 * A subscriber that records the keys (under `prefix`) of every batch it handled without
 * throwing, and every batch it was handed at all. `before` runs first and may throw or wait.
 */
function recorder(name: string, prefix: string, before?: Handler) {
  const handled: string[] = [];
  const offered: string[][] = [];
  const mine = (events: DeliveredEvent[]) =>
    events.map((e) => e.key).filter((key) => key.startsWith(prefix));
  return {
    handled,
    offered,
    subscriber: {
      name,
      types: ['PlayerRegistered' as const],
      async handle(events: DeliveredEvent<'PlayerRegistered'>[]) {
        offered.push(mine(events));
        await before?.(events);
        handled.push(...mine(events));
      },
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds (a condition, never a time). */
async function until(done: () => boolean | Promise<boolean>, rounds_max = 3_000) {
  for (let round = 0; round < rounds_max; round++) {
    if (await done()) return;
    await sleep(20);
  }
  throw new Error('the condition never held');
}

/**
 * Drains (without waiting for events not yet readable: `drain(rounds, 0)`) until `done` holds.
 * Another test file creating its database holds the server's xmin back for seconds on a busy
 * machine, so events can stay unreadable that long: the bound is generous. A drain delivers only what every running transaction of the
 * server (any database) has let become visible, so one drain may find nothing yet.
 */
async function drainUntil(box: Outbox, done: () => boolean | Promise<boolean>, rounds_max = 3_000) {
  for (let round = 0; round < rounds_max; round++) {
    await box.drain(1_000, 0);
    if (await done()) return;
    await sleep(20);
  }
  throw new Error('the outbox did not deliver what was expected');
}

const idOf = async (key: string) =>
  (await sql<{ id: bigint }>`select id from outbox_events where key = ${key}`.execute(database.db))
    .rows[0]?.id;

const cursorOf = async (subscriber: string) =>
  (
    await sql<{ last_id: bigint; failures: number; last_error: string | null }>`
      select last_id, failures, last_error from outbox_cursors where subscriber = ${subscriber}`.execute(
      database.db,
    )
  ).rows[0];

describe('appending', () => {
  it('events of a transaction that rolls back are never written nor delivered', async () => {
    const box = outbox();
    const r = recorder('test.rollback', 'rb:');
    box.subscribe(r.subscriber);
    await expect(
      database.db.transaction().execute(async (tx) => {
        await box.append(tx, [event('rb:lost-1'), event('rb:lost-2')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await box.append(database.db, [event('rb:kept')]);
    await drainUntil(box, () => r.handled.includes('rb:kept'));
    expect(r.handled).toEqual(['rb:kept']);
    expect(await idOf('rb:lost-1')).toBeUndefined();
    expect(await idOf('rb:lost-2')).toBeUndefined();
  });

  it('a key appended twice (two transactions, or twice in one call) exists and is delivered once', async () => {
    const box = outbox();
    const r = recorder('test.idempotent', 'idem:');
    box.subscribe(r.subscriber);
    const first = event('idem:once');
    await box.append(database.db, [first]);
    await database.db.transaction().execute((tx) => box.append(tx, [event('idem:once')]));
    await box.append(database.db, [event('idem:twice'), event('idem:twice')]);
    const rows = await sql<{ key: string; payload: { player_id: string } }>`
      select key, payload from outbox_events where key like 'idem:%' order by id`.execute(
      database.db,
    );
    expect(rows.rows.map((row) => row.key)).toEqual(['idem:once', 'idem:twice']);
    // The first append's payload stands.
    expect(rows.rows[0]!.payload.player_id).toBe(String(first.payload.player_id));
    await drainUntil(box, () => r.handled.length === 2);
    expect(r.handled).toEqual(['idem:once', 'idem:twice']);
  });
});

describe('order', () => {
  it('delivers in commit order when the transaction with the smaller id commits last', async () => {
    const box = outbox();
    const r = recorder('test.order', 'co:');
    box.subscribe(r.subscriber);
    const b = await database.db.startTransaction().execute();
    const a = await database.db.startTransaction().execute();
    try {
      // B takes its transaction id first; A then draws the smaller event id.
      await sql`select pg_current_xact_id()`.execute(b);
      await box.append(a, [event('co:a')]);
      await box.append(b, [event('co:b')]);
      await b.commit().execute();
      await drainUntil(box, () => r.handled.includes('co:b'));
      expect(r.handled).toEqual(['co:b']);
      await a.commit().execute();
    } finally {
      if (!a.isCommitted) await a.rollback().execute();
      if (!b.isCommitted) await b.rollback().execute();
    }
    expect((await idOf('co:a'))!).toBeLessThan((await idOf('co:b'))!);
    // A cursor past B's event must not step over A's smaller id.
    await drainUntil(box, () => r.handled.includes('co:a'));
    expect(r.handled).toEqual(['co:b', 'co:a']);
  });

  it("holds back a committed event while an older transaction's event may still commit", async () => {
    const box = outbox();
    const r = recorder('test.held', 'hb:');
    box.subscribe(r.subscriber);
    const a = await database.db.startTransaction().execute();
    try {
      await box.append(a, [event('hb:a')]);
      await box.append(database.db, [event('hb:b')]);
      await box.drain(1_000, 0);
      expect(r.handled).toEqual([]);
      await a.commit().execute();
    } finally {
      if (!a.isCommitted) await a.rollback().execute();
    }
    await drainUntil(box, () => r.handled.length === 2);
    expect(r.handled).toEqual(['hb:a', 'hb:b']);
  });
});

describe('one instance', () => {
  it('delivers one round at a time: drains and its running dispatcher never hand out the same events twice', async () => {
    const box = outbox({ poll_ms: 5 });
    const r = recorder('test.single', 'one:', () => sleep(30));
    box.subscribe(r.subscriber);
    box.start();
    const keys = ['one:1', 'one:2', 'one:3', 'one:4'];
    for (const key of keys) {
      await box.append(database.db, [event(key)]);
      box.wake();
      await Promise.all([box.drain(1_000, 0), box.drain(1_000, 0)]);
    }
    await drainUntil(box, () => r.handled.length >= keys.length);
    expect(r.handled).toEqual(keys);
    // The dispatcher still polls after the drains: a later event arrives without one.
    await box.append(database.db, [event('one:5')]);
    await until(() => r.handled.includes('one:5'));
    expect(r.handled).toEqual([...keys, 'one:5']);
  });
});

describe('failures', () => {
  it('a subscriber that throws gets the events again, in order; the others are not held back', async () => {
    const box = outbox();
    let down = true;
    const flaky = recorder('test.flaky', 'fl:', () => {
      if (down) throw new Error('flaky is down');
    });
    const steady = recorder('test.steady', 'fl:');
    box.subscribe(flaky.subscriber);
    box.subscribe(steady.subscriber);
    const keys = ['fl:1', 'fl:2', 'fl:3'];
    await box.append(database.db, keys.map(event));
    await drainUntil(box, () => steady.handled.length === 3 && flaky.offered.length > 0);
    expect(steady.handled).toEqual(keys);
    expect(flaky.handled).toEqual([]);
    expect(await cursorOf('test.flaky')).toMatchObject({
      last_id: 0n,
      last_error: 'flaky is down',
    });
    down = false;
    await drainUntil(box, () => flaky.handled.length === 3);
    expect(flaky.handled).toEqual(keys);
    expect(steady.handled).toEqual(keys);
    expect(await cursorOf('test.flaky')).toMatchObject({
      last_id: await idOf('fl:3'),
      failures: 0,
      last_error: null,
    });
  });

  it(`an event that fails ${DEAD_LETTER_ATTEMPTS} rounds alone goes to the dead letters; the events after it flow`, async () => {
    const box = outbox();
    const poison = recorder('test.poison', 'dl:', (events) => {
      if (events.some((e) => e.key === 'dl:poison')) throw new Error('cannot take this one');
    });
    box.subscribe(poison.subscriber);
    await box.append(database.db, ['dl:1', 'dl:poison', 'dl:3'].map(event));
    const deadLetters = async () =>
      (
        await sql<{ event_id: bigint; attempts: number; error: string }>`
          select event_id, attempts, error from outbox_dead_letters
           where subscriber = 'test.poison'`.execute(database.db)
      ).rows;
    /** Rounds the poison event was handed alone (after the first failure of the whole batch). */
    const alone = () => poison.offered.filter((keys) => keys.join() === 'dl:poison').length;
    for (let round = 0; round < 500 && (await deadLetters()).length === 0; round++) {
      // Not set aside one round early.
      expect(alone()).toBeLessThan(DEAD_LETTER_ATTEMPTS);
      await box.drain(1_000, 0);
    }
    expect(alone()).toBe(DEAD_LETTER_ATTEMPTS);
    const [letter] = await deadLetters();
    expect(letter).toMatchObject({
      event_id: await idOf('dl:poison'),
      attempts: DEAD_LETTER_ATTEMPTS,
    });
    expect(letter!.error).toContain('cannot take this one');
    await drainUntil(box, () => poison.handled.includes('dl:3'));
    expect(poison.handled).toEqual(['dl:1', 'dl:3']);
    await box.append(database.db, [event('dl:4')]);
    await drainUntil(box, () => poison.handled.includes('dl:4'));
    expect(poison.handled).toEqual(['dl:1', 'dl:3', 'dl:4']);
    const status = (await box.status()).subscribers.find((s) => s.name === 'test.poison');
    expect(status).toMatchObject({ pending: 0, dead_letters: 1, failures: 0 });
  });
});

describe('two instances on one database', () => {
  it('only the lease holder delivers; another takes over when the lease runs out, from the stored cursor; a stale holder is fenced', async () => {
    // How often each event was handled to the end, by either instance.
    const handled = new Map<string, number>();
    const count = (events: DeliveredEvent[]) => {
      for (const e of events)
        if (e.key.startsWith('ls:')) handled.set(e.key, (handled.get(e.key) ?? 0) + 1);
    };
    let stall: Promise<void> | null = null;
    let release = () => {};
    const a = outbox({ lease_ms: 5_000 });
    const ra = recorder('test.lease', 'ls:', async (events) => {
      if (stall && events.some((e) => e.key === 'ls:3')) await stall;
      count(events);
    });
    a.subscribe(ra.subscriber);
    const b = outbox({ lease_ms: 60_000 });
    const rb = recorder('test.lease', 'ls:', count);
    b.subscribe(rb.subscriber);
    const lease = async () =>
      (
        await sql<{ holder: string; token: bigint; expired: boolean }>`
          select holder, token, expires_at < now() as expired from outbox_lease`.execute(
          database.db,
        )
      ).rows[0]!;
    const offered = (r: typeof ra, key: string) => r.offered.some((keys) => keys.includes(key));

    await a.append(database.db, [event('ls:1'), event('ls:2')]);
    await drainUntil(a, () => ra.handled.length === 2);
    const first = await lease();
    // A holds the lease: B, with ls:3 waiting, delivers nothing and leaves the lease alone.
    await a.append(database.db, [event('ls:3')]);
    await b.drain(1_000, 0);
    expect(rb.offered).toEqual([]);
    expect(await lease()).toMatchObject({ holder: first.holder, token: first.token });

    // A is handed ls:3 and stalls there (a paused process) until its lease has run out.
    stall = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stalled = (async () => {
      for (let round = 0; round < 200 && !offered(ra, 'ls:3'); round++) {
        await a.drain(1_000, 0);
        await sleep(20);
      }
    })();
    let past4: bigint | undefined;
    try {
      await until(() => offered(ra, 'ls:3'));
      await until(async () => (await lease()).expired);

      // B takes over from the stored cursor: ls:3 again (A never finished it), not ls:1 or ls:2.
      await drainUntil(b, () => rb.handled.includes('ls:3'));
      expect(await lease()).toMatchObject({ token: first.token + 1n });
      expect((await lease()).holder).not.toBe(first.holder);
      await b.append(database.db, [event('ls:4')]);
      await drainUntil(b, () => rb.handled.includes('ls:4'));
      expect(rb.handled).toEqual(['ls:3', 'ls:4']);
      past4 = await idOf('ls:4');
      expect((await cursorOf('test.lease'))!.last_id).toBe(past4);
    } finally {
      // A wakes up and finishes ls:3 (also after a failed assertion: nothing may hang).
      release();
      await stalled;
    }
    // A's cursor write named its old token and moved nothing.
    expect((await cursorOf('test.lease'))!.last_id).toBe(past4);
    expect(logged.some((line) => line.includes('lease lost'))).toBe(true);
    // Every event was handled to the end once, except the one the stale holder was fenced on
    // (at least once: an idempotent subscriber takes it once).
    expect(Object.fromEntries(handled)).toEqual({ 'ls:1': 1, 'ls:2': 1, 'ls:3': 2, 'ls:4': 1 });

    // B still holds the lease: A delivers nothing; once B stops, A goes on from the stored cursor.
    await a.append(database.db, [event('ls:5')]);
    const before = ra.offered.length;
    await a.drain(1_000, 0);
    expect(ra.offered.length).toBe(before);
    await b.stop();
    await drainUntil(a, () => ra.handled.includes('ls:5'));
    expect(ra.offered.slice(before)).toEqual([['ls:5']]);
    expect(handled.get('ls:5')).toBe(1);
    expect(rb.handled).toEqual(['ls:3', 'ls:4']);
  });
});
