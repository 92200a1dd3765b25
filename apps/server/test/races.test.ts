import type { DomainEventPayload } from '@casino/contracts/events';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { raceEnder } from '../src/modules/races/index.ts';
import { RacesRepository } from '../src/modules/races/races.repository.ts';
import { RacesService } from '../src/modules/races/races.service.ts';
import { LeaderLease } from '../src/platform/leader.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, key } from './ledger-support.ts';
import { cashOf } from './originals-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

type BetSettled = DomainEventPayload<'BetSettled'>;

let t: TestApp;
let marketing: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  marketing = await staffMember(t, 'marketing');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;
const races = () => t.modules.races.service;
let names = 0;

function definition(overrides: Record<string, unknown> = {}) {
  names += 1;
  return {
    name: `Race ${names}`,
    metric: 'wagered',
    recurrence: 'once',
    currency: 'EUR',
    starts_at: new Date(Date.now() - HOUR_MS).toISOString(),
    ends_at: new Date(Date.now() + HOUR_MS).toISOString(),
    games: ['originals:dice'],
    prizes: ['10', '5', '1.50'],
    ...overrides,
  };
}

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: marketing.headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function createRace(overrides: Record<string, unknown> = {}) {
  const response = await admin('POST', '/races', definition(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return BigInt(response.json().data.id);
}

function settled(
  player_id: bigint,
  stake_minor: bigint,
  settled_at: Date,
  overrides: Partial<BetSettled> = {},
): BetSettled {
  return {
    bet_ref: `casino:${key('bet')}`,
    product: 'originals',
    game: 'dice',
    category: 'originals',
    player_id,
    currency: 'EUR',
    funding: 'cash',
    bonus_id: null,
    status: 'settled',
    version: 0,
    stake_minor,
    payout_minor: 0n,
    settled_at: settled_at.toISOString(),
    ...overrides,
  };
}

const board = async (race_id: bigint, token?: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/races/${race_id}/leaderboard`,
    ...(token ? { headers: bearer(token) } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('defining races', () => {
  it('refuses bad input with a 4xx naming the problem, and writes nothing', async () => {
    const before = (await admin('GET', '/races')).json().data.races.length;
    const now = Date.now();
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ends_at: new Date(now - 2 * HOUR_MS).toISOString() }, 422, /ends_at/],
      [
        {
          ends_at: new Date(now - 30 * 60_000).toISOString(),
          starts_at: new Date(now - HOUR_MS).toISOString(),
        },
        422,
        /past/,
      ],
      [{ ends_at: new Date(now + 100 * 24 * HOUR_MS).toISOString() }, 422, /92 days/],
      [{ prizes: ['1.001'] }, 422, /prizes\.0/],
      [{ prizes: ['0', '0'] }, 422, /pays nothing/],
      [{ prizes: [] }, 422, /prizes/],
      [{ prizes: Array.from({ length: 101 }, () => '1') }, 422, /prizes/],
      [{ prizes: ['-1'] }, 422, /prizes/],
      [{ currency: 'ZZZ' }, 422, /currency/],
      [{ games: ['poker'] }, 422, /games/],
      [{ games: [] }, 422, /games/],
      [{ metric: 'luck' }, 422, /metric/],
      [{ min_stake_eur: '1.005' }, 422, /min_stake_eur/],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await admin('POST', '/races', definition(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    // The same name over overlapping dates: 409; after the first ends, a new one may start.
    const first = definition();
    expect((await admin('POST', '/races', first)).statusCode).toBe(200);
    const overlap = await admin('POST', '/races', {
      ...first,
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + 2 * HOUR_MS).toISOString(),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toMatch(/same name/);
    expect((await admin('GET', '/races')).json().data.races.length).toBe(before + 1);
    const audited = await sql<{ action: string }>`
      select action from audit_log where action like 'races.%'`.execute(t.db);
    expect(audited.rows.map((row) => row.action)).toEqual(['races.create']);
  });

  it('keeps a started race’s metric and games; cancels and ends only open races', async () => {
    const id = await createRace();
    const changed = await admin('PUT', `/races/${id}`, definition({ metric: 'multiplier' }));
    expect(changed.statusCode).toBe(409);
    const renamed = await admin('PUT', `/races/${id}`, {
      ...definition(),
      starts_at: (await admin('GET', `/races/${id}/standings`)).json().data.race.starts_at,
      name: 'Renamed race',
      prizes: ['20'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed race', prize_total: '20.00' });
    expect((await admin('POST', `/races/${id}/cancel`)).statusCode).toBe(200);
    expect((await admin('POST', `/races/${id}/cancel`)).statusCode).toBe(409);
    expect((await admin('POST', `/races/${id}/end`)).statusCode).toBe(409);
    expect((await admin('POST', '/races/999999/end')).statusCode).toBe(404);
  });
});

describe('scoring and ranking', () => {
  it('counts each bet once per race in any order, ranks ties by who reached the score first, and skips what does not count', async () => {
    const wagered = await createRace();
    const multiplier = await createRace({
      metric: 'multiplier',
      games: ['originals'],
      min_stake_eur: '1',
    });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInPlayer(t)));
    const base = Date.now() - 10 * 60_000;
    const at = (s: number) => new Date(base + s * 1_000);
    const bets = [
      // a, b and c all reach 3.00 EUR: c at second 9, b at 20, a at 30, ranked in that order.
      settled(a!.id, 100n, at(10)),
      settled(a!.id, 200n, at(30), { payout_minor: 1_000n }), // 5.00× on 2 EUR
      settled(b!.id, 300n, at(20), { payout_minor: 1_500n }), // 5.00× on 3 EUR, earlier
      settled(c!.id, 250n, at(5)),
      // Not counted: bonus money, a reopened bet, another game for the Dice race, a tiny stake
      // for the multiplier race, a bet before the race.
      settled(c!.id, 10_000n, at(6), { funding: 'bonus', bonus_id: 1n }),
      settled(c!.id, 10_000n, at(7), { status: 'reopened' }),
      settled(c!.id, 10_000n, at(8), { game: 'limbo', payout_minor: 990_000n }),
      settled(c!.id, 50n, at(9), { payout_minor: 50_000n }),
      settled(c!.id, 10_000n, new Date(base - 2 * HOUR_MS)),
    ];
    // Delivered shuffled and twice over, in several batches.
    const replay = [...bets.slice().reverse(), ...bets, bets[1]!, bets[0]!];
    for (let i = 0; i < replay.length; i += 3) await races().countSettled(replay.slice(i, i + 3));

    const top = (await board(wagered, a!.token)).top;
    expect(top.map((row: { score: string; you: boolean }) => [row.score, row.you])).toEqual([
      ['3.00', false],
      ['3.00', false],
      ['3.00', true],
    ]);
    expect(top.map((row: { prize: string }) => row.prize)).toEqual(['10.00', '5.00', '1.50']);
    // Multiplier: Dice's 500× on a 0.50 EUR stake is below the minimum; Limbo's 99× counts.
    const best = (await board(multiplier)).top.map((row: { score: string }) => row.score);
    expect(best).toEqual(['99.00', '5.00', '5.00']);
    const ties = await board(multiplier, b!.token);
    expect(ties.me).toMatchObject({ place: 2, score: '5.00', you: true });
  });

  it('shows a hidden player as anonymous, still ranked; leaves out players the gate refuses', async () => {
    const race = await createRace();
    const [shy, excluded, other] = await Promise.all([1, 2, 3].map(() => signedInPlayer(t)));
    const now = new Date(Date.now() - 1_000);
    await races().countSettled([
      settled(shy!.id, 500n, now),
      settled(excluded!.id, 900n, now),
      settled(other!.id, 100n, now),
    ]);
    const hide = await t.app.inject({
      method: 'POST',
      url: '/api/v1/races/privacy',
      headers: bearer(shy!.token),
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    const exclude = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/responsible-gaming/self-exclusion',
      headers: bearer(excluded!.token),
      payload: { months: 6 },
    });
    expect(exclude.statusCode, exclude.body).toBe(200);
    const seen = await board(race, other!.token);
    expect(seen.top).toMatchObject([
      { place: 1, name: null, hidden: true, score: '5.00', you: false },
      { place: 2, hidden: false, score: '1.00', you: true },
    ]);
    expect(seen.players).toBe(2);
    const places = (await admin('GET', `/races/players/${shy!.id}`)).json().data;
    expect(places.hidden).toBe(true);
    expect(places.places).toContainEqual(
      expect.objectContaining({ race_id: String(race), score: '5.00', status: 'running' }),
    );
  });
});

describe('ending a race', () => {
  it('pays each prize once when the leader dies mid-way and the other instance takes over', async () => {
    const race = await createRace({ recurrence: 'daily', prizes: ['7', '3'] });
    const players = await Promise.all([1, 2].map(() => signedInPlayer(t)));
    const now = new Date(Date.now() - 1_000);
    await races().countSettled([
      settled(players[0]!.id, 900n, now),
      settled(players[1]!.id, 400n, now),
    ]);
    const before = await Promise.all(players.map((p) => cashOf(t, p.id)));
    await sql`update races set starts_at = now() - interval '2 hours',
                               ends_at = now() - interval '1 hour' where id = ${race}`.execute(
      t.db,
    );

    // Two instances on one database, each with its ender under the `races` lease. The first
    // holder dies right after paying place 1 (its process is gone: it pays nothing more).
    const instance = (afterPayment?: () => Promise<void>) =>
      new RacesService({
        repository: new RacesRepository(t.db),
        ledger: t.modules.ledger.service,
        currencies: t.modules.currencies.service,
        gate: t.modules.protection.gate,
        players: t.modules.players.service,
        audit: t.modules.audit.service,
        announce: async () => {},
        log: () => {},
        ...(afterPayment ? { afterPayment } : {}),
      });
    let killed = false;
    const dying = instance(async () => {
      killed = true;
      throw new Error('killed');
    });
    const standby = instance();
    const lease = (service: RacesService) => {
      const ender = raceEnder(service, () => {}, 20);
      const held: LeaderLease = new LeaderLease(
        t.db,
        'races',
        { acquired: () => ender.acquired(held), lost: () => ender.lost() },
        { lease_ms: 600, log: () => {} },
      );
      return held;
    };
    const first = lease(dying);
    first.start();
    await expect.poll(() => killed, { timeout: 30_000 }).toBe(true);
    await first.stop();
    const second = lease(standby);
    second.start();
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>`select status from races where id = ${race}`.execute(t.db))
            .rows[0]!.status,
        { timeout: 30_000 },
      )
      .toBe('ended');
    await second.stop();
    // A late retry by the dead instance's code pays nothing more.
    await dying.end(race);
    await races().end(race);

    const after = await Promise.all(players.map((p) => cashOf(t, p.id)));
    expect(after[0]! - before[0]!).toBe(700n);
    expect(after[1]! - before[1]!).toBe(300n);
    const transfers = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers
       where idempotency_key like ${`race-prize:${race}:%`}`.execute(t.db);
    expect(transfers.rows[0]!.n).toBe(2);
    // The daily race's next edition starts when this one ended.
    const next = await sql<{ starts_at: Date; status: string }>`
      select starts_at, status from races where previous_id = ${race}`.execute(t.db);
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0]!.status).toBe('open');
    const frozen = await board(race, players[1]!.token);
    expect(frozen.race.status).toBe('ended');
    expect(frozen.me).toMatchObject({ place: 2, prize: '3.00' });
    // A bet delivered after the end changes nothing.
    await races().countSettled([settled(players[1]!.id, 99_900n, now)]);
    expect((await board(race)).top[0].score).toBe('9.00');
  });
});
