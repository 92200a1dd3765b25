import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import { SEALED_MARK, type SecretBox } from './secrets.ts';

/**
 * Re-sealing the sealed columns (decisions 0135, 0660, 0661). Each module names its own columns
 * and calls `resealColumn` from its repository; start-up seals what is still plain, and
 * `npm run secrets:rotate` re-seals everything not sealed under the current key.
 */

/** A text column holding sealed values, keyed by a unique, ordered column of the same table. */
export type SealedColumn = { table: string; key: string; column: string; purpose: string };

/** `plain`: values stored in clear (start-up). `stale`: anything not under the current key. */
export type ResealScope = 'plain' | 'stale';

export type ResealResult = {
  resealed: number;
  /** Values that would not open (altered, or under a key not configured): `table.column key`. */
  unopened: string[];
};

/** What a module offers to start-up and to the rotation: its columns, re-sealed by its repository. */
export type SecretsAtRest = {
  /** Names the owner in the rotation's report. */
  owner: string;
  reseal(scope: ResealScope): Promise<ResealResult>;
};

/** Rows read per statement; each row is then replaced by its own statement. */
const RESEAL_BATCH = 500;
/** Unopened values named in a result: the rest are only counted. */
const UNOPENED_NAMED_MAX = 20;

export const NO_RESEAL: ResealResult = { resealed: 0, unopened: [] };

export function addResults(a: ResealResult, b: ResealResult): ResealResult {
  return {
    resealed: a.resealed + b.resealed,
    unopened: [...a.unopened, ...b.unopened].slice(0, UNOPENED_NAMED_MAX),
  };
}

/**
 * Re-seals one column's values in `scope` under the current key, row by row in key order.
 * Each row is replaced only if it still holds the value read (compare-and-set), so instances
 * running it together agree and a value written meanwhile is left to its writer. Nothing is held
 * open between rows: stopped anywhere, a second run finishes the rest and a finished column
 * reads nothing (idempotent, resumable). A value that does not open is counted and passed over.
 */
export async function resealColumn(
  db: Db,
  box: SecretBox,
  c: SealedColumn,
  scope: ResealScope,
): Promise<ResealResult> {
  const column = sql.ref(c.column);
  const key = sql.ref(c.key);
  const done = `${scope === 'plain' ? SEALED_MARK : box.currentPrefix}%`;
  const result: ResealResult = { resealed: 0, unopened: [] };
  let after: string | null = null;
  for (;;) {
    const { rows } = await sql<{ key: string; value: string }>`
      select ${key}::text as key, ${column} as value from ${sql.table(c.table)}
       where ${column} is not null and ${column} not like ${done}
         ${after === null ? sql`` : sql`and ${key} > ${after}`}
       order by ${key} limit ${RESEAL_BATCH}`.execute(db);
    for (const row of rows) {
      let sealed: string;
      try {
        sealed = box.seal(box.open(row.value, c.purpose), c.purpose);
      } catch {
        if (result.unopened.length < UNOPENED_NAMED_MAX)
          result.unopened.push(`${c.table}.${c.column} ${row.key}`);
        continue;
      }
      const updated = await sql`
        update ${sql.table(c.table)} set ${column} = ${sealed}
         where ${key} = ${row.key} and ${column} = ${row.value}`.execute(db);
      result.resealed += Number(updated.numAffectedRows ?? 0n);
    }
    if (rows.length < RESEAL_BATCH) return result;
    after = rows.at(-1)!.key;
  }
}

/** Every column of one owner, one after the other. */
export async function resealColumns(
  db: Db,
  box: SecretBox,
  columns: readonly SealedColumn[],
  scope: ResealScope,
): Promise<ResealResult> {
  let total = NO_RESEAL;
  for (const c of columns) total = addResults(total, await resealColumn(db, box, c, scope));
  return total;
}

/**
 * The platform's own sealed value, the key check (`platform_secrets_check`). The rotation
 * re-seals it last: until it is under the new key, an instance given only the new key refuses
 * to start, so the previous key cannot be dropped before every value has moved.
 */
export function keyCheckAtRest(db: Db, box: SecretBox): SecretsAtRest {
  return {
    owner: 'platform',
    reseal: (scope) =>
      resealColumn(
        db,
        box,
        { table: 'platform_secrets_check', key: 'id', column: 'sealed', purpose: 'check' },
        scope,
      ),
  };
}
