import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDb,
  preparedStatement,
  TIMESTAMPS_PARSED_ONCE,
} from '../src/platform/db/database.ts';
import { procStatField, SCHED_BATCH, startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { testDatabase } from './harness.ts';

let t: Awaited<ReturnType<typeof testDatabase>>;

beforeAll(async () => {
  t = await testDatabase();
});

afterAll(async () => {
  await t.drop();
});

describe('prepared statements (preparedStatement)', () => {
  it('runs a registered text as a named statement, parsed once per connection', async () => {
    const text = preparedStatement('test_add_one', 'select $1::int + 1 as n');
    // One connection, so the statement and the catalogue query meet on the same session.
    const { db, pool } = createDb(t.url, 1);
    try {
      for (const value of [1, 41]) {
        const result = await db.executeQuery<{ n: number }>(CompiledQuery.raw(text, [value]));
        expect(result.rows).toEqual([{ n: value + 1 }]);
      }
      const prepared = await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      );
      expect(prepared.rows).toEqual([{ name: 'test_add_one', statement: text }]);
    } finally {
      await db.destroy();
    }
  });

  it('returns rows as arrays, with timestamps parsed once per distinct text, when asked', async () => {
    const text = preparedStatement(
      'test_rows_as_arrays',
      `select n, t from (values (1, timestamptz '2026-11-23 10:00:00.123456+00'),
         (2, timestamptz '2026-11-23 10:00:00.123456+00'), (3, null),
         (4, timestamptz '2026-11-24 00:00:00+00'), (5, timestamptz 'infinity')) v (n, t)
       order by n`,
      { rowMode: 'array', types: TIMESTAMPS_PARSED_ONCE },
    );
    const { db } = createDb(t.url, 1);
    try {
      const { rows } = await db.executeQuery<[number, Date | null]>(CompiledQuery.raw(text, []));
      const iso = (at: unknown) => (at instanceof Date ? at.toISOString() : null);
      expect(rows.map(([n, at]) => [n, iso(at)])).toEqual([
        [1, '2026-11-23T10:00:00.123Z'],
        [2, '2026-11-23T10:00:00.123Z'],
        [3, null],
        [4, '2026-11-24T00:00:00.000Z'],
        [5, null],
      ]);
      // Not a Date, as pg's own parser gives it.
      expect(rows[4]![1]).toBe(Number.POSITIVE_INFINITY);
      // One Date per value, never shared: a caller may change its own.
      expect(rows[0]![1]).not.toBe(rows[1]![1]);
    } finally {
      await db.destroy();
    }
  });

  it('leaves texts nobody registered unnamed', async () => {
    const { db, pool } = createDb(t.url, 1);
    try {
      await db.executeQuery(CompiledQuery.raw('select $1::int as n', [1]));
      const prepared = await pool.query('select name from pg_prepared_statements');
      expect(prepared.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a name used for another text, a text under two names, and a bad name', () => {
    preparedStatement('test_twice', 'select 2');
    expect(preparedStatement('test_twice', 'select 2')).toBe('select 2');
    expect(() => preparedStatement('test_twice', 'select 3')).toThrow(/already another/);
    expect(() => preparedStatement('test_other', 'select 2')).toThrow(/repeats the text/);
    expect(() => preparedStatement('Bad-Name', 'select 4')).toThrow(/bad name/);
  });
});

describe('the embedded server', () => {
  // The run's server is the embedded one unless TEST_DATABASE_URL names another.
  it.runIf(process.platform === 'linux' && !process.env.TEST_DATABASE_URL)(
    'runs its processes under SCHED_BATCH, backends forked after start included (decision 0105)',
    async () => {
      const { db, pool } = createDb(t.url, 1);
      try {
        const { rows } = await pool.query<{ pid: number; backend_type: string }>(
          `select pid, backend_type from pg_stat_activity
            where pid = pg_backend_pid() or backend_type in ('checkpointer', 'walwriter')
            order by backend_type`,
        );
        expect(rows.map((row) => row.backend_type)).toEqual([
          'checkpointer',
          'client backend',
          'walwriter',
        ]);
        for (const { pid } of rows) {
          expect(await procStatField(pid, 41)).toBe(String(SCHED_BATCH));
        }
      } finally {
        await db.destroy();
      }
    },
  );
});

/** The writeback pacers running for a data directory: their pids (see embedded.ts). */
async function pacersOf(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (args.includes('writeback-pacer') && args.includes(dataDir)) pids.push(Number(entry));
  }
  // The loop's shell forks before it runs `sync`: caught in that instant, the child still
  // carries the loop's command line. It is the same pacer, not a second one.
  const parents = await Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      // Field 4 (after the parenthesised command name) is the parent's pid.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    }),
  );
  return pids.filter((_, i) => !pids.includes(parents[i]!));
}

describe('the embedded server, started and stopped', () => {
  it.runIf(process.platform === 'linux')(
    'paces the writeback of its data directory while it runs, and stops the pacer with it (decision 0106)',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casino-pacer-'));
      try {
        const server = await startEmbeddedPostgres(dataDir);
        try {
          expect(await pacersOf(dataDir)).toHaveLength(1);
        } finally {
          await server.stop();
        }
        for (let waited = 0; (await pacersOf(dataDir)).length > 0 && waited < 3_000; ) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          waited += 50;
        }
        expect(await pacersOf(dataDir)).toEqual([]);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
