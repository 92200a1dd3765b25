import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createAuditModule } from '../apps/server/src/modules/audit/index.ts';
import { createCurrenciesModule } from '../apps/server/src/modules/currencies/index.ts';
import { createLedgerModule } from '../apps/server/src/modules/ledger/index.ts';
import type { Db } from '../apps/server/src/platform/db/database.ts';

/**
 * For the one-connection diagnostics (ledger.phases.ts, ledger.profile.ts): EUR, `players`
 * players each funded through the ledger, and the account ids a hand-made `ledger_apply`
 * batch needs (as text, the way commands carry bigints): every player's cash account and
 * one house account.
 */
export async function fundedPlayers(
  db: Db,
  pool: pg.Pool,
  players: number,
): Promise<{ cash: string[]; house: string }> {
  await pool.query(
    `insert into currencies (id, code, name, prefix, scale) values (1, 'EUR', 'Euro', '€', 2)`,
  );
  await pool.query(`insert into players (name, username, email, password_hash, referral_code, currency_id)
    select 'P ' || n, 'p' || n, 'p' || n || '@example.com', 'x', 'P' || n, 1
    from generate_series(1, ${players}) n`);
  const ids = (await pool.query<{ id: bigint }>(`select id from players order by id`)).rows;
  const currencies = createCurrenciesModule({ db, audit: createAuditModule(db).service }).service;
  const ledger = createLedgerModule(db, currencies, { house_shards: 1 }).service;
  await Promise.all(
    ids.map((p) =>
      ledger.transfer({
        idempotency_key: `fund:${p.id}`,
        debit: { house: 'payment_clearing', purpose: 'x' },
        credit: { player_id: p.id, wallet: 'cash' },
        amount_minor: 10n ** 12n,
        currency: 'EUR',
        reason_code: 'deposit',
        object: { type: 'payment', id: `f${p.id}` },
        actor: { type: 'system', id: 'profile' },
      }),
    ),
  );
  await ledger.drain();
  const cash = (
    await pool.query<{ id: string }>(
      `select id::text from ledger_accounts where owner_type = 'player' order by id`,
    )
  ).rows.map((r) => r.id);
  const house = (
    await pool.query<{ id: string }>(
      `select id::text from ledger_accounts where kind = 'payment_clearing' order by id limit 1`,
    )
  ).rows[0]!.id;
  return { cash, house };
}

/**
 * CPU time from /proc (Linux; undefined elsewhere): this process, the PostgreSQL server
 * (postmaster and every child: backends, WAL writer, checkpointer, autovacuum, I/O workers)
 * and the whole machine. Tells per op where the CPU goes and how busy the cores were, which
 * latency figures alone do not (docs/performance.md, round 10).
 */
export type CpuSample = { node_ms: number; pg_ms: number; busy_ms: number; total_ms: number };

export function cpuSample(postmasterPid: number | undefined): CpuSample | undefined {
  const tick_ms = 1000 / 100; // USER_HZ is 100 on Linux
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  // cpu  user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
  const fields = stat.split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  const busy = total - fields[3]! - fields[4]!;
  let pg_ticks = 0;
  if (postmasterPid !== undefined) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let text: string;
      try {
        text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      // After the command name in parentheses: state ppid … utime(14) stime(15) cutime(16)
      // cstime(17). Children that have exited (a closed connection, an autovacuum worker)
      // are counted in the postmaster's cutime and cstime once it has reaped them.
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid === postmasterPid) {
        pg_ticks += Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      } else if (Number(rest[1]) === postmasterPid) {
        pg_ticks += Number(rest[11]) + Number(rest[12]);
      }
    }
  }
  const usage = process.cpuUsage();
  return {
    node_ms: (usage.user + usage.system) / 1000,
    pg_ms: pg_ticks * tick_ms,
    busy_ms: busy * tick_ms,
    total_ms: total * tick_ms,
  };
}

/**
 * Writes 8 KiB and fdatasyncs it every 10 ms in a worker thread, on the filesystem that holds
 * the database, while a scenario runs: every acknowledged bet waits for a WAL flush, so a slow
 * flush of the disk itself shows in the ledger's tail whatever the code does. On the VMs these
 * figures come from, an idle disk has taken up to ~160 ms for one such flush
 * (docs/performance.md, round 10). Stop it to get the flush times in ms.
 */
