import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventBus } from '../src/platform/events/event-bus.ts';
import {
  FANOUT_PAYLOAD_BYTES_MAX,
  type Stamped,
  StreamFanout,
} from '../src/platform/events/fanout.ts';
import { testDatabase } from './harness.ts';

/**
 * Two fan-outs on their own LISTEN connections stand for two instances on one PostgreSQL:
 * what one publishes reaches the other in order, numbered per key; what is too large for a
 * NOTIFY reaches it as a re-read of that key.
 */
type Push = { key: string; body: string };

let database: Awaited<ReturnType<typeof testDatabase>>;
const buses: ReturnType<typeof createPgEventBus>[] = [];
const fanouts: StreamFanout<Push>[] = [];
const received: Stamped<Push>[][] = [[], []];
const resynced: (string | null)[][] = [[], []];

beforeAll(async () => {
  database = await testDatabase();
  for (const i of [0, 1]) {
    const bus = createPgEventBus(database.pool, () => {});
    buses.push(bus);
    fanouts.push(
      new StreamFanout<Push>({
        db: database.db,
        bus,
        channel: 'fanout_test',
        keyOf: (push) => push.key,
        deliver: (push) => received[i]!.push(push),
        resync: (key) => resynced[i]!.push(key),
        log: () => {},
      }),
    );
    await bus.ready();
  }
});
afterAll(async () => {
  for (const fanout of fanouts) fanout.close();
  for (const bus of buses) await bus.close();
  await database.drop();
});

async function until(probe: () => boolean) {
  const deadline = Date.now() + 30_000;
  while (!probe() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(probe()).toBe(true);
}

describe('stream fan-out across instances', () => {
  it('delivers every push on both instances, in order, numbered per key from one epoch', async () => {
    const [a, b] = fanouts as [StreamFanout<Push>, StreamFanout<Push>];
    // Enough pushes (about 2.4 kB each) that a batch spans several NOTIFYs.
    for (let n = 0; n < 30; n++)
      a.publish({ key: n % 2 ? 'odd' : 'even', body: 'x'.repeat(2_400) });
    await a.idle();
    await until(() => received[1]!.length === 30);
    expect(received[0]).toHaveLength(30);
    for (const key of ['odd', 'even']) {
      const seqs = received[1]!.filter((p) => p.key === key).map((p) => p.seq);
      expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    }
    expect(new Set(received[1]!.map((p) => p.epoch))).toEqual(new Set([a.epoch]));
    expect(b.position('odd')).toEqual({ epoch: a.epoch, seq: 15 });
    // The other way round: another publisher, another epoch.
    b.publish({ key: 'odd', body: 'from b' });
    await b.idle();
    await until(() => received[0]!.length === 31);
    expect(received[0]!.at(-1)).toMatchObject({ epoch: b.epoch, seq: 1, body: 'from b' });
  });

  it('announces a push too large for a NOTIFY as a re-read of its key', async () => {
    const [a] = fanouts as [StreamFanout<Push>];
    const before = received[1]!.length;
    a.publish({ key: 'big', body: 'y'.repeat(FANOUT_PAYLOAD_BYTES_MAX) });
    a.publish({ key: 'big', body: 'small' });
    await a.idle();
    await until(() => resynced[1]!.includes('big') && received[1]!.length === before + 1);
    // The small one arrives numbered 2: a page holding 0 sees the gap and re-reads too.
    expect(received[1]!.at(-1)).toMatchObject({ key: 'big', seq: 2, body: 'small' });
  });
});
