import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService } from '../src/modules/ledger/index.ts';
import type { FeedMarket, SportsbookService } from '../src/modules/sportsbook/index.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { msg, openStakeDrift, placeBet, syntheticEvent } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
let ledger: LedgerService;
let sb: SportsbookService;

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  ledger = t.modules.ledger.service;
  sb = t.modules.sportsbook.service;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  expect(await openStakeDrift(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const two = (
  key: string,
  type: FeedMarket['type'],
  name: string,
  line: number | null,
  keys: [string, string],
  odds: [number, number],
): FeedMarket => ({
  key,
  type,
  line_milli: line,
  name,
  status: 'open',
  selections: [
    { key: keys[0], name: `${name} ${keys[0]}`, odds_milli: odds[0], active: true },
    { key: keys[1], name: `${name} ${keys[1]}`, odds_milli: odds[1], active: true },
  ],
});
const markets = (): FeedMarket[] => [
  {
    key: 'match_winner',
    type: 'match_winner',
    line_milli: null,
    name: 'Match result',
    status: 'open',
    selections: [
      { key: 'home', name: 'Home FC', odds_milli: 1_880, active: true },
      { key: 'draw', name: 'Draw', odds_milli: 3_770, active: true },
      { key: 'away', name: 'Away FC', odds_milli: 3_770, active: true },
    ],
  },
  two('totals:2500', 'totals', 'Total goals 2.5', 2_500, ['over', 'under'], [1_810, 1_960]),
  two('btts', 'btts', 'Both teams to score', null, ['yes', 'no'], [1_880, 1_880]),
  {
    key: 'handicap:-250',
    type: 'handicap',
    line_milli: -250,
    name: 'Asian handicap −0.25',
    status: 'open',
    selections: [
      { key: 'home', name: 'Home −0.25', odds_milli: 1_900, active: true },
      { key: 'away', name: 'Away +0.25', odds_milli: 1_900, active: true },
    ],
  },
];

async function funded(amount = 100_00n) {
  const player = await signedInPlayer(t);
  await deposit(ledger, player.id, amount);
  return player;
}
/** Cash the player can spend (a held stake is not). */
const cash = async (player_id: bigint) => {
  const b = (await ledger.playerBalances(player_id, 'EUR')).cash;
  return b.balance_minor - b.reserved_minor;
};

async function quote(event_id: string, selections: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/sports/builder/quote',
    payload: { event_id, selections },
  });
}

async function builderEvent(status: 'not_started' | 'live' = 'not_started') {
  const ev = await syntheticEvent(sb, { status, markets: markets() });
  return ev;
}

const settle = (
  event_id: string,
  key: string,
  outcomes: { key: string; result: 'won' | 'lost' }[],
) => sb.ingest({ kind: 'bet_settlement', id: msg(), event_id, markets: [{ key, outcomes }] });