export function startFlushProbe(file: string): () => Promise<number[]> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const fs = require('node:fs');
     const fd = fs.openSync(workerData.file, 'w');
     const block = Buffer.alloc(8192, 1);
     fs.writeSync(fd, Buffer.alloc(8192 * 128));
     fs.fdatasyncSync(fd);
     const pause = new Int32Array(new SharedArrayBuffer(4));
     const times = [];
     for (let n = 0; Atomics.load(workerData.stop, 0) === 0; n += 1) {
       const begin = performance.now();
       fs.writeSync(fd, block, 0, block.length, (n % 128) * block.length);
       fs.fdatasyncSync(fd);
       times.push(performance.now() - begin);
       Atomics.wait(pause, 0, 0, 10);
     }
     fs.closeSync(fd);
     fs.rmSync(workerData.file, { force: true });
     parentPort.postMessage(times);`,
    { eval: true, workerData: { file, stop } },
  );
  const times = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    Atomics.store(stop, 0, 1);
    const result = await times;
    await worker.terminate();
    return result;
  };
}

/**
 * What PostgreSQL's own maintenance did during a scenario: the share of 100-ms samples in
 * which an autovacuum worker ran (and on which tables), and the checkpoints performed. Such
 * work takes CPU from the backends on a small machine (docs/performance.md, round 11).
 * Samples on a connection of its own, so the ledger's pool is not touched.
 */
export type Maintenance = {
  autovacuum_share: number;
  tables: string[];
  checkpoints: number;
  /**
   * One entry per sample (BENCH_TIMELINE): when it was taken (performance.now()), the WAL
   * inserted since the sample before (bytes; full-page images after a checkpoint show here
   * first) and what each autovacuum worker was doing, as "<table letter><phase letter>" joined
   * by "+" ("ts": scanning ledger_transfers' heap; see VACUUM_PHASES), "" when none.
   */
  trace: { at: number; wal_bytes: number; autovacuum: string }[];
};

/** One letter per phase of pg_stat_progress_vacuum and _analyze, for the open loop's timeline. */
const VACUUM_PHASES: Record<string, string> = {
  initializing: 'I',
  'scanning heap': 's',
  'vacuuming indexes': 'i',
  'vacuuming heap': 'h',
  'cleaning up indexes': 'c',
  'truncating heap': 'T',
  'performing final cleanup': 'f',
  'acquiring sample rows': 'a',
  'acquiring inherited sample rows': 'a',
  'computing statistics': 'C',
  'computing extended statistics': 'C',
  'finalizing analyze': 'F',
};

export async function startMaintenanceSampler(url: string): Promise<() => Promise<Maintenance>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let running = true;
  let samples = 0;
  let busy = 0;
  const tables = new Set<string>();
  // num_done: checkpoints performed (num_timed also counts timed ones skipped on an idle server).
  const checkpoints = async () =>
    Number(
      (await client.query<{ n: string }>('select num_done::text n from pg_stat_checkpointer'))
        .rows[0]!.n,
    );
  const first = await checkpoints();
  const trace: Maintenance['trace'] = [];
  let lsn: bigint | undefined;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{
        pid: number | null;
        query: string | null;
        lsn: string;
        phase: string | null;
      }>(
        `select a.pid, a.query, (pg_current_wal_insert_lsn() - '0/0')::text lsn,
                coalesce(v.phase, z.phase) phase
           from (select 1) one
           left join pg_stat_activity a on a.backend_type = 'autovacuum worker'
           left join pg_stat_progress_vacuum v on v.pid = a.pid
           left join pg_stat_progress_analyze z on z.pid = a.pid`,
      );
      samples += 1;
      // Any worker counts, whatever its query says (a BRIN summarization work item, a start).
      if (rows.some((row) => row.pid !== null)) busy += 1;
      const now = BigInt(rows[0]!.lsn);
      const on: string[] = [];
      // "autovacuum: VACUUM ANALYZE public.t (to prevent wraparound)" → "VACUUM ANALYZE t".
      for (const { query, phase } of rows) {
        if (query === null) continue;
        const what = /^autovacuum: ((?:VACUUM|ANALYZE)(?: ANALYZE)?) (?:public\.)?(\S+)/.exec(
          query,
        );
        if (what) {
          tables.add(`${what[1]} ${what[2]}`);
          // The table's first letter after "ledger_", then the phase's (see VACUUM_PHASES).
          on.push(`${what[2]!.replace('ledger_', '')[0]}${VACUUM_PHASES[phase ?? ''] ?? '?'}`);
        }
      }
      trace.push({
        at: performance.now(),
        wal_bytes: lsn === undefined ? 0 : Number(now - lsn),
        autovacuum: on.join('+'),
      });
      lsn = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const done = await checkpoints();
    await client.end();
    return {
      autovacuum_share: samples === 0 ? 0 : busy / samples,
      tables: [...tables].sort(),
      checkpoints: done - first,
      trace,
    };
  };
}

/** "39 % (VACUUM ANALYZE ledger_accounts); 1 checkpoint(s)": one run's maintenance, for output. */
export const maintenanceText = (m: Maintenance | undefined) =>
  m
    ? `${Math.round(100 * m.autovacuum_share)} % (${m.tables.join(', ') || 'none'}); ${m.checkpoints} checkpoint(s)`
    : '';
