import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let t: TestApp;
let compliance: StaffMember;
beforeEach(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  compliance = await staffMember(t, 'compliance');
  // Some history: player and staff actions.
  const player = await signedInPlayer(t);
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/players/${player.id}/notes`,
    headers: compliance.headers,
    payload: { body: 'Source of funds requested' },
  });
});
afterEach(async () => {
  await t.close();
});

/** Tampering needs the append-only triggers out of the way, as a DBA could do. */
async function asDba(work: () => Promise<unknown>) {
  await sql`alter table audit_log disable trigger user`.execute(t.db);
  try {
    await work();
  } finally {
    await sql`alter table audit_log enable trigger user`.execute(t.db);
  }
}

const verifyApi = () =>
  t.app.inject({ method: 'POST', url: '/api/admin/audit/verify', headers: compliance.headers });

function verifyCli() {
  const result = spawnSync('node', ['--import', 'tsx', 'src/cli/audit-verify.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: t.pool.options.connectionString, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('tamper-evident audit log', () => {
  it('no route and no SQL user can change an entry: the table refuses updates and deletes', async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const verify = await verifyApi();
    expect(verify.json().data).toMatchObject({ ok: true, problem: null });
  });

  it('an edited entry is named by the API and by npm run audit:verify', async () => {
    const { rows } = await t.modules.audit.service.search(
      { action: 'staff.player.note_add' },
      { limit: 1, offset: 0 },
    );
    const edited = rows[0]!;
    const intact = verifyCli();
    expect(intact.status, intact.output).toBe(0);
    expect(intact.output).toMatch(/audit log intact: \d+ entries verified/);

    await asDba(() =>
      sql`update audit_log set after = '{"body":"nothing to see"}'::jsonb where id = ${edited.id}`.execute(
        t.db,
      ),
    );
    const result = await t.modules.audit.service.verify();
    expect(result).toMatchObject({ ok: false, entry_id: edited.id });
    const api = await verifyApi();
    expect(api.json().data).toMatchObject({ ok: false, entry_id: String(edited.id) });
    const cli = verifyCli();
    expect(cli.status, cli.output).toBe(1);
    expect(cli.output).toContain(`AUDIT LOG TAMPERED at entry ${edited.id}`);
  });

  it('a deleted entry in the middle breaks the chain at the next one', async () => {
    const ids = (
      await sql<{ id: bigint }>`select id from audit_log order by id`.execute(t.db)
    ).rows.map((row) => row.id);
    const victim = ids[1]!;
    await asDba(() => sql`delete from audit_log where id = ${victim}`.execute(t.db));
    const result = await t.modules.audit.service.verify();
    expect(result).toMatchObject({ ok: false, entry_id: ids[2] });
  });

  it('deleting the newest entries is detected through the chain head', async () => {
    await asDba(() =>
      sql`delete from audit_log where id in (select id from audit_log order by id desc limit 2)`.execute(
        t.db,
      ),
    );
    const result = await t.modules.audit.service.verify();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(/newest entries were removed/);
  });

  it('the audit page searches and filters, newest first', async () => {
    const byAction = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=staff.player&per_page=5',
      headers: compliance.headers,
    });
    expect(byAction.statusCode).toBe(200);
    const items = byAction.json().data.items;
    expect(items[0]).toMatchObject({
      action: 'staff.player.note_add',
      actor_type: 'staff',
      actor_role: 'compliance',
      ip: '127.0.0.1',
      target_type: 'player',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const byActor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?actor_type=player&from=${new Date().toISOString().slice(0, 10)}`,
      headers: compliance.headers,
    });
    const actions = byActor.json().data.items.map((item: { action: string }) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['player.signup', 'player.login']));
    expect(
      byActor
        .json()
        .data.items.every((item: { actor_type: string }) => item.actor_type === 'player'),
    ).toBe(true);
  });
});
