/**
 * `npm run bench:ledger`: bet-like round trips through the ledger, against a baseline of
 * plain SQL measured in the same run, on the same embedded PostgreSQL, with the same
 * number of connections. A benchmark, not a test: it prints figures and asserts nothing
 * except that the ledger checker passes afterwards.
 *
 * Environment: BENCH_SECONDS (per scenario, default 10), BENCH_CONNECTIONS (16),
 * BENCH_WORKERS (closed-loop concurrency, 64), BENCH_PLAYERS (10000), BENCH_ROUNDS (3:
 * baseline and the two group-commit rows run interleaved, A/B/A/B, and are reported per
 * round and as medians), BENCH_EXTRA (1; 0 skips the unbatched and two-phase rows),
 * BENCH_LEDGER_IN_FLIGHT and BENCH_LINGER_MS (ledger batcher limits; unset: its defaults).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  checkLedger,
  createLedgerModule,
  type LedgerService,
} from '../apps/server/src/modules/ledger/index.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 64);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);
/** Concurrent ledger batches (connections the ledger uses); unset: the ledger's default. */
const LEDGER_IN_FLIGHT = process.env.BENCH_LEDGER_IN_FLIGHT
  ? Number(process.env.BENCH_LEDGER_IN_FLIGHT)
  : undefined;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const EXTRA = process.env.BENCH_EXTRA !== '0';
const LINGER_MS = process.env.BENCH_LINGER_MS ? Number(process.env.BENCH_LINGER_MS) : undefined;
const WARMUP_MS = 1_000;
const WARMUP_SECONDS = 2;
const OPEN_LOOP_SHARE = 0.7;
const SLOW_MS = 3_000;
const STARTING_CASH_MINOR = 1_000_000_00n;

type Result = {
  name: string;
  /** Group-commit batches of the ledger during the scenario: count, mean and largest size. */
  batches?: { count: number; mean: number; p50: number; p90: number; max: number };
  ops: number;
  seconds: number;
  latencies_ms: number[];
  failed: number;
  offered?: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Closed loop: WORKERS concurrent loops for SECONDS; only post-warm-up completions count. */
async function closedLoop(
  name: string,
  op: (worker: number) => Promise<void>,
  seconds = SECONDS,
): Promise<Result> {
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const stopAt = measureFrom + seconds * 1000;
  const latencies_ms: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (performance.now() < stopAt) {
        const begin = performance.now();
        try {
          await op(worker);
          if (begin >= measureFrom) latencies_ms.push(performance.now() - begin);
        } catch (error) {
          failed += 1;
          if (failed === 1) console.error(`${name}: first failure`, error);
        }
      }
    }),
  );
  return { name, ops: latencies_ms.length, seconds, latencies_ms, failed };
}

