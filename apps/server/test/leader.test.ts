import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderLease } from '../src/platform/leader.ts';
import { testDatabase } from './harness.ts';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.drop();
});

/**
 * Short enough to keep the file quick, long enough that a renewal delayed by a busy machine (CI
 * runs four processes on two cores) does not end a healthy holder's lease mid-test.
 */
const LEASE_MS = 3_000;
const log = (message: string, error: unknown) => {
  throw new Error(`${message}: ${String(error)}`);
};

/** A candidate whose role records when it leads. */
function candidate(name: string) {
  const events: string[] = [];
  const lease: LeaderLease = new LeaderLease(
    database.db,
    name,
    {
      acquired: async (token) => {
        events.push(`acquired ${token}`);
      },
      lost: async () => {
        events.push('lost');
      },
    },
    { lease_ms: LEASE_MS, log },
  );
  return { lease, events };
}

async function until(probe: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('leader leases', () => {
  it('elects one of two, hands over at stop, and fences the replaced holder', async () => {
    const a = candidate('test.one');
    const b = candidate('test.one');
    a.lease.start();
    await until(() => a.lease.isLeader());
    b.lease.start();
    // The standby asks several times while the leader renews: it never leads alongside.
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 3));
      expect(a.lease.isLeader() && b.lease.isLeader()).toBe(false);
      expect(a.lease.isLeader()).toBe(true);
    }
    const fencedA = await database.db.transaction().execute((tx) => a.lease.fenced(tx));
    expect(fencedA).toBe(true);
    const first = a.lease.token!;

    await a.lease.stop();
    expect(a.events).toEqual([`acquired ${first}`, 'lost']);
    await until(() => b.lease.isLeader());
    expect(b.lease.token).toBe(first + 1n);
    expect(b.events).toEqual([`acquired ${first + 1n}`]);
    // The old holder's token no longer passes the fence, even if it still believed it led.
    const stale = await sql<{ ok: number }>`
      select 1 as ok from leader_leases where name = 'test.one' and token = ${first.toString()}`.execute(
      database.db,
    );
    expect(stale.rows).toHaveLength(0);
    expect(await database.db.transaction().execute((tx) => a.lease.fenced(tx))).toBe(false);
    await b.lease.stop();
  });

  it('takes over a lease whose holder stopped renewing once it runs out, not before', async () => {
    const a = candidate('test.two');
    a.lease.start();
    await until(() => a.lease.isLeader());
    // A holder that froze: its row stays, nobody renews it.
    const frozen = await sql<{ expires_at: Date }>`
      select expires_at from leader_leases where name = 'test.two'`.execute(database.db);
    (a.lease as unknown as { stopped: boolean }).stopped = true;
    const b = candidate('test.two');
    b.lease.start();
    await until(() => b.lease.isLeader());
    const taken = await sql<{ acquired_at: Date }>`
      select acquired_at from leader_leases where name = 'test.two'`.execute(database.db);
    expect(taken.rows[0]!.acquired_at.getTime()).toBeGreaterThanOrEqual(
      frozen.rows[0]!.expires_at.getTime(),
    );
    // The frozen one's fenced writes are refused from now on.
    expect(await database.db.transaction().execute((tx) => a.lease.fenced(tx))).toBe(false);
    await b.lease.stop();
  });
});
