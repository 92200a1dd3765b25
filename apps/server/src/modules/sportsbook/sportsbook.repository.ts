import type { OddsFormat } from '@casino/contracts';
import { CompiledQuery, type Generated, type Kysely, sql, type Transaction } from 'kysely';
import { type Db, preparedStatement } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';
import type {
  EventStatus,
  FeedFixture,
  FeedMarket,
  FeedScore,
  FeedTracker,
} from './feed/feed.types.ts';
import type { BuilderSettings } from './sportsbook.builder.ts';
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
  /** The match tracker's last state, as the feed sent it (null before the match). */
  tracker: FeedTracker | null;
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
  kind: 'single' | 'multiple' | 'system' | 'builder';
  system_size: number | null;
  /** A bet builder's joint price (thousandths): it pays at this, not the legs' product. */
  builder_odds_milli: number | null;
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
  /** A result reached the bet while it was pending: reconciled when it opens (see openBet). */
  reconcile_due: boolean;
  /** Stake given up by partial cash-outs (`sb_bet_cashouts`); `stake_minor` is what rides. */
  cashout_stake_minor: bigint;
  /** A correction the ledger could not apply, waiting for the desk (decision 0621). */
  review_code: 'INSUFFICIENT_FUNDS' | null;
  /** A held correction the desk wrote off (decision 0643): the house's transfer and amount. */
  writeoff_transfer_id: bigint | null;
  written_off_minor: bigint | null;
  created_at: Date;
  updated_at: Date;
};
export type CashoutRow = {
  bet_id: bigint;
  seq: number;
  stake_minor: bigint;
  amount_minor: bigint;
  transfer_id: bigint;
  created_at: Date;
};
export type LegRow = {
  bet_id: bigint;
  leg_no: number;
  selection_id: bigint;
  market_id: bigint;
  event_id: string;
  odds_milli: number;
};
/** A leg with what the catalogue says now, as a bet's view and its cash-out offer need it. */
export type LegState = LegRow & {
  selection_name: string;
  market_name: string;
  /** What the player app builds translated names from (decision 0980). */
  selection_key: string;
  market_key: string;
  market_type: string;
  market_line_milli: number | null;
  market_status: MarketRow['status'];
  market_trader_suspended: boolean;
  event_status: EventStatus;
  event_trader_suspended: boolean;
  home: string;
  away: string;
  result: LegResult;
  dead_heat_num: number;
  dead_heat_den: number;
  book_odds_milli: number | null;
  active: boolean;
  /**
   * The sport's early payout rule paid the leg (decision 0641): `result` reads won (no dead
   * heat) whatever the selection's result is.
   */
  early_paid?: boolean;
  /** The leg's sport (its cash-out terms, decision 0642); absent in a just-placed bet's view. */
  sport_id?: string;
};
/** The same with the rest of the catalogue's columns (settlement, the desk). */
export type LegView = LegState & {
  event_margin_bp: number;
  current_odds_milli: number | null;
  trader_odds_milli: number | null;
};
/** A selection of a slip as placement reads it, with the player's open stake on its market. */
export type SlipRow = {
  id: bigint;
  name: string;
  key: string;
  book_odds_milli: number | null;
  active: boolean;
  result: LegResult;
  dead_heat_num: number;
  dead_heat_den: number;
  market_id: bigint;
  market_name: string;
  market_key: string;
  market_type: string;
  market_line_milli: number | null;
  market_status: MarketRow['status'];
  market_trader_suspended: boolean;
  limit_factor_milli: number;
  event_id: string;
  event_status: EventStatus;
  event_trader_suspended: boolean;
  home: string;
  away: string;
  /** The player's stake and potential return on the market over their pending and open bets. */
  open_stake_minor: bigint;
  open_potential_minor: bigint;
};
/** A bet already stored under a slip's idempotency key: enough to answer a retry. */
export type KeyedBet = Pick<
  BetRow,
  'id' | 'request_hash' | 'status' | 'reject_code' | 'reject_message'
>;
export type NewBet = Omit<
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
  | 'reconcile_due'
  | 'cashout_stake_minor'
  | 'review_code'
  | 'writeoff_transfer_id'
  | 'written_off_minor'
  | 'status'
>;

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
  sb_player_preferences: { player_id: bigint; odds_format: OddsFormat; updated_at: Date };
  sb_bets: BetRow;
  sb_bet_legs: LegRow & { pre_match: Generated<boolean>; early_paid_at: Generated<Date | null> };
  sb_bet_cashouts: Omit<CashoutRow, 'created_at'> & { created_at: Generated<Date> };
  sb_feed_log: { provider: string; message_id: string; kind: string; received_at: Date };
};
export type Trx = Transaction<Tables>;

