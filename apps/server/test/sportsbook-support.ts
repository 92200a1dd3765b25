import { sql } from 'kysely';
import type { FeedMarket, SportsbookService } from '../src/modules/sportsbook/index.ts';
import type { Db } from '../src/platform/db/database.ts';
import type { TestApp } from './harness.ts';
import { bearer } from './harness.ts';

let n = 0;
const uid = () => `${process.pid}-${Date.now().toString(36)}-${++n}`;

/** A synthetic event pushed through the feed sink, with the markets given (default: 1X2 + quarter handicap). */
export async function syntheticEvent(
  service: SportsbookService,
  options: { status?: 'not_started' | 'live'; markets?: FeedMarket[] } = {},
) {
  const id = `test:${uid()}`;
  await service.ingest({
    kind: 'fixture_change',
    id: `m:${uid()}`,
    fixture: {
      id,
      sport: { id: 'football', name: 'Football' },
      competition: { id: 'test:league', name: 'Test League', country: 'Test' },
      home: 'Home FC',
      away: 'Away FC',
      starts_at: new Date(Date.now() + 3_600_000),
      status: options.status ?? 'not_started',
    },
  });
  const markets: FeedMarket[] = options.markets ?? [
    {
      key: 'match_winner',
      type: 'match_winner',
      line_milli: null,
      name: 'Match result',
      status: 'open',
      selections: [
        { key: 'home', name: 'Home FC', odds_milli: 2_000, active: true },
        { key: 'draw', name: 'Draw', odds_milli: 3_400, active: true },
        { key: 'away', name: 'Away FC', odds_milli: 3_750, active: true },
      ],
    },
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
  await service.ingest({ kind: 'odds_change', id: `m:${uid()}`, event_id: id, markets });
  const detail = await service.event(id);
  const sel = (marketKey: string, key: string) => {
    const market = detail.markets.find((m) => m.key === marketKey)!;
    const s = market.selections.find((x) => x.key === key)!;
    return { selection_id: s.id, odds: s.odds!, market_id: market.id };
  };
  return { id, detail, sel };
}

export const msg = () => `m:${uid()}`;

export async function placeBet(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/sportsbook/bets',
    headers: bearer(token),
    payload: { accept_odds: 'none', idempotency_key: `key-${uid()}`, ...body },
  });
}

/**
 * Where the open stakes kept per player and market (sb_open_stakes, kept by triggers) differ
 * from the sums over the pending and open bets' legs they stand for: none expected.
 */
export async function openStakeDrift(db: Db) {
  const { rows } = await sql<{
    player_id: bigint;
    market_id: bigint;
    expected_stake: bigint | null;
    kept_stake: bigint | null;
    expected_potential: bigint | null;
    kept_potential: bigint | null;
  }>`
    with expected as (
      select b.player_id, l.market_id, sum(b.stake_minor)::int8 as stake_minor,
             sum(b.potential_return_minor)::int8 as potential_minor
        from sb_bet_legs l join sb_bets b on b.id = l.bet_id
       where b.status in ('pending', 'open')
       group by b.player_id, l.market_id)
    select coalesce(e.player_id, o.player_id) as player_id,
           coalesce(e.market_id, o.market_id) as market_id,
           e.stake_minor as expected_stake, o.stake_minor as kept_stake,
           e.potential_minor as expected_potential, o.potential_minor as kept_potential
      from expected e
      full join sb_open_stakes o on o.player_id = e.player_id and o.market_id = e.market_id
     where (e.stake_minor, e.potential_minor) is distinct from (o.stake_minor, o.potential_minor)`.execute(
    db,
  );
  return rows;
}
