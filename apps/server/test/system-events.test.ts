import { randomBytes } from 'node:crypto';
import type { DomainEvent } from '@casino/contracts/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvents, DEAD_LETTER_ATTEMPTS } from '../src/platform/outbox/outbox.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

/**
 * Back office › System › Events on the real database: what operators read about event delivery,
 * the repair of a dead letter, and retention. The app's deliverer is stopped (it hands its lease
 * over) and the test drives delivery with `drain`, so every step is deterministic; a test
 * subscriber takes `PlayerRegistered`, which no module subscribes to, and refuses the keys in
 * `refused`.
 */

let t: TestApp;
let owner: StaffMember;
let admin: StaffMember;
let finance: StaffMember;
const SUBSCRIBER = 'test.flaky';
const refused = new Set<string>();
const handled: string[] = [];

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  owner = await staffMember(t, 'owner');
  admin = await staffMember(t, 'admin');
  finance = await staffMember(t, 'finance');
  await t.modules.outbox.stop();
  t.modules.outbox.subscribe({
    name: SUBSCRIBER,
    types: ['PlayerRegistered'],
    async handle(events) {
      for (const event of events)
        if (refused.has(event.key)) throw new Error(`refused ${event.key}`);
      handled.push(...events.map((event) => event.key));
    },
  });
  await t.modules.outbox.drain();
});
afterAll(async () => {
  await t.close();
});

const call = (
  member: StaffMember | null,
  method: 'GET' | 'POST',
  url: string,
  query?: Record<string, string>,
) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    ...(member ? { headers: member.headers } : {}),
    ...(query ? { query } : {}),
  });

