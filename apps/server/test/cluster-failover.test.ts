import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { crashPoint } from '@casino/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SERVER_NODE_FLAGS } from '../src/platform/node-flags.ts';
import { type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, key } from './ledger-support.ts';
import { cashOf, fundedPlayer } from './originals-support.ts';

/**
 * Two server processes on one PostgreSQL, the Crash engine under its leader lease: the leader
 * is killed (SIGKILL) in the middle of a round; the other finishes the round from the chain,
 * settles every bet once and runs the next round (decision 0120). The standby takes bets on the
 * leader's round, and its sockets carry the leader's Crash pushes and the balance change of a
 * bet placed on the leader (decision 0125).
 */

const LEASE_MS = 3_000;
/** The bound: the next round starts within this after the leader dies. */
const NEXT_ROUND_WITHIN_MS = 10_000;

type Server = { child: ChildProcess; port: number; pid: number; output: () => string };

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
          LEADER_LEASE_MS: String(LEASE_MS),
          CRASH_BETTING_MS: '4000',
          CRASH_PAUSE_MS: '200',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready' && message.port)
        resolve({ child, port: message.port, pid: child.pid!, output: () => output });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeout_ms: number) {
  const deadline = Date.now() + timeout_ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Rounds that crash between 1.03× and 1.40×: each runs 0.5 to 5.6 s, so one takes bets often. */
const SHORT_ROUNDS = 5;
const CHAIN_LENGTH = 10;
const SALT = 'failover-test-salt';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A chain whose first rounds are short (found, not assumed), stored before the engines start. */
async function pinShortChain(db: TestApp['db']) {
  for (let n = 0; ; n++) {
    const hashes = [sha(`failover-${n}`)];
    for (let i = 0; i < CHAIN_LENGTH; i++) hashes.push(sha(hashes[i]!));
    let short = true;
    for (let k = 1; k <= SHORT_ROUNDS && short; k++) {
      const point = await crashPoint(hashes[CHAIN_LENGTH - k]!, SALT);
      short = point >= 103 && point <= 140;
    }
    if (!short) continue;
    await sql`insert into crash_chains (seed, length, terminating_hash, salt)
              values (${hashes[0]!}, ${CHAIN_LENGTH}, ${hashes[CHAIN_LENGTH]!}, ${SALT})`.execute(
      db,
    );
    return;
  }
}

let t: TestApp;
const servers: Server[] = [];
beforeAll(async () => {
  t = await testApp();
  await pinShortChain(t.db);
  servers.push(...(await Promise.all([startServer(t.url), startServer(t.url)])));
});
afterAll(async () => {
  const running = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
  const exited = running.map((s) => new Promise((resolve) => s.child.once('exit', resolve)));
  for (const server of running) server.child.kill('SIGTERM');
  await Promise.all(exited);
  await t.close();
});

const leaseOf = async () =>
  (
    await sql<{ holder: string; token: string }>`
      select holder, token::text as token from leader_leases where name = 'crash'`.execute(t.db)
  ).rows[0] ?? null;

type Message = {
  type: string;
  epoch?: string;
  seq?: number;
  data?: unknown;
};

/** A socket and everything it received; `auth` sends the sign-in first (the wallet socket). */
function listen(url: string, auth?: string) {
  const socket = new WebSocket(url);
  const messages: Message[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  const open = new Promise((resolve) => socket.once('open', resolve));
  if (auth) void open.then(() => socket.send(JSON.stringify({ type: 'auth', token: auth })));
  return { socket, messages, open };
}

const roundOf = async (id: bigint) =>
  (
    await sql<{ status: string; crash_point_x100: number }>`
      select status, crash_point_x100 from crash_rounds where id = ${id}`.execute(t.db)
  ).rows[0]!;

describe('the Crash engine under a leader lease', () => {
  it('runs on one instance; killed mid-round, the other finishes it, settles each bet once and goes on', async () => {
    await until('a leader', leaseOf, 20_000);

    const [cashing, riding] = await Promise.all([
      fundedPlayer(t, 100_00n),
      fundedPlayer(t, 100_00n),
    ]);
    // A round taking bets, with enough of its betting phase left to place two.
    const round = await until(
      'a round taking bets',
      async () =>
        (
          await sql<{ id: bigint }>`
            select id from crash_rounds
             where status = 'betting' and betting_ends_at > now() + interval '2500 milliseconds'
             order by id desc limit 1`.execute(t.db)
        ).rows[0] ?? null,
      20_000,
    );
    // Who leads now (a leader starved past its lease while both processes start gives way).
    const lease = (await leaseOf())!;
    const leader = servers.find((s) => lease.holder.includes(`:${s.pid}:`))!;
    const standby = servers.find((s) => s !== leader)!;
    expect(leader).toBeDefined();
    // Watching from the standby: the Crash socket, and the cashing player's wallet socket.
    const crashWatch = listen(`ws://127.0.0.1:${standby.port}/api/v1/casino/crash/ws`);
    const walletWatch = listen(`ws://127.0.0.1:${standby.port}/api/v1/ws`, cashing!.token);
    await Promise.all([crashWatch.open, walletWatch.open]);
    await until(
      'the wallet socket ready',
      async () => (walletWatch.messages.length >= 2 ? true : null),
      10_000,
    );
    const bet = (token: string, body: Record<string, unknown>) =>
      fetch(`http://127.0.0.1:${leader.port}/api/v1/customer/casino/crash/bet`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ idempotency_key: key('crash'), ...body }),
      });
    // The cashing bet goes to the leader, the riding one to the standby (it reads the round).
    const placed = await bet(cashing!.token, { amount: '10', auto_cashout: '1.01' });
    expect(placed.status).toBe(200);
    const onStandby = await fetch(
      `http://127.0.0.1:${standby.port}/api/v1/customer/casino/crash/bet`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${riding!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ idempotency_key: key('crash'), amount: '20' }),
      },
    );
    expect(onStandby.status).toBe(200);
    const ids = [
      ((await placed.json()) as { data: { id: string } }).data.id,
      ((await onStandby.json()) as { data: { id: string } }).data.id,
    ];
    // The standby's sockets show both: the stake taken on the leader, both bets in the round.
    await until(
      'the balance push on the standby',
      async () =>
        walletWatch.messages.some(
          (m) =>
            m.type === 'wallet' &&
            (m.data as { wallet_default: { balance: number } }).wallet_default.balance === 90,
        )
          ? true
          : null,
      10_000,
    );
    await until(
      "the leader's bets push on the standby",
      async () =>
        crashWatch.messages.some(
          (m) =>
            m.type === 'bets' &&
            ids.every((id) => (m.data as { id: string }[]).some((b) => b.id === id)),
        )
          ? true
          : null,
      10_000,
    );
    const pushes = crashWatch.messages.filter((m) => m.type !== 'state');
    const leaderEpoch = pushes[0]!.epoch!;
    expect(leaderEpoch).toMatch(/^[0-9a-f]{12}$/);
    // One publisher, numbered without a gap.
    const seqs = pushes.map((m) => m.seq!);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));

    // The round runs: the leader dies without a word.
    await until(
      'the round to run',
      async () => ((await roundOf(round.id)).status === 'betting' ? null : true),
      20_000,
    );
    leader.child.kill('SIGKILL');
    const killed_at = Date.now();

    // The other instance takes the lease (a new fencing token) and opens the next round.
    const next = await until(
      'the next round',
      async () =>
        (
          await sql<{ id: bigint }>`
            select id from crash_rounds where id > ${round.id} order by id limit 1`.execute(t.db)
        ).rows[0] ?? null,
      NEXT_ROUND_WITHIN_MS,
    );
    const failover_ms = Date.now() - killed_at;
    const after = await leaseOf();
    expect(after!.holder).toContain(`:${standby.pid}:`);
    expect(BigInt(after!.token)).toBeGreaterThan(BigInt(lease.token));
    expect(next.id).toBeGreaterThan(round.id);
    console.info(`crash failover: next round ${failover_ms} ms after the kill`);
    // The standby's page sees the new leader's round under another epoch (so it re-reads).
    await until(
      'the new round pushed on the standby',
      async () =>
        crashWatch.messages.some(
          (m) =>
            m.type === 'round' &&
            m.epoch !== leaderEpoch &&
            (m.data as { id: string }).id === String(next.id),
        )
          ? true
          : null,
      10_000,
    );
    crashWatch.socket.close();
    walletWatch.socket.close();

    // The interrupted round is over and every bet on it settled, each exactly once.
    const ended = await roundOf(round.id);
    expect(ended.status).toBe('crashed');
    const bets = (
      await sql<{
        player_id: bigint;
        status: string;
        paid: boolean;
        stake_minor: bigint;
        payout_minor: bigint | null;
      }>`select player_id, status, paid, stake_minor, payout_minor from crash_bets
          where round_id = ${round.id}`.execute(t.db)
    ).rows;
    expect(bets).toHaveLength(2);
    for (const row of bets) {
      const player = BigInt(row.player_id) === cashing!.id ? 'cashing' : 'riding';
      const expected =
        row.status === 'cashed'
          ? 100_00n - BigInt(row.stake_minor) + BigInt(row.payout_minor!)
          : row.status === 'refunded'
            ? 100_00n
            : 100_00n - BigInt(row.stake_minor);
      if (row.status !== 'refunded') expect(row.paid).toBe(true);
      // Cashed at its limit whether the old leader or the recovery fixed it (1.01 < the point).
      if (player === 'cashing') {
        expect(row.status).toBe('cashed');
        expect(BigInt(row.payout_minor!)).toBe(10_10n);
      }
      expect(await cashOf(t, BigInt(row.player_id))).toBe(expected);
    }
    await expectLedgerConsistent(t.db);
  });
});
