import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDb } from '../src/platform/db/database.ts';
import { TEST_SECRETS_KEY } from './global-setup.ts';
import { RELAXED_LIMITS, type TestApp, testDatabase } from './harness.ts';
import { expectLedgerConsistent, key } from './ledger-support.ts';
import { fundedPlayer } from './originals-support.ts';

/**
 * PostgreSQL restarting under load, as the instance sees it (decision 0134): every backend is
 * terminated (what a fast shutdown sends: 57P01), then nothing answers on the port for a while
 * (connections refused), then the server is back on the same address. The database is reached
 * through a TCP proxy the test takes down and brings back, so the restart touches this file's
 * instance only and not the PostgreSQL server the other test files share.
 */
class RestartableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection: the port refuses until `up()`. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let proxy: RestartableProxy;
let adminUrl: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await testDatabase();
  drop = database.drop;
  adminUrl = database.url;
  const direct = new URL(database.url);
  proxy = new RestartableProxy({ host: direct.hostname, port: Number(direct.port) });
  await proxy.up();
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  const { db, pool } = createDb(proxied.toString(), 10);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://casino.test',
    SECRETS_KEY: TEST_SECRETS_KEY,
  });
  const { app, modules } = await buildApp({
    config,
    db,
    pool,
    limits: RELAXED_LIMITS,
    serveSites: false,
  });
  await app.ready();
  t = {
    app,
    modules,
    // The test's own reads and checks go straight to PostgreSQL.
    db: database.db,
    pool: database.pool,
    url: database.url,
    config,
    async close() {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
});
afterAll(async () => {
  await proxy.up().catch(() => {});
  await t.close();
});

/** What a fast shutdown does first: every backend of this database is terminated. */
async function terminateBackends(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL restarting under load', () => {
  it('fails bets in flight with a clean 503, reconnects by itself, and the outbox delivers what was committed', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(t, 1_000_00n)));
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    let stopping = false;

    const place = async (token: string, idempotency_key: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/casino/originals/dice/bet',
        headers: { authorization: `Bearer ${token}` },
        payload: { idempotency_key, amount: '1', target: '50', direction: 'over' },
      });
      if (response.statusCode !== 200 && response.statusCode !== 503)
        failures.push(`${response.statusCode} ${response.body}`);
      if (response.statusCode === 503) {
        expect(response.json().message).toMatch(/unavailable|try again/i);
      }
      return response.statusCode;
    };
    const keysOf = new Map<string, string>();
    const streams = players.map(async (player) => {
      while (!stopping) {
        const idempotency_key = key('pg-restart');
        keysOf.set(idempotency_key, player.token);
        statuses.set(idempotency_key, await place(player.token, idempotency_key));
        // While the database is away the instance answers at once: no busy loop meanwhile.
        if (statuses.get(idempotency_key) === 503) await sleep(50);
      }
    });
    const count = (status: number) => [...statuses.values()].filter((s) => s === status).length;

    while (count(200) < 20) await sleep(20);
    await terminateBackends();
    await proxy.down();
    const refusedBefore = count(503);
    await expect.poll(() => count(503), { timeout: 30_000 }).toBeGreaterThan(refusedBefore);
    await sleep(1_000);
    await proxy.up();
    // Back without a restart of the instance: bets are accepted again.
    const acceptedAtReturn = count(200);
    await expect
      .poll(() => count(200), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(acceptedAtReturn + 20);
    stopping = true;
    await Promise.all(streams);
    expect(failures).toEqual([]);

    // A bet refused with 503 may have committed before its answer was lost: the client's retry
    // with the same key answers that bet, or places it now, once either way.
    const retried = [...statuses].filter(([, status]) => status === 503).map(([k]) => k);
    expect(retried.length).toBeGreaterThan(0);
    for (const idempotency_key of retried) {
      expect(await place(keysOf.get(idempotency_key)!, idempotency_key)).toBe(200);
    }
    const all = [...statuses.keys()];
    const { rows } = await sql<{ idempotency_key: string; n: number }>`
      select idempotency_key, count(*)::int as n from casino_bets
       where idempotency_key = any(${all}) group by idempotency_key`.execute(t.db);
    expect(rows).toHaveLength(all.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    await expectLedgerConsistent(t.db);

    // Every event committed, before the restart or after, reaches every subscriber.
    const cursors = await sql<{ subscriber: string }>`
      select subscriber from outbox_cursors`.execute(t.db);
    expect(cursors.rows.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (
            await sql<{ behind: number }>`
              select count(*)::int as behind
                from outbox_events e cross join outbox_cursors c
               where (e.xid, e.id) > (c.last_xid, c.last_id)
                 and not exists (select 1 from outbox_dead_letters d
                                  where d.subscriber = c.subscriber and d.event_id = e.id)`.execute(
              t.db,
            )
          ).rows[0]!.behind,
        { timeout: 30_000 },
      )
      .toBe(0);
    const dead = await sql<{ n: number }>`
      select count(*)::int as n from outbox_dead_letters`.execute(t.db);
    expect(dead.rows[0]!.n).toBe(0);
  }, 120_000);
});
