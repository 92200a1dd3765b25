import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../apps/server/src/modules/ledger/index.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';
import { signInViaUi, waitForApp } from './support/app.ts';
import { DESKTOP, launchBrowser } from './support/browser.ts';
import { skipJourneys } from './support/journey.ts';

/**
 * The cluster journey: `scripts/cluster.ts` with three instances behind its proxy. A player
 * plays Crash in Chromium through the proxy while the instance leading Crash is killed (kill -9)
 * mid-round; then 500 Dice bets go through the proxy while another instance is killed.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
/** The bound: the next round starts within this after the leader dies. */
const NEXT_ROUND_WITHIN_MS = 10_000;
const BETS = 500;
const CONCURRENCY = 20;

type Ready = {
  port: number;
  database_url: string;
  instances: { name: string; port: number; pid: number }[];
};

let cluster: ChildProcess | null = null;
let ready: Ready;
let dataDir = '';
let database: ReturnType<typeof createDb>;
let browser: Browser | undefined;
let output = '';

function startCluster(): Promise<Ready> {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'casino-cluster-'));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...SERVER_NODE_FLAGS,
        '--import',
        'tsx',
        'scripts/cluster.ts',
        '--port',
        '0',
        '--data-dir',
        dataDir,
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'silent',
          LEADER_LEASE_MS: '3000',
          CRASH_BETTING_MS: '4000',
          CRASH_PAUSE_MS: '300',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    cluster = child;
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('message', (message: Ready & { type?: string }) => {
      if (message.type === 'ready') resolve(message);
    });
    child.on('exit', (code) =>
      reject(new Error(`cluster exited (${code}): ${output.slice(-3000)}`)),
    );
  });
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeout_ms: number) {
  const deadline = Date.now() + timeout_ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const query = async <R>(text: string, values: unknown[] = []) =>
  (await database.pool.query(text, values)).rows as R[];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function crashLeaderPid(): Promise<number> {
  const [lease] = await query<{ holder: string }>(
    "select holder from leader_leases where name = 'crash' and expires_at > now()",
  );
  const pid = ready.instances.find((i) => lease?.holder.includes(`:${i.pid}:`))?.pid;
  if (!pid) throw new Error(`no live Crash leader among the instances (${lease?.holder})`);
  return pid;
}

beforeAll(async () => {
  if (skipJourneys()) return;
  ready = await startCluster();
  database = createDb(ready.database_url, 4);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await database?.db.destroy();
  const child = cluster;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(skipJourneys())('journey: the cluster', () => {
  it('serves the player site on one port from three instances', async () => {
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`http://127.0.0.1:${ready.port}/`);
      expect(response.status).toBe(200);
      names.add(response.headers.get('x-instance') ?? '');
    }
    expect(names).toEqual(new Set(['instance-1', 'instance-2', 'instance-3']));
  });

  it('Crash goes on when its leader is killed mid-round: the round ends, the next starts within 10 s, the cash-out paid once', {
    timeout: 300_000,
  }, async () => {
    const context = await browser!.newContext({
      viewport: DESKTOP,
      baseURL: `http://localhost:${ready.port}`,
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/casino/originals/crash');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    await page.getByTestId('crash-amount').fill('1.00');
    await page.getByTestId('crash-auto').fill('1.01');
    const mine = page.getByTestId('crash-mine');
    // The bet button is live while a round takes bets (whichever instance the page's socket
    // reached: the pushes come from the leader). A round with a high crash point runs over a
    // minute before the next betting phase.
    let placed = false;
    for (let attempt = 0; attempt < 3 && !placed; attempt++) {
      await page
        .getByTestId('crash-bet')
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 120_000 });
      placed = await page
        .getByTestId('crash-bet')
        .click({ timeout: 3_000 })
        .then(() => mine.filter({ hasText: /riding/ }).waitFor({ timeout: 10_000 }))
        .then(() => true)
        .catch(() => false);
    }
    expect(placed).toBe(true);
    const [bet] = await query<{ id: string; round_id: string }>(
      `select b.id::text, b.round_id::text from crash_bets b join players p on p.id = b.player_id
        where p.email = 'demo@example.com' order by b.id desc limit 1`,
    );
    // The round runs: its leader dies without a word.
    await until(
      'the round to run',
      async () =>
        (
          await query<{ status: string }>('select status from crash_rounds where id = $1', [
            bet!.round_id,
          ])
        )[0]!.status === 'betting'
          ? null
          : true,
      20_000,
    );
    const leader = await crashLeaderPid();
    process.kill(leader, 'SIGKILL');
    const killed_at = Date.now();

    await until(
      'the next round',
      async () =>
        (await query('select 1 from crash_rounds where id > $1', [bet!.round_id]))[0] ?? null,
      NEXT_ROUND_WITHIN_MS,
    );
    console.info(`cluster: next Crash round ${Date.now() - killed_at} ms after the kill`);
    expect(Date.now() - killed_at).toBeLessThanOrEqual(NEXT_ROUND_WITHIN_MS);
    // The page (its socket moved to a live instance through the proxy) shows the new round.
    await page.getByTestId('crash-phase').filter({ hasText: 'Place your bets' }).waitFor();

    const [round] = await query<{ status: string; crash_point_x100: number }>(
      'select status, crash_point_x100 from crash_rounds where id = $1',
      [bet!.round_id],
    );
    expect(round!.status).toBe('crashed');
    const [row] = await query<{ status: string; paid: boolean }>(
      'select status, paid from crash_bets where id = $1',
      [bet!.id],
    );
    const credits = await query<{ n: string }>(
      `select count(*)::text as n from ledger_transfers t
         join ledger_accounts a on a.id = t.credit_account_id
        where t.object_id = $1 and a.player_id is not null`,
      [`crash:${bet!.id}`],
    );
    // 1.01× is reached unless the round busts at 1.00× (a true loss, about 1 in 100).
    if (round!.crash_point_x100 >= 101) {
      expect(row).toEqual({ status: 'cashed', paid: true });
      expect(credits[0]!.n).toBe('1');
    } else expect(credits[0]!.n).toBe('0');
    await context.close();
  });

  it('500 bets through the proxy while an instance is killed: every acknowledged bet in the ledger once', {
    timeout: 120_000,
  }, async () => {
    const login = async (email: string) => {
      const response = await fetch(`http://127.0.0.1:${ready.port}/api/v1/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo-password-1' }),
      });
      return ((await response.json()) as { data: string }).data;
    };
    const players = await Promise.all(['priya@example.com', 'lucas@example.com'].map(login));
    const run = randomBytes(4).toString('hex');
    const acknowledged = new Map<string, string>();
    let retries = 0;
    /** One bet, retried with its key until an instance acknowledges it. */
    const place = async (n: number) => {
      const key = `cluster-${run}-${n}`;
      for (let attempt = 0; attempt < 30; attempt++) {
        try {
          const response = await fetch(
            `http://127.0.0.1:${ready.port}/api/v1/customer/casino/originals/dice/bet`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${players[n % players.length]}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                amount: '1.00',
                target: '50.00',
                direction: 'over',
                idempotency_key: key,
              }),
              signal: AbortSignal.timeout(15_000),
            },
          );
          if (response.status === 200) {
            acknowledged.set(key, ((await response.json()) as { data: { id: string } }).data.id);
            return;
          }
        } catch {
          // The instance died with the request: the key makes the retry safe.
        }
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // Kill a live instance once a fifth of the bets are in.
    const victim = ready.instances.map((i) => i.pid).find(alive)!;
    let next = 0;
    let killed = false;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < BETS) {
          const n = next++;
          if (!killed && n >= BETS / 5) {
            killed = true;
            process.kill(victim, 'SIGKILL');
          }
          await place(n);
        }
      }),
    );
    console.info(`cluster: ${acknowledged.size} bets acknowledged, ${retries} retries`);
    expect(acknowledged.size).toBe(BETS);
    expect(killed).toBe(true);

    // Each key is one bet, each bet one stake in the ledger (split between cash and bonus
    // accounts when bonus money pays part: its amounts sum to the stake).
    const bets = await query<{ id: string; key: string; stake: string; staked: string | null }>(
      `select b.id::text, b.idempotency_key as key, b.stake_minor::text as stake,
              (select sum(t.amount_minor)::text from ledger_transfers t
                 join ledger_accounts a on a.id = t.debit_account_id
                where t.object_id = 'casino:' || b.id and a.player_id is not null) as staked
         from casino_bets b where b.idempotency_key like $1`,
      [`cluster-${run}-%`],
    );
    expect(bets).toHaveLength(BETS);
    for (const row of bets) {
      expect(acknowledged.get(row.key)).toBe(row.id);
      expect(row.staked).toBe(row.stake);
    }
    const result = await checkLedger(database.db);
    expect(result.violations).toEqual([]);
  });
});
