import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type RaceRow = {
  id: bigint;
  name: string;
  metric: 'wagered' | 'multiplier';
  recurrence: 'once' | 'daily' | 'weekly';
  currency: string;
  starts_at: Date;
  ends_at: Date;
  games: string[];
  min_stake_eur_minor: bigint;
  status: 'open' | 'ending' | 'ended' | 'cancelled';
  previous_id: bigint | null;
  cancelled_at: Date | null;
  created_at: Date;
};
export type PrizeRow = { race_id: bigint; place: number; amount_minor: bigint };
export type EntryRow = {
  race_id: bigint;
  player_id: bigint;
  score: bigint;
  reached_at: Date;
  currency: string;
};
export type PayoutRow = {
  race_id: bigint;
  place: number;
  player_id: bigint;
  score: bigint;
  currency: string;
  amount_minor: bigint;
  transfer_id: bigint | null;
  paid_at: Date | null;
};
/** One bet's contribution to one race. */
export type ScoredBet = {
  race_id: bigint;
  bet_ref: string;
  player_id: bigint;
  currency: string;
  score: bigint;
  settled_at: Date;
};
export type RaceDefinition = Omit<RaceRow, 'id' | 'status' | 'cancelled_at' | 'created_at'>;

type Tx = Transaction<object> | Kysely<object>;
const strings = (values: readonly (bigint | number)[]) => values.map(String);
const RACE_COLUMNS = sql`id, name, metric, recurrence, currency, starts_at, ends_at, games,
  min_stake_eur_minor, status, previous_id, cancelled_at, created_at`;

