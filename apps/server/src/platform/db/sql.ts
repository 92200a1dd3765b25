import { type QueryExecutorProvider, sql } from 'kysely';

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** At most this many rows of one table go into a player's data export (the newest). */
export const EXPORT_ROWS_MAX = 5000;

/**
 * A player's rows of one table as JSON text: an array, newest first (by `id`), at most
 * EXPORT_ROWS_MAX, without the `drop` columns. PostgreSQL writes the JSON, so bigints stay exact.
 * The table and columns are constants of the calling repository (its own table), never input.
 */
export async function playerRowsJson(
  db: QueryExecutorProvider,
  table: string,
  player_id: bigint,
  drop: readonly string[] = [],
): Promise<string> {
  for (const name of [table, ...drop])
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`playerRowsJson: bad name ${name}`);
  const without = sql.raw(drop.map((column) => ` - '${column}'`).join(''));
  const result = await sql<{ rows: string }>`
    select coalesce(jsonb_agg(to_jsonb(t)${without} order by t.id desc), '[]'::jsonb)::text as rows
      from (select * from ${sql.table(table)} where player_id = ${player_id}
             order by id desc limit ${EXPORT_ROWS_MAX}) t`.execute(db);
  return result.rows[0]!.rows;
}
