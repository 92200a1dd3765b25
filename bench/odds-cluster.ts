/**
 * `npm run bench:odds -- --instances 3`: live-odds delivery across a cluster. One embedded
 * PostgreSQL; this process is the first instance and the feed's leader (it takes the
 * `sportsbook.feed` lease and hands the feed's messages to its sportsbook); the other instances
 * are server processes started the way `npm run cluster` starts them (scripts/cluster-instance.ts),
 * with no feed of their own. Pushes reach them through LISTEN/NOTIFY (StreamFanout).
 *
 * Two phases in the same run, on the same database, the same feed rate and client count:
 *   1. baseline: every client on the leader, the other instances not yet started;
 *   2. cluster: the other instances started, clients spread round-robin over all of them.
 * Prints p50/p95/p99 per instance for each phase, the ratio of each instance's figures to the
 * baseline's, and the pushes each instance's clients missed (a `seq` skipped within an event).
 *
 * Same environment as the single-instance mode (BENCH_CLIENTS, BENCH_EVENTS, BENCH_RATE,
 * BENCH_SECONDS, BENCH_CLIENT_PROCS), with smaller defaults: a 2-core machine runs every process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { postmasterPid, startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { LeaderLease } from '../apps/server/src/platform/leader.ts';
import { newSecretsKey } from '../apps/server/src/platform/secrets.ts';
import {
  type ClusterInstance,
  startClusterInstance,
  stopClusterInstance,
} from '../scripts/cluster-instance.ts';
import {
  LATENCY_BUCKETS,
  latencyHistogram,
  latencyOf,
  liveEvents,
  oddsFeed,
  percentile,
  recordLatency,
} from './odds.support.ts';
import { cpuSample } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 2);
const WARM_MS = 3_000;
export const INSTANCES_MAX = 9;

/** Histograms sent sparse: [bucket, count] pairs of the non-empty buckets, per url. */
type ClientReport = { hists: Array<Array<[number, number]>>; received: number[]; gaps: number[] };