describe('bet builder', () => {
  it('quotes a joint price unlike the product, and refuses picks that cannot combine', async () => {
    const ev = await builderEvent();
    const home = ev.sel('match_winner', 'home');
    const away = ev.sel('match_winner', 'away');
    const over = ev.sel('totals:2500', 'over');
    const bttsNo = ev.sel('btts', 'no');
    const draw = ev.sel('match_winner', 'draw');
    const ok = await quote(ev.id, [home.selection_id, over.selection_id]);
    expect(ok.statusCode, ok.body).toBe(200);
    const q = ok.json().data;
    expect(q.odds).not.toBe(q.product_odds);
    expect(q.samples).toBeNull();
    expect(q.margin_bp).toBeGreaterThanOrEqual(500);
    expect(new Date(q.expires_at).getTime()).toBeGreaterThan(Date.now());
    // Same picks, same prices: the same quote id.
    expect((await quote(ev.id, [home.selection_id, over.selection_id])).json().data.quote_id).toBe(
      q.quote_id,
    );

    const refusals: [string[], string][] = [
      [[home.selection_id, away.selection_id], 'BUILDER_SAME_MARKET'],
      [
        [home.selection_id, ev.sel('handicap:-250', 'home').selection_id],
        'BUILDER_MARKET_NOT_SUPPORTED',
      ],
      [
        [draw.selection_id, bttsNo.selection_id, ev.sel('totals:2500', 'over').selection_id],
        'BUILDER_INCOMPATIBLE',
      ],
    ];
    for (const [picks, code] of refusals) {
      const r = await quote(ev.id, picks);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().code).toBe(code);
      expect(r.json().message.length).toBeGreaterThan(5);
    }
    // Placing an impossible set: refused with its reason, nothing moved.
    const player = await funded();
    const bad = await placeBet(t, player.token, {
      kind: 'builder',
      builder_odds: '10.00',
      selections: [draw, bttsNo, over].map((s) => ({ selection_id: s.selection_id, odds: s.odds })),
      stake: '5.00',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('BUILDER_INCOMPATIBLE');
    expect(await cash(player.id)).toBe(100_00n);
  });

  it('places at the quoted price, refuses a moved one, and settles win, lose and void', async () => {
    const player = await funded();
    const place = async (ev: Awaited<ReturnType<typeof builderEvent>>, odds?: string) => {
      const picks = [ev.sel('match_winner', 'home'), ev.sel('totals:2500', 'over')];
      const q = (
        await quote(
          ev.id,
          picks.map((p) => p.selection_id),
        )
      ).json().data;
      const r = await placeBet(t, player.token, {
        kind: 'builder',
        builder_odds: odds ?? q.odds,
        selections: picks.map((s) => ({ selection_id: s.selection_id, odds: s.odds })),
        stake: '10.00',
      });
      return { r, q };
    };
    // A price the book no longer offers: PRICE_CHANGED with the current one.
    const moved = await place(await builderEvent(), '50.00');
    expect(moved.r.json()).toMatchObject({ code: 'PRICE_CHANGED' });

    const won = await builderEvent();
    const a = await place(won);
    expect(a.r.statusCode, a.r.body).toBe(200);
    const bet = a.r.json().data;
    expect(bet).toMatchObject({ kind: 'builder', builder_odds: a.q.odds, status: 'open' });
    expect(bet.legs).toHaveLength(2);
    const expected = (1000n * BigInt(a.q.odds_milli)) / 1000n;
    expect(bet.potential_return_minor).toBe(expected.toString());
    expect(await cash(player.id)).toBe(90_00n);
    await settle(won.id, 'match_winner', [
      { key: 'home', result: 'won' },
      { key: 'draw', result: 'lost' },
      { key: 'away', result: 'lost' },
    ]);
    expect(await cash(player.id)).toBe(90_00n);
    await settle(won.id, 'totals:2500', [
      { key: 'over', result: 'won' },
      { key: 'under', result: 'lost' },
    ]);
    // Paid at the joint price, not the product of the legs.
    expect(await cash(player.id)).toBe(90_00n + expected);

    const lost = await builderEvent();
    expect((await place(lost)).r.statusCode).toBe(200);
    const before = await cash(player.id);
    await settle(lost.id, 'totals:2500', [
      { key: 'over', result: 'lost' },
      { key: 'under', result: 'won' },
    ]);
    expect(await cash(player.id)).toBe(before);
    const [lostBet] = (
      await t.app.inject({
        url: '/api/v1/customer/sportsbook?status=settled&per_page=1',
        headers: bearer(player.token),
      })
    ).json().data;
    expect(lostBet).toMatchObject({ kind: 'builder', status: 'settled', payout_minor: '0' });

    const voided = await builderEvent();
    expect((await place(voided)).r.statusCode).toBe(200);
    const held = await cash(player.id);
    await settle(voided.id, 'match_winner', [
      { key: 'home', result: 'won' },
      { key: 'draw', result: 'lost' },
      { key: 'away', result: 'lost' },
    ]);
    await sb.ingest({
      kind: 'bet_cancel',
      id: msg(),
      event_id: voided.id,
      market_keys: ['totals:2500'],
      reason: 'abandoned',
    });
    // A void leg voids the whole bet builder: the stake comes back.
    expect(await cash(player.id)).toBe(held + 10_00n);
  });

  it('cashes out at the joint model’s value and goes through the live delay', async () => {
    const player = await funded();
    const ev = await builderEvent('live');
    const picks = [ev.sel('match_winner', 'home'), ev.sel('btts', 'yes')];
    const q = (
      await quote(
        ev.id,
        picks.map((p) => p.selection_id),
      )
    ).json().data;
    sb.setLiveDelay(200);
    let placed: { id: string; cashout_minor: string | null };
    try {
      const r = await placeBet(t, player.token, {
        kind: 'builder',
        builder_odds: q.odds,
        selections: picks.map((s) => ({ selection_id: s.selection_id, odds: s.odds })),
        stake: '10.00',
      });
      expect(r.statusCode, r.body).toBe(200);
      placed = r.json().data;
    } finally {
      sb.setLiveDelay(0);
    }
    // At once, the offer is the stake less the margins (the joint price and the cash-out's).
    const offer = BigInt(placed.cashout_minor!);
    expect(offer).toBeGreaterThan(0n);
    expect(offer).toBeLessThan(10_00n);
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/sportsbook/bets/${placed.id}/cashout`,
      headers: bearer(player.token),
      payload: { amount_minor: offer.toString() },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({
      status: 'cashed_out',
      cashout_minor: offer.toString(),
    });
    expect(await cash(player.id)).toBe(90_00n + offer);
  });

  it('a partial cash-out of a builder pays its share of the whole offer; the rest rides at the joint price', async () => {
    const player = await funded();
    const ev = await builderEvent();
    const picks = [ev.sel('match_winner', 'home'), ev.sel('btts', 'yes')];
    const q = (
      await quote(
        ev.id,
        picks.map((p) => p.selection_id),
      )
    ).json().data;
    const r = await placeBet(t, player.token, {
      kind: 'builder',
      builder_odds: q.odds,
      selections: picks.map((s) => ({ selection_id: s.selection_id, odds: s.odds })),
      stake: '10.00',
    });
    expect(r.statusCode, r.body).toBe(200);
    const placed = r.json().data as {
      id: string;
      cashout_minor: string;
      potential_return_minor: string;
    };
    const whole = BigInt(placed.cashout_minor);
    // 4.00 of the 10.00 line stake: offer × part ÷ line stake, rounded toward the book.
    const share = (whole * 400n) / 1_000n;
    const partial = (amount: bigint) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/customer/sportsbook/bets/${placed.id}/cashout`,
        headers: bearer(player.token),
        payload: { stake_minor: '400', amount_minor: amount.toString() },
      });
    const above = await partial(share + 1n);
    expect(above.json()).toMatchObject({ status: 409, code: 'CASHOUT_CHANGED' });
    expect(await cash(player.id)).toBe(90_00n);
    const taken = await partial(share);
    expect(taken.statusCode, taken.body).toBe(200);
    const remaining = (BigInt(placed.potential_return_minor) * 600n) / 1_000n;
    expect(taken.json().data).toMatchObject({
      status: 'open',
      stake_minor: '600',
      potential_return_minor: remaining.toString(),
      cashouts: [{ stake_minor: '400', amount_minor: share.toString() }],
    });
    expect(await cash(player.id)).toBe(90_00n + share);
    // Both picks win: what rode is paid at the joint price, the cashed part never again.
    await settle(ev.id, 'match_winner', [
      { key: 'home', result: 'won' },
      { key: 'draw', result: 'lost' },
      { key: 'away', result: 'lost' },
    ]);
    await settle(ev.id, 'btts', [
      { key: 'yes', result: 'won' },
      { key: 'no', result: 'lost' },
    ]);
    expect(await cash(player.id)).toBe(90_00n + share + remaining);
  });

  it('the desk sets a sport’s builder margin and most picks', async () => {
    const trader = await staffMember(t, 'trader');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/sportsbook/builder/football',
      headers: trader.headers,
      payload: { enabled: true, margin_bp: 2000, legs_max: 2, odds_max_milli: 500_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const list = await t.app.inject({
      url: '/api/admin/sportsbook/builder',
      headers: trader.headers,
    });
    expect(list.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sport_id: 'football', margin_bp: 2000, legs_max: 2 }),
      ]),
    );
    try {
      const ev = await builderEvent();
      const picks = ['match_winner:home', 'totals:2500:over', 'btts:yes'].map((k) => {
        const i = k.lastIndexOf(':');
        return ev.sel(k.slice(0, i), k.slice(i + 1)).selection_id;
      });
      const three = await quote(ev.id, picks);
      expect(three.json().code).toBe('BUILDER_TOO_MANY_LEGS');
      expect((await quote(ev.id, picks.slice(0, 2))).json().data.margin_bp).toBeGreaterThanOrEqual(
        2000,
      );
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/sportsbook/builder/football',
        headers: trader.headers,
        payload: { enabled: true, margin_bp: 500, legs_max: 6, odds_max_milli: 250_000 },
      });
    }
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/sportsbook/builder/football',
      headers: trader.headers,
      payload: { enabled: true, margin_bp: 5, legs_max: 6, odds_max_milli: 250_000 },
    });
    expect(invalid.statusCode).toBe(422);
  });
});
