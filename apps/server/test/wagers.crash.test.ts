import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDb } from '../src/platform/db/database.ts';
import { createPromotion, creditDeposit } from './bonus-support.ts';
import { RELAXED_LIMITS, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { domainEvents } from './outbox-support.ts';
import { launched } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

/**
 * A server killed between a bet's commit and its events' delivery, or while it delivers them:
 * after a restart every subscriber has the effect of each event once. The bonus engine's
 * wagering is the subscriber measured: its bonus's `wagered` must equal the stakes of the bets
 * that settled, each counted once, however often the events come.
 */

const CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/wagers-crash-child.ts',
);
/** Bets a child places before it stops (modes `undelivered` and `delivering`). */
const BETS = 24;

let t: TestApp;
let marketing: StaffMember;
let promotion: { code: string };
beforeAll(async () => {
  // This instance only sets the scene: events are delivered by the restarted ones below.
  t = await testApp({
    staffLimits: RELAXED_STAFF_LIMITS,
    deliverEvents: false,
    env: { LOG_LEVEL: 'silent' },
  });
  marketing = await staffMember(t, 'marketing');
  // Wagering far beyond what the tests bet, so the bonus is still running at the end.
  promotion = await createPromotion(t, marketing, { wagering_multiplier: 200 });
});
/** Children still running: a test that fails or times out must not leave one behind. */
const living = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of living) child.kill('SIGKILL');
  await t.close();
});

/** A player with 500.00 cash, a studio session, and a running 100.00 bonus. */
async function bonusPlayer() {
  const s = await launched(t, 500_00n);
  const bonus = await creditDeposit(t, s.player.id, 100_00n, promotion.code, undefined, false);
  expect(bonus).not.toBeNull();
  return { ...s, bonus_id: bonus!.id };
}

type Player = Awaited<ReturnType<typeof bonusPlayer>>;
type Acks = { dice: Set<string>; rounds: Set<string>; counted: number };

/** When to kill the child: on a line of its output, or at a random moment after its first bet. */
type Kill =
  | ((acks: Acks, line: string) => boolean)
  | { after_first_bet_ms: [min: number, max: number] };

/**
 * Runs the child (placing up to `bets` bets) until `kill` says so, then SIGKILLs it. The
 * killed process cannot hand its outbox lease over; ending the lease here stands for waiting it
 * out.
 */
function runAndKill(
  player: { player: { token: string }; base: object },
  mode: 'undelivered' | 'delivering' | 'racing' | 'deposits',
  prefix: string,
  kill: Kill,
  bets = BETS,
): Promise<Acks> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        CRASH_DATABASE_URL: t.url,
        CRASH_MODE: mode,
        CRASH_TOKEN: player.player.token,
        CRASH_PROVIDER_BASE: JSON.stringify(player.base),
        CRASH_PREFIX: prefix,
        CRASH_BETS: String(bets),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    living.add(child);
    const acks: Acks = { dice: new Set(), rounds: new Set(), counted: 0 };
    let buffered = '';
    let errors = '';
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const ack = /^ack (dice|round) (\S+)$/.exec(line);
        if (ack) acks[ack[1] === 'dice' ? 'dice' : 'rounds'].add(ack[2]!);
        if (/^counted /.test(line)) acks.counted += 1;
        if (typeof kill === 'function') {
          if (kill(acks, line)) child.kill('SIGKILL');
        } else if (ack && timer === null) {
          timer = setTimeout(() => child.kill('SIGKILL'), randomInt(...kill.after_first_bet_ms));
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', async (_code, signal) => {
      living.delete(child);
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`the child exited on its own: ${errors}`));
        return;
      }
      await sql`update outbox_lease set expires_at = now() - interval '1 second'`.execute(t.db);
      resolve(acks);
    });
  });
}

/** Kills once `counted` bets have been counted by the child's dispatcher. */
const afterCounted = (counted: number) => (acks: Acks) => acks.counted >= counted;

