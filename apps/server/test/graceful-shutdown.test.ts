import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/platform/node-flags.ts';
import { type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, key } from './ledger-support.ts';
import { fundedPlayer } from './originals-support.ts';

/**
 * Two server processes, Dice bets streaming to both, SIGTERM to the one leading the Crash
 * engine (decision 0128): no 5xx, every acknowledged bet in the ledger once, the lease taken by
 * the other before the old one would have run out. The client plays the proxy: a connection
 * refused is sent to the other instance with the same idempotency key.
 */

type Server = { child: ChildProcess; port: number; pid: number };

function startServer(url: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: url,
          PORT: '0',
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          CRASH_ENGINE: 'on',
          LEADER_LEASE_MS: '5000',
        },
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      },
    );
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready' && message.port)
        resolve({ child, port: message.port, pid: child.pid! });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

let t: TestApp;
const servers: Server[] = [];
beforeAll(async () => {
  t = await testApp();
  servers.push(...(await Promise.all([startServer(t.url), startServer(t.url)])));
});
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await t.close();
});

const leaseOf = async () =>
  (
    await sql<{ holder: string; acquired_at: Date; expires_at: Date }>`
      select holder, acquired_at, expires_at from leader_leases where name = 'crash'`.execute(t.db)
  ).rows[0] ?? null;

describe('SIGTERM under load', () => {
  it('drains one of two instances: no 5xx, every acknowledged bet once, the lease moves at once', async () => {
    let lease = await leaseOf();
    while (lease === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lease = await leaseOf();
    }
    const leader = servers.find((s) => lease.holder.includes(`:${s.pid}:`))!;
    const other = servers.find((s) => s !== leader)!;
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(t, 1_000_00n)));

    const acknowledged: string[] = [];
    const failures: string[] = [];
    let stopping = false;
    const place = async (token: string, first: Server) => {
      const idempotency_key = key('drain');
      for (const server of [first, other]) {
        let response: Response;
        try {
          response = await fetch(
            `http://127.0.0.1:${server.port}/api/v1/customer/casino/originals/dice/bet`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                idempotency_key,
                amount: '1',
                target: '50',
                direction: 'over',
              }),
            },
          );
        } catch {
          continue; // refused or reset: the proxy's retry, same key
        }
        if (response.status >= 500) failures.push(`${response.status} ${await response.text()}`);
        if (response.status === 200) acknowledged.push(idempotency_key);
        return;
      }
      failures.push('no instance answered');
    };
    const streams = players.map(async (player, i) => {
      for (let n = 0; !stopping; n++) await place(player.token, (n + i) % 2 === 0 ? leader : other);
    });

    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    const held = (await leaseOf())!;
    const exited = new Promise<number | null>((resolve) => leader.child.once('exit', resolve));
    leader.child.kill('SIGTERM');
    const code = await exited;
    const before = acknowledged.length;
    while (acknowledged.length < before + 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    stopping = true;
    await Promise.all(streams);

    expect(code).toBe(0);
    expect(failures).toEqual([]);
    // The drained instance gave the lease up; the other takes it on its next attempt.
    await expect.poll(async () => (await leaseOf())?.holder).toContain(`:${other.pid}:`);
    const after = (await leaseOf())!;
    // Handed over, not run out: taken before the old holder's lease would have expired.
    expect(after.acquired_at.getTime()).toBeLessThan(held.expires_at.getTime());
    const { rows } = await sql<{ idempotency_key: string; n: number }>`
      select idempotency_key, count(*)::int as n from casino_bets
       where idempotency_key = any(${acknowledged}) group by idempotency_key`.execute(t.db);
    expect(rows).toHaveLength(acknowledged.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    await expectLedgerConsistent(t.db);
  });
});
