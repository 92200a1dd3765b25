import type { DomainEventPayload } from '@casino/contracts/events';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, key } from './ledger-support.ts';
import { cashOf, fundedPlayer } from './originals-support.ts';
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

const loyalty = () => t.modules.loyalty.service;

/** The ladder through the back office (audited), lowest level first. */
async function setLadder(levels: Array<Record<string, unknown>>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/loyalty/levels',
    headers: marketing.headers,
    payload: { levels },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function settled(player_id: bigint, stake_minor: bigint, overrides: Partial<BetSettled> = {}) {
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
    settled_at: new Date().toISOString(),
    ...overrides,
  } satisfies BetSettled;
}

const overview = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/loyalty', headers: bearer(token) })).json()
    .data;
const claim = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/loyalty/rakeback/claim', headers: bearer(token) });

/** A deterministic shuffle (the test must fail the same way twice). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('VIP volume and rakeback from settled bets', () => {
  it('counts 10,000 bets replayed out of order and twice exactly once each', async () => {
    // One level from the first cent, 10 % of Dice's 1 % edge: rakeback = stake × 0.001 exactly.
    await setLadder([{ name: 'Flat', threshold: '0', rakeback_bp: 1000, reward_kind: 'none' }]);
    const players = await Promise.all([1, 2, 3, 4].map(() => signedInPlayer(t)));
    const bets: BetSettled[] = [];
    for (let i = 0; i < 10_000; i += 1)
      bets.push(settled(players[i % 4]!.id, BigInt(1 + ((i * 7_919) % 5_000))));
    // Ignored: a bonus-funded stake, a reopened bet, a free bet.
    const ignored = [
      settled(players[0]!.id, 1_000n, { funding: 'bonus', bonus_id: 1n }),
      settled(players[0]!.id, 1_000n, { status: 'reopened' }),
      settled(players[0]!.id, 1_000n, { funding: 'free_bet' }),
    ];
    const replay = shuffled([...bets, ...bets, ...ignored], 42);
    for (let i = 0; i < replay.length; i += 2_500)
      await loyalty().countSettled(replay.slice(i, i + 2_500));

    const { rows } = await sql<{ counted: bigint }>`
      select count(*) as counted from loyalty_bets`.execute(t.db);
    expect(rows[0]!.counted).toBe(10_000n);
    for (const player of players) {
      const mine = bets.filter((bet) => bet.player_id === player.id);
      const staked = mine.reduce((sum, bet) => sum + bet.stake_minor, 0n);
      const view = await overview(player.token);
      expect(view.wagered).toBe((Number(staked) / 100).toFixed(2));
      // Claimable is floor(Σ stake × 0.001) in cents.
      expect(BigInt(view.rakeback.claimable_minor)).toBe(staked / 1_000n);
      const admin = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/loyalty/players/${player.id}`,
          headers: marketing.headers,
        })
      ).json().data;
      expect(admin.level.name).toBe('Flat');
      expect(admin.rakeback[0].accrued).toBe(view.rakeback.claimable);
    }
  });

  it('counts a real Dice bet delivered through the outbox', async () => {
    await setLadder([{ name: 'Flat', threshold: '0', rakeback_bp: 5000, reward_kind: 'none' }]);
    const player = await fundedPlayer(t, 1_000_00n);
    const bet = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/originals/dice/bet',
      headers: bearer(player.token),
      payload: { direction: 'over', target: '50.00', amount: '100', idempotency_key: key('dice') },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    await t.modules.outbox.drain();
    // 100.00 × 1 % × 50 % = 0.50.
    const view = await overview(player.token);
    expect(view.wagered).toBe('100.00');
    expect(view.rakeback.claimable).toBe('0.50');
  });
});

describe('claims and level-up rewards', () => {
  it('pays rakeback once when two tabs claim at the same time', async () => {
    await setLadder([{ name: 'Flat', threshold: '0', rakeback_bp: 5000, reward_kind: 'none' }]);
    const player = await signedInPlayer(t);
    // 1,000.00 staked on Dice: 1,000.00 × 1 % × 50 % = 5.00 claimable.
    await loyalty().countSettled([settled(player.id, 1_000_00n)]);
    const before = await cashOf(t, player.id);
    const answers = await Promise.all([
      claim(player.token),
      claim(player.token),
      claim(player.token),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const paid = answers.find((answer) => answer.statusCode === 200)!.json().data;
    expect(paid).toMatchObject({ currency: 'EUR', amount: '5.00', amount_minor: '500' });
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/no rakeback/i);
    expect((await cashOf(t, player.id)) - before).toBe(500n);
    // A sweep after the fact sends nothing again.
    await loyalty().sweep(new Date(Date.now() + 3_600_000));
    expect((await cashOf(t, player.id)) - before).toBe(500n);
    expect((await overview(player.token)).rakeback).toMatchObject({
      claimable: '0.00',
      claimed: '5.00',
    });
  });

  it('pays a level-up reward once per level, however often the bets arrive', async () => {
    await setLadder([
      { name: 'Bronze', threshold: '0', rakeback_bp: 0, reward_kind: 'none' },
      { name: 'Silver', threshold: '100', rakeback_bp: 0, reward_kind: 'cash', reward_amount: '5' },
      { name: 'Gold', threshold: '200', rakeback_bp: 0, reward_kind: 'cash', reward_amount: '7.5' },
    ]);
    const player = await signedInPlayer(t);
    const bets = [
      settled(player.id, 60_00n),
      settled(player.id, 60_00n),
      settled(player.id, 90_00n),
    ];
    await Promise.all([
      loyalty().countSettled(bets),
      loyalty().countSettled([...bets].reverse()),
      loyalty().countSettled(bets.slice(0, 2)),
    ]);
    await loyalty().countSettled(bets);
    await loyalty().sweep(new Date(Date.now() + 3_600_000));
    // Silver 5.00 + Gold 7.50, each once.
    expect(await cashOf(t, player.id)).toBe(12_50n);
    const view = await overview(player.token);
    expect(view.level).toEqual({ rank: 3, name: 'Gold' });
    expect(view.next).toBeNull();
    expect(view.notices.map((n: { name: string }) => n.name)).toEqual(['Silver', 'Gold']);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/loyalty/notices/seen',
      headers: bearer(player.token),
      payload: { rank: 3 },
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((await overview(player.token)).notices).toEqual([]);
    // A lower ladder later never takes a level away.
    await setLadder([{ name: 'Bronze', threshold: '0', rakeback_bp: 0, reward_kind: 'none' }]);
    expect((await overview(player.token)).level).toEqual({ rank: 1, name: 'Bronze' });
    const admin = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/loyalty/players/${player.id}`,
        headers: marketing.headers,
      })
    ).json().data;
    expect(admin.rewards.map((r: { status: string }) => r.status)).toEqual(['paid', 'paid']);
  });

  it('sends no level-up message to a self-excluded or marketing-opted-out player', async () => {
    await setLadder([
      { name: 'Bronze', threshold: '0', rakeback_bp: 0, reward_kind: 'none' },
      { name: 'Silver', threshold: '10', rakeback_bp: 0, reward_kind: 'none' },
    ]);
    const [open, optedOut, excluded] = await Promise.all([1, 2, 3].map(() => signedInPlayer(t)));
    const staffActor = { type: 'system' as const, id: 'test' };
    await t.modules.protection.service.setMarketingOptOut(optedOut!.id, true, staffActor);
    await loyalty().countSettled([open, optedOut, excluded].map((p) => settled(p!.id, 20_00n)));
    // Read before the exclusion: a signed-out excluded player cannot ask afterwards.
    const excludedToken = excluded!.token;
    await t.modules.protection.service.selfExclude(excluded!.id, 6, staffActor);
    expect((await overview(open!.token)).notices).toEqual([{ rank: 2, name: 'Silver' }]);
    expect((await overview(optedOut!.token)).notices).toEqual([]);
    const excludedView = await t.modules.loyalty.service.overview(excluded!.id, 'EUR');
    expect(excludedView.level?.name).toBe('Silver');
    expect(excludedView.notices).toEqual([]);
    expect(excludedToken).toBeTruthy();
  });
});

describe('the back office', () => {
  it('refuses a ladder out of order and audits every change', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/loyalty/levels',
      headers: marketing.headers,
      payload: {
        levels: [
          { name: 'A', threshold: '100', rakeback_bp: 0, reward_kind: 'none' },
          { name: 'B', threshold: '50', rakeback_bp: 0, reward_kind: 'none' },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/threshold/);
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/loyalty/settings',
      headers: marketing.headers,
      payload: { sports_edge_bp: 450 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data.settings.sports_edge_bp).toBe(450);
    // A sports bet counts the operator's edge: 100.00 × 4.5 % × 50 % = 2.25.
    await setLadder([{ name: 'Flat', threshold: '0', rakeback_bp: 5000, reward_kind: 'none' }]);
    const bettor = await signedInPlayer(t);
    await loyalty().countSettled([
      settled(bettor.id, 100_00n, { product: 'sports', game: 'sports', category: 'sports' }),
    ]);
    expect((await overview(bettor.token)).rakeback.claimable).toBe('2.25');
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where action like 'loyalty.%' order by id`.execute(t.db);
    expect(rows.map((row) => row.action)).toContain('loyalty.levels.update');
    expect(rows.map((row) => row.action)).toContain('loyalty.settings.update');
    const host = await t.app.inject({
      method: 'GET',
      url: '/api/admin/loyalty/host',
      headers: marketing.headers,
    });
    expect(host.statusCode, host.body).toBe(200);
    expect(host.json().data.players.length).toBeGreaterThan(0);
  });
});