/** Plain SQL over the races module's own tables (migration 0710). */
export class RacesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Transaction<object>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // --- races ------------------------------------------------------------------------

  async race(id: bigint, executor: Tx = this.db, lock = false): Promise<RaceRow | null> {
    const { rows } = await sql<RaceRow>`
      select ${RACE_COLUMNS} from races where id = ${id}
      ${lock ? sql`for update` : sql``}`.execute(executor);
    return rows[0] ?? null;
  }

  /** Races still taking bets whose dates cover any of these instants. */
  async openAt(from: Date, to: Date): Promise<RaceRow[]> {
    const { rows } = await sql<RaceRow>`
      select ${RACE_COLUMNS} from races
       where status = 'open' and starts_at <= ${to} and ends_at > ${from}`.execute(this.db);
    return rows;
  }

  /** For players: running and upcoming races, then the latest ended ones. */
  async listed(ended_max: number): Promise<RaceRow[]> {
    const { rows } = await sql<RaceRow>`
      (select ${RACE_COLUMNS} from races where status in ('open', 'ending')
        order by ends_at limit 50)
      union all
      (select ${RACE_COLUMNS} from races where status = 'ended'
        order by ends_at desc limit ${ended_max})`.execute(this.db);
    return rows;
  }

  async all(limit: number): Promise<RaceRow[]> {
    const { rows } = await sql<RaceRow>`
      select ${RACE_COLUMNS} from races order by id desc limit ${limit}`.execute(this.db);
    return rows;
  }

  /** Races an ender must look at: past their end (with the grace) and not yet fully paid. */
  async due(before: Date, limit: number): Promise<bigint[]> {
    const { rows } = await sql<{ id: bigint }>`
      select id from races
       where (status = 'open' and ends_at <= ${before}) or status = 'ending'
       order by ends_at limit ${limit}`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Open races whose dates overlap [starts_at, ends_at) under this name (not `except`). */
  async overlapping(
    name: string,
    starts_at: Date,
    ends_at: Date,
    except: bigint | null,
    executor: Tx = this.db,
  ): Promise<bigint[]> {
    const { rows } = await sql<{ id: bigint }>`
      select id from races
       where lower(name) = lower(${name}) and status in ('open', 'ending')
         and starts_at < ${ends_at} and ends_at > ${starts_at}
         and (${except}::bigint is null or id <> ${except}::bigint)`.execute(executor);
    return rows.map((row) => row.id);
  }

  async insert(tx: Tx, race: RaceDefinition, prizes: readonly bigint[]): Promise<RaceRow | null> {
    const { rows } = await sql<RaceRow>`
      insert into races (name, metric, recurrence, currency, starts_at, ends_at, games,
                         min_stake_eur_minor, previous_id)
      values (${race.name}, ${race.metric}, ${race.recurrence}, ${race.currency}, ${race.starts_at},
              ${race.ends_at}, ${JSON.stringify(race.games)}::jsonb, ${race.min_stake_eur_minor},
              ${race.previous_id})
      on conflict (previous_id) do nothing
      returning ${RACE_COLUMNS}`.execute(tx);
    const row = rows[0];
    if (!row) return null;
    await this.setPrizes(tx, row.id, prizes);
    return row;
  }

  async update(tx: Tx, id: bigint, race: RaceDefinition, prizes: readonly bigint[]) {
    await sql`
      update races set name = ${race.name}, metric = ${race.metric},
             recurrence = ${race.recurrence}, currency = ${race.currency},
             starts_at = ${race.starts_at}, ends_at = ${race.ends_at},
             games = ${JSON.stringify(race.games)}::jsonb,
             min_stake_eur_minor = ${race.min_stake_eur_minor}, updated_at = now()
       where id = ${id}`.execute(tx);
    await sql`delete from race_prizes where race_id = ${id}`.execute(tx);
    await this.setPrizes(tx, id, prizes);
  }

  private async setPrizes(tx: Tx, race_id: bigint, prizes: readonly bigint[]) {
    if (prizes.length === 0) return;
    await sql`
      insert into race_prizes (race_id, place, amount_minor)
      select ${race_id}, place, amount from unnest(${strings(prizes)}::bigint[])
        with ordinality as p(amount, place)`.execute(tx);
  }

  async setEndsAt(tx: Tx, id: bigint, ends_at: Date) {
    await sql`update races set ends_at = ${ends_at}, updated_at = now() where id = ${id}`.execute(
      tx,
    );
  }

  async setStatus(tx: Tx, id: bigint, status: RaceRow['status']) {
    await sql`
      update races set status = ${status}, updated_at = now(),
             cancelled_at = case when ${status} = 'cancelled' then now() else cancelled_at end
       where id = ${id}`.execute(tx);
  }

  async prizes(race_ids: readonly bigint[], executor: Tx = this.db): Promise<PrizeRow[]> {
    if (race_ids.length === 0) return [];
    const { rows } = await sql<PrizeRow>`
      select race_id, place, amount_minor from race_prizes
       where race_id = any(${strings(race_ids)}::bigint[]) order by race_id, place`.execute(
      executor,
    );
    return rows;
  }

  // --- scoring ------------------------------------------------------------------------

  /**
   * Counts bets in their races: each (race, bet) once, only while the race is open (the row is
   * read under a share lock, so the ending's update waits for this batch or this batch sees the
   * race frozen). Adds to the entries what the new bets bring; returns the races changed.
   */
  async countBets(bets: readonly ScoredBet[]): Promise<bigint[]> {
    if (bets.length === 0) return [];
    return this.transaction(async (tx) => {
      const race_ids = [...new Set(bets.map((bet) => bet.race_id))].sort((a, b) =>
        a < b ? -1 : a > b ? 1 : 0,
      );
      const { rows: open } = await sql<{ id: bigint; metric: RaceRow['metric'] }>`
        select id, metric from races where id = any(${strings(race_ids)}::bigint[])
           and status = 'open' order by id for share`.execute(tx);
      const metricOf = new Map(open.map((row) => [row.id, row.metric]));
      const kept = bets.filter((bet) => metricOf.has(bet.race_id));
      if (kept.length === 0) return [];
      const { rows: fresh } = await sql<{ race_id: bigint; bet_ref: string }>`
        insert into race_bets (race_id, bet_ref, player_id, score, settled_at)
        select * from unnest(${strings(kept.map((b) => b.race_id))}::bigint[],
                             ${kept.map((b) => b.bet_ref)}::text[],
                             ${strings(kept.map((b) => b.player_id))}::bigint[],
                             ${strings(kept.map((b) => b.score))}::bigint[],
                             ${kept.map((b) => b.settled_at.toISOString())}::timestamptz[])
        on conflict do nothing
        returning race_id, bet_ref`.execute(tx);
      const isFresh = new Set(fresh.map((row) => `${row.race_id}:${row.bet_ref}`));
      // One contribution per (race, player), folded in memory: sums, or the best multiplier
      // reached first; then applied in (race, player) order so concurrent batches cannot deadlock.
      const folded = new Map<string, ScoredBet & { count: number }>();
      for (const bet of kept) {
        if (!isFresh.has(`${bet.race_id}:${bet.bet_ref}`)) continue;
        const key = `${bet.race_id}:${bet.player_id}`;
        const before = folded.get(key);
        if (!before) {
          folded.set(key, { ...bet, count: 1 });
          continue;
        }
        before.count += 1;
        if (metricOf.get(bet.race_id) === 'wagered') {
          before.score += bet.score;
          if (bet.settled_at > before.settled_at) {
            before.settled_at = bet.settled_at;
            before.currency = bet.currency;
          }
        } else if (
          bet.score > before.score ||
          (bet.score === before.score && bet.settled_at < before.settled_at)
        ) {
          Object.assign(before, {
            score: bet.score,
            settled_at: bet.settled_at,
            currency: bet.currency,
          });
        }
      }
      const list = [...folded.values()].sort((a, b) =>
        a.race_id !== b.race_id
          ? a.race_id < b.race_id
            ? -1
            : 1
          : a.player_id < b.player_id
            ? -1
            : a.player_id > b.player_id
              ? 1
              : 0,
      );
      for (const entry of list) {
        if (metricOf.get(entry.race_id) === 'wagered') {
          // The time the total was reached is the latest counted bet's, whatever the order.
          await sql`
            insert into race_entries (race_id, player_id, score, reached_at, currency, bets)
            values (${entry.race_id}, ${entry.player_id}, ${entry.score}, ${entry.settled_at},
                    ${entry.currency}, ${entry.count})
            on conflict (race_id, player_id) do update
               set score = race_entries.score + excluded.score,
                   reached_at = greatest(race_entries.reached_at, excluded.reached_at),
                   currency = case when excluded.reached_at >= race_entries.reached_at
                                   then excluded.currency else race_entries.currency end,
                   bets = race_entries.bets + excluded.bets`.execute(tx);
        } else {
          // The best multiplier, and the earliest bet that reached it.
          await sql`
            insert into race_entries (race_id, player_id, score, reached_at, currency, bets)
            values (${entry.race_id}, ${entry.player_id}, ${entry.score}, ${entry.settled_at},
                    ${entry.currency}, ${entry.count})
            on conflict (race_id, player_id) do update
               set score = greatest(race_entries.score, excluded.score),
                   reached_at = case
                     when excluded.score > race_entries.score then excluded.reached_at
                     when excluded.score = race_entries.score
                       then least(race_entries.reached_at, excluded.reached_at)
                     else race_entries.reached_at end,
                   currency = case when excluded.score > race_entries.score
                                   then excluded.currency else race_entries.currency end,
                   bets = race_entries.bets + excluded.bets`.execute(tx);
        }
      }
      return [...new Set(list.map((entry) => entry.race_id))];
    });
  }

  /** The race's entries in ranking order (score, then who reached it first, then id). */
  async ranked(race_id: bigint, limit: number, executor: Tx = this.db): Promise<EntryRow[]> {
    const { rows } = await sql<EntryRow>`
      select race_id, player_id, score, reached_at, currency from race_entries
       where race_id = ${race_id}
       order by score desc, reached_at, player_id limit ${limit}`.execute(executor);
    return rows;
  }

  async entryCount(race_id: bigint): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from race_entries where race_id = ${race_id}`.execute(this.db);
    return Number(rows[0]!.n);
  }

  /** A player's entry and how many entries rank ahead of it. */
  async positionOf(
    race_id: bigint,
    player_id: bigint,
  ): Promise<{ entry: EntryRow; ahead: number } | null> {
    const { rows } = await sql<EntryRow & { ahead: string }>`
      select e.race_id, e.player_id, e.score, e.reached_at, e.currency,
             (select count(*) from race_entries o
               where o.race_id = e.race_id
                 and (o.score > e.score
                      or (o.score = e.score and (o.reached_at, o.player_id) < (e.reached_at, e.player_id))))::text as ahead
        from race_entries e where e.race_id = ${race_id} and e.player_id = ${player_id}`.execute(
      this.db,
    );
    const row = rows[0];
    if (!row) return null;
    const { ahead, ...entry } = row;
    return { entry, ahead: Number(ahead) };
  }

  // --- ending -------------------------------------------------------------------------

  async insertPayouts(tx: Tx, payouts: readonly Omit<PayoutRow, 'transfer_id' | 'paid_at'>[]) {
    if (payouts.length === 0) return;
    await sql`
      insert into race_payouts (race_id, place, player_id, score, currency, amount_minor)
      select * from unnest(${strings(payouts.map((p) => p.race_id))}::bigint[],
                           ${payouts.map((p) => p.place)}::int[],
                           ${strings(payouts.map((p) => p.player_id))}::bigint[],
                           ${strings(payouts.map((p) => p.score))}::bigint[],
                           ${payouts.map((p) => p.currency)}::text[],
                           ${strings(payouts.map((p) => p.amount_minor))}::bigint[])
      on conflict do nothing`.execute(tx);
  }

  async payouts(race_id: bigint): Promise<PayoutRow[]> {
    const { rows } = await sql<PayoutRow>`
      select race_id, place, player_id, score, currency, amount_minor, transfer_id, paid_at
        from race_payouts where race_id = ${race_id} order by place`.execute(this.db);
    return rows;
  }

  async markPaid(race_id: bigint, place: number, transfer_id: bigint | null) {
    await sql`
      update race_payouts set transfer_id = ${transfer_id}, paid_at = now()
       where race_id = ${race_id} and place = ${place} and paid_at is null`.execute(this.db);
  }

  /** Ends the race once nothing is left unpaid. */
  async closeIfPaid(race_id: bigint): Promise<boolean> {
    const { rows } = await sql<{ id: bigint }>`
      update races set status = 'ended', updated_at = now()
       where id = ${race_id} and status = 'ending'
         and not exists (select 1 from race_payouts where race_id = ${race_id} and paid_at is null)
      returning id`.execute(this.db);
    return rows.length > 0;
  }

  async paidCounts(race_ids: readonly bigint[]): Promise<Map<bigint, number>> {
    if (race_ids.length === 0) return new Map();
    const { rows } = await sql<{ race_id: bigint; n: number }>`
      select race_id, count(*)::int as n from race_payouts
       where race_id = any(${strings(race_ids)}::bigint[]) and paid_at is not null
       group by race_id`.execute(this.db);
    return new Map(rows.map((row) => [row.race_id, row.n]));
  }

  async entryCounts(race_ids: readonly bigint[]): Promise<Map<bigint, number>> {
    if (race_ids.length === 0) return new Map();
    const { rows } = await sql<{ race_id: bigint; n: number }>`
      select race_id, count(*)::int as n from race_entries
       where race_id = any(${strings(race_ids)}::bigint[]) group by race_id`.execute(this.db);
    return new Map(rows.map((row) => [row.race_id, row.n]));
  }

  /** A player's entries with their race and payout (the back office), newest race first. */
  async placesOf(player_id: bigint, limit: number) {
    const { rows } = await sql<{
      race_id: bigint;
      name: string;
      metric: RaceRow['metric'];
      status: RaceRow['status'];
      starts_at: Date;
      ends_at: Date;
      currency: string;
      score: bigint;
      place: number | null;
      amount_minor: bigint | null;
      paid_at: Date | null;
    }>`
      select r.id as race_id, r.name, r.metric, r.status, r.starts_at, r.ends_at, r.currency, e.score,
             p.place, p.amount_minor, p.paid_at
        from race_entries e join races r on r.id = e.race_id
        left join race_payouts p on p.race_id = e.race_id and p.player_id = e.player_id
       where e.player_id = ${player_id}
       order by r.ends_at desc limit ${limit}`.execute(this.db);
    return rows;
  }

  // --- privacy ------------------------------------------------------------------------

  async hiddenAmong(player_ids: readonly bigint[]): Promise<Set<bigint>> {
    if (player_ids.length === 0) return new Set();
    const { rows } = await sql<{ player_id: bigint }>`
      select player_id from race_privacy
       where player_id = any(${strings(player_ids)}::bigint[]) and hidden`.execute(this.db);
    return new Set(rows.map((row) => row.player_id));
  }

  async setHidden(player_id: bigint, hidden: boolean) {
    await sql`
      insert into race_privacy (player_id, hidden) values (${player_id}, ${hidden})
      on conflict (player_id) do update set hidden = excluded.hidden, updated_at = now()`.execute(
      this.db,
    );
  }
}
