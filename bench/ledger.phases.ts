/**
 * `node --import tsx bench/ledger.phases.ts`: where time goes *inside* one `ledger_apply`
 * call. Makes a copy of the installed function with `clock_timestamp()` markers between its
 * phases (gather ids, lock holds, lock+read accounts, per-command loop, transfers INSERT with
 * the accounts UPDATE, holds, answer) and reports the median µs of each phase per batch
 * size, plus the loop's driving query alone (EXPLAIN ANALYZE) so the loop body's own cost is
 * the difference. One connection, no contention, every call rolled back. A diagnostic.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { fundedPlayers } from './support.ts';

const PLAYERS = 2_000;
const CALLS = Number(process.env.PROFILE_CALLS ?? 60);
const SIZES = (process.env.PROFILE_SIZES ?? '1,10,100,200').split(',').map(Number);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Phase markers: a phase ends just before the anchor text. */
const ANCHORS: [string, RegExp][] = [
  ['gather ids', /\n {2}if cardinality\(v_holds\) > 0 then/],
  ['lock holds', /\n {2}-- Locks in ascending id order|\n {2}select coalesce\(array_agg\(l\.id/],
  ['lock+read accounts', /\n {2}for c in\n/],
  ['loop (query + body)', /\n {2}if cardinality\(w_transfers\) > 0 then/],
  // Since 0102 one statement inserts the transfers and updates the accounts; holds follow.
  ['insert transfers + update accounts', /\n {4}if cardinality\(w_holds\) > 0 then/],
  ['holds', /\n {2}end if;\n\n {2}return query select \* from unnest\(v_results\);/],
];

function instrument(def: string): { fn: string; loopQuery: string } {
  let fn = def.replace(/function public\.ledger_apply\(/i, 'function public.ledger_apply_timed(');
  fn = fn.replace(/\ndeclare\n/, "\ndeclare\n  t_mark timestamptz;\n  t_log text := '';\n");
  fn = fn.replace(
    /\$function\$\n(declare[\s\S]*?\n)begin\n/,
    (m) => `${m}  t_mark := clock_timestamp();\n`,
  );
  for (const [name, re] of ANCHORS) {
    const hit = re.exec(fn);
    if (!hit) throw new Error(`anchor not found: ${name}`);
    const mark = `\n  t_log := t_log || '${name}=' || (extract(epoch from clock_timestamp() - t_mark) * 1e6)::bigint || ';'; t_mark := clock_timestamp();`;
    fn = fn.slice(0, hit.index) + mark + fn.slice(hit.index);
  }
  fn = fn.replace(
    /\n {2}return query select \* from unnest\(v_results\);/,
    `\n  return query select * from unnest(v_results);\n  t_log := t_log || 'answer=' || (extract(epoch from clock_timestamp() - t_mark) * 1e6)::bigint || ';';\n  raise notice 'PHASES %', t_log;`,
  );
  const loop = /\n {2}for c in\n([\s\S]*?)\n {2}loop\n/.exec(def);
  if (!loop) throw new Error('loop query not found');
  const loopQuery = loop[1]!.replace(/\bcommands\b/g, '$1::jsonb');
  return { fn, loopQuery };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-phases-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const { db, pool } = createDb(embedded.url, 4);
  try {
    await migrate(pool);
    const { cash, house } = await fundedPlayers(db, pool, PLAYERS);
    const def = (
      await pool.query<{ def: string }>(`select pg_get_functiondef('ledger_apply'::regproc) as def`)
    ).rows[0]!.def;
    const { fn, loopQuery } = instrument(def);
    await pool.query(fn);

    let sequence = 0;
    // Bet-like: half stakes (player → house), half wins (house → player), distinct players.
    const batch = (size: number) =>
      JSON.stringify(
        Array.from({ length: size }, (_, i) => {
          sequence += 1;
          const player = cash[(sequence * 7) % cash.length];
          const win = i % 2 === 1;
          return {
            i,
            op: 'single',
            key: `phase:${sequence}`,
            hash: 'h',
            debit: win ? house : player,
            credit: win ? player : house,
            amount: '1',
            currency: 'EUR',
            reason: win ? 'win' : 'bet',
            object_type: 'bet',
            object_id: `r${sequence}`,
            actor_type: 'provider',
            actor_id: 'phases',
          };
        }),
      );

    const client = await pool.connect();
    // PROFILE_PLAN_CACHE_MODE=force_generic_plan|force_custom_plan: price re-planning.
    if (process.env.PROFILE_PLAN_CACHE_MODE)
      await client.query(`set plan_cache_mode = ${process.env.PROFILE_PLAN_CACHE_MODE}`);
    let notice = '';
    client.on('notice', (n) => {
      if (n.message?.startsWith('PHASES ')) notice = n.message.slice(7);
    });
    try {
      const rows: Record<string, string | number>[] = [];
      for (const size of SIZES) {
        const phases = new Map<string, number[]>();
        const totals: number[] = [];
        const queryOnly: number[] = [];
        const serverTimes: number[] = [];
        const planTimes: number[] = [];
        for (let n = 0; n < CALLS + 5; n += 1) {
          await client.query('begin');
          const begin = performance.now();
          await client.query(`select * from ledger_apply_timed($1::jsonb)`, [batch(size)]);
          const total = (performance.now() - begin) * 1000;
          await client.query('rollback');
          await client.query('begin');
          const whole = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, timing off, summary on) select * from ledger_apply_timed($1::jsonb)`,
            [batch(size)],
          );
          await client.query('rollback');
          const wline = whole.rows
            .map((r) => r['QUERY PLAN'])
            .find((l) => l.startsWith('Execution'));
          const pline = whole.rows
            .map((r) => r['QUERY PLAN'])
            .find((l) => l.startsWith('Planning'));
          const server = Number(/([\d.]+) ms/.exec(wline ?? '')?.[1]) * 1000;
          const planning = Number(/([\d.]+) ms/.exec(pline ?? '')?.[1]) * 1000;
          const plan = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, timing off, summary on) ${loopQuery}`,
            [batch(size)],
          );
          if (n < 5) continue;
          totals.push(total);
          serverTimes.push(server);
          planTimes.push(planning);
          for (const part of notice.split(';').filter(Boolean)) {
            const [name, us] = part.split('=');
            phases.set(name!, [...(phases.get(name!) ?? []), Number(us)]);
          }
          const line = plan.rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution'));
          queryOnly.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1]) * 1000);
        }
        const row: Record<string, string | number> = { commands: size };
        for (const [name, values] of phases) row[name] = Math.round(median(values));
        row['loop query alone'] = Math.round(median(queryOnly));
        row['call execution (server)'] = Math.round(median(serverTimes));
        row['call planning'] = Math.round(median(planTimes));
        row['round trip (no commit)'] = Math.round(median(totals));
        rows.push(row);
      }
      console.log('median µs per call, by phase');
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
