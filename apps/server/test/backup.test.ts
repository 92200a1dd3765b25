import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAuditModule, exportHead, parseHeads } from '../src/modules/audit/index.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { backupDatabase, readBackup, restoreDatabase } from '../src/platform/db/backup.ts';
import { createDb } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { withDatabase } from './global-setup.ts';
import { bearer, type TestApp, testApp } from './harness.ts';
import { key } from './ledger-support.ts';
import { cashOf, fundedPlayer } from './originals-support.ts';

let t: TestApp;
let work: string;
/** The first test's restored database (the second restores over it). */
let target: ReturnType<typeof createDb>;
const fresh: Array<{ name: string; db: ReturnType<typeof createDb> }> = [];

/** A new, empty database on the test cluster, migrated as a first start would. */
async function freshDatabase() {
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`).finally(() => admin.end());
  const db = createDb(withDatabase(inject('pgAdminUrl'), name), 4);
  await migrate(db.pool);
  fresh.push({ name, db });
  return db;
}

beforeAll(async () => {
  t = await testApp({ deliverEvents: false });
  work = await mkdtemp(path.join(os.tmpdir(), 'casino-backup-'));
});
afterAll(async () => {
  await t.close();
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  for (const { name, db } of fresh) {
    await db.db.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
  await admin.end();
  await rm(work, { recursive: true, force: true });
});

const eventOrder = async (db: TestApp['db']) =>
  (await sql<{ key: string }>`select key from outbox_events order by xid, id`.execute(db)).rows.map(
    (row) => row.key,
  );

describe('db:backup and db:restore', () => {
  it('restores into a fresh database: the same rows, money and files; ledger:check and audit:verify pass', async () => {
    // Some life: money in, bets settled (events pending delivery), audit entries, a KYC file.
    const players = await Promise.all([fundedPlayer(t, 50_00n), fundedPlayer(t, 70_00n)]);
    for (const player of players) {
      const bet = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/casino/originals/dice/bet',
        headers: bearer(player.token),
        payload: { direction: 'over', idempotency_key: key('dice'), amount: '1', target: '50' },
      });
      expect(bet.statusCode).toBe(200);
    }
    await t.modules.audit.service.record({
      actor: { type: 'system', id: 'test' },
      action: 'test.backup',
      after: { note: 'before the backup' },
    });
    const sourceData = path.join(work, 'source');
    await mkdir(path.join(sourceData, 'kyc', '42'), { recursive: true });
    await writeFile(path.join(sourceData, 'kyc', '42', 'passport.jpg'), 'not really a jpeg');

    const { dir, manifest } = await backupDatabase(t.pool, {
      outDir: path.join(work, 'backups'),
      dataDir: sourceData,
    });
    expect(manifest.kyc_files).toBe(1);
    expect(manifest.audit_head).not.toBeNull();
    const pending = await eventOrder(t.db);
    expect(pending.length).toBeGreaterThan(0);

    target = await freshDatabase();
    const targetData = path.join(work, 'target');
    await restoreDatabase(target.pool, { dir, dataDir: targetData });

    expect((await checkLedger(target.db)).ok).toBe(true);
    const audit = await createAuditModule(target.db).service.verify();
    expect(audit).toEqual({ ok: true, entries: Number(manifest.audit_head!.entries) });
    const accounts = async (db: TestApp['db']) =>
      (
        await sql<{ id: bigint; balance_minor: bigint; reserved_minor: bigint }>`
          select id, balance_minor, reserved_minor from ledger_accounts order by id`.execute(db)
      ).rows;
    expect(await accounts(target.db)).toEqual(await accounts(t.db));
    for (const player of players) expect(await cashOf(t, player.id)).toBeGreaterThan(0n);
    // Every table as it was, but the leases: they named the old deployment's processes.
    for (const table of manifest.tables) {
      if (table.name === 'outbox_lease' || table.name === 'leader_leases') continue;
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from ${sql.table(table.name)}`.execute(target.db);
      expect(Number(rows[0]!.n), table.name).toBe(table.rows);
    }
    expect(await readFile(path.join(targetData, 'kyc', '42', 'passport.jpg'), 'utf8')).toBe(
      'not really a jpeg',
    );
    // The outbox's events keep their commit order, below every transaction of this cluster,
    // so the deliverer reads them.
    expect(await eventOrder(target.db)).toEqual(pending);
    const hidden = await sql<{ n: string }>`
      select count(*)::text as n from outbox_events
       where xid >= pg_snapshot_xmin(pg_current_snapshot())`.execute(target.db);
    expect(hidden.rows[0]!.n).toBe('0');
    // New rows take ids after the restored ones.
    const next = await sql<{ id: bigint }>`
      insert into audit_log (occurred_at, actor_type, action, prev_hash, hash)
      values (now(), 'system', 'probe', 'x', 'y') returning id`.execute(target.db);
    expect(next.rows[0]!.id).toBeGreaterThan(BigInt(manifest.audit_head!.last_id));
  });

  it('detects a whole chain rewritten by a superuser against the exported heads', async () => {
    const audit = createAuditModule(target.db).service;
    const file = path.join(work, 'heads', 'audit-heads.jsonl');
    expect(await exportHead(audit, file)).not.toBeNull();
    const anchors = parseHeads(await readFile(file, 'utf8'));
    expect(anchors).toHaveLength(1);
    const entries = Number(anchors[0]!.entries);
    // A superuser rewrites history: same ids, different content, every hash and the head
    // recomputed, so the chain alone verifies.
    await sql`set session_replication_role = replica`.execute(target.db);
    await sql`truncate audit_log restart identity`.execute(target.db);
    await sql`delete from audit_chain_head`.execute(target.db);
    await sql`set session_replication_role = origin`.execute(target.db);
    for (let i = 0; i < entries; i++)
      await audit.record({ actor: { type: 'system', id: 'forger' }, action: 'nothing.happened' });
    expect(await audit.verify()).toEqual({ ok: true, entries });
    const checked = await audit.verify(anchors);
    expect(checked.ok).toBe(false);
    expect(checked).toMatchObject({ entry_id: anchors[0]!.last_id });
    expect((checked as { problem: string }).problem).toMatch(/rewritten/);
  });

  it('refuses a database in use, and a damaged backup', async () => {
    const { dir, manifest } = await backupDatabase(t.pool, {
      outDir: path.join(work, 'again'),
      dataDir: path.join(work, 'none'),
    });
    await expect(
      restoreDatabase(target.pool, { dir, dataDir: path.join(work, 'none') }),
    ).rejects.toThrow(/already has players/);
    // --replace: the same backup again over it, nothing doubled.
    await restoreDatabase(target.pool, { dir, dataDir: path.join(work, 'none'), replace: true });
    expect((await checkLedger(target.db)).ok).toBe(true);

    const ledger = manifest.tables.find((table) => table.name === 'ledger_transfers')!;
    await writeFile(path.join(dir, ledger.file), 'tampered');
    await expect(readBackup(dir)).rejects.toThrow(/checksum/);
  });
});
