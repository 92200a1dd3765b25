/**
 * `node --import tsx bench/ledger.profile.ts`: where a `ledger_apply` call spends its time.
 * Sequential calls on one connection, so no contention: per-call cost against batch size
 * (1, 10, 100 commands), server execution (EXPLAIN ANALYZE, no commit) versus the round
 * trip with commit, with and without pg_notify, and the disk's fdatasync latency.
 * A diagnostic; the throughput benchmark is ledger.bench.ts.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { fundedPlayers } from './support.ts';

const PLAYERS = 2_000;
const CALLS = Number(process.env.PROFILE_CALLS ?? 200);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-profile-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const { db, pool } = createDb(embedded.url, 4);
  try {
    await migrate(pool);
    // fdatasync latency of the disk holding the data directory.
    const file = await open(path.join(dataDir, 'fsync-probe'), 'w');
    const syncs: number[] = [];
    for (let n = 0; n < 200; n += 1) {
      await file.write(Buffer.alloc(8192, n), 0, 8192, 0);
      const begin = performance.now();
      await file.datasync();
      syncs.push(performance.now() - begin);
    }
    await file.close();
    console.log(`fdatasync 8 KiB: median ${median(syncs).toFixed(3)} ms`);

    const { cash, house } = await fundedPlayers(db, pool, PLAYERS);

    const fn = (
      await pool.query<{ def: string }>(`select pg_get_functiondef('ledger_apply'::regproc) as def`)
    ).rows[0]!.def;
    const variants: Record<string, string> = {
      'ledger_apply (set-based)': 'ledger_apply',
    };
    if (/pg_notify/.test(fn)) {
      await pool.query(
        fn
          .replace(/function public\.ledger_apply\(/i, 'function public.ledger_apply_nonotify(')
          .replace(/perform pg_notify\([^;]*;/g, 'null;'),
      );
      variants['ledger_apply without pg_notify'] = 'ledger_apply_nonotify';
    }

    let sequence = 0;
    const batch = (size: number) =>
      JSON.stringify(
        Array.from({ length: size }, (_, i) => {
          sequence += 1;
          return {
            i,
            op: 'single',
            key: `profile:${sequence}`,
            hash: 'h',
            debit: cash[(sequence * 7) % cash.length],
            credit: house,
            amount: '1',
            currency: 'EUR',
            reason: 'bet',
            object_type: 'bet',
            object_id: `r${sequence}`,
            actor_type: 'provider',
            actor_id: 'profile',
          };
        }),
      );

    const client = await pool.connect();
    try {
      const rows: Record<string, string>[] = [];
      for (const [label, name] of Object.entries(variants)) {
        for (const size of [1, 10, 100]) {
          const calls = Math.max(10, Math.round(CALLS / Math.sqrt(size)));
          // Warm the session's plan cache.
          for (let n = 0; n < 5; n += 1)
            await client.query(`select * from ${name}($1::jsonb)`, [batch(size)]);
          const roundTrip: number[] = [];
          for (let n = 0; n < calls; n += 1) {
            const payload = batch(size);
            const begin = performance.now();
            await client.query(`select * from ${name}($1::jsonb)`, [payload]);
            roundTrip.push(performance.now() - begin);
          }
          const execution: number[] = [];
          for (let n = 0; n < calls; n += 1) {
            await client.query('begin');
            const plan = await client.query<{ 'QUERY PLAN': string }>(
              `explain (analyze, timing off, summary on) select * from ${name}($1::jsonb)`,
              [batch(size)],
            );
            await client.query('rollback');
            const line = plan.rows
              .map((r) => r['QUERY PLAN'])
              .find((l) => l.startsWith('Execution Time'));
            execution.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1]));
          }
          const rt = median(roundTrip);
          const ex = median(execution);
          rows.push({
            function: label,
            commands: String(size),
            'round trip + commit ms': rt.toFixed(3),
            'execution ms': ex.toFixed(3),
            'rest (commit, wire) ms': (rt - ex).toFixed(3),
            'per command ms': (rt / size).toFixed(3),
          });
        }
      }
      // The baseline's statement on the same connection, for scale.
      await client.query(`create table p_bal (id bigint primary key, balance bigint not null)`);
      await client.query(
        `create table p_log (id bigint generated always as identity primary key, account_id bigint not null, amount bigint not null, created_at timestamptz not null default now())`,
      );
      await client.query(`insert into p_bal select n, 0 from generate_series(1, 10000) n`);
      const base: number[] = [];
      for (let n = 0; n < CALLS; n += 1) {
        const begin = performance.now();
        await client.query(
          `with u as (update p_bal set balance = balance + $2 where id = $1 returning id)
           insert into p_log (account_id, amount) select id, $2 from u`,
          [1 + (n % 10000), 1],
        );
        base.push(performance.now() - begin);
      }
      rows.push({
        function: 'baseline UPDATE+INSERT',
        commands: '1',
        'round trip + commit ms': median(base).toFixed(3),
      });
      console.table(rows);
    } finally {
      client.release();
    }
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
