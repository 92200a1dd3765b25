import { type Generated, type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { EventStatus, FeedFixture, FeedMarket, FeedScore } from './feed/feed.types.ts';
import type { LegResult } from './sportsbook.math.ts';
import type { BookStop, SportPricing } from './sportsbook.pricing.ts';

export type EventRow = {
  id: string;
  competition_id: string;
  sport_id: string;
  home: string;
  away: string;
  starts_at: Date;
  status: EventStatus;
  score: FeedScore | Record<string, never>;
  clock: string;
  trader_suspended: boolean;
  margin_bp: number;
  updated_at: Date;
};
export type MarketRow = {
  id: bigint;
  event_id: string;
  key: string;
  type: string;
  line_milli: number | null;
  name: string;
  status: 'open' | 'suspended' | 'settled' | 'void';
  trader_suspended: boolean;
  /** The book suspended the market on its own (null: it offers the market's prices). */
  book_stop: BookStop | null;
  limit_factor_milli: number;
  sort_order: number;
  updated_at: Date;
};
export type SelectionRow = {
  id: bigint;
  market_id: bigint;
  key: string;
  name: string;
  odds_milli: number | null;
  trader_odds_milli: number | null;
  /** What the book offers: the feed's price with the event's margin, or the trader's, through the guard. */
  book_odds_milli: number | null;
  active: boolean;
  result: LegResult;
  dead_heat_num: number;
  dead_heat_den: number;
  result_version: number;
  sort_order: number;
};
export type BetRow = {
  id: bigint;
  player_id: bigint;
  idempotency_key: string;
  request_hash: string;
  currency: string;
  kind: 'single' | 'multiple' | 'system';
  system_size: number | null;
  lines: number;
  line_stake_minor: bigint;
  stake_minor: bigint;
  potential_return_minor: bigint;
  accept_odds: 'none' | 'higher' | 'any';
  status: 'pending' | 'open' | 'settled' | 'cashed_out' | 'rejected';
  reject_code: string | null;
  reject_message: string | null;
  accept_at: Date | null;
  stake_hold_id: bigint | null;
  stake_state: 'none' | 'held' | 'posted' | 'voided';
  payout_minor: bigint | null;
  payout_transfer_id: bigint | null;
  settle_version: number;
  settled_at: Date | null;
  cashout_minor: bigint | null;
  /** A bet staked with a free-bet token (the bonus module's id): the operator's stake, SNR. */
  free_bet_id: bigint | null;
  created_at: Date;
  updated_at: Date;
};
export type LegRow = {
  bet_id: bigint;
  leg_no: number;
  selection_id: bigint;
  market_id: bigint;
  event_id: string;
  odds_milli: number;
};
/** A leg with what the catalogue says now. */
export type LegView = LegRow & {
  selection_name: string;
  selection_key: string;
  market_name: string;
  market_type: string;
  market_status: MarketRow['status'];
  market_trader_suspended: boolean;
  event_status: EventStatus;
  event_trader_suspended: boolean;
  event_margin_bp: number;
  home: string;
  away: string;
  result: LegResult;
  dead_heat_num: number;
  dead_heat_den: number;
  current_odds_milli: number | null;
  trader_odds_milli: number | null;
  book_odds_milli: number | null;
  active: boolean;
};
export type SportRow = { id: string; name: string; sort_order: number } & SportPricing;
/** A currency's bet limits; a player's stake factor and a market's limit factor scale them. */
export type LimitsRow = {
  currency: string;
  min_stake_minor: bigint;
  max_stake_minor: bigint;
  max_payout_minor: bigint;
};

type Tables = {
  // The pricing columns have the migration's defaults: a sport the feed creates starts on them.
  sb_sports: { id: string; name: string; sort_order: number } & {
    [K in keyof SportPricing]: Generated<number>;
  };
  sb_competitions: {
    id: string;
    sport_id: string;
    name: string;
    country: string;
    sort_order: number;
  };
  sb_events: EventRow;
  sb_markets: MarketRow;
  sb_selections: SelectionRow;
  sb_limits: LimitsRow;
  sb_player_limits: { player_id: bigint; stake_factor_milli: number; updated_at: Date };
  sb_bets: BetRow;
  sb_bet_legs: LegRow;
  sb_open_stakes: {
    player_id: bigint;
    market_id: bigint;
    stake_minor: bigint;
    potential_minor: bigint;
  };
  sb_feed_log: { provider: string; message_id: string; kind: string; received_at: Date };
};
export type Trx = Transaction<Tables>;

export class SportsbookRepository {
  readonly db: Kysely<Tables>;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Records a feed message id; false when it was seen before. */
  async firstSeen(provider: string, message_id: string, kind: string): Promise<boolean> {
    const row = await this.db
      .insertInto('sb_feed_log')
      .values({ provider, message_id, kind, received_at: new Date() })
      .onConflict((c) => c.columns(['provider', 'message_id']).doNothing())
      .returning('message_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async upsertFixture(f: FeedFixture): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .insertInto('sb_sports')
        .values({ id: f.sport.id, name: f.sport.name, sort_order: 0 })
        .onConflict((c) => c.column('id').doUpdateSet({ name: f.sport.name }))
        .execute();
      await trx
        .insertInto('sb_competitions')
        .values({
          id: f.competition.id,
          sport_id: f.sport.id,
          name: f.competition.name,
          country: f.competition.country,
          sort_order: 0,
        })
        .onConflict((c) =>
          c.column('id').doUpdateSet({ name: f.competition.name, country: f.competition.country }),
        )
        .execute();
      await trx
        .insertInto('sb_events')
        .values({
          id: f.id,
          competition_id: f.competition.id,
          sport_id: f.sport.id,
          home: f.home,
          away: f.away,
          starts_at: f.starts_at,
          status: f.status,
          score: sql`'{}'::jsonb` as never,
          clock: '',
          trader_suspended: false,
          margin_bp: 0,
          updated_at: new Date(),
        })
        .onConflict((c) =>
          c.column('id').doUpdateSet({
            home: f.home,
            away: f.away,
            starts_at: f.starts_at,
            status: f.status,
            updated_at: new Date(),
          }),
        )
        .execute();
    });
  }

  async updateEventState(
    event_id: string,
    state: { status?: EventStatus; score?: FeedScore; clock?: string },
  ): Promise<EventRow | undefined> {
    return this.db
      .updateTable('sb_events')
      .set({
        ...(state.status ? { status: state.status } : {}),
        ...(state.score ? { score: sql`${JSON.stringify(state.score)}::jsonb` as never } : {}),
        ...(state.clock !== undefined ? { clock: state.clock } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', event_id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Upserts an odds change's markets and selections (two statements); settled markets keep their state. */
  async upsertMarkets(
    event_id: string,
    markets: FeedMarket[],
  ): Promise<{ markets: MarketRow[]; selections: SelectionRow[] }> {
    if (markets.length === 0) return { markets: [], selections: [] };
    const rows = markets.map((m, ord) => ({
      key: m.key,
      type: m.type,
      line_milli: m.line_milli,
      name: m.name,
      status: m.status,
      ord,
    }));
    const marketRows = (
      await sql<MarketRow>`
        insert into sb_markets (event_id, key, type, line_milli, name, status, sort_order)
        select ${event_id}, x.key, x.type, x.line_milli, x.name, x.status, x.ord
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(key text, type text, line_milli int, name text, status text, ord int)
        on conflict (event_id, key) do update set
          name = excluded.name,
          line_milli = excluded.line_milli,
          sort_order = excluded.sort_order,
          status = case when sb_markets.status in ('settled', 'void') then sb_markets.status
                        else excluded.status end,
          updated_at = now()
        returning *`.execute(this.db)
    ).rows;
    const idByKey = new Map(marketRows.map((m) => [m.key, m.id]));
    const selections = markets.flatMap((m) =>
      m.selections.map((s, ord) => ({
        market_id: String(idByKey.get(m.key)),
        key: s.key,
        name: s.name,
        odds_milli: s.odds_milli,
        active: s.active,
        ord,
      })),
    );
    // Every selection of the markets, not only those the message names: the book prices
    // a market as a whole. (The outer select sees the table as it was before the insert,
    // so the rows the insert touched come from its returning.)
    const selectionRows = (
      await sql<SelectionRow>`
        with upserted as (
          insert into sb_selections (market_id, key, name, odds_milli, active, sort_order)
          select x.market_id, x.key, x.name, x.odds_milli, x.active, x.ord
            from jsonb_to_recordset(${JSON.stringify(selections)}::jsonb)
              as x(market_id bigint, key text, name text, odds_milli int, active boolean, ord int)
          on conflict (market_id, key) do update set
            name = excluded.name, odds_milli = excluded.odds_milli, active = excluded.active
          returning *)
        select * from upserted
        union all
        select s.* from sb_selections s
          where s.market_id = any(${marketRows.map((m) => String(m.id))}::bigint[])
            and not exists (select 1 from upserted u where u.id = s.id)
        order by market_id, sort_order`.execute(this.db)
    ).rows;
    return { markets: marketRows, selections: selectionRows };
  }

  /**
   * Stores what the book offers: each market's stop and its selections' prices, in one
   * statement, so a reader sees a market's old prices or its new ones, never a mix.
   */
  async setBookPrices(
    markets: { id: bigint; book_stop: BookStop | null }[],
    selections: { id: bigint; book_odds_milli: number | null }[],
  ): Promise<void> {
    if (markets.length === 0 && selections.length === 0) return;
    const m = markets.map((x) => ({ id: String(x.id), book_stop: x.book_stop }));
    const s = selections.map((x) => ({ id: String(x.id), book_odds_milli: x.book_odds_milli }));
    await sql`
      with markets as (
        update sb_markets t set book_stop = x.book_stop
          from jsonb_to_recordset(${JSON.stringify(m)}::jsonb) as x(id bigint, book_stop text)
          where t.id = x.id
          returning t.id)
      update sb_selections t set book_odds_milli = x.book_odds_milli
        from jsonb_to_recordset(${JSON.stringify(s)}::jsonb) as x(id bigint, book_odds_milli int)
        where t.id = x.id`.execute(this.db);
  }

  sports(): Promise<SportRow[]> {
    return this.db
      .selectFrom('sb_sports')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  sport(id: string): Promise<SportRow | undefined> {
    return this.db.selectFrom('sb_sports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  setSportPricing(id: string, pricing: SportPricing): Promise<SportRow | undefined> {
    return this.db
      .updateTable('sb_sports')
      .set(pricing)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Events whose markets may still be offered (optionally of one sport), at most `limit`. */
  openEvents(filter: { sport_id?: string; limit: number }): Promise<EventRow[]> {
    let q = this.db
      .selectFrom('sb_events')
      .selectAll()
      .where('status', 'in', ['live', 'suspended', 'not_started']);
    if (filter.sport_id) q = q.where('sport_id', '=', filter.sport_id);
    return q.orderBy('starts_at').limit(filter.limit).execute();
  }

  selection(id: bigint): Promise<SelectionRow | undefined> {
    return this.db.selectFrom('sb_selections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setMarketStatus(
    event_id: string,
    keys: string[] | null,
    status: 'suspended' | 'open',
  ): Promise<MarketRow[]> {
    let query = this.db
      .updateTable('sb_markets')
      .set({ status })
      .where('event_id', '=', event_id)
      .where('status', 'in', ['open', 'suspended']);
    if (keys) query = query.where('key', 'in', keys.length ? keys : ['']);
    return query.returningAll().execute();
  }

  market(event_id: string, key: string) {
    return this.db
      .selectFrom('sb_markets')
      .selectAll()
      .where('event_id', '=', event_id)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  marketById(id: bigint) {
    return this.db.selectFrom('sb_markets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  selectionsOf(market_ids: bigint[]) {
    if (market_ids.length === 0) return Promise.resolve([] as SelectionRow[]);
    return this.db
      .selectFrom('sb_selections')
      .selectAll()
      .where('market_id', 'in', market_ids)
      .orderBy('market_id')
      .orderBy('sort_order')
      .execute();
  }

  /**
   * Writes results for a market's selections; bumps result_version only where the result
   * (or dead heat) actually changes. Returns the selection ids that changed.
   */
  async setResults(
    trx: Trx,
    market_id: bigint,
    results: { key: string; result: LegResult; num: number; den: number }[],
    marketStatus: MarketRow['status'],
  ): Promise<bigint[]> {
    const changed = (
      await sql<{ id: bigint }>`
        update sb_selections s set
          result = x.result, dead_heat_num = x.num, dead_heat_den = x.den,
          result_version = s.result_version + 1
        from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
          as x(key text, result text, num int, den int)
        where s.market_id = ${market_id} and s.key = x.key
          and (s.result, s.dead_heat_num, s.dead_heat_den) is distinct from (x.result, x.num, x.den)
        returning s.id`.execute(trx)
    ).rows.map((r) => r.id);
    await trx
      .updateTable('sb_markets')
      .set({ status: marketStatus, updated_at: new Date() })
      .where('id', '=', market_id)
      .execute();
    return changed;
  }

  async betIdsOnSelections(selection_ids: bigint[]): Promise<bigint[]> {
    if (selection_ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('sb_bet_legs')
      .select('bet_id')
      .distinct()
      .where('selection_id', 'in', selection_ids)
      .execute();
    return rows.map((r) => r.bet_id);
  }

  events(filter: { sport?: string; competition?: string; live?: boolean; limit: number }) {
    let q = this.db.selectFrom('sb_events').selectAll();
    if (filter.sport) q = q.where('sport_id', '=', filter.sport);
    if (filter.competition) q = q.where('competition_id', '=', filter.competition);
    if (filter.live === true) q = q.where('status', 'in', ['live', 'suspended']);
    if (filter.live === false) q = q.where('status', '=', 'not_started');
    if (filter.live === undefined)
      q = q.where('status', 'in', ['live', 'suspended', 'not_started']);
    return q.orderBy('starts_at').limit(filter.limit).execute();
  }

  event(id: string) {
    return this.db.selectFrom('sb_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  marketsOf(event_ids: string[], onlyType?: string) {
    if (event_ids.length === 0) return Promise.resolve([] as MarketRow[]);
    let q = this.db.selectFrom('sb_markets').selectAll().where('event_id', 'in', event_ids);
    if (onlyType) q = q.where('type', '=', onlyType);
    return q.orderBy('event_id').orderBy('sort_order').execute();
  }

  async sportsTree() {
    const sports = await this.db
      .selectFrom('sb_sports')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('name')
      .execute();
    const competitions = await sql<{
      id: string;
      sport_id: string;
      name: string;
      country: string;
      live: number;
      upcoming: number;
    }>`
      select c.id, c.sport_id, c.name, c.country,
        count(*) filter (where e.status in ('live', 'suspended'))::int as live,
        count(*) filter (where e.status = 'not_started')::int as upcoming
      from sb_competitions c left join sb_events e on e.competition_id = c.id
      group by c.id order by c.sort_order, c.name`.execute(this.db);
    return { sports, competitions: competitions.rows };
  }

  selectionsForSlip(ids: bigint[]) {
    return this.db
      .selectFrom('sb_selections as s')
      .innerJoin('sb_markets as m', 'm.id', 's.market_id')
      .innerJoin('sb_events as e', 'e.id', 'm.event_id')
      .select([
        's.id',
        's.name',
        's.odds_milli',
        's.trader_odds_milli',
        's.book_odds_milli',
        's.active',
        's.result',
        'm.id as market_id',
        'm.status as market_status',
        'm.trader_suspended as market_trader_suspended',
        'm.limit_factor_milli',
        'm.name as market_name',
        'e.id as event_id',
        'e.status as event_status',
        'e.trader_suspended as event_trader_suspended',
        'e.margin_bp',
      ])
      .where('s.id', 'in', ids.length ? ids : [0n])
      .execute();
  }

  limits(currency: string) {
    return this.db
      .selectFrom('sb_limits')
      .selectAll()
      .where('currency', '=', currency)
      .executeTakeFirst();
  }

  async stakeFactor(player_id: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('sb_player_limits')
      .select('stake_factor_milli')
      .where('player_id', '=', player_id)
      .executeTakeFirst();
    return row?.stake_factor_milli ?? 1000;
  }

  async setStakeFactor(player_id: bigint, factor: number): Promise<void> {
    await this.db
      .insertInto('sb_player_limits')
      .values({ player_id, stake_factor_milli: factor, updated_at: new Date() })
      .onConflict((c) =>
        c.column('player_id').doUpdateSet({ stake_factor_milli: factor, updated_at: new Date() }),
      )
      .execute();
  }

  /**
   * Open stake and potential return of a player per market (pending and open bets), as the
   * triggers of migration 0862 keep them; a market without a row has none.
   */
  async openStakeByMarket(
    player_id: bigint,
    market_ids: bigint[],
  ): Promise<Map<bigint, { stake: bigint; potential: bigint }>> {
    if (market_ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sb_open_stakes')
      .select(['market_id', 'stake_minor', 'potential_minor'])
      .where('player_id', '=', player_id)
      .where('market_id', 'in', market_ids)
      .execute();
    return new Map(
      rows.map((r) => [r.market_id, { stake: r.stake_minor, potential: r.potential_minor }]),
    );
  }

  betByKey(player_id: bigint, key: string) {
    return this.db
      .selectFrom('sb_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  bet(id: bigint) {
    return this.db.selectFrom('sb_bets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertBet(
    bet: Omit<
      BetRow,
      | 'id'
      | 'created_at'
      | 'updated_at'
      | 'reject_code'
      | 'reject_message'
      | 'stake_hold_id'
      | 'stake_state'
      | 'payout_minor'
      | 'payout_transfer_id'
      | 'settle_version'
      | 'settled_at'
      | 'cashout_minor'
    >,
    legs: Omit<LegRow, 'bet_id'>[],
  ): Promise<BetRow | null> {
    return this.transaction(async (trx) => {
      const row = await trx
        .insertInto('sb_bets')
        .values({ ...bet, stake_state: 'none', settle_version: 0 } as never)
        .onConflict((c) => c.columns(['player_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await trx
        .insertInto('sb_bet_legs')
        .values(legs.map((l) => ({ ...l, bet_id: row.id })))
        .execute();
      return row;
    });
  }

  async deleteBet(id: bigint): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.deleteFrom('sb_bet_legs').where('bet_id', '=', id).execute();
      await trx.deleteFrom('sb_bets').where('id', '=', id).execute();
    });
  }

  updateBet(id: bigint, patch: Partial<BetRow>, trx?: Trx) {
    return (trx ?? this.db)
      .updateTable('sb_bets')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  lockBet(trx: Trx, id: bigint) {
    return trx
      .selectFrom('sb_bets')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  legViews(bet_ids: bigint[], trx?: Trx): Promise<LegView[]> {
    if (bet_ids.length === 0) return Promise.resolve([]);
    return (trx ?? this.db)
      .selectFrom('sb_bet_legs as l')
      .innerJoin('sb_selections as s', 's.id', 'l.selection_id')
      .innerJoin('sb_markets as m', 'm.id', 'l.market_id')
      .innerJoin('sb_events as e', 'e.id', 'l.event_id')
      .select([
        'l.bet_id',
        'l.leg_no',
        'l.selection_id',
        'l.market_id',
        'l.event_id',
        'l.odds_milli',
        's.name as selection_name',
        's.key as selection_key',
        'm.name as market_name',
        'm.type as market_type',
        'm.status as market_status',
        'm.trader_suspended as market_trader_suspended',
        'e.status as event_status',
        'e.trader_suspended as event_trader_suspended',
        'e.margin_bp as event_margin_bp',
        'e.home',
        'e.away',
        's.result',
        's.dead_heat_num',
        's.dead_heat_den',
        's.odds_milli as current_odds_milli',
        's.trader_odds_milli',
        's.book_odds_milli',
        's.active',
      ])
      .where('l.bet_id', 'in', bet_ids)
      .orderBy('l.bet_id')
      .orderBy('l.leg_no')
      .execute() as Promise<LegView[]>;
  }

  playerBets(player_id: bigint, filter: { open?: boolean; limit: number; offset: number }) {
    let q = this.db
      .selectFrom('sb_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('status', '!=', 'rejected');
    if (filter.open === true) q = q.where('status', 'in', ['pending', 'open']);
    if (filter.open === false) q = q.where('status', 'in', ['settled', 'cashed_out']);
    return q.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  }

  recentBets(filter: { player_id?: bigint; event_id?: string; limit: number }) {
    let q = this.db.selectFrom('sb_bets').selectAll();
    if (filter.player_id !== undefined) q = q.where('player_id', '=', filter.player_id);
    if (filter.event_id) {
      const event_id = filter.event_id;
      q = q.where('id', 'in', (sub) =>
        sub.selectFrom('sb_bet_legs').select('bet_id').where('event_id', '=', event_id),
      );
    }
    return q.orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /** Open-bet liability per selection of an event: stakes and potential returns (singles + multiples). */
  async liability(event_id: string) {
    const rows = await sql<{
      selection_id: bigint;
      bets: number;
      stake: bigint;
      potential: bigint;
    }>`
      select l.selection_id, count(*)::int as bets, coalesce(sum(b.stake_minor), 0)::int8 as stake,
        coalesce(sum(b.potential_return_minor), 0)::int8 as potential
      from sb_bet_legs l join sb_bets b on b.id = l.bet_id
      where l.event_id = ${event_id} and b.status in ('pending', 'open')
      group by l.selection_id`.execute(this.db);
    return rows.rows;
  }

  async patchMarket(
    id: bigint,
    patch: Partial<Pick<MarketRow, 'trader_suspended' | 'limit_factor_milli' | 'status'>>,
  ) {
    return this.db
      .updateTable('sb_markets')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async patchEvent(id: string, patch: Partial<Pick<EventRow, 'trader_suspended' | 'margin_bp'>>) {
    return this.db
      .updateTable('sb_events')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async patchSelection(id: bigint, patch: Partial<Pick<SelectionRow, 'trader_odds_milli'>>) {
    return this.db
      .updateTable('sb_selections')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  staleOpenEvents(before: Date) {
    return this.db
      .selectFrom('sb_events')
      .select('id')
      .where('status', 'in', ['live', 'not_started', 'suspended'])
      .where('updated_at', '<', before)
      .execute();
  }

  pendingBetsOlderThan(before: Date) {
    return this.db
      .selectFrom('sb_bets')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<', before)
      .execute();
  }
}
