import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, preparedStatement } from '../src/platform/db/database.ts';
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