async function status() {
  const response = await call(owner, 'GET', '/system/events');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
async function subscriber(name = SUBSCRIBER) {
  const row = (await status()).subscribers.find((s: { name: string }) => s.name === name);
  if (!row) throw new Error(`${name} is not in the status`);
  return row;
}
async function deadLetters(query: Record<string, string> = { subscriber: SUBSCRIBER }) {
  const response = await call(owner, 'GET', '/system/events/dead-letters', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const redeliver = (event_id: string, member = owner, name = SUBSCRIBER) =>
  call(member, 'POST', `/system/events/dead-letters/${name}/${event_id}/redeliver`);

const key = (label: string) => `test:${label}:${randomBytes(4).toString('hex')}`;
const registered = (event_key: string): DomainEvent => ({
  type: 'PlayerRegistered',
  key: event_key,
  payload: {
    player_id: 1n,
    country: 'GB',
    currency: 'EUR',
    referral_code: null,
    registered_at: new Date().toISOString(),
  },
});
const append = (...keys: string[]) => appendEvents(t.db, keys.map(registered));
async function eventId(event_key: string) {
  const { rows } = await sql<{ id: bigint }>`
    select id from outbox_events where key = ${event_key}`.execute(t.db);
  return rows[0]?.id ?? null;
}
async function openLetter(event_key: string) {
  const { rows } = await sql<{ attempts: number }>`
    select d.attempts from outbox_dead_letters d join outbox_events e on e.id = d.event_id
     where e.key = ${event_key} and d.subscriber = ${SUBSCRIBER}
       and d.redelivered_at is null`.execute(t.db);
  return rows[0] ?? null;
}
/** Delivers until the test subscriber has set the event aside (each drain retries it at once). */
async function drainUntilDeadLettered(event_key: string) {
  for (let round = 0; round < DEAD_LETTER_ATTEMPTS * 3; round++) {
    await t.modules.outbox.drain();
    if (await openLetter(event_key)) return;
  }
  throw new Error(`${event_key} was never set aside`);
}
/** Time passes: every event kept so far is two days old. */
const ageAll = () =>
  sql`update outbox_events set created_at = created_at - interval '2 days'`.execute(t.db);
async function kept(...keys: string[]) {
  const { rows } = await sql<{ key: string }>`
    select key from outbox_events where key = any (${keys}::text[])`.execute(t.db);
  return rows.map((row) => row.key).sort();
}

describe('status', () => {
  it("shows a subscriber's pending count grow with new events and fall once delivered", async () => {
    const before = await subscriber();
    expect(before).toMatchObject({
      types: ['PlayerRegistered'],
      subscribed: true,
      health: 'healthy',
      pending: 0,
      lag_ms: null,
      failures: 0,
      dead_letters: 0,
    });

    const players = [];
    for (let i = 0; i < 3; i++) players.push(await signedInPlayer(t));
    const waiting = await status();
    expect(waiting.subscribers.find((s: { name: string }) => s.name === SUBSCRIBER).pending).toBe(
      3,
    );
    // Every cursor is behind them, whichever types it takes.
    for (const row of waiting.subscribers) expect(row.pending, row.name).toBeGreaterThanOrEqual(3);
    expect(waiting.subscribers.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['bonus.deposits', 'bonus.wagering', 'compliance.aml', SUBSCRIBER]),
    );

    await t.modules.outbox.drain();
    const after = await status();
    const mine = after.subscribers.find((s: { name: string }) => s.name === SUBSCRIBER);
    expect(mine).toMatchObject({ pending: 0, health: 'healthy' });
    // Delivery is at least once (subscribers are idempotent on the key), so the count promises
    // three or more; a loaded CI run once counted five. Each new player was handed over.
    expect(mine.delivered).toBeGreaterThanOrEqual(before.delivered + 3);
    for (const player of players) expect(handled).toContain(`player.registered:${player.id}`);
    expect(after.subscribers.every((s: { pending: number }) => s.pending === 0)).toBe(true);
    expect(after.lease).toMatchObject({
      holder: t.modules.outbox.holder,
      live: true,
      this_instance: true,
    });
    expect(after).toMatchObject({ events_kept_exact: true, retention_hours: 24 });
    expect(after.events_kept).toBeGreaterThanOrEqual(3);
    expect(Date.parse(after.oldest_event_at)).toBeLessThanOrEqual(Date.now());
  });

  it('calls a subscriber lagging when its oldest pending event is old', async () => {
    const late = key('late');
    await append(late);
    await sql`update outbox_events set created_at = now() - interval '1 minute'
               where key = ${late}`.execute(t.db);
    const row = await subscriber();
    expect(row).toMatchObject({ health: 'lagging', pending: 1 });
    expect(row.lag_ms).toBeGreaterThanOrEqual(60_000);
    await t.modules.outbox.drain();
    expect(await subscriber()).toMatchObject({ health: 'healthy', pending: 0, lag_ms: null });
  });
});

describe('dead letters', () => {
  it('are listed, refused redelivery while the cause remains, then redelivered and audited', async () => {
    const bad = key('bad');
    const next = key('next');
    refused.add(bad);
    await append(bad, next);

    await t.modules.outbox.drain();
    expect(await subscriber()).toMatchObject({ health: 'failing', pending: 2 });
    expect((await subscriber()).failures).toBeGreaterThan(0);
    expect((await subscriber()).last_error).toContain(`refused ${bad}`);

    await drainUntilDeadLettered(bad);
    // Set aside, it no longer holds back the event after it.
    expect(handled).toContain(next);
    const failing = await subscriber();
    expect(failing).toMatchObject({ health: 'failing', pending: 0, failures: 0, dead_letters: 1 });

    const page = await deadLetters();
    expect(page).toMatchObject({ total: 1, limit: 50, offset: 0 });
    const id = String(await eventId(bad));
    expect(page.items[0]).toMatchObject({
      subscriber: SUBSCRIBER,
      event_id: id,
      type: 'PlayerRegistered',
      key: bad,
      attempts: DEAD_LETTER_ATTEMPTS,
      payload: { player_id: '1', country: 'GB', currency: 'EUR' },
    });
    expect(page.items[0].error).toContain(`refused ${bad}`);
    expect(page.items[0].error.length).toBeLessThanOrEqual(501);
    expect(Date.parse(page.items[0].created_at)).toBeLessThanOrEqual(Date.now());
    expect((await deadLetters({})).items.map((l: { key: string }) => l.key)).toContain(bad);

    // Still refused: 409 with the error, the letter stays open with one attempt more.
    const again = await redeliver(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REDELIVERY_FAILED' });
    expect(again.json().message).toContain(`refused ${bad}`);
    expect(await openLetter(bad)).toEqual({ attempts: DEAD_LETTER_ATTEMPTS + 1 });
    expect(await lastAudit()).toMatchObject({
      actor_role: 'owner',
      target_id: id,
      after: { result: 'failed', key: bad },
    });

    // The cause is fixed: an admin hands it over again.
    refused.delete(bad);
    const fixed = await redeliver(id, admin);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({
      subscriber: SUBSCRIBER,
      event_id: id,
      type: 'PlayerRegistered',
      key: bad,
    });
    expect(handled).toContain(bad);
    expect(await openLetter(bad)).toBeNull();
    expect(await lastAudit()).toMatchObject({
      actor_type: 'staff',
      actor_role: 'admin',
      target_type: 'outbox_event',
      target_id: id,
      metadata: { subscriber: SUBSCRIBER },
      after: { result: 'redelivered', key: bad, type: 'PlayerRegistered' },
    });
    expect((await deadLetters()).total).toBe(0);
    expect(await subscriber()).toMatchObject({ health: 'healthy', dead_letters: 0 });

    const twice = await redeliver(id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DEAD_LETTER_REDELIVERED');
  });

  async function lastAudit() {
    const { rows } = await t.modules.audit.service.search(
      { action: 'system.event.redeliver' },
      { limit: 1, offset: 0 },
    );
    return rows[0];
  }
});

describe('bad input and unknown names', () => {
  const letters = '/system/events/dead-letters';
  const mine = `${letters}/${SUBSCRIBER}`;
  // [request, status, code], in the order the checks apply: the schema, then the names.
  const cases: Array<[string, number, string]> = [
    [`GET ${letters}?limit=0`, 422, 'VALIDATION_FAILED'],
    [`GET ${letters}?limit=101`, 422, 'VALIDATION_FAILED'],
    [`GET ${letters}?offset=-1`, 422, 'VALIDATION_FAILED'],
    [`GET ${letters}?subscriber=Bad%20name`, 422, 'VALIDATION_FAILED'],
    [`POST ${mine}/0/redeliver`, 422, 'VALIDATION_FAILED'],
    [`POST ${mine}/abc/redeliver`, 422, 'VALIDATION_FAILED'],
    [`POST ${mine}/${'9'.repeat(19)}/redeliver`, 422, 'VALIDATION_FAILED'],
    [`GET ${letters}?subscriber=no.such`, 404, 'SUBSCRIBER_NOT_FOUND'],
    [`POST ${letters}/no.such/1/redeliver`, 404, 'SUBSCRIBER_NOT_FOUND'],
    [`POST ${mine}/999999999/redeliver`, 404, 'DEAD_LETTER_NOT_FOUND'],
  ];
  it.each(cases)('%s → %i %s', async (request, status, code) => {
    const [method, url] = request.split(' ') as ['GET' | 'POST', string];
    const response = await call(owner, method, url);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ status, code });
    expect(response.json().message.length).toBeGreaterThan(0);
  });

  it('refuses an event of a type the subscriber does not take', async () => {
    const { rows } = await sql<{ id: bigint }>`
      insert into outbox_events (key, type, payload)
      values (${key('other-type')}, 'BonusConverted', '{}') returning id`.execute(t.db);
    const id = rows[0]!.id;
    await sql`insert into outbox_dead_letters (subscriber, event_id, attempts, error)
              values (${SUBSCRIBER}, ${id}, 8, 'inserted by the test')`.execute(t.db);
    const response = await redeliver(String(id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EVENT_TYPE_NOT_TAKEN' });
    await sql`delete from outbox_dead_letters where event_id = ${id}`.execute(t.db);
    await t.modules.outbox.drain();
  });
});

const JOB_ID = '7d8f3c2a-1b4e-4c6d-9a0b-2e5f6a7b8c9d';

describe('jobs and leases', () => {
  it('lists the leases; an instance without a job queue says so and has nothing to retry', async () => {
    await sql`insert into leader_leases (name, holder, token, acquired_at, expires_at)
              values ('test.lease', 'host:1:abcd', 3, now(), now() + interval '1 minute')
              on conflict (name) do nothing`.execute(t.db);
    const response = await call(owner, 'GET', '/system/jobs');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ enabled: false, queues: [], failures: [] });
    expect(data.leases).toContainEqual(
      expect.objectContaining({
        name: 'test.lease',
        holder: 'host:1:abcd',
        token: '3',
        live: true,
      }),
    );
    const retry = await call(admin, 'POST', `/system/jobs/bonus.cashback/${JOB_ID}/retry`);
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toMatchObject({ code: 'JOB_NOT_FOUND' });
    const bad = await call(admin, 'POST', '/system/jobs/BAD/x/retry');
    expect(bad.statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('owner and admin read and repair; other roles get 403; no token 401', async () => {
    for (const member of [owner, admin]) {
      expect((await call(member, 'GET', '/system/events')).statusCode).toBe(200);
      expect((await call(member, 'GET', '/system/events/dead-letters')).statusCode).toBe(200);
    }
    for (const [method, url] of [
      ['GET', '/system/events'],
      ['GET', '/system/events/dead-letters'],
      ['POST', `/system/events/dead-letters/${SUBSCRIBER}/1/redeliver`],
      ['GET', '/system/jobs'],
      ['POST', `/system/jobs/bonus.cashback/${JOB_ID}/retry`],
    ] as const) {
      const refusedCall = await call(finance, method, url);
      expect(refusedCall.statusCode, `${method} ${url}`).toBe(403);
      expect(refusedCall.json().code).toBe('FORBIDDEN');
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
    const routes = t.modules.backoffice.table.filter((route) => route.url.includes('/system/'));
    expect(routes.map((route) => [route.method, route.url, route.permission])).toEqual([
      ['GET', '/api/admin/system/events', 'system.read'],
      ['GET', '/api/admin/system/events/dead-letters', 'system.read'],
      [
        'POST',
        '/api/admin/system/events/dead-letters/:subscriber/:event_id/redeliver',
        'system.write',
      ],
      ['GET', '/api/admin/system/jobs', 'system.read'],
      ['POST', '/api/admin/system/jobs/:queue/:id/retry', 'system.write'],
    ]);
  });
});

describe('retention', () => {
  it('deletes old events every cursor has passed, in bounded batches, and keeps young ones', async () => {
    await t.modules.outbox.drain();
    await ageAll();
    const young = key('young');
    await append(young);
    await t.modules.outbox.drain();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from outbox_events
       where created_at < now() - interval '24 hours'`.execute(t.db);
    const old = rows[0]!.n;
    expect(old).toBeGreaterThan(6);

    expect(await t.modules.outbox.sweep({ batch_rows: 3, batches_max: 2 })).toEqual({
      deleted: 6,
      batches: 2,
    });
    // Every instance may run it at once: they take disjoint rows and nothing fails.
    const runs = await Promise.all([
      t.modules.outbox.sweep({ batch_rows: 2 }),
      t.modules.outbox.sweep({ batch_rows: 2 }),
    ]);
    const rest = await t.modules.outbox.sweep();
    expect(runs[0].deleted + runs[1].deleted + rest.deleted).toBe(old - 6);

    expect(await kept(young)).toEqual([young]);
    const { rows: left } = await sql<{ n: number }>`
      select count(*)::int as n from outbox_events
       where created_at < now() - interval '24 hours'`.execute(t.db);
    expect(left[0]!.n).toBe(0);
    // The letter redelivered earlier went with its event.
    const { rows: letters } = await sql<{ n: number }>`
      select count(*)::int as n from outbox_dead_letters where redelivered_at is not null`.execute(
      t.db,
    );
    expect(letters[0]!.n).toBe(0);
    expect((await status()).events_kept).toBe(1);
  });

  it('keeps what a cursor has not passed and what an open dead letter names', async () => {
    const lettered = key('lettered');
    refused.add(lettered);
    await append(lettered);
    await drainUntilDeadLettered(lettered);
    const stuck = key('stuck');
    const after = key('after');
    refused.add(stuck);
    await append(stuck, after);
    await t.modules.outbox.drain();
    expect(await subscriber()).toMatchObject({ pending: 2 });
    await ageAll();

    // The young event of the test before is old now; the others stay.
    const all = [lettered, stuck, after];
    expect((await t.modules.outbox.sweep()).deleted).toBe(1);
    expect(await kept(...all)).toEqual([...all].sort());

    // The subscriber gets past them: they go; the dead-lettered one stays until redelivered.
    refused.delete(stuck);
    await t.modules.outbox.drain();
    expect((await t.modules.outbox.sweep()).deleted).toBe(2);
    expect(await kept(...all)).toEqual([lettered]);

    refused.delete(lettered);
    expect((await redeliver(String(await eventId(lettered)))).statusCode).toBe(200);
    expect((await t.modules.outbox.sweep()).deleted).toBe(1);
    expect(await kept(...all)).toEqual([]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from outbox_dead_letters`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('a cursor no subscriber owns holds everything back and shows on the status', async () => {
    const old = key('held');
    await append(old);
    // Up to a minute: another test file's open transaction holds the cluster's xmin back, and
    // until it ends the event is unreadable, so the cursors could not pass it.
    await t.modules.outbox.drain(1_000, 60_000);
    await ageAll();
    await sql`insert into outbox_cursors (subscriber) values ('test.gone')`.execute(t.db);
    expect(await subscriber('test.gone')).toMatchObject({
      subscribed: false,
      types: [],
      pending: 1,
      health: 'lagging',
    });
    expect((await t.modules.outbox.sweep()).deleted).toBe(0);
    expect(await kept(old)).toEqual([old]);

    await sql`delete from outbox_cursors where subscriber = 'test.gone'`.execute(t.db);
    expect((await t.modules.outbox.sweep()).deleted).toBe(1);
  });
});