/*
 * The placement's statements, one round trip each, run as named prepared statements (parsed
 * and planned once per connection; no query building per bet).
 */

/**
 * The bet stored under the player's key (none when $2 is null), and the slip's selections
 * with the player's open stake on each market (sb_open_stakes, migration 0862). At least one
 * row: the key's columns repeat on each; the slip's are null when no selection matched.
 */
const SLIP_SQL = preparedStatement(
  'sb_slip',
  `select k.id as bet_id, k.request_hash, k.status as bet_status, k.reject_code, k.reject_message,
          x.*
     from (values (1)) as one (n)
     left join sb_bets k on k.player_id = $1::bigint and k.idempotency_key = $2::text
     left join lateral (
       select s.id, s.name, s.key, s.book_odds_milli, s.active, s.result, s.dead_heat_num,
              s.dead_heat_den, m.id as market_id, m.name as market_name,
              m.key as market_key, m.type as market_type, m.line_milli as market_line_milli,
              m.status as market_status, m.trader_suspended as market_trader_suspended,
              m.limit_factor_milli, e.id as event_id, e.status as event_status,
              e.trader_suspended as event_trader_suspended, e.home, e.away,
              coalesce(o.stake_minor, 0) as open_stake_minor,
              coalesce(o.potential_minor, 0) as open_potential_minor
         from sb_selections s
         join sb_markets m on m.id = s.market_id
         join sb_events e on e.id = m.event_id
         left join sb_open_stakes o on o.player_id = $1::bigint and o.market_id = m.id
        where s.id = any($3::bigint[])) as x on true`,
);

/**
 * A bet and its legs in one statement (no transaction needed: one statement commits whole);
 * its id back. No row back: the player's key was taken (by a concurrent request with it).
 */
const INSERT_BET_SQL = preparedStatement(
  'sb_insert_bet',
  `with bet as (
     insert into sb_bets (player_id, idempotency_key, request_hash, currency, kind, system_size,
       lines, line_stake_minor, stake_minor, potential_return_minor, accept_odds, status,
       accept_at, free_bet_id, stake_state, settle_version, builder_odds_milli)
     values ($1::bigint, $2::text, $3::text, $4::text, $5::text, $6::integer, $7::integer,
       $8::bigint, $9::bigint, $10::bigint, $11::text, 'pending', $12::timestamptz, $13::bigint,
       'none', 0, $19::integer)
     on conflict (player_id, idempotency_key) do nothing
     returning id
   ), legs as (
     insert into sb_bet_legs (bet_id, leg_no, selection_id, market_id, event_id, odds_milli)
     select bet.id, x.leg_no, x.selection_id, x.market_id, x.event_id, x.odds_milli
       from bet, unnest($14::integer[], $15::bigint[], $16::bigint[], $17::text[], $18::integer[])
         as x (leg_no, selection_id, market_id, event_id, odds_milli)
   )
   select id from bet`,
);

/**
 * A pending bet accepted: its hold, open. `resulted`: one of its legs has a result already
 * (seen by this statement's snapshot), or a settlement found the bet pending and marked it
 * (reconcile_due, written under the bet's row lock: if that commits while this statement
 * waits for the row, the row this statement updates and returns is the marked one). Either
 * way the bet must be reconciled now; otherwise any later result finds it open.
 */
