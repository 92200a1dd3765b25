/**
 * `npm run bench:bets`: bet placement through the public HTTP API of the real server, for
 * Dice bets and 5-leg pre-match sports multiples, against the ledger's own maximum measured in
 * the same run on the same database.
 *
 * Method. The server is this process: the whole app (`buildApp`, NODE_ENV=test, no demo data,
 * the Crash engine off) on its own embedded PostgreSQL, on 127.0.0.1. The load comes from
 * BENCH_CLIENTS child processes (bets.client.ts), each with its own keep-alive HTTP agent and
 * its own share of the players, so the generators' CPU is not the server's and is measured on
 * its own. Each run, in this order:
 * - the reference: the ledger's maximum as `bench:ledger` defines it, a closed loop of ledger
 *   bets (a stake transfer player → wagers, then the win back; each an idempotent command) in
 *   this process at BENCH_LEDGER_CONCURRENCY in flight, each in-flight bet on its own player;
 * - per workload: a warm-up (not measured); closed loops at each BENCH_CONCURRENCY level, each
 *   after a second of ramp-up, the best level being the maximum; a short closed loop at that
 *   level under V8's CPU profiler (its top five costs by self time); an open loop at 70 % of
 *   the maximum, latency counted from each send's scheduled time.
 * Every closed loop records CPU per bet for the server (process.cpuUsage), PostgreSQL (its
 * processes in /proc) and the generators (their own cpuUsage), and how busy the machine was.
 * BENCH_RUNS repeats it all; the summary gives each figure's median and range over the runs,
 * the VM being shared and noisy. Before the runs: ~600 MB of WAL written and checkpointed, so
 * that segments are recycled as on a long-running server (bench:ledger does the same), and a
 * warm-up of the reference. Last, the database round trips of one Dice bet and of one
 * multiple, counted in this process (as `node --import tsx bench/roundtrips.ts` does alone).
 *
 * Environment: BENCH_SECONDS (10, per measured loop), BENCH_RUNS (3), BENCH_CLIENTS (2),
 * BENCH_PLAYERS (256), BENCH_CONCURRENCY (closed-loop levels, "32,64,128"),
 * BENCH_LEDGER_CONCURRENCY (256), BENCH_WORKLOADS (dice,multiple),
 * BENCH_SETUP_SQL (run after the migrations), BENCH_PROFILE_SECONDS (4), BENCH_CPU_PROFILE=<file> (keeps
 * each profile, as <file>.<workload>.run<n>.cpuprofile), BENCH_HTTP=fetch (the generators use
 * the global fetch instead of node:http), BENCH_STATEMENTS=1 (PostgreSQL's statements by
 * execution time per bet in each profiled window, from pg_stat_statements).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Profiler } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppModules, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import {
  type EmbeddedDatabase,
  postmasterPid,
  startEmbeddedPostgres,
} from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import {
  type ClientCommand,
  type ClientMessage,
  type ClientReport,
  emptyHistogram,
  type Histogram,
  type Leg,
  merge,
  quantile,
  type Workload,
} from './bets.protocol.ts';
import { benchEvents, countRoundTrips, RELAXED_LIMITS_FOR_BENCH } from './bets.support.ts';
import {
  addSelfTimes,
  type SelfTimes,
  saveCpuProfile,
  selfTimes,
  startCpuProfile,
  topCosts,
} from './cpu-profile.ts';
import { cpuSample } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CLIENTS = Math.max(1, Number(process.env.BENCH_CLIENTS ?? 2));
/** Enough that every in-flight bet, up to the ledger reference's 256, has a player of its own. */
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 256);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '32,64,128').split(',').map(Number);
/** The ledger fills its batches only with many bets in flight (docs/performance.md, round 6). */
const LEDGER_IN_FLIGHT = Number(process.env.BENCH_LEDGER_CONCURRENCY ?? 256);
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 4);
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
/** Diagnostic: PostgreSQL's statements by execution time in each profiled window. */
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const STATEMENTS_SHOWN = 8;
/** Each loop's ramp-up before its measured window: connections opened, pools and batches full. */
const WARM_MS = 1_000;
/** Per workload and run, before its levels: JIT, caches, prepared statements. */
const WARMUP_SECONDS = 3;
const OPEN_LOOP_SHARE = 0.7;
/** Lets every generator get its plan before the common start. */
const START_DELAY_MS = 200;
const SIGNUP_CONCURRENCY = 4;
/** Bets counted one at a time for the round trips per bet, after 20 not counted. */
const ROUND_TRIP_BETS = 50;
const STARTING_CASH_MINOR = 10n ** 11n;
/** `BENCH_WORKLOADS=dice` (or `multiple`) runs one of them only. */
const WORKLOADS: { workload: Workload; label: string }[] = [
  { workload: 'dice' as const, label: 'Dice (HTTP)' },
  { workload: 'multiple' as const, label: '5-leg multiple (HTTP)' },
].filter(
  ({ workload }) =>
    !process.env.BENCH_WORKLOADS || process.env.BENCH_WORKLOADS.split(',').includes(workload),
);

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** "812 (790–840)": the median over the runs and their range; one run: its value. */
const spread = (values: number[], digits = 0) => {
  const fmt = (n: number) => n.toFixed(digits);
  if (values.length === 1) return fmt(values[0]!);
  return `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
};

/** CPU over one measured window: this process (the server), PostgreSQL, the machine. */
type WindowCpu = {
  server_ms: number;
  pg_ms: number;
  busy_ms: number;
  total_ms: number;
  /** Share of the window the server's event loop was busy (1: it is the bottleneck). */
  loop_busy: number;
};

/**
 * Samples CPU at the window's edges, on timers: the server keeps serving meanwhile, so an
 * edge may be a few ms late, against windows of seconds. `hooks` run at the same edges.
 */
async function measureWindow(
  postmaster: number | undefined,
  from: number,
  until: number,
  hooks?: WindowHooks,
): Promise<WindowCpu> {
  await sleepUntil(from);
  await hooks?.atStart();
  const before = cpuSample(postmaster);
  const loop = performance.eventLoopUtilization();
  await sleepUntil(until);
  const after = cpuSample(postmaster);
  const loop_busy = performance.eventLoopUtilization(loop).utilization;
  await hooks?.atEnd();
  if (!before || !after) {
    return { server_ms: Number.NaN, pg_ms: Number.NaN, busy_ms: 0, total_ms: 0, loop_busy };
  }
  return {
    server_ms: after.node_ms - before.node_ms,
    pg_ms: after.pg_ms - before.pg_ms,
    busy_ms: after.busy_ms - before.busy_ms,
    total_ms: after.total_ms - before.total_ms,
    loop_busy,
  };
}

/** One loop's outcome, the generators' reports added up. */
type Loop = {
  ok: number;
  offered: number;
  refused: Record<string, number>;
  refusal_bodies: Record<string, string>;
  latency: Histogram;
  send_lag: Histogram;
  client_cpu_ms: number;
  unanswered: number;
  seconds: number;
  cpu: WindowCpu;
};

type LoopPlan = { kind: 'closed'; in_flight: number } | { kind: 'open'; rate_per_s: number };
type WindowHooks = { atStart: () => Promise<void>; atEnd: () => Promise<void> };

/** The load generators: child processes, each given its own players. */
class Generators {
  private readonly children: ChildProcess[] = [];
  private readonly waiting = new Map<number, { reports: ClientReport[]; done: () => void }>();
  private nextId = 1;

  constructor(count: number) {
    const script = fileURLToPath(new URL('./bets.client.ts', import.meta.url));
    for (let i = 0; i < count; i += 1) {
      const child = fork(script, [], {
        execArgv: ['--import', 'tsx'],
        // Structured clone: a histogram's Uint32Array crosses as it is.
        serialization: 'advanced',
        stdio: 'inherit',
      });
      child.on('message', (message: ClientMessage) => {
        if (message.type !== 'report') return;
        const entry = this.waiting.get(message.id)!;
        entry.reports.push(message);
        if (entry.reports.length === this.children.length) entry.done();
      });
      child.on('exit', (code) => {
        if (code !== 0 && this.waiting.size > 0) {
          console.error(`load generator ${i} exited with ${code}`);
          process.exit(1);
        }
      });
      this.children.push(child);
    }
  }

  async init(base_url: string, tokens: string[], legs: Leg[]): Promise<void> {
    await Promise.all(
      this.children.map(
        (child, client) =>
          new Promise<void>((resolve) => {
            child.once('message', () => resolve());
            this.send(child, {
              type: 'init',
              base_url,
              // Player i belongs to generator i mod CLIENTS.
              tokens: tokens.filter((_, i) => i % this.children.length === client),
              legs,
              client,
              clients: this.children.length,
            });
          }),
      ),
    );
  }

  /**
   * Starts a loop on every generator at the same moment, START_DELAY_MS from now: returns that
   * moment on this process's clock and the generators' reports to come. A closed loop's slots
   * and an open loop's rate are shared out among the generators.
   */
  start(
    workload: Workload,
    loop: LoopPlan,
    seconds: number,
    warm_ms: number,
  ): { start: number; reports: Promise<ClientReport[]> } {
    const id = this.nextId;
    this.nextId += 1;
    const start = performance.now() + START_DELAY_MS;
    const n = this.children.length;
    const reports = new Promise<ClientReport[]>((resolve) => {
      const entry = {
        reports: [] as ClientReport[],
        done: () => {
          this.waiting.delete(id);
          resolve(entry.reports);
        },
      };
      this.waiting.set(id, entry);
    });
    this.children.forEach((child, client) => {
      const share: LoopPlan =
        loop.kind === 'closed'
          ? {
              kind: 'closed',
              in_flight: Math.floor(loop.in_flight / n) + (client < loop.in_flight % n ? 1 : 0),
            }
          : { kind: 'open', rate_per_s: loop.rate_per_s / n };
      this.send(child, {
        type: 'run',
        id,
        workload,
        start_at_ms: performance.timeOrigin + start,
        warm_ms,
        seconds,
        loop: share,
      });
    });
    return { start, reports };
  }

  close(): void {
    for (const child of this.children) this.send(child, { type: 'exit' });
  }

  private send(child: ChildProcess, command: ClientCommand): void {
    child.send(command);
  }
}

function combine(reports: ClientReport[], seconds: number, cpu: WindowCpu): Loop {
  const loop: Loop = {
    ok: 0,
    offered: 0,
    refused: {},
    refusal_bodies: {},
    latency: emptyHistogram(),
    send_lag: emptyHistogram(),
    client_cpu_ms: 0,
    unanswered: 0,
    seconds,
    cpu,
  };
  for (const report of reports) {
    loop.ok += report.ok;
    loop.offered += report.offered;
    loop.unanswered += report.unanswered;
    loop.client_cpu_ms += report.cpu_ms;
    merge(loop.latency, report.latency);
    merge(loop.send_lag, report.send_lag);
    for (const [status, n] of Object.entries(report.refused)) {
      loop.refused[status] = (loop.refused[status] ?? 0) + n;
      loop.refusal_bodies[status] ??= report.refusal_bodies[status]!;
    }
  }
  return loop;
}

/** Server, PostgreSQL and generator CPU per bet, ms; machine busy and the rest of it, shares. */
function cpuPerBet(loop: Loop) {
  const bets = Math.max(1, loop.ok);
  const { cpu } = loop;
  const ours = cpu.server_ms + cpu.pg_ms + loop.client_cpu_ms;
  return {
    server: cpu.server_ms / bets,
    pg: cpu.pg_ms / bets,
    client: loop.client_cpu_ms / bets,
    busy: cpu.total_ms > 0 ? cpu.busy_ms / cpu.total_ms : Number.NaN,
    // Other tenants of the VM, and kernel work no process is charged for (loopback softirq).
    rest: cpu.total_ms > 0 ? Math.max(0, cpu.busy_ms - ours) / cpu.total_ms : Number.NaN,
  };
}

const pct = (share: number) => `${Math.round(100 * share)} %`;

function refusedText(loop: Loop): string {
  const statuses = Object.entries(loop.refused);
  if (statuses.length === 0 && loop.unanswered === 0) return 'all 200';
  const parts = statuses.map(
    ([status, n]) =>
      `${n} × ${status === '0' ? 'no answer (connection error)' : status} ${JSON.stringify(loop.refusal_bodies[status]?.slice(0, 120))}`,
  );
  if (loop.unanswered > 0) parts.push(`${loop.unanswered} unanswered after the drain`);
  return `REFUSED: ${parts.join('; ')}`;
}

function cpuText(loop: Loop): string {
  const c = cpuPerBet(loop);
  return (
    `CPU ms/bet server ${c.server.toFixed(2)}, PG ${c.pg.toFixed(2)}, clients ${c.client.toFixed(2)} · ` +
    `server loop busy ${pct(loop.cpu.loop_busy)} · machine busy ${pct(c.busy)} (rest of machine ${pct(c.rest)})`
  );
}

const latencyText = (h: Histogram) =>
  `p50 ${quantile(h, 0.5).toFixed(1)} ms, p99 ${quantile(h, 0.99).toFixed(1)} ms, max ${h.max_ms.toFixed(1)} ms`;

type WorkloadRun = {
  max_per_s: number;
  in_flight: number;
  ratio: number;
  /** The closed loop at the best level. */
  best: Loop;
  open: Loop;
  profile: SelfTimes;
  profiled_bets: number;
  /** Answers other than 200 in any of the workload's loops this run. */
  refused: number;
};

type Run = { ledger_per_s: number; workloads: Map<Workload, WorkloadRun> };

type Server = {
  app: FastifyInstance;
  modules: AppModules;
  /** PostgreSQL's postmaster, whose processes' CPU /proc gives (undefined off Linux). */
  postmaster: number | undefined;
  base_url: string;
  pool: pg.Pool;
};

type Players = { tokens: string[]; ids: bigint[] };

const costLines = (costs: ReturnType<typeof topCosts>) =>
  costs
    .map(
      (cost) =>
        `    ${pct(cost.share).padStart(5)}  ${cost.us_per_op.toFixed(0).padStart(5)} µs/bet  ${cost.cost}`,
    )
    .join('\n');

const refusedCount = (loop: Loop) =>
  Object.values(loop.refused).reduce((sum, n) => sum + n, 0) + loop.unanswered;

/**
 * Steady-state WAL, as in bench:ledger: a fresh cluster creates and zero-fills a 16 MiB
 * segment every few seconds under load, stalling commits meanwhile; a long-running server
 * recycles old ones. ~600 MB of WAL and a checkpoint leave recycled segments for the run.
 */
async function warmWal(pool: pg.Pool): Promise<void> {
  await pool.query(`create unlogged table bench_wal_warmup (n int, pad text)`);
  await pool.query(`alter table bench_wal_warmup set logged`);
  for (let n = 0; n < 6; n += 1) {
    await pool.query(
      `insert into bench_wal_warmup select g, repeat('x', 900) from generate_series(1, 100000) g`,
    );
  }
  await pool.query(`drop table bench_wal_warmup`);
  await pool.query(`checkpoint`);
}

/** Players signed up and logged in over HTTP (argon2: a few at a time), funded through the ledger. */
async function signUpPlayers({ base_url, modules }: Server): Promise<Players> {
  const tokens: string[] = new Array(PLAYERS);
  const ids: bigint[] = new Array(PLAYERS);
  const post = async (url: string, payload: unknown) => {
    const response = await fetch(`${base_url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.status !== 200) throw new Error(`${url}: ${await response.text()}`);
    return response.json();
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGNUP_CONCURRENCY }, async () => {
      for (let i = next++; i < PLAYERS; i = next++) {
        const email = `bench${i}@example.com`;
        const password = 'bench-password-1';
        await post('/customer/signup', { name: `Bench ${i}`, email, password, currency_id: 1 });
        const login = (await post('/customer/login', { email, password })) as {
          data: string;
          customer: { id: number };
        };
        tokens[i] = login.data;
        ids[i] = BigInt(login.customer.id);
      }
    }),
  );
  await Promise.all(
    ids.map((player_id, i) =>
      modules.ledger.service.transfer({
        idempotency_key: `bench-fund:${i}`,
        debit: { house: 'payment_clearing', purpose: 'bench' },
        credit: { player_id, wallet: 'cash' },
        amount_minor: STARTING_CASH_MINOR,
        currency: 'EUR',
        reason_code: 'deposit',
        object: { type: 'payment', id: `bench-fund:${i}` },
        actor: { type: 'system', id: 'bench' },
      }),
    ),
  );
  return { tokens, ids };
}

