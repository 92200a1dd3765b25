import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';

/**
 * Backups (decision 0122): every table's rows read in one snapshot, written as JSON lines (one
 * gzip file per table), with the sequences, the applied migrations, the audit chain's head and
 * the KYC files, and a manifest with each file's SHA-256. The schema is the migrations': a
 * restore migrates a fresh database to the same set, then loads the rows. No client binary is
 * needed, so it works against the embedded PostgreSQL on a machine with nothing installed, and
 * against any external one the server supports.
 */

export const BACKUP_FORMAT = 'casino-backup';
export const BACKUP_VERSION = 1;
/** Rows per FETCH when reading and per INSERT when loading. */
const ROWS_PER_BATCH = 2_000;
/** xid8 values a restore renumbers start here (3 and below are special to PostgreSQL). */
const XID_RENUMBER_FROM = 100n;
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

export type AuditHead = { last_id: string; last_hash: string; entries: string } | null;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  server_version: string;
  migrations: Array<{ name: string; checksum: string }>;
  tables: Array<{ name: string; rows: number; file: string; sha256: string }>;
  sequences: Array<{ name: string; last_value: string | null }>;
  audit_head: AuditHead;
  kyc_files: number;
};

const quote = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`backup: unexpected name ${name}`);
  return `"${name}"`;
};

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) n += 1;
  return n;
}

/** The audit chain's head as `audit_chain_head` holds it (what the exported heads record). */
export async function auditHeadOf(client: pg.ClientBase): Promise<AuditHead> {
  const { rows } = await client.query<{ last_id: string; last_hash: string; entries: string }>(
    'select last_id::text, last_hash, entries::text from audit_chain_head where id = 1',
  );
  return rows[0] ?? null;
}

/**
 * Writes a backup of the database (and `<dataDir>/kyc`) into a new directory under `outDir`;
 * returns its path. The rows of every table come from one repeatable-read snapshot, so the
 * backup is consistent while the server keeps running.
 */
export async function backupDatabase(
  pool: pg.Pool,
  options: { outDir: string; dataDir: string; now?: Date },
): Promise<{ dir: string; manifest: BackupManifest }> {
  const created_at = (options.now ?? new Date()).toISOString();
  const dir = path.join(options.outDir, `casino-backup-${created_at.replace(/[:.]/g, '-')}`);
  const partial = `${dir}.partial`;
  await mkdir(path.join(partial, 'data'), { recursive: true });
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const server_version = (await client.query<{ v: string }>('show server_version')).rows[0]!.v;
    const migrations = (
      await client.query<{ name: string; checksum: string }>(
        'select name, checksum from schema_migrations order by name',
      )
    ).rows;
    const tableNames = (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows.map((row) => row.name);
    const tables: BackupManifest['tables'] = [];
    for (const name of tableNames) {
      const file = `data/${name}.jsonl.gz`;
      const rows = await dumpTable(client, name, path.join(partial, file));
      tables.push({ name, rows, file, sha256: await sha256File(path.join(partial, file)) });
    }
    const sequences = (
      await client.query<{ name: string; last_value: string | null }>(
        `select sequencename as name, last_value::text from pg_sequences
          where schemaname = 'public' order by sequencename`,
      )
    ).rows;
    const audit_head = await auditHeadOf(client);
    await client.query('commit');
    const kycDir = path.join(options.dataDir, 'kyc');
    if (existsSync(kycDir)) await cp(kycDir, path.join(partial, 'kyc'), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at,
      server_version,
      migrations,
      tables,
      sequences,
      audit_head,
      kyc_files: await countFiles(path.join(partial, 'kyc')),
    };
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Complete only once everything is written: a directory without `.partial` is whole.
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    client.release();
  }
}

async function dumpTable(client: pg.ClientBase, table: string, file: string): Promise<number> {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  let rows = 0;
  await client.query(
    `declare backup_rows no scroll cursor for select to_jsonb(t)::text as j from ${quote(table)} t`,
  );
  try {
    for (;;) {
      const batch = await client.query<{ j: string }>(`fetch ${ROWS_PER_BATCH} from backup_rows`);
      if (batch.rows.length === 0) break;
      rows += batch.rows.length;
      const text = `${batch.rows.map((row) => row.j).join('\n')}\n`;
      if (!gzip.write(text)) await new Promise((resolve) => gzip.once('drain', resolve));
    }
  } finally {
    await client.query('close backup_rows');
    gzip.end();
    await written;
  }
  return rows;
}

/** Reads and checks a backup's manifest and files (format, checksums). */
export async function readBackup(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as
    | BackupManifest
    | undefined;
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new Error(`${dir} is not a ${BACKUP_FORMAT} version ${BACKUP_VERSION}`);
  for (const table of manifest.tables) {
    quote(table.name);
    const file = path.join(dir, table.file);
    if (path.dirname(path.resolve(file)) !== path.resolve(dir, 'data'))
      throw new Error(`backup: ${table.file} is outside the backup`);
    if ((await sha256File(file)) !== table.sha256)
      throw new Error(`backup: ${table.file} does not match its checksum; the backup is damaged`);
  }
  return manifest;
}

/**
 * Loads a backup into a database that was just migrated to the same migrations (and the KYC
 * files into `<dataDir>/kyc`). Refuses a database that holds players or money unless `replace`.
 * One transaction: the database ends up as the backup, or unchanged.
 */
