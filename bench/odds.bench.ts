/**
 * `npm run bench:odds`: live-odds delivery. The whole app runs in this process on an
 * embedded PostgreSQL; BENCH_CLIENTS WebSocket clients (in BENCH_CLIENT_PROCS child
 * processes, so their CPU is not the server's) subscribe to live events while a feed
 * pushes BENCH_RATE price changes a second through the sportsbook's sink (each odds_change
 * carries one 2-way market: two prices). Delivery latency runs from just before the feed
 * hands the message to the sportsbook (which writes it to PostgreSQL, then fans it out) to
 * the client's parse of the push: the sending time rides in the market's name.
 *
 * Prints p50/p90/p99/max, pushes/s received, and CPU of this process (server + feed) and of
 * PostgreSQL. A benchmark, not a test. Environment: BENCH_CLIENTS (10000), BENCH_EVENTS (50),
 * BENCH_SUBS (events per client, 1), BENCH_RATE (price changes/s, 1000), BENCH_SECONDS (20),
 * BENCH_CLIENT_PROCS (2).
 *
 * `npm run bench:odds -- --instances 3`: the cluster mode (bench/odds-cluster.ts), p50/p95/p99
 * per instance against a single-instance baseline measured in the same run.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { postmasterPid, startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
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

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const SUBS = Number(process.env.BENCH_SUBS ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 2);
const CONNECT_ATTEMPTS_MAX = 5;

async function clientMain() {
  const { default: WebSocket } = await import('ws');
  const { url, count, events, subs, seed } = JSON.parse(process.argv[3]!) as {
    url: string;
    count: number;
    events: string[];
    subs: number;
    seed: number;
  };
  const hist = latencyHistogram();
  let received = 0;
  let recording = false;
  const sockets: InstanceType<typeof WebSocket>[] = [];
  let opened = 0;
  let failed = 0;
  // On a loaded machine a connect can fail (the listen backlog overflows): it is tried again,
  // and one that never opens is counted, so the run goes on instead of waiting for it forever.
  const settled = () => {
    if (opened + failed === count) process.send!({ type: 'ready', failed });
  };
  const connect = (i: number, attempt: number) => {
    const socket = new WebSocket(url);
    let open = false;
    socket.on('open', () => {
      open = true;
      sockets.push(socket);
      const mine = Array.from(
        { length: subs },
        (_, k) => events[(seed + i * 7 + k * 13) % events.length]!,
      );
      socket.send(JSON.stringify({ type: 'subscribe', events: mine }));
      opened += 1;
      settled();
    });
    socket.on('message', (raw) => {
      if (!recording) return;
      const ms = latencyOf(String(raw));
      if (ms === null) return;
      recordLatency(hist, ms);
      received += 1;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (open) return;
      if (attempt < CONNECT_ATTEMPTS_MAX) setTimeout(() => connect(i, attempt + 1), 100 * attempt);
      else {
        failed += 1;
        settled();
      }
    });
  };
  for (let i = 0; i < count; i++) {
    connect(i, 1);
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 20));
  }
  process.on('message', (m: { type: string }) => {
    if (m.type === 'record') recording = true;
    if (m.type === 'report') {
      recording = false;
      process.send!({ type: 'report', hist: Array.from(hist), received });
      for (const s of sockets) s.terminate();
      setTimeout(() => process.exit(0), 200);
    }
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-odds-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const postmaster = (await postmasterPid(path.join(dataDir, 'pg'))) ?? undefined;
  const { db, pool } = createDb(embedded.url, 10);
  await migrate(pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { app, modules } = await buildApp({ config, db, pool, serveSites: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const sb = modules.sportsbook.service;

  const events = await liveEvents(sb, EVENTS);
  console.log(
    `bench:odds — ${CLIENTS} clients in ${PROCS} processes, ${EVENTS} live events, ${SUBS} event(s) per client, ${RATE} price changes/s for ${SECONDS} s (${os.cpus().length} CPUs)`,
  );

  const children = Array.from({ length: PROCS }, (_, k) =>
    fork(
      fileURLToPath(import.meta.url),
      [
        'client',
        JSON.stringify({
          url: `ws://127.0.0.1:${port}/api/v1/sports/ws`,
          count: Math.ceil(CLIENTS / PROCS),
          events,
          subs: SUBS,
          seed: k * 101,
        }),
      ],
      { execArgv: ['--import', 'tsx'] },
    ),
  );
  const unopened = await Promise.all(
    children.map(
      (c) =>
        new Promise<number>((resolve) =>
          c.on(
            'message',
            (m: { type: string; failed: number }) => m.type === 'ready' && resolve(m.failed),
          ),
        ),
    ),
  );
  console.log(`connected: ${modules.sportsbook.hub.size} sockets on the server`);
  const gaveUp = unopened.reduce((a, b) => a + b, 0);
  if (gaveUp > 0) console.log(`not connected after ${CONNECT_ATTEMPTS_MAX} attempts: ${gaveUp}`);

  // The feed: every 10 ms, RATE/200 messages of two prices each, round-robin over events.
  const feed = oddsFeed(sb, events, RATE);
  const warm = setInterval(feed.send, 10);
  await new Promise((r) => setTimeout(r, 3_000));
  for (const c of children) c.send({ type: 'record' });
  const before = cpuSample(postmaster);
  const started = performance.now();
  const sentBefore = feed.state.sequence;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const after = cpuSample(postmaster);
  const elapsed = (performance.now() - started) / 1000;
  const sent = feed.state.sequence - sentBefore;
  clearInterval(warm);
  while (feed.state.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  const reports = await Promise.all(
    children.map(
      (c) =>
        new Promise<{ hist: number[]; received: number }>((resolve) => {
          c.on(
            'message',
            (m: { type: string; hist: number[]; received: number }) =>
              m.type === 'report' && resolve(m),
          );
          c.send({ type: 'report' });
        }),
    ),
  );
  const hist = new Array<number>(LATENCY_BUCKETS).fill(0);
  let received = 0;
  for (const r of reports) {
    received += r.received;
    r.hist.forEach((n, i) => {
      hist[i] = hist[i]! + n;
    });
  }
  console.log(
    `price changes sent: ${((sent * 2) / elapsed).toFixed(0)}/s (${feed.state.dropped} messages dropped by the feed's in-flight cap)`,
  );
  console.log(`pushes received: ${(received / elapsed).toFixed(0)}/s`);
  console.log(
    `delivery latency ms: p50 ${percentile(hist, received, 0.5)}  p90 ${percentile(hist, received, 0.9)}  p99 ${percentile(hist, received, 0.99)}  max ${percentile(hist, received, 1)}`,
  );
  if (before && after) {
    const wall = elapsed * 1000;
    console.log(
      `CPU: server+feed ${(((after.node_ms - before.node_ms) / wall) * 100).toFixed(0)} % of a core, PostgreSQL ${(((after.pg_ms - before.pg_ms) / wall) * 100).toFixed(0)} %, machine busy ${(((after.busy_ms - before.busy_ms) / (after.total_ms - before.total_ms)) * 100).toFixed(0)} %`,
    );
  }
  await app.close();
  await pool.end().catch(() => {});
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const instancesAt = process.argv.indexOf('--instances');
const instances = instancesAt > 0 ? Number(process.argv[instancesAt + 1]) : 1;
if (process.argv[2] === 'client') void clientMain();
else if (process.argv[2] === 'cluster-client') {
  const { clusterClientMain } = await import('./odds-cluster.ts');
  void clusterClientMain(process.argv[3]!);
} else if (instances !== 1) {
  const { clusterMain, INSTANCES_MAX } = await import('./odds-cluster.ts');
  if (!Number.isInteger(instances) || instances < 2 || instances > INSTANCES_MAX) {
    console.error(`--instances: a whole number from 1 to ${INSTANCES_MAX}`);
    process.exit(2);
  }
  clusterMain(instances).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