/** Open loop at a fixed offered rate; latency counts from the scheduled start (no coordinated omission). */
async function openLoop(
  name: string,
  rate_per_s: number,
  op: (n: number) => Promise<void>,
): Promise<Result> {
  const interval_ms = 1000 / rate_per_s;
  const started = performance.now();
  const total = Math.floor(rate_per_s * SECONDS);
  const latencies_ms: number[] = [];
  const inflight: Promise<void>[] = [];
  let failed = 0;
  for (let n = 0; n < total; n += 1) {
    const scheduled = started + n * interval_ms;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inflight.push(
      op(n).then(
        () => {
          latencies_ms.push(performance.now() - scheduled);
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(inflight);
  return {
    name,
    ops: latencies_ms.length,
    // Accepted rate over the scheduled window (not the drain after it), to set against offered.
    seconds: SECONDS,
    latencies_ms,
    failed,
    offered: total,
  };
}

/** Runs a scenario and records the ledger's batch sizes during it (warm-up included). */
async function withBatches(ledger: LedgerService, run: () => Promise<Result>): Promise<Result> {
  const before = ledger.batchStats().sizes;
  const result = await run();
  const delta = ledger.batchStats().sizes.map((count, size) => count - (before[size] ?? 0));
  const count = delta.reduce((sum, n) => sum + n, 0);
  const commands = delta.reduce((sum, n, size) => sum + n * size, 0);
  const quantile = (q: number) => {
    let seen = 0;
    for (const [size, n] of delta.entries()) {
      seen += n;
      if (seen >= q * count) return size;
    }
    return delta.length - 1;
  };
  result.batches = {
    count,
    mean: count === 0 ? 0 : commands / count,
    p50: quantile(0.5),
    p90: quantile(0.9),
    max: delta.findLastIndex((n) => n > 0),
  };
  return result;
}

function row(result: Result, baseline?: number) {
  const sorted = [...result.latencies_ms].sort((a, b) => a - b);
  const per_s = result.ops / result.seconds;
  return {
    scenario: result.name,
    'ops/s': Math.round(per_s),
    'vs baseline': baseline ? (per_s / baseline).toFixed(2) : '',
    'p50 ms': percentile(sorted, 0.5).toFixed(1),
    'p99 ms': percentile(sorted, 0.99).toFixed(1),
    'p99.9 ms': percentile(sorted, 0.999).toFixed(1),
    'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(1),
    [`>${SLOW_MS / 1000}s`]: sorted.filter((value) => value > SLOW_MS).length,
    failed: result.failed,
    'offered/s': result.offered ? Math.round(result.offered / SECONDS) : '',
    accepted: result.offered ? `${((100 * result.ops) / result.offered).toFixed(2)}%` : '',
    'batch mean/p50/p90/max': result.batches
      ? `${result.batches.mean.toFixed(1)}/${result.batches.p50}/${result.batches.p90}/${result.batches.max}`
      : '',
  };
}

const random = (max: number) => Math.floor(Math.random() * max);

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-bench-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const { db, pool } = createDb(embedded.url, CONNECTIONS);
  try {
    await migrate(pool);
    if (process.env.BENCH_NO_NOTIFY === '1') {
      // Diagnostic only: the same function without pg_notify, to price the NOTIFY commit lock.
      const fn = (
        await pool.query<{ def: string }>(
          `select pg_get_functiondef('ledger_apply'::regproc) as def`,
        )
      ).rows[0]!.def;
      await pool.query(fn.replace(/perform pg_notify\([^;]*;/g, 'null;'));
      console.log('DIAGNOSTIC: pg_notify removed from ledger_apply');
    }
    await pool.query(
      `insert into currencies (id, code, name, prefix, scale) values (1, 'EUR', 'Euro', '€', 2)`,
    );
    const version = (
      await pool.query<{ v: string }>(`select current_setting('server_version') as v`)
    ).rows[0]!.v;
    const settings = await pool.query<{ name: string; setting: string }>(`
      select name, setting from pg_settings
      where name in ('synchronous_commit', 'fsync', 'commit_delay', 'shared_buffers', 'wal_sync_method')
      order by name`);
    console.log(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · ` +
        `PostgreSQL ${version} (embedded, ${settings.rows.map((s) => `${s.name}=${s.setting}`).join(', ')})`,
    );
    console.log(
      `${PLAYERS} players · ${CONNECTIONS} connections · ${WORKERS} workers · ${SECONDS} s per scenario · ` +
        `${ROUNDS} interleaved rounds · ledger batches in flight: ${LEDGER_IN_FLIGHT ?? 'default'}, ` +
        `linger: ${LINGER_MS ?? 'default'} ms (one-transaction-per-transfer rows: ${CONNECTIONS} in flight)\n`,
    );

    // Players and their funded wallets, created through the ledger service.
    await pool.query(`insert into players (name, username, email, password_hash, referral_code, currency_id)
      select 'Bench ' || n, 'bench' || n, 'bench' || n || '@example.com', 'x', 'B' || n, 1
      from generate_series(1, ${PLAYERS}) n`);
    const players = (
      await pool.query<{ id: bigint }>(`select id from players order by id`)
    ).rows.map((r) => r.id);
    const setup = createLedgerModule(db).service;
    const setupStarted = performance.now();
    for (let offset = 0; offset < players.length; offset += 500) {
      await Promise.all(
        players.slice(offset, offset + 500).map((player_id) =>
          setup.transfer({
            idempotency_key: `bench:fund:${player_id}`,
            debit: { house: 'payment_clearing', purpose: 'bench' },
            credit: { player_id, wallet: 'cash' },
            amount_minor: STARTING_CASH_MINOR,
            currency: 'EUR',
            reason_code: 'deposit',
            object: { type: 'payment', id: `fund:${player_id}` },
            actor: { type: 'system', id: 'bench' },
          }),
        ),
      );
    }
    console.log(
      `setup: ${players.length} funded wallets in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // Baseline: plain SQL, one UPDATE of a balance row plus one INSERT per transaction.
    await pool.query(
      `create table bench_balances (id bigint primary key, balance bigint not null) with (fillfactor = 70)`,
    );
    await pool.query(
      `create table bench_log (id bigint generated always as identity primary key, account_id bigint not null, amount bigint not null, created_at timestamptz not null default now())`,
    );
    await pool.query(
      `insert into bench_balances select n, 0 from generate_series(1, ${PLAYERS}) n`,
    );
    const runBaseline = (round: number) =>
      closedLoop(
        `baseline: UPDATE + INSERT per transaction (round ${round})`,
        async () => {
          await pool.query(
            `with u as (update bench_balances set balance = balance + $2 where id = $1 returning id)
         insert into bench_log (account_id, amount) select id, $2 from u`,
            [1 + random(PLAYERS), 1 + random(100)],
          );
        },
        round === 0 ? WARMUP_SECONDS : SECONDS,
      );

    let sequence = 0;
    const actor = { type: 'provider', id: 'bench' } as const;
    /** One bet: debit the stake to the provider's wagers account, credit a win back. */
    const betRound = (ledger: LedgerService, purpose: string, twoPhase: boolean) => async () => {
      sequence += 1;
      const n = sequence;
      const player_id = players[random(players.length)]!;
      const cash = { player_id, wallet: 'cash' } as const;
      const wagers = { house: 'wagers', purpose } as const;
      const stake = BigInt(1 + random(10_000));
      const base = { currency: 'EUR', object: { type: 'bet', id: `r${n}` }, actor } as const;
      if (twoPhase) {
        const hold = await ledger.reserve({
          ...base,
          idempotency_key: `bench:${n}:stake`,
          debit: cash,
          credit: wagers,
          amount_minor: stake,
          reason_code: 'bet',
        });
        await ledger.post({
          idempotency_key: `bench:${n}:post`,
          pending_id: hold.id,
          actor,
        });
      } else {
        await ledger.transfer({
          ...base,
          idempotency_key: `bench:${n}:stake`,
          debit: cash,
          credit: wagers,
          amount_minor: stake,
          reason_code: 'bet',
        });
      }
      await ledger.transfer({
        ...base,
        idempotency_key: `bench:${n}:win`,
        debit: wagers,
        credit: cash,
        amount_minor: 1n + BigInt(random(Number(stake) * 2)),
        reason_code: 'win',
      });
    };
    const service = (house_shards: number, batch_size_max: number) =>
      createLedgerModule(db, {
        house_shards,
        batcher: {
          batch_size_max,
          ...(batch_size_max === 1
            ? { in_flight_max: CONNECTIONS }
            : LEDGER_IN_FLIGHT
              ? { in_flight_max: LEDGER_IN_FLIGHT }
              : {}),
          ...(LINGER_MS !== undefined ? { linger_ms: LINGER_MS } : {}),
        },
      }).service;

    const sharded = service(16, 200);
    const single = service(1, 200);
    const unbatched16 = service(16, 1);
    const unbatched1 = service(1, 1);
    // Warm-up, not measured: a long-running server has its players' account ids cached
    // (each LedgerService here starts with an empty cache) and every pooled connection has
    // planned ledger_apply's statements. Without this the first round ran ~30 % slower.
    const warmStarted = performance.now();
    for (const ledger of EXTRA ? [sharded, single, unbatched16, unbatched1] : [sharded, single]) {
      for (let offset = 0; offset < players.length; offset += 500) {
        await Promise.all(
          players
            .slice(offset, offset + 500)
            .map((player_id) => ledger.resolve({ player_id, wallet: 'cash' }, 'EUR')),
        );
      }
    }
    await runBaseline(0).then(() => undefined);
    await closedLoop('warm-up', betRound(sharded, 'sharded', false), WARMUP_SECONDS);
    await closedLoop('warm-up', betRound(single, 'single', false), WARMUP_SECONDS);
    console.log(
      `warm-up (account caches, ${WARMUP_SECONDS + 1} s per service, not measured): ` +
        `${((performance.now() - warmStarted) / 1000).toFixed(1)} s`,
    );
    const perS = (result: Result) => result.ops / result.seconds;
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    // Interleaved rounds: baseline, 16 shards, 1 shard, baseline, … so drift on a shared
    // VM hits all three alike; each ledger row is compared with its own round's baseline.
    const rounds: { baseline: Result; sharded: Result; single: Result }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const baselineResult = await runBaseline(round);
      const shardedResult = await withBatches(sharded, () =>
        closedLoop(
          `ledger bet (debit + win), 16 shards, group commit (round ${round})`,
          betRound(sharded, 'sharded', false),
        ),
      );
      const singleResult = await withBatches(single, () =>
        closedLoop(
          `ledger bet, 1 house shard, group commit (round ${round})`,
          betRound(single, 'single', false),
        ),
      );
      rounds.push({ baseline: baselineResult, sharded: shardedResult, single: singleResult });
      console.log(
        `round ${round}: baseline ${Math.round(perS(baselineResult))} tx/s · 16 shards ` +
          `${Math.round(perS(shardedResult))} bets/s (${(perS(shardedResult) / perS(baselineResult)).toFixed(2)}) · ` +
          `1 shard ${Math.round(perS(singleResult))} bets/s (${(perS(singleResult) / perS(baselineResult)).toFixed(2)})`,
      );
    }
    const rows: ReturnType<typeof row>[] = [];
    for (const r of rounds) {
      const b = perS(r.baseline);
      rows.push(row(r.baseline), row(r.sharded, b), row(r.single, b));
    }
    const baselinePerS = median(rounds.map((r) => perS(r.baseline)));
    const maxBetsPerS = median(rounds.map((r) => perS(r.sharded)));

    const results: Result[] = [];
    if (EXTRA) {
      results.push(
        await withBatches(unbatched16, () =>
          closedLoop(
            'ledger bet, 16 shards, one transaction per transfer',
            betRound(unbatched16, 'unbatched16', false),
          ),
        ),
      );
      results.push(
        await withBatches(unbatched1, () =>
          closedLoop(
            'ledger bet, 1 shard, one transaction per transfer',
            betRound(unbatched1, 'unbatched1', false),
          ),
        ),
      );
      results.push(
        await withBatches(sharded, () =>
          closedLoop(
            'ledger bet two-phase (reserve + post + win), 16 shards',
            betRound(sharded, 'sharded', true),
          ),
        ),
      );
    }
    const rate = Math.max(1, Math.round(maxBetsPerS * OPEN_LOOP_SHARE));
    const round = betRound(sharded, 'sharded', false);
    results.push(
      await withBatches(sharded, () =>
        openLoop(`open loop at 70% of median max, 16 shards`, rate, round),
      ),
    );

    console.log(
      '\nops/s: bets per second for ledger rows (2 transfers each, 3 for two-phase), transactions per second for the baseline.',
    );
    console.log(
      'Rows after the rounds are compared with the median baseline; the open loop offers 70% of the median 16-shard rate.',
    );
    console.table([...rows, ...results.map((result) => row(result, baselinePerS))]);
    const spread = (values: number[]) =>
      `median ${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
    const ratios = (pick: (r: (typeof rounds)[number]) => Result) =>
      rounds.map((r) => perS(pick(r)) / perS(r.baseline));
    const ratioSpread = (values: number[]) =>
      `median ${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    console.log(`baseline tx/s: ${spread(rounds.map((r) => perS(r.baseline)))}`);
    console.log(
      `16 shards bets/s: ${spread(rounds.map((r) => perS(r.sharded)))} · ratio ${ratioSpread(ratios((r) => r.sharded))}`,
    );
    console.log(
      `1 shard bets/s: ${spread(rounds.map((r) => perS(r.single)))} · ratio ${ratioSpread(ratios((r) => r.single))}`,
    );

    const check = await checkLedger(db);
    console.log(
      `ledger check after the run: ${check.ok ? 'ok' : 'FAILED'} (${check.accounts} accounts)`,
    );
    for (const violation of check.violations) console.log(`  ${violation.message}`);
    if (!check.ok) process.exitCode = 1;
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(process.exitCode ?? 0);