export async function restoreDatabase(
  pool: pg.Pool,
  options: { dir: string; dataDir: string; replace?: boolean },
): Promise<BackupManifest> {
  const manifest = await readBackup(options.dir);
  const client = await pool.connect();
  try {
    const here = (
      await client.query<{ name: string; checksum: string }>(
        'select name, checksum from schema_migrations order by name',
      )
    ).rows;
    const key = (list: Array<{ name: string; checksum: string }>) =>
      list.map((m) => `${m.name}:${m.checksum}`).join('\n');
    if (key(here) !== key(manifest.migrations)) {
      throw new Error(
        'backup: this database is migrated differently from the backup; restore it with the release that made it (same migrations), then upgrade',
      );
    }
    if (!options.replace) {
      const used = await client.query<{ used: boolean }>(
        `select exists (select 1 from players) or exists (select 1 from ledger_transfers) as used`,
      );
      if (used.rows[0]!.used)
        throw new Error(
          'backup: the target database already has players or ledger transfers; restore into a fresh one (or pass --replace)',
        );
    }
    await client.query('begin');
    // Rows go in as they were: no triggers (derived tables and notifications come with the
    // backup) and no foreign-key checks until every table is loaded. Needs a superuser.
    await client.query(`set local session_replication_role = replica`);
    const tables = (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public'
            and tablename <> 'schema_migrations'`,
      )
    ).rows.map((row) => row.name);
    if (tables.length > 0)
      await client.query(`truncate ${tables.map(quote).join(', ')} restart identity`);
    for (const table of manifest.tables) {
      if (table.name === 'schema_migrations') continue;
      if (!tables.includes(table.name)) throw new Error(`backup: no table ${table.name} here`);
      const loaded = await loadTable(client, table.name, path.join(options.dir, table.file));
      if (loaded !== table.rows)
        throw new Error(
          `backup: ${table.name} has ${loaded} rows, the manifest says ${table.rows}`,
        );
    }
    for (const sequence of manifest.sequences) {
      if (sequence.last_value === null) continue;
      await client.query(`select setval($1::regclass, $2::bigint, true)`, [
        quote(sequence.name),
        sequence.last_value,
      ]);
    }
    await renumberTransactionIds(client);
    // The leases name the old deployment's processes: the restored one elects afresh.
    await client.query('delete from leader_leases');
    await client.query('delete from outbox_lease');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const kycBackup = path.join(options.dir, 'kyc');
  if (existsSync(kycBackup)) {
    const kycDir = path.join(options.dataDir, 'kyc');
    await mkdir(kycDir, { recursive: true });
    await cp(kycBackup, kycDir, { recursive: true, force: true });
  }
  return manifest;
}

async function loadTable(client: pg.ClientBase, table: string, file: string): Promise<number> {
  const columns = (
    await client.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
      [quote(table)],
    )
  ).rows.map((row) => quote(row.name));
  const list = columns.join(', ');
  const insert = `insert into ${quote(table)} (${list}) overriding system value
                  select ${list} from jsonb_populate_recordset(null::${quote(table)}, $1::jsonb)`;
  let rows = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= ROWS_PER_BATCH) await flush();
  }
  await flush();
  return rows;
}

/**
 * Transaction ids stored in rows (`xid8` columns: the outbox's commit order and cursors) belong
 * to the cluster that wrote them. In another cluster they may lie ahead of its own transaction
 * counter, and the outbox reads only ids below every running transaction: it would wait for them
 * forever. They are renumbered 100, 101, … in the same order (equal ids stay equal), and the
 * counter is moved past them if it is not there yet.
 */
async function renumberTransactionIds(client: pg.ClientBase): Promise<void> {
  const columns = (
    await client.query<{ table: string; column: string }>(
      `select c.relname as table, a.attname as column
         from pg_attribute a join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.atttypid = 'xid8'::regtype
          and a.attnum > 0 and not a.attisdropped`,
    )
  ).rows;
  if (columns.length === 0) return;
  // 0 is "before everything" (a cursor that has delivered nothing) and stays 0.
  const values = columns
    .map((c) => `select ${quote(c.column)}::text::numeric as x from ${quote(c.table)}`)
    .join(' union ');
  const { rows } = await client.query<{ n: string }>(
    `select count(*)::text as n from (${values}) v where x > 0`,
  );
  const distinct = BigInt(rows[0]!.n);
  if (distinct === 0n) return;
  await client.query(`create temp table xid_map on commit drop as
      select x as old, (${XID_RENUMBER_FROM - 1n} + dense_rank() over (order by x))::numeric as new
        from (${values}) v where x > 0`);
  for (const { table, column } of columns) {
    await client.query(
      `update ${quote(table)} t set ${quote(column)} = m.new::text::xid8
         from xid_map m where m.old = t.${quote(column)}::text::numeric`,
    );
  }
  const highest = XID_RENUMBER_FROM + distinct;
  const current = BigInt(
    (await client.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x,
  );
  if (current <= highest) {
    // Each subtransaction that writes takes a transaction id of its own.
    await client.query(`create temp table xid_burn (n integer) on commit drop`);
    await client.query(
      `do $$ begin for i in 1..${highest - current + 1n} loop
         begin insert into xid_burn values (i); exception when others then null; end;
       end loop; end $$`,
    );
  }
}

/** Size of a backup directory in bytes (for the CLI's report). */
export async function sizeOf(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  return bytes;
}
