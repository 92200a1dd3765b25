/**
 * `npm run bench:ledger`: bet-like round trips through the ledger, against a baseline of
 * plain SQL measured in the same run, on the same embedded PostgreSQL, with the same
 * number of connections. A benchmark, not a test: it prints figures and asserts nothing
 * except that the ledger checker passes afterwards.
 *
 * Maximum throughput is each system's best closed-loop level, compared with the other's
 * best (`MAXIMUM THROUGHPUT` at the end); every level also shows its same-level ratios.
 *
 * Environment: BENCH_SECONDS (per scenario, default 10), BENCH_CONNECTIONS (16),
 * BENCH_WORKERS (closed-loop concurrency levels, "64,512"), BENCH_PLAYERS (10000),
 * BENCH_ROUNDS (3: at each level baseline and the two group-commit rows run interleaved,
 * and are reported per round and as medians), BENCH_EXTRA (1; 0 skips the unbatched and
 * two-phase rows), BENCH_OPEN_RUNS (3 open loops at 70 % of the maximum; the p99 against
 * the aim is their median), BENCH_LEDGER_IN_FLIGHT, BENCH_BATCH_MAX and BENCH_LINGER_MS (ledger
 * batcher limits; unset: its defaults). Diagnostics: BENCH_WAITS=1 (what the server's
 * backends wait on), BENCH_TIMELINE=1 (open loop's worst latency, WAL rate and autovacuum phase
 * per 250 ms), BENCH_INJECT=<ms>:<sql>[;;…] (run SQL that far into every open loop),
 * BENCH_CPU_PROFILE=<file> and BENCH_CPU_PROFILE_OPEN=<file> (V8 CPU profiles of a 16-shard
 * row and of the open loop), BENCH_OPEN_RATES=<bets/s>[,…] (skip the rounds: open loops only,
 * at these rates), BENCH_SETUP_SQL (run after the migrations: try a schema change).
 * Every row shows CPU per op (this process, the PostgreSQL server) and how busy the machine
 * was (/proc, Linux); open loops also show the 8 KiB fdatasync times of a probe on the
 * database's filesystem (a slow disk flush stalls every commit, whatever the code), and the
 * share of the loop an autovacuum worker ran, on which tables, and the checkpoints performed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { createAuditModule } from '../apps/server/src/modules/audit/index.ts';
import { createCurrenciesModule } from '../apps/server/src/modules/currencies/index.ts';
import {
  BATCHER_LIMITS_DEFAULT,
  checkLedger,
  createLedgerModule,
  type LedgerService,
} from '../apps/server/src/modules/ledger/index.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import {
  postmasterPid,
  procStatField,
  startEmbeddedPostgres,
} from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import {
  cpuSample,
  type Maintenance,
  maintenanceText,
  startFlushProbe,
  startMaintenanceSampler,
} from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * Closed-loop concurrency levels. Maximum throughput is each system's best level: the
 * baseline peaks at tens of workers (each holds a connection for its whole transaction),
 * the ledger needs more bets in flight to fill its batches (round 6, docs/performance.md).
 */
const WORKER_LEVELS = (process.env.BENCH_WORKERS ?? '64,512').split(',').map(Number);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);
/** Concurrent ledger batches (connections the ledger uses); unset: the ledger's default. */
const LEDGER_IN_FLIGHT = process.env.BENCH_LEDGER_IN_FLIGHT
  ? Number(process.env.BENCH_LEDGER_IN_FLIGHT)
  : undefined;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const EXTRA = process.env.BENCH_EXTRA !== '0';