/** A server started again on the file's database, as after the crash (dispatcher running). */
async function restart() {
  const { db, pool } = createDb(t.url, 10);
  const { app, modules } = await buildApp({
    config: t.config,
    db,
    pool,
    limits: RELAXED_LIMITS,
    serveSites: false,
  });
  await app.ready();
  // What every instance's sweepers do soon after start: finish bets a crash left half done.
  const later = new Date(Date.now() + 60_000);
  await modules.originals.service.sweep(later);
  await modules.originals.service.flushSettled();
  await modules.lobby.provider.sweep(later);
  return {
    modules,
    /** Delivers until each of this instance's subscribers has handled every stored event. */
    async drain() {
      for (let round = 0; round < 500; round++) {
        await modules.outbox.drain();
        const names = modules.outbox.subscribers;
        const status = (await modules.outbox.status()).subscribers.filter((s) =>
          names.includes(s.name),
        );
        if (status.length === names.length && status.every((s) => s.pending === 0)) return;
        await sleep(20);
      }
      throw new Error('the outbox never caught up');
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** What the products say settled for the player: each bet's reference and stake, once. */
async function settledBets(player_id: bigint) {
  const { rows } = await sql<{ bet_ref: string; stake_minor: bigint }>`
    select 'casino:' || id as bet_ref, stake_minor from casino_bets
     where player_id = ${player_id} and status = 'settled'
    union all
    select 'provider-round:' || id, stake_minor from provider_rounds
     where player_id = ${player_id} and status = 'closed'`.execute(t.db);
  return rows;
}

const wagered = async (bonus_id: bigint) =>
  (
    await sql<{ wagered_minor: bigint; status: string }>`
      select wagered_minor, status from bonuses where id = ${bonus_id}`.execute(t.db)
  ).rows[0]!;

/**
 * After a restart: the bets acknowledged are among those settled, their `BetSettled` events
 * are exactly those bets, the bonus counted each stake once, and the ledger is clean; a second
 * drain, and another instance delivering everything again from a cursor set back to the
 * start, change nothing.
 */
async function expectCountedOnce(player: Player, acks: Acks) {
  const server = await restart();
  try {
    await server.drain();
    const bets = await settledBets(player.player.id);
    const refs = bets.map((b) => b.bet_ref).sort();
    for (const id of acks.dice) expect(refs).toContain(`casino:${id}`);
    const closed = await sql<{ round_ref: string }>`
      select round_ref from provider_rounds
       where player_id = ${player.player.id} and status = 'closed'`.execute(t.db);
    expect(closed.rows.map((r) => r.round_ref)).toEqual(expect.arrayContaining([...acks.rounds]));
    const events = (await domainEvents(t.db, 'BetSettled')).filter(
      (e) => e.payload.player_id === player.player.id,
    );
    expect(events.map((e) => e.payload.bet_ref).sort()).toEqual(refs);
    const expected = bets.reduce((sum, b) => sum + b.stake_minor, 0n);
    expect(events.reduce((sum, e) => sum + e.payload.stake_minor, 0n)).toBe(expected);
    expect(await wagered(player.bonus_id)).toEqual({ wagered_minor: expected, status: 'active' });
    await expectLedgerConsistent(t.db);

    await server.drain();
    expect((await wagered(player.bonus_id)).wagered_minor).toBe(expected);
  } finally {
    await server.close();
  }
  // Stopping handed the lease over; the next instance reads the cursor that was set back.
  await sql`update outbox_cursors set last_xid = '0', last_id = 0
             where subscriber = 'bonus.wagering'`.execute(t.db);
  const again = await restart();
  try {
    await again.drain();
    const bets = await settledBets(player.player.id);
    expect((await wagered(player.bonus_id)).wagered_minor).toBe(
      bets.reduce((sum, b) => sum + b.stake_minor, 0n),
    );
    await expectLedgerConsistent(t.db);
  } finally {
    await again.close();
  }
}

describe('a server killed around its bets', () => {
  it('killed between the bets’ commit and their events’ delivery: each bet counts once after restart', async () => {
    const player = await bonusPlayer();
    // Mid-way through the bets (some are half done), then right after the last one.
    const mid = await runAndKill(
      player,
      'undelivered',
      'u1',
      { after_first_bet_ms: [100, 1_000] },
      1_000,
    );
    const after = await runAndKill(player, 'undelivered', 'u2', (_acks, line) => line === 'placed');
    expect(after.dice.size + after.rounds.size).toBe(BETS);
    expect((await wagered(player.bonus_id)).wagered_minor).toBe(0n);
    await expectCountedOnce(player, {
      dice: new Set([...mid.dice, ...after.dice]),
      rounds: new Set([...mid.rounds, ...after.rounds]),
      counted: 0,
    });
  }, 240_000);

  it('killed while the dispatcher delivers (mid-batch, and at random moments): each bet counts once after restart', async () => {
    const player = await bonusPlayer();
    const all: Acks = { dice: new Set(), rounds: new Set(), counted: 0 };
    const runs: Array<[mode: 'delivering' | 'racing', kill: Kill]> = [
      // Some of one batch counted, its cursor not yet moved.
      ['delivering', afterCounted(randomInt(1, BETS / 2))],
      ['racing', { after_first_bet_ms: [200, 1_500] }],
      ['delivering', afterCounted(randomInt(1, BETS))],
      ['racing', { after_first_bet_ms: [200, 1_500] }],
    ];
    for (const [index, [mode, kill]] of runs.entries()) {
      const acks = await runAndKill(player, mode, `d${index}`, kill);
      for (const id of acks.dice) all.dice.add(id);
      for (const ref of acks.rounds) all.rounds.add(ref);
      all.counted += acks.counted;
    }
    // The kills did land while bets were being counted.
    expect(all.counted).toBeGreaterThan(0);
    await expectCountedOnce(player, all);
  }, 240_000);

  it('killed between deposits’ credit and their events’ delivery: the AML rule raises its alert once after restart', async () => {
    const player = await signedInPlayer(t);
    // Three deposits just under the structuring threshold within a day (compliance.test.ts).
    await runAndKill({ player, base: {} }, 'deposits', 'aml', (_acks, line) => line === 'placed');
    const structuring = async () =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from aml_alerts
           where player_id = ${player.id} and rule_code = 'structuring'`.execute(t.db)
      ).rows[0]!.n;
    expect(
      (await domainEvents(t.db, 'DepositCredited')).filter(
        (e) => e.payload.player_id === player.id,
      ),
    ).toHaveLength(3);
    expect(await structuring()).toBe(0);
    const server = await restart();
    try {
      await server.drain();
      expect(await structuring()).toBe(1);
    } finally {
      await server.close();
    }
    // Every deposit event delivered again (a cursor set back): still one alert.
    await sql`update outbox_cursors set last_xid = '0', last_id = 0
               where subscriber = 'compliance.aml'`.execute(t.db);
    const again = await restart();
    try {
      await again.drain();
      expect(await structuring()).toBe(1);
    } finally {
      await again.close();
    }
  }, 240_000);
});
