/**
 * `npm run bench:bets`: bet placement through the public HTTP API on the real server (the
 * whole app in this process on an embedded PostgreSQL), for Dice bets and 5-leg sports
 * multiples. Each workload runs a closed loop to find its saturation (bets/s), then an open
 * loop at 70 % of it (p50/p99 of the request latency). The same-run reference is the ledger's
 * own maximum: closed-loop ledger transfers in-process, no HTTP, for the same time.
 *
 * The load generator shares this process and the machine's 2 cores with the server: the
 * figures are a floor. Environment: BENCH_SECONDS (10), BENCH_PLAYERS (64), BENCH_CONCURRENCY (64).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { RELAXED_LIMITS_FOR_BENCH } from './bets.support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

type Shot = () => Promise<boolean>;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function closedLoop(shot: Shot, seconds: number, concurrency: number) {
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (await shot()) ok += 1;
        else failed += 1;
      }
    }),
  );
  return { rate: ok / seconds, failed };
}

async function openLoop(shot: Shot, rate: number, seconds: number) {
  const latencies: number[] = [];
  let failed = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      (async () => {
        const t0 = performance.now();
        const good = await shot();
        latencies.push(performance.now() - t0);
        if (!good) failed += 1;
      })(),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed,
    sent: latencies.length,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bets-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const { db, pool } = createDb(embedded.url, 20);
  await migrate(pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { app, modules } = await buildApp({
    config,
    db,
    pool,
    serveSites: false,
    limits: RELAXED_LIMITS_FOR_BENCH,
  });
  await seed(modules, { demo: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const ledger = modules.ledger.service;

  // Players, signed in and funded through the ledger.
  const tokens: string[] = [];
  const ids: bigint[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const email = `bench${i}@example.com`;
    await fetch(`${base}/customer/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench ${i}`,
        email,
        password: 'bench-password-1',
        currency_id: 1,
      }),
    });
    const login = (await (
      await fetch(`${base}/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench-password-1' }),
      })
    ).json()) as { data: string; customer: { id: number } };
    tokens.push(login.data);
    ids.push(BigInt(login.customer.id));
    await ledger.transfer({
      idempotency_key: `bench-fund:${i}`,
      debit: { house: 'payment_clearing', purpose: 'bench' },
      credit: { player_id: BigInt(login.customer.id), wallet: 'cash' },
      amount_minor: 10n ** 11n,
      currency: 'EUR',
      reason_code: 'deposit',
      object: { type: 'payment', id: `bench-fund:${i}` },
      actor: { type: 'system', id: 'bench' },
    });
  }

  // Five pre-match events with a match-winner market each, for 5-leg multiples.
  const sb = modules.sportsbook.service;
  const legs: Array<{ selection_id: string; odds: string }> = [];
  for (let e = 0; e < 5; e++) {
    const id = `bench:${e}`;
    await sb.ingest({
      kind: 'fixture_change',
      id: `bf${e}`,
      fixture: {
        id,
        sport: { id: 'football', name: 'Football' },
        competition: { id: 'bench', name: 'Bench League', country: 'Bench' },
        home: `Home ${e}`,
        away: `Away ${e}`,
        starts_at: new Date(Date.now() + 86_400_000),
        status: 'not_started',
      },
    });
    await sb.ingest({
      kind: 'odds_change',
      id: `bo${e}`,
      event_id: id,
      markets: [
        {
          key: 'match_winner',
          type: 'match_winner',
          line_milli: null,
          name: 'Match result',
          status: 'open',
          selections: [
            { key: 'home', name: 'Home', odds_milli: 2_000, active: true },
            { key: 'draw', name: 'Draw', odds_milli: 3_400, active: true },
            { key: 'away', name: 'Away', odds_milli: 3_750, active: true },
          ],
        },
      ],
    });
    const detail = await sb.event(id);
    const selection = detail.markets[0]!.selections[0]!;
    legs.push({ selection_id: String(selection.id), odds: selection.odds! });
  }

  let n = 0;
  const post = async (token: string, url: string, body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const dice: Shot = () => {
    n += 1;
    return post(tokens[n % PLAYERS]!, `${base}/customer/casino/originals/dice/bet`, {
      amount: '1',
      target: '50',
      direction: 'over',
      idempotency_key: `bench-dice-${n}`,
    });
  };
  const multiple: Shot = () => {
    n += 1;
    return post(tokens[n % PLAYERS]!, `${base}/customer/sportsbook/bets`, {
      kind: 'multiple',
      selections: legs,
      stake: '1',
      accept_odds: 'any',
      idempotency_key: `bench-multi-${n}`,
    });
  };
  const ledgerOnly: Shot = async () => {
    n += 1;
    await ledger.transfer({
      idempotency_key: `bench-ledger-${n}`,
      debit: { player_id: ids[n % PLAYERS]!, wallet: 'cash' },
      credit: { house: 'wagers', purpose: 'bench' },
      amount_minor: 1n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: `bench-${n}` },
      actor: { type: 'system', id: 'bench' },
    });
    return true;
  };

  console.log(
    `bench:bets — ${SECONDS} s per loop, ${PLAYERS} players, ${CONCURRENCY} in flight, Node ${process.version}, ${os.cpus().length} cores`,
  );
  // Warm-up: JIT, pools, prepared statements.
  await closedLoop(dice, 2, CONCURRENCY);
  await closedLoop(multiple, 2, CONCURRENCY);
  const reference = await closedLoop(ledgerOnly, SECONDS, 256);
  console.log(`reference  ledger transfers in-process (same run): ${reference.rate.toFixed(0)} /s`);
  for (const [name, shot] of [
    ['dice (HTTP)', dice],
    ['5-leg multiple (HTTP)', multiple],
  ] as const) {
    const max = await closedLoop(shot, SECONDS, CONCURRENCY);
    const open = await openLoop(shot, Math.max(1, Math.floor(max.rate * 0.7)), SECONDS);
    console.log(
      `${name.padEnd(22)} max ${max.rate.toFixed(0)} bets/s (${(max.rate / reference.rate).toFixed(2)} × ledger; ${max.failed} refused) · ` +
        `at 70 %: p50 ${open.p50.toFixed(1)} ms, p99 ${open.p99.toFixed(1)} ms (${open.failed} refused of ${open.sent})`,
    );
  }
  await app.close();
  await db.destroy();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