type Statement = { calls: number; exec_ms: number; query: string };

/** PostgreSQL's statements since the last reset, by execution time (BENCH_STATEMENTS=1). */
async function readStatements(pool: pg.Pool): Promise<Statement[]> {
  const { rows } = await pool.query<{ calls: string; exec_ms: number; query: string }>(
    `select calls::text, total_exec_time as exec_ms, query from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
        and query not like '%pg_stat_statements%'
      order by total_exec_time desc`,
  );
  return rows.map((row) => ({ ...row, calls: Number(row.calls) }));
}

function statementsText(name: string, statements: Statement[], bets: number): string {
  const exec_ms = statements.reduce((sum, s) => sum + s.exec_ms, 0);
  const calls = statements.reduce((sum, s) => sum + s.calls, 0);
  return (
    `${name} PostgreSQL in the profiled window (pg_stat_statements; execution only, without parse, ` +
    `commit and WAL flush): ${(calls / bets).toFixed(1)} statements and ${(exec_ms / bets).toFixed(2)} ms executing per bet; ` +
    `the top ${STATEMENTS_SHOWN} (ms/bet, calls/bet, ms/call):\n` +
    statements
      .slice(0, STATEMENTS_SHOWN)
      .map(
        (s) =>
          `    ${(s.exec_ms / bets).toFixed(3)}  ${(s.calls / bets).toFixed(2)}  ${(s.exec_ms / Math.max(1, s.calls)).toFixed(3)}  ` +
          s.query.replace(/\s+/g, ' ').slice(0, 110),
      )
      .join('\n')
  );
}

