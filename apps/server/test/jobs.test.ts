import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditModule } from '../src/modules/audit/index.ts';
import { createSystemModule } from '../src/modules/system/index.ts';
import type { SystemOutbox } from '../src/modules/system/system.service.ts';
import { JobQueue } from '../src/platform/jobs.ts';
import { LeaderLease } from '../src/platform/leader.ts';
import { testDatabase } from './harness.ts';

let database: Awaited<ReturnType<typeof testDatabase>>;
let queue: JobQueue;
let start_ms = 0;
const runs = { fine: 0, broken: 0 };
let broken = true;

beforeAll(async () => {
  database = await testDatabase();
  queue = new JobQueue(
    database.url,
    [
      {
        name: 'test.fine',
        cron: '0 0 1 1 *',
        run: async () => {
          runs.fine += 1;
        },
      },
      {
        name: 'test.broken',
        cron: '0 0 1 1 *',
        run: async () => {
          runs.broken += 1;
          if (broken) throw new Error('the dependency is down');
        },
      },
    ],
    {
      log: () => {},
      retry_delay_s: 0,
      retry_limit: 1,
      polling_s: 0.5,
      schedule: false,
    },
  );
  const started = performance.now();
  await queue.start();
  start_ms = performance.now() - started;
});
afterAll(async () => {
  await queue.stop();
  await database.drop();
});

async function until(probe: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 20_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('scheduled jobs on pg-boss', () => {
  it('runs a job once per send, retries a failing one, keeps it as a dead letter, and sends it again', async () => {
    console.info(`pg-boss start (schema created, two queues): ${Math.round(start_ms)} ms`);
    expect(await queue.runNow('test.fine')).not.toBeNull();
    expect(await queue.runNow('unknown')).toBeNull();
    const id = await queue.runNow('test.broken');
    await until(() => runs.fine === 1);

    // Tried, retried once, then left failed: a dead letter with the error.
    await until(async () => (await queue.failures()).length === 1);
    expect(runs.broken).toBe(2);
    const [letter] = await queue.failures();
    expect(letter).toMatchObject({ queue: 'test.broken', id, attempts: 2 });
    expect(letter!.error).toContain('the dependency is down');
    expect(await queue.status()).toEqual([
      { name: 'test.fine', cron: '0 0 1 1 *', queued: 0, active: 0, failed: 0 },
      { name: 'test.broken', cron: '0 0 1 1 *', queued: 0, active: 0, failed: 1 },
    ]);

    // The back office's view: the dead letter with its error; its retry is audited.
    const audit = createAuditModule(database.db).service;
    const system = createSystemModule({
      outbox: {} as SystemOutbox,
      audit,
      jobs: queue,
      leases: () => LeaderLease.all(database.db),
    }).service;
    const view = await system.jobsStatus();
    expect(view).toMatchObject({ enabled: true, failures: [{ queue: 'test.broken', id }] });
    // The cause is fixed: sent again, it runs and leaves the list.
    broken = false;
    const actor = {
      type: 'staff' as const,
      id: 1n,
      role: 'admin' as const,
      ip: null,
      user_agent: null,
    };
    expect(await system.retryJob(actor, 'test.broken', id!)).toEqual({ queue: 'test.broken', id });
    const [entry] = (await audit.search({ action: 'system.job.retry' }, { limit: 1, offset: 0 }))
      .rows;
    expect(entry).toMatchObject({ target_id: `test.broken:${id}` });
    await until(() => runs.broken === 3);
    await until(async () => (await queue.status())[1]!.active === 0);
    expect(await queue.failures()).toEqual([]);
    expect(await queue.retry('test.broken', id!)).toBe(false);
    await expect(system.retryJob(actor, 'test.broken', id!)).rejects.toMatchObject({
      code: 'JOB_NOT_FOUND',
    });
    expect(await queue.retry('test.fine', '00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(runs.fine).toBe(1);
  });
});