/** A client process: `count` sockets, socket i on `urls[i % urls.length]`, a histogram per url. */
export async function clusterClientMain(argument: string) {
  const { default: WebSocket } = await import('ws');
  const { urls, count, events, seed } = JSON.parse(argument) as {
    urls: string[];
    count: number;
    events: string[];
    seed: number;
  };
  const hists = urls.map(() => latencyHistogram());
  const received = urls.map(() => 0);
  const gaps = urls.map(() => 0);
  let recording = false;
  const sockets: InstanceType<typeof WebSocket>[] = [];
  let opened = 0;
  const failed = urls.map(() => 0);
  let settled = 0;
  // A socket that cannot connect (a loaded machine drops some) is counted, not waited for.
  const settle = () => {
    settled += 1;
    if (settled === count) process.send!({ type: 'ready', opened, failed });
  };
  for (let i = 0; i < count; i++) {
    const at = i % urls.length;
    const socket = new WebSocket(urls[at]!, { handshakeTimeout: 30_000 });
    sockets.push(socket);
    // The last seq seen per epoch (one epoch per publisher) of this socket's one event.
    const lastSeq = new Map<string, number>();
    let failedOnce = false;
    socket.on('open', () => {
      const event = events[(seed + i * 7) % events.length]!;
      socket.send(JSON.stringify({ type: 'subscribe', events: [event] }));
      opened += 1;
      settle();
    });
    socket.on('message', (raw) => {
      const text = String(raw);
      const mark = text.indexOf('"name":"t:');
      if (mark < 0) return;
      const message = JSON.parse(text) as { epoch?: string; seq?: number };
      if (message.epoch && message.seq !== undefined) {
        const last = lastSeq.get(message.epoch);
        if (recording && last !== undefined && message.seq > last + 1)
          gaps[at]! += message.seq - last - 1;
        lastSeq.set(message.epoch, message.seq);
      }
      if (!recording) return;
      recordLatency(hists[at]!, latencyOf(text)!);
      received[at]! += 1;
    });
    socket.on('error', () => {
      if (socket.readyState !== WebSocket.OPEN && !failedOnce) {
        failedOnce = true;
        failed[at]! += 1;
        settle();
      }
    });
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  process.on('message', (m: { type: string }) => {
    if (m.type === 'record') recording = true;
    if (m.type === 'report') {
      recording = false;
      const sparse = (h: Uint32Array) => {
        const pairs: Array<[number, number]> = [];
        h.forEach((n, i) => {
          if (n > 0) pairs.push([i, n]);
        });
        return pairs;
      };
      const report: ClientReport = { hists: hists.map(sparse), received, gaps };
      for (const s of sockets) s.terminate();
      // Exits once the report is written: a large message cut short would never arrive.
      process.send!({ type: 'report', ...report }, () => process.exit(0));
    }
  });
}

type Figures = { name: string; p50: number; p95: number; p99: number; per_s: number; gaps: number };

export async function clusterMain(instances: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-odds-cluster-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const postmaster = (await postmasterPid(path.join(dataDir, 'pg'))) ?? undefined;
  const { db, pool } = createDb(embedded.url, 10);
  await migrate(pool);
  // One secrets key for every instance (each refuses a database sealed under another).
  const secretsKey = newSecretsKey();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SECRETS_KEY: secretsKey });
  const { app, modules } = await buildApp({ config, db, pool, serveSites: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const leaderPort = (app.server.address() as { port: number }).port;
  const sb = modules.sportsbook.service;

  // This instance leads the feed: the lease row says so to every instance.
  let leading = false;
  const lease = new LeaderLease(
    db,
    'sportsbook.feed',
    {
      acquired: async () => {
        leading = true;
      },
      lost: async () => {
        leading = false;
      },
    },
    { log: (message, error) => console.error(message, error) },
  );
  lease.start();
  while (!leading) await new Promise((r) => setTimeout(r, 20));

  const events = await liveEvents(sb, EVENTS);
  console.log(
    `bench:odds --instances ${instances}: ${CLIENTS} clients in ${PROCS} processes, ${EVENTS} live events, ` +
      `${RATE} price changes/s for ${SECONDS} s per phase (${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
  );

  // The feed, as in the single-instance mode: every 10 ms, RATE/200 two-price odds changes.
  const feed = oddsFeed(sb, events, RATE, () => leading);
  const state = feed.state;

  /** One measured phase: clients spread over `targets`, figures per target. */
  const phase = async (label: string, targets: { name: string; port: number }[]) => {
    const urls = targets.map((t) => `ws://127.0.0.1:${t.port}/api/v1/sports/ws`);
    const children: ChildProcess[] = Array.from({ length: PROCS }, (_, k) =>
      fork(
        fileURLToPath(new URL('./odds.bench.ts', import.meta.url)),
        [
          'cluster-client',
          JSON.stringify({ urls, count: Math.ceil(CLIENTS / PROCS), events, seed: k * 101 }),
        ],
        { execArgv: ['--import', 'tsx'] },
      ),
    );
    // A client process that dies before it reports fails the run instead of hanging it.
    let died: ((error: Error) => void) | null = null;
    const death = new Promise<never>((_, reject) => {
      died = reject;
    });
    death.catch(() => {});
    const reported = new Set<ChildProcess>();
    for (const c of children)
      c.once('exit', (code, signal) => {
        if (!reported.has(c)) died!(new Error(`a client process exited (${signal ?? code})`));
      });
    const ready = await Promise.race([
      death,
      Promise.all(
        children.map(
          (c) =>
            new Promise<{ opened: number; failed: number[] }>((resolve) => {
              c.on(
                'message',
                (m: { type: string; opened: number; failed: number[] }) =>
                  m.type === 'ready' && resolve(m),
              );
            }),
        ),
      ),
    ]);
    console.log(`${label}: ${ready.reduce((n, r) => n + r.opened, 0)} sockets connected`);
    const refused = targets.map((_, at) => ready.reduce((n, r) => n + r.failed[at]!, 0));
    if (refused.some((n) => n > 0))
      console.log(
        `${label}: sockets that failed to connect: ${targets.map((t, at) => `${t.name} ${refused[at]}`).join(', ')}`,
      );
    const sentBefore = state.sequence;
    const droppedBefore = state.dropped;
    const warm = setInterval(feed.send, 10);
    await new Promise((r) => setTimeout(r, WARM_MS));
    for (const c of children) c.send({ type: 'record' });
    const before = cpuSample(postmaster);
    const started = performance.now();
    const sentAt = state.sequence;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const after = cpuSample(postmaster);
    const elapsed = (performance.now() - started) / 1000;
    const sent = state.sequence - sentAt;
    clearInterval(warm);
    for (let waited = 0; state.inFlight > 0 && waited < 30_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    // Let the last NOTIFY batch arrive before the clients stop counting.
    await new Promise((r) => setTimeout(r, 500));
    const reports = await Promise.race([
      death,
      Promise.all(
        children.map(
          (c) =>
            new Promise<ClientReport>((resolve) => {
              c.on('message', (m: { type: string } & ClientReport) => {
                if (m.type !== 'report') return;
                reported.add(c);
                resolve(m);
              });
              c.send({ type: 'report' });
            }),
        ),
      ),
    ]);
    const figures: Figures[] = targets.map((t, at) => {
      const hist = new Array<number>(LATENCY_BUCKETS).fill(0);
      let received = 0;
      let gaps = 0;
      for (const r of reports) {
        received += r.received[at]!;
        gaps += r.gaps[at]!;
        for (const [i, n] of r.hists[at]!) hist[i] = hist[i]! + n;
      }
      return {
        name: t.name,
        p50: percentile(hist, received, 0.5),
        p95: percentile(hist, received, 0.95),
        p99: percentile(hist, received, 0.99),
        per_s: received / elapsed,
        gaps,
      };
    });
    const cpu =
      before && after
        ? `; CPU: leader+feed ${(((after.node_ms - before.node_ms) / (elapsed * 1000)) * 100).toFixed(0)} % of a core, PostgreSQL ${(((after.pg_ms - before.pg_ms) / (elapsed * 1000)) * 100).toFixed(0)} %, machine busy ${(((after.busy_ms - before.busy_ms) / (after.total_ms - before.total_ms)) * 100).toFixed(0)} %`
        : '';
    console.log(
      `${label}: price changes sent ${((sent * 2) / elapsed).toFixed(0)}/s (${state.dropped - droppedBefore} of ${state.sequence - sentBefore} messages dropped by the feed's in-flight cap)${cpu}`,
    );
    return figures;
  };

  const leader = { name: 'instance-1 (leader)', port: leaderPort };
  const baseline = await phase('baseline (1 instance)', [leader]);
  const others: ClusterInstance[] = [];
  let result: Figures[] = [];
  try {
    for (let n = 2; n <= instances; n++) {
      others.push(
        await startClusterInstance({
          n,
          databaseUrl: embedded.url,
          dataDir,
          publicUrl: `http://127.0.0.1:${leaderPort}`,
          env: {
            NODE_ENV: 'test',
            LOG_LEVEL: 'error',
            SEED_DEMO: 'false',
            CRASH_ENGINE: 'off',
            SECRETS_KEY: secretsKey,
          },
          // The start-up banner is noise here; errors are not.
          output: (line) => {
            if (/error|fatal/i.test(line)) process.stderr.write(line);
          },
        }),
      );
    }
    result = await phase(`cluster (${instances} instances)`, [
      leader,
      ...others.map((o) => ({ name: o.name, port: o.port })),
    ]);
  } finally {
    await Promise.all(others.map((o) => stopClusterInstance(o, 10_000)));
  }

  const base = baseline[0]!;
  const row = (f: Figures, ratio: boolean) =>
    `  ${f.name.padEnd(20)} p50 ${f.p50.toFixed(1).padStart(7)}  p95 ${f.p95.toFixed(1).padStart(7)}  p99 ${f.p99.toFixed(1).padStart(7)} ms` +
    `  ${f.per_s.toFixed(0).padStart(6)} pushes/s  ${String(f.gaps).padStart(4)} missed` +
    (ratio
      ? `   × baseline: p50 ${(f.p50 / base.p50).toFixed(2)}  p95 ${(f.p95 / base.p95).toFixed(2)}  p99 ${(f.p99 / base.p99).toFixed(2)}`
      : '');
  console.log('delivery latency, baseline (every client on the leader):');
  console.log(row(base, false));
  console.log(`delivery latency, ${instances} instances (clients spread round-robin):`);
  for (const f of result) console.log(row(f, true));

  await lease.stop();
  await app.close();
  await pool.end().catch(() => {});
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