/**
 * BENCH_STATEMENTS=1: restarts the embedded server with pg_stat_statements loaded (it must be
 * preloaded); the data directory and its password stay.
 */
async function withStatementStats(
  embedded: EmbeddedDatabase,
  dataDir: string,
): Promise<EmbeddedDatabase> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await client.end();
  await embedded.stop();
  return startEmbeddedPostgres(dataDir);
}

/** Bets the outbox has not delivered yet belong to the loop that made them, not the next. */
async function drainOutbox({ modules }: Server): Promise<number> {
  const started = performance.now();
  await modules.outbox.drain();
  return performance.now() - started;
}

let ledgerSequence = 0;

/**
 * The reference, as bench:ledger measures the ledger's maximum: ledger bets (stake, then the
 * win back) in this process, LEDGER_IN_FLIGHT at a time, each in-flight bet on a player of its
 * own so that no bet waits on another's lane. Counts the bets completed inside the window.
 */
async function ledgerReference(server: Server, { ids }: Players, seconds: number, warm_ms: number) {
  const ledger = server.modules.ledger.service;
  const start = performance.now() + START_DELAY_MS;
  const from = start + warm_ms;
  const until = from + seconds * 1000;
  let bets = 0;
  let failed = 0;
  let firstError: unknown;
  const cpu = measureWindow(server.postmaster, from, until);
  await sleepUntil(start);
  await Promise.all(
    Array.from({ length: LEDGER_IN_FLIGHT }, async (_, worker) => {
      const cash = { player_id: ids[worker % ids.length]!, wallet: 'cash' } as const;
      const wagers = { house: 'wagers', purpose: 'bench' } as const;
      const actor = { type: 'provider', id: 'bench' } as const;
      while (performance.now() < until) {
        ledgerSequence += 1;
        const n = ledgerSequence;
        const stake = BigInt(1 + Math.floor(Math.random() * 100));
        const common = { currency: 'EUR', object: { type: 'bet', id: `ref-${n}` }, actor } as const;
        try {
          await ledger.transfer({
            ...common,
            idempotency_key: `bench-ref:${n}:stake`,
            debit: cash,
            credit: wagers,
            amount_minor: stake,
            reason_code: 'bet',
          });
          await ledger.transfer({
            ...common,
            idempotency_key: `bench-ref:${n}:win`,
            debit: wagers,
            credit: cash,
            amount_minor: 1n + BigInt(Math.floor(Math.random() * 2 * Number(stake))),
            reason_code: 'win',
          });
          const end = performance.now();
          if (end >= from && end <= until) bets += 1;
        } catch (error) {
          failed += 1;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError) console.error('ledger reference: first failure', firstError);
  return { per_s: bets / seconds, bets, failed, cpu: await cpu };
}

/**
 * One run of a workload: warm-up, closed loops at each level (the best is the maximum), a
 * profiled closed loop at the best level, an open loop at 70 % of the maximum.
 */
async function measureWorkload(
  server: Server,
  generators: Generators,
  { workload, label }: (typeof WORKLOADS)[number],
  run: number,
  ledger_per_s: number,
): Promise<WorkloadRun> {
  const name = label.padEnd(22);
  let refused = 0;
  const measured = async (
    plan: LoopPlan,
    seconds: number,
    warm_ms: number,
    hooks?: WindowHooks,
  ) => {
    const { start, reports } = generators.start(workload, plan, seconds, warm_ms);
    const from = start + warm_ms;
    const cpu = await measureWindow(server.postmaster, from, from + seconds * 1000, hooks);
    const loop = combine(await reports, seconds, cpu);
    refused += refusedCount(loop);
    return loop;
  };
  const closed = (in_flight: number, seconds: number, warm_ms: number, hooks?: WindowHooks) =>
    measured({ kind: 'closed', in_flight }, seconds, warm_ms, hooks);

  const warmUp = await closed(LEVELS.at(-1)!, WARMUP_SECONDS, 0);
  if (refusedCount(warmUp) > 0) console.log(`${name} warm-up: ${refusedText(warmUp)}`);
  await drainOutbox(server);

  let best: { loop: Loop; in_flight: number } | undefined;
  for (const in_flight of LEVELS) {
    const loop = await closed(in_flight, SECONDS, WARM_MS);
    // The outbox keeps up during a loop unless this says otherwise.
    const outbox_ms = await drainOutbox(server);
    console.log(
      `${name} closed, ${String(in_flight).padStart(3)} in flight: ${Math.round(loop.ok / loop.seconds)} bets/s · ` +
        `${latencyText(loop.latency)} · ${cpuText(loop)} · ${refusedText(loop)}` +
        (outbox_ms > 100 ? ` · outbox drained ${Math.round(outbox_ms)} ms after` : ''),
    );
    if (!best || loop.ok > best.loop.ok) best = { loop, in_flight };
  }
  const max_per_s = best!.loop.ok / SECONDS;

  let stopProfile: (() => Promise<Profiler.Profile>) | undefined;
  let profile: Profiler.Profile | undefined;
  let statements: Statement[] | undefined;
  const profiled = await closed(best!.in_flight, PROFILE_SECONDS, WARM_MS, {
    atStart: async () => {
      if (STATEMENTS) await server.pool.query('select pg_stat_statements_reset()');
      stopProfile = await startCpuProfile();
    },
    atEnd: async () => {
      profile = await stopProfile!();
      if (STATEMENTS) statements = await readStatements(server.pool);
    },
  });
  await drainOutbox(server);
  if (CPU_PROFILE) {
    const file = CPU_PROFILE.replace(/(\.cpuprofile)?$/, `.${workload}.run${run}.cpuprofile`);
    await saveCpuProfile(file, profile!);
  }
  const times = selfTimes(profile!);
  const profiled_bets = Math.max(1, profiled.ok);
  console.log(
    `${name} profiled ${PROFILE_SECONDS} s at ${best!.in_flight} in flight: ${Math.round(profiled.ok / PROFILE_SECONDS)} bets/s, ` +
      `server main thread not idle ${(times.busy_us / profiled_bets / 1000).toFixed(2)} ms/bet (wall clock, profiler on); top five by self time (share, µs/bet):\n` +
      costLines(topCosts(times, profiled_bets)),
  );
  if (statements) console.log(statementsText(name, statements, profiled_bets));

  const open_rate = Math.max(1, max_per_s * OPEN_LOOP_SHARE);
  const open = await measured({ kind: 'open', rate_per_s: open_rate }, SECONDS, 0);
  await drainOutbox(server);
  console.log(
    `${name} open loop at 70 % (${Math.round(open_rate)} bets/s offered): ${latencyText(open.latency)} · ` +
      `accepted ${((100 * open.ok) / Math.max(1, open.offered)).toFixed(2)} % · ${refusedText(open)} · ` +
      `generators sent late by p99 ${quantile(open.send_lag, 0.99).toFixed(1)} ms, max ${open.send_lag.max_ms.toFixed(1)} ms`,
  );
  console.log(
    `${name} max ${Math.round(max_per_s)} bets/s at ${best!.in_flight} in flight = ` +
      `${(max_per_s / ledger_per_s).toFixed(2)} × the ledger's ${Math.round(ledger_per_s)} bets/s`,
  );
  return {
    max_per_s,
    in_flight: best!.in_flight,
    ratio: max_per_s / ledger_per_s,
    best: best!.loop,
    open,
    profile: times,
    profiled_bets,
    refused,
  };
}

function printSummary(runs: Run[]): void {
  console.log(
    `SUMMARY over ${runs.length} run(s): median (min–max). "× ledger" is HTTP bets/s over the same run's ledger bets/s ` +
      `(one ledger bet = a stake and a win transfer; transfers/s is twice that). CPU at each run's best level.`,
  );
  const ledgerRates = runs.map((r) => r.ledger_per_s);
  console.log(
    `reference: ledger ${spread(ledgerRates)} bets/s = ${spread(ledgerRates.map((n) => 2 * n))} transfers/s ` +
      `(${LEDGER_IN_FLIGHT} in flight, in-process)`,
  );
  console.table(
    WORKLOADS.map(({ workload, label }) => {
      const per = runs.map((r) => r.workloads.get(workload)!);
      const cpu = per.map((w) => cpuPerBet(w.best));
      const cpuMedian = (pick: (c: (typeof cpu)[number]) => number) =>
        median(cpu.map(pick)).toFixed(2);
      return {
        workload: label,
        'max bets/s': spread(per.map((w) => w.max_per_s)),
        'in flight': per.map((w) => w.in_flight).join(','),
        '× ledger': spread(
          per.map((w) => w.ratio),
          2,
        ),
        'p50 ms @70%': spread(
          per.map((w) => quantile(w.open.latency, 0.5)),
          1,
        ),
        'p99 ms @70%': spread(
          per.map((w) => quantile(w.open.latency, 0.99)),
          1,
        ),
        'accepted @70%': spread(
          per.map((w) => (100 * w.open.ok) / Math.max(1, w.open.offered)),
          1,
        ),
        'CPU ms/bet server/PG/clients': `${cpuMedian((c) => c.server)}/${cpuMedian((c) => c.pg)}/${cpuMedian((c) => c.client)}`,
        'machine busy % (rest)': `${spread(cpu.map((c) => 100 * c.busy))} (${spread(cpu.map((c) => 100 * c.rest))})`,
        'not 200': per.reduce((sum, w) => sum + w.refused, 0),
      };
    }),
  );
  for (const { workload, label } of WORKLOADS) {
    const per = runs.map((r) => r.workloads.get(workload)!);
    const all: SelfTimes = { by_cost: new Map(), busy_us: 0 };
    for (const w of per) addSelfTimes(all, w.profile);
    const bets = per.reduce((sum, w) => sum + w.profiled_bets, 0);
    console.log(
      `${label}: server main thread not idle ${(all.busy_us / bets / 1000).toFixed(2)} ms/bet in the profiles; ` +
        `top five costs over the runs (share of it, µs/bet):\n${costLines(topCosts(all, bets))}`,
    );
  }
}

/** Database round trips per bet, one bet at a time on warm caches (as bench/roundtrips.ts). */
async function printRoundTrips(server: Server, token: string, legs: Leg[]): Promise<void> {
  let n = 0;
  const place = (url: string, payload: (key: string) => object) => async () => {
    n += 1;
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload: payload(`bench-rt-${n}`),
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  };
  const bets: [string, () => Promise<void>][] = [
    [
      'Dice bet',
      place('/customer/casino/originals/dice/bet', (idempotency_key) => ({
        amount: '1',
        target: '50',
        direction: 'over',
        idempotency_key,
      })),
    ],
    [
      '5-leg multiple',
      place('/customer/sportsbook/bets', (idempotency_key) => ({
        kind: 'multiple',
        selections: legs,
        stake: '1',
        accept_odds: 'any',
        idempotency_key,
      })),
    ],
  ];
  for (const [label, bet] of bets) {
    for (let i = 0; i < 20; i += 1) await bet();
    await drainOutbox(server);
    const counted = await countRoundTrips(bet, ROUND_TRIP_BETS);
    console.log(
      `\nround trips per ${label} (${ROUND_TRIP_BETS} bets one at a time, warm; the outbox's deliveries included): ` +
        counted.per_bet.toFixed(2),
    );
    for (const [text, perBet] of counted.statements) console.log(`  ${perBet.toFixed(2)}  ${text}`);
  }
}

async function main() {
  const load = os.loadavg();
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'} · ${Math.round(os.totalmem() / 2 ** 30)} GiB · ` +
      `Node ${process.version} ${process.execArgv.filter((arg) => arg.startsWith('--no-')).join(' ')} · ` +
      `load average at start ${load.map((n) => n.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bets-'));
  let embedded = await startEmbeddedPostgres(dataDir);
  if (STATEMENTS) embedded = await withStatementStats(embedded, dataDir);
  const { db, pool } = createDb(embedded.url);
  let generators: Generators | undefined;
  try {
    await migrate(pool);
    // To try a schema change without writing a migration (as bench:ledger's BENCH_SETUP_SQL).
    if (process.env.BENCH_SETUP_SQL) await pool.query(process.env.BENCH_SETUP_SQL);
    if (STATEMENTS) await pool.query('create extension if not exists pg_stat_statements');
    const { app, modules } = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CRASH_ENGINE: 'off' }),
      db,
      pool,
      serveSites: false,
      limits: RELAXED_LIMITS_FOR_BENCH,
    });
    await seed(modules, { demo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const server: Server = {
      app,
      modules,
      pool,
      postmaster: (await postmasterPid(path.join(dataDir, 'pg'))) ?? undefined,
      base_url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`,
    };
    const version = (
      await pool.query<{ v: string }>(`select current_setting('server_version') as v`)
    ).rows[0]!.v;
    console.log(
      `PostgreSQL ${version} (embedded) · ${PLAYERS} players · ${CLIENTS} load generators (child processes, ` +
        `${process.env.BENCH_HTTP === 'fetch' ? 'fetch' : 'node:http keep-alive'}) · ${SECONDS} s per measured loop ` +
        `after ${WARM_MS / 1000} s ramp-up · closed loops at ${LEVELS.join('/')} in flight · ${RUNS} run(s)`,
    );

    const setupStarted = performance.now();
    await warmWal(pool);
    const players = await signUpPlayers(server);
    const legs = await benchEvents(server.modules.sportsbook.service);
    generators = new Generators(CLIENTS);
    await generators.init(server.base_url, players.tokens, legs);
    // Not measured: account ids cached, statements planned, as on a server that has run a while.
    await ledgerReference(server, players, WARMUP_SECONDS, 0);
    console.log(
      `setup (WAL warm-up, ${PLAYERS} players signed up, logged in and funded, 5 events, generators, ` +
        `ledger warm-up): ${((performance.now() - setupStarted) / 1000).toFixed(1)} s\n`,
    );

    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`— run ${run} of ${RUNS} (load average ${os.loadavg()[0]!.toFixed(2)})`);
      const reference = await ledgerReference(server, players, SECONDS, WARM_MS);
      const perBet = (ms: number) => (ms / Math.max(1, reference.bets)).toFixed(2);
      console.log(
        `${'reference'.padEnd(22)} ledger bets in-process, ${LEDGER_IN_FLIGHT} in flight: ${Math.round(reference.per_s)} bets/s ` +
          `= ${Math.round(2 * reference.per_s)} transfers/s (${reference.failed} failed) · CPU ms/bet ` +
          `server ${perBet(reference.cpu.server_ms)}, PG ${perBet(reference.cpu.pg_ms)} · ` +
          `machine busy ${pct(reference.cpu.busy_ms / reference.cpu.total_ms)}`,
      );
      await drainOutbox(server);
      const workloads = new Map<Workload, WorkloadRun>();
      for (const w of WORKLOADS) {
        workloads.set(
          w.workload,
          await measureWorkload(server, generators, w, run, reference.per_s),
        );
      }
      runs.push({ ledger_per_s: reference.per_s, workloads });
      console.log('');
    }
    generators.close();
    generators = undefined;

    printSummary(runs);
    await printRoundTrips(server, players.tokens[0]!, legs);
    await app.close();
  } finally {
    generators?.close();
    await db.destroy();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(process.exitCode ?? 0);