const OPEN_BET_SQL = preparedStatement(
  'sb_open_bet',
  `update sb_bets b
      set stake_hold_id = $2::bigint, stake_state = 'held', status = 'open',
          accept_at = $3::timestamptz, updated_at = $3::timestamptz
    where b.id = $1::bigint
   returning b.*, b.reconcile_due or exists (
     select 1 from sb_bet_legs l join sb_selections s on s.id = l.selection_id
      where l.bet_id = b.id and (s.result <> 'open' or l.early_paid_at is not null)) as resulted`,
);

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
    state: { status?: EventStatus; score?: FeedScore; clock?: string; tracker?: FeedTracker },
  ): Promise<EventRow | undefined> {
    return this.db
      .updateTable('sb_events')
      .set({
        ...(state.status ? { status: state.status } : {}),
        ...(state.score ? { score: sql`${JSON.stringify(state.score)}::jsonb` as never } : {}),
        ...(state.clock !== undefined ? { clock: state.clock } : {}),
        ...(state.tracker
          ? { tracker: sql`${JSON.stringify(state.tracker)}::jsonb` as never }
          : {}),
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

  /**
   * One round trip for a slip: the bet already stored under the player's key (null key: none
   * looked up), and the selections with the player's open stake on their markets.
   */
  async slip(
    player_id: bigint,
    idempotency_key: string | null,
    selection_ids: bigint[],
  ): Promise<{ keyed: KeyedBet | null; rows: SlipRow[] }> {
    const { rows } = await this.db.executeQuery<
      SlipRow & {
        bet_id: bigint | null;
        request_hash: string;
        bet_status: BetRow['status'];
        reject_code: string | null;
        reject_message: string | null;
      }
    >(CompiledQuery.raw(SLIP_SQL, [player_id, idempotency_key, selection_ids.map(String)]));
    const first = rows[0];
    const keyed =
      first && first.bet_id !== null
        ? {
            id: first.bet_id,
            request_hash: first.request_hash,
            status: first.bet_status,
            reject_code: first.reject_code,
            reject_message: first.reject_message,
          }
        : null;
    return { keyed, rows: rows.filter((r) => r.id !== null) };
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

  async oddsFormat(player_id: bigint): Promise<OddsFormat | null> {
    const row = await this.db
      .selectFrom('sb_player_preferences')
      .select('odds_format')
      .where('player_id', '=', player_id)
      .executeTakeFirst();
    return row?.odds_format ?? null;
  }

  async setOddsFormat(player_id: bigint, odds_format: OddsFormat): Promise<void> {
    await this.db
      .insertInto('sb_player_preferences')
      .values({ player_id, odds_format, updated_at: new Date() })
      .onConflict((c) => c.column('player_id').doUpdateSet({ odds_format, updated_at: new Date() }))
      .execute();
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

  /** Stores a pending bet and its legs (INSERT_BET_SQL): its id; null when the key was taken. */
  async insertBet(bet: NewBet, legs: Omit<LegRow, 'bet_id'>[]): Promise<bigint | null> {
    const { rows } = await this.db.executeQuery<{ id: bigint }>(
      CompiledQuery.raw(INSERT_BET_SQL, [
        bet.player_id,
        bet.idempotency_key,
        bet.request_hash,
        bet.currency,
        bet.kind,
        bet.system_size,
        bet.lines,
        bet.line_stake_minor,
        bet.stake_minor,
        bet.potential_return_minor,
        bet.accept_odds,
        bet.accept_at,
        bet.free_bet_id,
        legs.map((l) => l.leg_no),
        legs.map((l) => String(l.selection_id)),
        legs.map((l) => String(l.market_id)),
        legs.map((l) => l.event_id),
        legs.map((l) => l.odds_milli),
        bet.builder_odds_milli ?? null,
      ]),
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Opens a pending bet with its hold (OPEN_BET_SQL): the bet as it now stands, and whether
   * it must be reconciled at once (a leg was resulted while it was pending).
   */
  async openBet(
    id: bigint,
    stake_hold_id: bigint,
    at: Date,
  ): Promise<{ bet: BetRow; resulted: boolean }> {
    const { rows } = await this.db.executeQuery<BetRow & { resulted: boolean }>(
      CompiledQuery.raw(OPEN_BET_SQL, [id, stake_hold_id, at]),
    );
    const row = rows[0];
    if (!row) throw new Error(`sportsbook: bet ${id} to open does not exist`);
    const { resulted, ...bet } = row;
    return { bet, resulted };
  }

  /** A settlement found the bet pending: its placement reconciles it when it opens it. */
  async markReconcileDue(trx: Trx, id: bigint): Promise<void> {
    await trx
      .updateTable('sb_bets')
      .set({ reconcile_due: true })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  async deleteBet(id: bigint): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.deleteFrom('sb_bet_legs').where('bet_id', '=', id).execute();
      await trx.deleteFrom('sb_bets').where('id', '=', id).execute();
    });
  }

  insertCashout(trx: Trx, row: Omit<CashoutRow, 'created_at'>) {
    return trx.insertInto('sb_bet_cashouts').values(row).execute();
  }

  /** The bets' cash-outs, oldest first. */
  cashoutsOf(bet_ids: bigint[]) {
    if (bet_ids.length === 0) return Promise.resolve([] as CashoutRow[]);
    return this.db
      .selectFrom('sb_bet_cashouts')
      .selectAll()
      .where('bet_id', 'in', bet_ids)
      .orderBy('bet_id')
      .orderBy('seq')
      .execute();
  }

  /** Marks or clears a bet's held correction; nothing when it is already so. */
  async setReview(bet_id: bigint, code: BetRow['review_code']) {
    await this.db
      .updateTable('sb_bets')
      .set({ review_code: code, updated_at: new Date() })
      .where('id', '=', bet_id)
      .where('review_code', code === null ? 'is not' : 'is', null)
      .execute();
  }

  /** Bets whose correction waits for the desk, newest first. */
  reviewBets(limit: number) {
    return this.db
      .selectFrom('sb_bets')
      .selectAll()
      .where('review_code', 'is not', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
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
        'm.key as market_key',
        'm.type as market_type',
        'm.line_milli as market_line_milli',
        'm.status as market_status',
        'm.trader_suspended as market_trader_suspended',
        'e.status as event_status',
        'e.trader_suspended as event_trader_suspended',
        'e.margin_bp as event_margin_bp',
        'e.home',
        'e.away',
        'e.sport_id',
        // A leg the early payout rule paid is won, whatever the result says later.
        sql<LegResult>`case when l.early_paid_at is null then s.result else 'won' end`.as('result'),
        sql<number>`case when l.early_paid_at is null then s.dead_heat_num else 1 end`.as(
          'dead_heat_num',
        ),
        sql<number>`case when l.early_paid_at is null then s.dead_heat_den else 1 end`.as(
          'dead_heat_den',
        ),
        sql<boolean>`l.early_paid_at is not null`.as('early_paid'),
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

  /**
   * Early payout (decision 0641): marks the still-unpaid pre-match legs on `side` of the
   * event's markets of these types, in open single and multiple bets (a bet builder's price is
   * joint: no leg of it pays alone). Returns the bets marked now. Marking twice changes nothing.
   */
  async markEarlyPaid(event_id: string, side: string, market_types: string[]): Promise<bigint[]> {
    if (market_types.length === 0) return [];
    const result = await sql<{ bet_id: bigint }>`
      update sb_bet_legs l set early_paid_at = now()
        from sb_selections s, sb_markets m, sb_bets b
       where l.event_id = ${event_id} and l.pre_match and l.early_paid_at is null
         and s.id = l.selection_id and s.key = ${side}
         and m.id = l.market_id and m.type = any(${market_types}::text[])
         and b.id = l.bet_id and b.status in ('pending', 'open') and b.kind <> 'builder'
      returning l.bet_id`.execute(this.db);
    return [...new Set(result.rows.map((r) => BigInt(r.bet_id)))];
  }

  /** Open bets with a leg the early payout rule paid (a restart reconciles them again). */
  async openEarlyPaidBets(limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('sb_bet_legs as l')
      .innerJoin('sb_bets as b', 'b.id', 'l.bet_id')
      .select('l.bet_id')
      .distinct()
      .where('l.early_paid_at', 'is not', null)
      .where('b.status', '=', 'open')
      .limit(limit)
      .execute();
    return rows.map((r) => r.bet_id);
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

  /** Each of the player's bets among `bet_ids`: its first leg's event and how many legs. */
  async betEventNames(player_id: bigint, bet_ids: bigint[]) {
    if (bet_ids.length === 0) return [];
    const result = await sql<{ id: bigint; home: string; away: string; legs: number }>`
      select b.id, e.home, e.away, counts.legs
        from sb_bets b
        join lateral (select count(*)::int as legs from sb_bet_legs where bet_id = b.id) counts on true
        join sb_bet_legs l on l.bet_id = b.id and l.leg_no = (
          select min(leg_no) from sb_bet_legs where bet_id = b.id)
        join sb_events e on e.id = l.event_id
       where b.player_id = ${player_id} and b.id = any(${bet_ids.map(String)}::bigint[])`.execute(
      this.db,
    );
    return result.rows;
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

  /** The player's sports bets for their data export (JSON text). */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'sb_bets', player_id);
  }

  /** The bet builder's settings for a sport; undefined: the defaults. */
  async builderSettings(sport_id: string): Promise<BuilderSettings | undefined> {
    const { rows } = await sql<BuilderSettings>`
      select enabled, margin_bp, legs_max, odds_max_milli
        from sb_builder_settings where sport_id = ${sport_id}`.execute(this.db);
    return rows[0];
  }

  async allBuilderSettings(): Promise<(BuilderSettings & { sport_id: string })[]> {
    const { rows } = await sql<BuilderSettings & { sport_id: string }>`
      select sport_id, enabled, margin_bp, legs_max, odds_max_milli
        from sb_builder_settings order by sport_id`.execute(this.db);
    return rows;
  }

  async setBuilderSettings(sport_id: string, s: BuilderSettings): Promise<void> {
    await sql`
      insert into sb_builder_settings (sport_id, enabled, margin_bp, legs_max, odds_max_milli)
      values (${sport_id}, ${s.enabled}, ${s.margin_bp}, ${s.legs_max}, ${s.odds_max_milli})
      on conflict (sport_id) do update set enabled = excluded.enabled,
        margin_bp = excluded.margin_bp, legs_max = excluded.legs_max,
        odds_max_milli = excluded.odds_max_milli, updated_at = now()`.execute(this.db);
  }
}