const LINGER_MS = process.env.BENCH_LINGER_MS ? Number(process.env.BENCH_LINGER_MS) : undefined;
/** Diagnostic: sample what the server's backends wait on during each scenario. */
const WAITS = process.env.BENCH_WAITS === '1';
/** Diagnostic: the open loop prints its worst latency per 250 ms (stalls versus a broad tail). */
const TIMELINE = process.env.BENCH_TIMELINE === '1';
/** BENCH_OPEN_RATES=<bets/s>[,…]: only open loops at these offered rates (tuning latency). */
const OPEN_RATES = process.env.BENCH_OPEN_RATES?.split(',').map(Number);
const WARMUP_MS = 1_000;
const WARMUP_SECONDS = 2;
const OPEN_LOOP_SHARE = 0.7;
/**
 * Open loops at 70 % of the maximum, one after another: the maximum is a median over rounds,
 * and so is the p99 reported against the aim (one 10-second window can hold a stall of the
 * disk that no code avoids; docs/performance.md, round 10).
 */
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 3);
const SLOW_MS = 3_000;
const STARTING_CASH_MINOR = 1_000_000_00n;

type Result = {
  name: string;
  /** Group-commit batches of the ledger during the scenario: count, mean and largest size. */
  batches?: {
    count: number;
    mean: number;
    p50: number;
    p90: number;
    max: number;
    /** Mean database time per batch, and the share of slot-time a batch was in the database. */
    db_ms: number;
    slots_busy: number;
  };
  ops: number;
  seconds: number;
  latencies_ms: number[];
  failed: number;
  offered?: number;
  /** Open loop: how late the event loop ran callbacks (p99 and worst), ms. */
  loop_delay_ms?: { p99: number; max: number };
  /** Share of the scenario the Node event loop was busy (1 = this process is the bottleneck). */
  elu?: number;
  /** Mean execution time of one ledger_apply call inside the server (track_functions). */
  fn_ms?: number;
  /** WAL written during the scenario (pg_stat_wal delta, warm-up second included). */
  wal?: { bytes: number; records: number; fpi: number; fsyncs: number; fsync_ms: number };
  /** Shared-buffer misses of the client backends (pg_stat_io): pages read in, and dirty pages they had to write out themselves to make room. */
  buffers?: { reads: number; writes: number };
  /** Open loop: 8 KiB fdatasync times on the database's filesystem meanwhile, ms, sorted. */
  flush_ms?: number[];
  /** CPU during the scenario (warm-up second included): this process, PostgreSQL, machine. */
  cpu?: { node_ms: number; pg_ms: number; busy: number };
  /** Open loop: autovacuum and checkpoints meanwhile. */
  maintenance?: Maintenance;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Latency quantiles of a scenario, ms. */
const quantiles = (result: Result) => {
  const sorted = [...result.latencies_ms].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    p999: percentile(sorted, 0.999),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

/** Closed loop: `workers` concurrent loops for SECONDS; only post-warm-up completions count. */
async function closedLoop(
  name: string,
  op: (worker: number) => Promise<void>,
  seconds = SECONDS,
  workers = WORKER_LEVELS[0]!,
): Promise<Result> {
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const stopAt = measureFrom + seconds * 1000;
  const latencies_ms: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
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

/**
 * BENCH_INJECT=<ms>:<sql>[;;<ms>:<sql>…] (diagnostics): runs each statement on a connection of
 * its own that many ms into every open loop and prints how long it took, so a latency spike
 * can be pinned on one kind of server work (an ANALYZE, a catalog change, a checkpoint).
 */
async function inject(started: number): Promise<void> {
  const plan = process.env.BENCH_INJECT?.split(';;').map((item) => {
    const colon = item.indexOf(':');
    const at = Number(item.slice(0, colon));
    if (colon < 1 || !Number.isFinite(at)) {
      throw new Error(`BENCH_INJECT: "${item}" is not <ms>:<sql>`);
    }
    return { at, sql: item.slice(colon + 1) };
  });
  if (!plan) return;
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    for (const { at, sql } of plan) {
      const wait = started + at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const from = performance.now();
      await client.query(sql);
      console.log(
        `injected at ${Math.round(from - started)} ms (slot ${Math.floor((from - started) / 250)}): ${sql} took ${(performance.now() - from).toFixed(1)} ms`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Open loop at a fixed offered rate; latency counts from the scheduled start (no coordinated omission). */
async function openLoop(
  name: string,
  rate_per_s: number,
  op: (n: number) => Promise<void>,
): Promise<Result> {
  const interval_ms = 1000 / rate_per_s;
  // How late the event loop ran its callbacks: long pauses (GC, a big batch's answers) show here.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const stopProbe = startFlushProbe(path.join(benchDataDir, 'flush-probe'));
  const stopMaintenance = await startMaintenanceSampler(benchUrl);
  const started = performance.now();
  const injected = inject(started);
  const total = Math.floor(rate_per_s * SECONDS);
  const latencies_ms: number[] = [];
  const timeline: number[] = [];
  let failed = 0;
  // Counts bets in flight instead of keeping their promises: a server does not hold on to
  // finished requests, and tens of thousands of retained promises made every young-generation
  // collection copy them (scavenges of 5–9 ms, the event loop's worst pauses).
  let pending = 0;
  let drained: () => void = () => {};
  const settle = () => {
    pending -= 1;
    if (pending === 0) drained();
  };
  for (let n = 0; n < total; n += 1) {
    const scheduled = started + n * interval_ms;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending += 1;
    op(n).then(
      () => {
        const latency = performance.now() - scheduled;
        latencies_ms.push(latency);
        if (TIMELINE) {
          const slot = Math.floor((scheduled - started) / 250);
          timeline[slot] = Math.max(timeline[slot] ?? 0, latency);
        }
        settle();
      },
      () => {
        failed += 1;
        settle();
      },
    );
  }
  if (pending > 0) await new Promise<void>((resolve) => (drained = resolve));
  await injected;
  loopDelay.disable();
  const flush_ms = (await stopProbe()).sort((a, b) => a - b);
  const maintenance = await stopMaintenance();
  if (TIMELINE) {
    // Per 250-ms slot: the worst latency, the WAL inserted (MB/s) and who vacuumed (first letter
    // of each table, then of the phase: "ts" scans transfers' heap; "." for none), so a spike
    // can be set against what the server was doing.
    const wal: number[] = [];
    const vacuum: string[] = [];
    for (const sample of maintenance.trace) {
      const slot = Math.floor((sample.at - started) / 250);
      if (slot < 0 || slot >= timeline.length) continue;
      wal[slot] = (wal[slot] ?? 0) + sample.wal_bytes;
      const codes = sample.autovacuum.split('+').filter(Boolean);
      vacuum[slot] = [...new Set([...(vacuum[slot]?.split('/') ?? []), ...codes])].join('/');
    }
    const slots = Array.from(timeline, (_, slot) => slot);
    console.log(
      `open loop from ${new Date(performance.timeOrigin + started).toISOString()}, per 250 ms:\n` +
        `  worst latency ms: ${slots.map((slot) => Math.round(timeline[slot] ?? 0)).join(' ')}\n` +
        `  WAL MB/s:         ${slots.map((slot) => Math.round((wal[slot] ?? 0) / 250_000)).join(' ')}\n` +
        `  autovacuum:       ${slots.map((slot) => vacuum[slot] || '.').join(' ')}`,
    );
  }
  return {
    name,
    ops: latencies_ms.length,
    // Accepted rate over the scheduled window (not the drain after it), to set against offered.
    seconds: SECONDS,
    latencies_ms,
    failed,
    offered: total,
    loop_delay_ms: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    flush_ms,
    maintenance,
  };
}

/**
 * BENCH_WAITS=1: polls pg_stat_activity from its own connection every 2 ms and tallies the
 * backends' states (CPU, lock, WAL, client) — where a scenario's time goes on the server.
 */
async function sampleWaits(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tally = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ s: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, state) ||
            case when query like '%ledger_apply%' then ' [apply]'
                 when query like '%pg_notify%' then ' [notify]' else '' end s
          from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const { s } of rows) tally.set(s, (tally.get(s) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
    return [...tally.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([state, n]) => `${state} ${(n / samples).toFixed(2)}`)
      .join(' · ');
  };
}

let benchUrl = '';
let benchPostmaster: number | undefined;
let benchDataDir = os.tmpdir();
let benchPool: pg.Pool | undefined;

async function walNow() {
  const { rows } = await benchPool!.query<{
    bytes: string;
    records: string;
    fpi: string;
    calls: string | null;
    ms: number | null;
    fsyncs: string | null;
    fsync_ms: number | null;
    reads: string | null;
    writes: string | null;
  }>(
    `select wal_bytes::text bytes, wal_records::text records, wal_fpi::text fpi,
       (select calls::text from pg_stat_user_functions where funcname = 'ledger_apply') calls,
       (select total_time from pg_stat_user_functions where funcname = 'ledger_apply') ms,
       (select sum(fsyncs)::text from pg_stat_io where object = 'wal') fsyncs,
       (select sum(fsync_time) from pg_stat_io where object = 'wal') fsync_ms,
       (select sum(reads)::text from pg_stat_io
         where backend_type = 'client backend' and object = 'relation') reads,
       (select sum(writes)::text from pg_stat_io
         where backend_type = 'client backend' and object = 'relation') writes
     from pg_stat_wal`,
  );
  const row = rows[0]!;
  return {
    bytes: Number(row.bytes),
    records: Number(row.records),
    fpi: Number(row.fpi),
    fsyncs: Number(row.fsyncs ?? 0),
    fsync_ms: row.fsync_ms ?? 0,
    reads: Number(row.reads ?? 0),
    writes: Number(row.writes ?? 0),
    calls: Number(row.calls ?? 0),
    ms: row.ms ?? 0,
  };
}

/** pg_stat_wal is flushed by backends at transaction end and at least every second or so. */
const STATS_SETTLE_MS = 1_100;

/** Runs `run` under the V8 CPU profiler when `file` is set, writing the profile there. */
async function withCpuProfile<T>(file: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    profiler.disconnect();
  }
}

/** Records the WAL a scenario writes (bytes, records, full-page images). */
async function withWal(run: () => Promise<Result>): Promise<Result> {
  const before = await walNow();
  const loop = performance.eventLoopUtilization();
  const cpuBefore = cpuSample(benchPostmaster);
  const result = await run();
  const cpuAfter = cpuSample(benchPostmaster);
  result.elu = performance.eventLoopUtilization(loop).utilization;
  if (cpuBefore && cpuAfter) {
    result.cpu = {
      node_ms: cpuAfter.node_ms - cpuBefore.node_ms,
      pg_ms: cpuAfter.pg_ms - cpuBefore.pg_ms,
      busy: (cpuAfter.busy_ms - cpuBefore.busy_ms) / (cpuAfter.total_ms - cpuBefore.total_ms),
    };
  }
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const after = await walNow();
  result.wal = {
    bytes: after.bytes - before.bytes,
    records: after.records - before.records,
    fpi: after.fpi - before.fpi,
    fsyncs: after.fsyncs - before.fsyncs,
    fsync_ms: after.fsync_ms - before.fsync_ms,
  };
  result.buffers = { reads: after.reads - before.reads, writes: after.writes - before.writes };
  if (after.calls > before.calls) {
    result.fn_ms = (after.ms - before.ms) / (after.calls - before.calls);
  }
  return result;
}

/** Runs a scenario and records the ledger's batch sizes during it (warm-up included). */
async function withBatches(ledger: LedgerService, run: () => Promise<Result>): Promise<Result> {
  const beforeStats = ledger.batchStats();
  const before = beforeStats.sizes;
  const started = performance.now();
  const stopSampling = WAITS ? await sampleWaits(benchUrl) : undefined;
  const result = await withWal(run);
  if (stopSampling)
    console.log(`  waits (backends per sample), ${result.name}: ${await stopSampling()}`);
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
    db_ms: (ledger.batchStats().busy_ms - beforeStats.busy_ms) / Math.max(1, count),
    slots_busy:
      (ledger.batchStats().busy_ms - beforeStats.busy_ms) /
      ((performance.now() - started - STATS_SETTLE_MS) * ledger.inFlightMax()),
  };
  return result;
}

/**
 * Ops behind totals taken over a whole scenario (WAL, CPU): a closed loop leaves its first
 * second out of `ops`, so that second's ops are added back; an open loop counts every bet.
 */
const opsWithWarmUp = (result: Result) =>
  result.offered === undefined ? result.ops * (1 + WARMUP_MS / 1000 / result.seconds) : result.ops;
/** Seconds the WAL and CPU counters covered: a closed loop's warm-up second included. */
const secondsWithWarmUp = (result: Result) =>
  result.offered === undefined ? result.seconds + WARMUP_MS / 1000 : result.seconds;

function row(result: Result, baseline?: number) {
  const latency = quantiles(result);
  const per_s = result.ops / result.seconds;
  return {
    scenario: result.name,
    'ops/s': Math.round(per_s),
    'vs baseline': baseline ? (per_s / baseline).toFixed(2) : '',
    'p50 ms': latency.p50.toFixed(1),
    'p99 ms': latency.p99.toFixed(1),
    'p99.9 ms': latency.p999.toFixed(1),
    'max ms': latency.max.toFixed(1),
    [`>${SLOW_MS / 1000}s`]: result.latencies_ms.filter((value) => value > SLOW_MS).length,
    failed: result.failed,
    'offered/s': result.offered ? Math.round(result.offered / SECONDS) : '',
    accepted: result.offered ? `${((100 * result.ops) / result.offered).toFixed(2)}%` : '',
    // Per op, over every op the scenario completed (its unmeasured first second included).
    'Node busy': result.elu === undefined ? '' : `${Math.round(100 * result.elu)}%`,
    'loop delay p99/max ms': result.loop_delay_ms
      ? `${result.loop_delay_ms.p99.toFixed(1)}/${result.loop_delay_ms.max.toFixed(1)}`
      : '',
    'disk flush p99/max ms': result.flush_ms?.length
      ? `${percentile(result.flush_ms, 0.99).toFixed(1)}/${result.flush_ms.at(-1)!.toFixed(1)}`
      : '',
    'WAL B/op; FPI/kop': result.wal
      ? `${Math.round(result.wal.bytes / opsWithWarmUp(result))}; ${Math.round((1000 * result.wal.fpi) / opsWithWarmUp(result))}`
      : '',
    'WAL flushes/s, mean ms': result.wal?.fsyncs
      ? `${Math.round(result.wal.fsyncs / secondsWithWarmUp(result))}, ${(result.wal.fsync_ms / result.wal.fsyncs).toFixed(2)}`
      : '',
    'buffer misses/op: reads, own writes': result.buffers
      ? `${(result.buffers.reads / opsWithWarmUp(result)).toFixed(2)}, ${(result.buffers.writes / opsWithWarmUp(result)).toFixed(2)}`
      : '',
    'autovacuum share (tables); checkpoints': maintenanceText(result.maintenance),
    'CPU µs/op: Node, PG; machine busy': result.cpu
      ? `${Math.round((1000 * result.cpu.node_ms) / opsWithWarmUp(result))}, ` +
        `${Math.round((1000 * result.cpu.pg_ms) / opsWithWarmUp(result))}; ${Math.round(100 * result.cpu.busy)}%`
      : '',
    'batch mean/p50/p90/max': result.batches
      ? `${result.batches.mean.toFixed(1)}/${result.batches.p50}/${result.batches.p90}/${result.batches.max}`
      : '',
    'batch ms: round trip, in function; slots busy': result.batches
      ? `${result.batches.db_ms.toFixed(2)}, ${result.fn_ms?.toFixed(2) ?? '?'}; ${Math.round(100 * result.batches.slots_busy)}%`
      : '',
  };
}

const random = (max: number) => Math.floor(Math.random() * max);

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-bench-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  benchUrl = embedded.url;
  benchPostmaster = (await postmasterPid(path.join(dataDir, 'pg'))) ?? undefined;
  benchDataDir = dataDir;
  const { db, pool } = createDb(embedded.url, CONNECTIONS);
  benchPool = pool;
  try {
    await migrate(pool);
    // Per-function timing (pg_stat_user_functions): how much of a batch's round trip is
    // ledger_apply itself, as against commit, wire and Node. Costs a clock read per call.
    await pool.query(`alter system set track_functions = 'pl'`);
    // WAL flush times (pg_stat_io): how much of a batch's commit is the disk.
    await pool.query(`alter system set track_wal_io_timing = on`);
    if (process.env.BENCH_SETUP_SQL) await pool.query(process.env.BENCH_SETUP_SQL);
    await pool.query('select pg_reload_conf()');
    await pool.query(
      `insert into currencies (id, code, name, prefix, scale) values (1, 'EUR', 'Euro', '€', 2)`,
    );
    const version = (
      await pool.query<{ v: string }>(`select current_setting('server_version') as v`)
    ).rows[0]!.v;
    const settings = await pool.query<{ name: string; setting: string }>(`
      select name, setting from pg_settings
      where name in ('synchronous_commit', 'fsync', 'commit_delay', 'shared_buffers', 'wal_sync_method',
        'max_wal_size', 'checkpoint_timeout', 'autovacuum_naptime', 'wal_compression')
      order by name`);
    console.log(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · ` +
        `PostgreSQL ${version} (embedded, ${settings.rows.map((s) => `${s.name}=${s.setting}`).join(', ')}; ` +
        // Decisions 0105–0107: what the launcher and the scripts set, as this run got it.
        `scheduling policy ${benchPostmaster === undefined ? '?' : await procStatField(benchPostmaster, 41)} (3 = SCHED_BATCH)) · ` +
        `Node ${process.version} ${process.execArgv.filter((arg) => arg.startsWith('--no-') || arg.startsWith('--max-')).join(' ')}`,
    );
    console.log(
      `${PLAYERS} players · ${CONNECTIONS} connections · ${WORKER_LEVELS.join(' and ')} workers · ${SECONDS} s per scenario · ` +
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
    const currencies = createCurrenciesModule({ db, audit: createAuditModule(db).service }).service;
    const setup = createLedgerModule(db, currencies).service;
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

    // Steady-state WAL: a server that has run a while recycles old WAL segments at each
    // checkpoint; a fresh cluster creates (and zero-fills, 16 MiB, under the WAL write lock)
    // a new one every couple of seconds under this load, stalling every commit meanwhile.
    // Writing ~600 MB of WAL and checkpointing leaves recycled segments for the whole run.
    const walStarted = performance.now();
    await pool.query(`create unlogged table bench_wal_warmup (n int, pad text)`);
    await pool.query(`alter table bench_wal_warmup set logged`);
    for (let n = 0; n < 6; n += 1) {
      await pool.query(
        `insert into bench_wal_warmup select g, repeat('x', 900) from generate_series(1, 100000) g`,
      );
    }
    await pool.query(`drop table bench_wal_warmup`);
    await pool.query(`checkpoint`);
    console.log(
      `WAL warm-up (segments recycled as on a long-running server): ${((performance.now() - walStarted) / 1000).toFixed(1)} s`,
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
    const runBaseline = (round: number, workers = WORKER_LEVELS[0]!) =>
      withWal(() =>
        closedLoop(
          `baseline: UPDATE + INSERT per transaction, ${workers} workers (round ${round})`,
          async () => {
            await pool.query(
              `with u as (update bench_balances set balance = balance + $2 where id = $1 returning id)
         insert into bench_log (account_id, amount) select id, $2 from u`,
              [1 + random(PLAYERS), 1 + random(100)],
            );
          },
          round === 0 ? WARMUP_SECONDS : SECONDS,
          workers,
        ),
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
      createLedgerModule(db, currencies, {
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

    const BATCH_MAX = Number(process.env.BENCH_BATCH_MAX ?? BATCHER_LIMITS_DEFAULT.batch_size_max);
    const sharded = service(16, BATCH_MAX);
    const single = service(1, BATCH_MAX);
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
    // Interleaved rounds: at each concurrency level baseline, 16 shards, 1 shard, then the
    // next level, then the next round, so drift on a shared VM hits all alike; each ledger
    // row is compared with the baseline of its own round and level.
    type Round = { workers: number; baseline: Result; sharded: Result; single: Result };
    if (OPEN_RATES) {
      const open: Result[] = [];
      for (const rate of OPEN_RATES) {
        open.push(
          await withCpuProfile(process.env.BENCH_CPU_PROFILE_OPEN, () =>
            withBatches(sharded, () =>
              openLoop(
                `open loop, ${rate} bets/s, 16 shards`,
                rate,
                betRound(sharded, 'sharded', false),
              ),
            ),
          ),
        );
      }
      console.table(open.map((result) => row(result)));
      return;
    }
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const workers of WORKER_LEVELS) {
        const baselineResult = await runBaseline(round, workers);
        // BENCH_CPU_PROFILE=<file>: a V8 CPU profile of this process during the first 16-shard row.
        const shardedResult = await withCpuProfile(
          rounds.length === 0 ? process.env.BENCH_CPU_PROFILE : undefined,
          () =>
            withBatches(sharded, () =>
              closedLoop(
                `ledger bet (debit + win), 16 shards, ${workers} workers (round ${round})`,
                betRound(sharded, 'sharded', false),
                SECONDS,
                workers,
              ),
            ),
        );
        const singleResult = await withBatches(single, () =>
          closedLoop(
            `ledger bet, 1 house shard, ${workers} workers (round ${round})`,
            betRound(single, 'single', false),
            SECONDS,
            workers,
          ),
        );
        rounds.push({
          workers,
          baseline: baselineResult,
          sharded: shardedResult,
          single: singleResult,
        });
        console.log(
          `round ${round}, ${workers} workers: baseline ${Math.round(perS(baselineResult))} tx/s · 16 shards ` +
            `${Math.round(perS(shardedResult))} bets/s (${(perS(shardedResult) / perS(baselineResult)).toFixed(2)}) · ` +
            `1 shard ${Math.round(perS(singleResult))} bets/s (${(perS(singleResult) / perS(baselineResult)).toFixed(2)})`,
        );
      }
    }
    const rows: ReturnType<typeof row>[] = [];
    for (const r of rounds) {
      const b = perS(r.baseline);
      rows.push(row(r.baseline), row(r.sharded, b), row(r.single, b));
    }
    /** Median over rounds at each level; the best level's median is the maximum. */
    const atLevel = (workers: number, pick: (r: Round) => Result) =>
      median(rounds.filter((r) => r.workers === workers).map((r) => perS(pick(r))));
    const best = (pick: (r: Round) => Result) => {
      const levels = WORKER_LEVELS.map((workers) => ({ workers, per_s: atLevel(workers, pick) }));
      return levels.reduce((a, b) => (b.per_s > a.per_s ? b : a));
    };
    const baselineMax = best((r) => r.baseline);
    const shardedMax = best((r) => r.sharded);
    const singleMax = best((r) => r.single);
    const extraWorkers = WORKER_LEVELS.at(-1)!;

    const results: Result[] = [];
    if (EXTRA) {
      const extras: [string, LedgerService, string, boolean][] = [
        ['ledger bet, 16 shards, one transaction per transfer', unbatched16, 'unbatched16', false],
        ['ledger bet, 1 shard, one transaction per transfer', unbatched1, 'unbatched1', false],
        ['ledger bet two-phase (reserve + post + win), 16 shards', sharded, 'sharded', true],
      ];
      for (const [name, ledger, purpose, twoPhase] of extras) {
        results.push(
          await withBatches(ledger, () =>
            closedLoop(
              `${name}, ${extraWorkers} workers`,
              betRound(ledger, purpose, twoPhase),
              SECONDS,
              extraWorkers,
            ),
          ),
        );
      }
    }
    // The baseline's own tables are not part of the system under test: their autovacuum
    // (dead rows of every baseline UPDATE) ran beside an open loop and took its CPU
    // (docs/performance.md, round 11). Cleaned up here, so the open loops meet only the
    // ledger's own maintenance, which the row still reports.
    await pool.query('vacuum (analyze) bench_balances, bench_log');
    const rate = Math.max(1, Math.round(shardedMax.per_s * OPEN_LOOP_SHARE));
    const round = betRound(sharded, 'sharded', false);
    const opens: Result[] = [];
    for (let run = 1; run <= OPEN_RUNS; run += 1) {
      opens.push(
        await withCpuProfile(run === 1 ? process.env.BENCH_CPU_PROFILE_OPEN : undefined, () =>
          withBatches(sharded, () =>
            openLoop(`open loop at 70% of max, 16 shards (run ${run})`, rate, round),
          ),
        ),
      );
    }
    results.push(...opens);

    console.log(
      '\nops/s: bets per second for ledger rows (2 transfers each, 3 for two-phase), transactions per second for the baseline.',
    );
    console.log(
      "Round rows compare with their own round's baseline; the rows after them with the baseline's maximum; the open loop offers 70% of the 16-shard maximum.",
    );
    console.table([...rows, ...results.map((result) => row(result, baselineMax.per_s))]);
    const spread = (values: number[]) =>
      `median ${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
    const ratioSpread = (values: number[]) =>
      `median ${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
    for (const workers of WORKER_LEVELS) {
      const level = rounds.filter((r) => r.workers === workers);
      const ratios = (pick: (r: Round) => Result) =>
        level.map((r) => perS(pick(r)) / perS(r.baseline));
      console.log(
        `${workers} workers: baseline tx/s ${spread(level.map((r) => perS(r.baseline)))} · ` +
          `16 shards bets/s ${spread(level.map((r) => perS(r.sharded)))}, ratio ${ratioSpread(ratios((r) => r.sharded))} · ` +
          `1 shard bets/s ${spread(level.map((r) => perS(r.single)))}, ratio ${ratioSpread(ratios((r) => r.single))}`,
      );
    }
    const openRuns = opens.map((result) => ({
      ...quantiles(result),
      accepted: (100 * result.ops) / (result.offered ?? 1),
      flush_max: result.flush_ms?.at(-1) ?? Number.NaN,
    }));
    const byRun = (pick: (q: (typeof openRuns)[number]) => number, digits = 1) =>
      openRuns.map((q) => pick(q).toFixed(digits)).join(', ');
    console.log(
      `\nMAXIMUM THROUGHPUT (median over rounds at each system's best level):\n` +
        `  baseline ${Math.round(baselineMax.per_s)} tx/s (${baselineMax.workers} workers)\n` +
        `  ledger, 16 shards ${Math.round(shardedMax.per_s)} bets/s (${shardedMax.workers} workers): ratio ${(shardedMax.per_s / baselineMax.per_s).toFixed(2)} (aim ≥ 1.0)\n` +
        `  ledger, 1 shard ${Math.round(singleMax.per_s)} bets/s (${singleMax.workers} workers): ratio ${(singleMax.per_s / baselineMax.per_s).toFixed(2)}\n` +
        `  open loop at 70% (${Math.round(rate)} bets/s offered; ${OPEN_RUNS} runs; accepted ${byRun((q) => q.accepted)} %):\n` +
        `    p99 median ${median(openRuns.map((q) => q.p99)).toFixed(1)} ms (aim ≤ 50); per run p50 ${byRun((q) => q.p50)} · ` +
        `p99 ${byRun((q) => q.p99)} · p99.9 ${byRun((q) => q.p999)} ms\n` +
        `    slowest 8 KiB disk flush during each run (probe beside the WAL): ${byRun((q) => q.flush_max)} ms\n` +
        `    autovacuum running during each run (share of 100-ms samples; tables) and checkpoints: ${opens
          .map((result) => maintenanceText(result.maintenance))
          .join(' · ')}`,
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
