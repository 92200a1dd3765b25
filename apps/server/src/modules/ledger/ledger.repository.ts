import { CompiledQuery, type Generated, sql } from 'kysely';
import { type Db, preparedStatement, TIMESTAMPS_PARSED_ONCE } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';
import {
  type IndexedEvent,
  indexedEventsJson,
  ledgerEventsInsert,
} from '../../platform/outbox/outbox.ts';

export type AccountKind =
  | 'player_cash'
  | 'player_bonus'
  | 'payment_clearing'
  | 'wagers'
  | 'sportsbook'
  | 'bonus_cost'
  | 'fees'
  | 'adjustments';
export type HouseKind = Exclude<AccountKind, 'player_cash' | 'player_bonus'>;
export type TransferKind = 'single' | 'pending' | 'post' | 'void' | 'reversal';
export type HoldState = 'open' | 'posted' | 'voided' | 'expired';

export type AccountRow = {
  id: bigint;
  owner_type: 'player' | 'house';
  player_id: bigint | null;
  currency: string;
  kind: AccountKind;
  purpose: string;
  shard: number;
  balance_minor: bigint;
  reserved_minor: bigint;
  status: 'open' | 'closed';
  created_at: Date;
};

export type TransferRow = {
  id: bigint;
  idempotency_key: string;
  input_hash: string;
  kind: TransferKind;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount_minor: bigint;
  currency: string;
  reason_code: string;
  object_type: string;
  object_id: string;
  actor_type: string;
  actor_id: string;
  memo: string | null;
  player_id: bigint | null;
  pending_id: bigint | null;
  reverses_id: bigint | null;
  expires_at: Date | null;
  debit_balance_after: bigint;
  credit_balance_after: bigint;
  created_at: Date;
};

export type HoldRow = {
  pending_id: bigint;
  debit_account_id: bigint;
  credit_account_id: bigint;
  player_id: bigint | null;
  amount_minor: bigint;
  state: HoldState;
  expires_at: Date | null;
  resolved_by: bigint | null;
  resolved_at: Date | null;
};

type LedgerTables = {
  ledger_accounts: Omit<AccountRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
  ledger_transfers: TransferRow;
  ledger_holds: HoldRow;
};

/** One command of `ledger_apply` (see 0100_ledger.sql); bigints travel as strings in JSON. */
export type ApplyCommand = {
  i: number;
  op: 'single' | 'pending' | 'post' | 'void' | 'expire' | 'reversal';
  key: string;
  hash: string;
  debit?: bigint;
  credit?: bigint;
  amount?: bigint;
  currency?: string;
  reason?: string;
  object_type?: string;
  object_id?: string;
  actor_type: string;
  actor_id: string;
  memo?: string;
  pending_id?: bigint;
  reverses_id?: bigint;
  expires_at?: Date;
  requires?: string;
};

export type ApplyResult = {
  i: number;
  code: string;
  transfer_id: bigint | null;
  kind: TransferKind | null;
  debit_account_id: bigint | null;
  credit_account_id: bigint | null;
  amount_minor: bigint | null;
  currency: string | null;
  debit_balance_after: bigint | null;
  credit_balance_after: bigint | null;
  created_at: Date | null;
  replayed: boolean;
};

export type NetLossRow = { player_id: bigint; currency: string; loss_minor: bigint };

export type PlayerActivityRow = {
  player_id: bigint;
  currency: string;
  stakes_minor: bigint;
  wins_minor: bigint;
  bonus_converted_minor: bigint;
  first_deposit_at: Date | null;
  last_bet_at: Date | null;
};

export type MovementRow = {
  id: bigint;
  created_at: Date;
  kind: TransferKind;
  reason_code: string;
  amount_minor: bigint;
  currency: string;
  object_type: string;
  object_id: string;
  player_side: 'debit' | 'credit';
  player_account_kind: AccountKind;
  balance_after_minor: bigint;
  hold_state: HoldState | null;
};

export type MovementFilter = {
  player_id: bigint;
  reason_codes?: readonly string[];
  from?: Date;
  to?: Date;
  /** Only transfers about objects of this type whose id starts with this prefix. */
  object?: { type: string; id_prefix: string };
  /** Keyset paging (exports): only transfers with a smaller id. */
  id_below?: bigint;
  limit: number;
  offset: number;
};

/**
 * The two statements every batch runs: named, so each connection plans them once. The
 * batch's answer comes as arrays in this column order (see `resultOf`).
 */
const APPLY_SQL = preparedStatement(
  'ledger_apply',
  `select i, code, transfer_id, kind, debit_account_id, credit_account_id, amount_minor,
     currency, debit_balance_after, credit_balance_after, created_at, replayed
   from ledger_apply($1::jsonb)`,
  // Every row of one answer carries the same created_at (the transaction's now()).
  { rowMode: 'array', types: TIMESTAMPS_PARSED_ONCE },
);
/**
 * The same batch when commands carry domain events: one statement still, so the events of the
 * commands it applies commit with them (platform/outbox).
 */
const APPLY_WITH_EVENTS_SQL = preparedStatement(
  'ledger_apply_events',
  `with r as materialized (select * from ledger_apply($1::jsonb)),
   ev as (${ledgerEventsInsert('r', '$2')})
   select i, code, transfer_id, kind, debit_account_id, credit_account_id, amount_minor,
     currency, debit_balance_after, credit_balance_after, created_at, replayed
   from r`,
  { rowMode: 'array', types: TIMESTAMPS_PARSED_ONCE },
);
type ApplyRow = [
  number,
  string,
  bigint | null,
  TransferKind | null,
  bigint | null,
  bigint | null,
  bigint | null,
  string | null,
  bigint | null,
  bigint | null,
  Date | null,
  boolean,
];
const resultOf = (row: ApplyRow): ApplyResult => ({
  i: row[0],
  code: row[1],
  transfer_id: row[2],
  kind: row[3],
  debit_account_id: row[4],
  credit_account_id: row[5],
  amount_minor: row[6],
  currency: row[7],
  debit_balance_after: row[8],
  credit_balance_after: row[9],
  created_at: row[10],
  replayed: row[11],
});
const NOTIFY_SQL = preparedStatement(
  'ledger_notify',
  `select pg_notify('ledger_player', p) from unnest($1::text[]) p`,
);

/**
 * Runs of one batch when concurrent commits keep taking its keys. Each rerun reads every key
 * committed before it, so only a new race can fail it again; past this the error goes to the
 * batcher, which retries the commands one by one.
 */
const KEY_RACE_ATTEMPTS_MAX = 3;

/** A batch's INSERT met an idempotency key that a concurrent transaction committed. */
const isKeyRace = (error: unknown): boolean =>
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'ledger_transfers_idempotency_key';

/** A command as ledger_apply reads it: bigints as strings, one object shape for all. */
export const wire = (command: ApplyCommand) => ({
  i: command.i,
  op: command.op,
  key: command.key,
  hash: command.hash,
  debit: command.debit?.toString(),
  credit: command.credit?.toString(),
  amount: command.amount?.toString(),
  currency: command.currency,
  reason: command.reason,
  object_type: command.object_type,
  object_id: command.object_id,
  actor_type: command.actor_type,
  actor_id: command.actor_id,
  memo: command.memo,
  pending_id: command.pending_id?.toString(),
  reverses_id: command.reverses_id?.toString(),
  expires_at: command.expires_at?.toISOString(),
  requires: command.requires,
});

/** Transfers that give a player money back from play: wins, refunds, released stakes. */
const RETURNED = sql`((reason_code in ('win', 'bet_refund') and kind in ('single', 'post'))
  or (reason_code = 'bet' and kind = 'void'))`;

export class LedgerRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<LedgerTables>();
  }

  /**
   * One round trip, one database transaction, however many commands. A batch that met a key
   * committed meanwhile by another transaction was rolled back whole; it runs again, and the
   * rerun replays that key (migration 0104).
   */
  async apply(
    commands: readonly ApplyCommand[],
    events: readonly IndexedEvent[] | null = null,
  ): Promise<ApplyResult[]> {
    // A precompiled statement: the query builder's compile step is measurable per batch.
    const query =
      events === null
        ? CompiledQuery.raw(APPLY_SQL, [JSON.stringify(commands.map(wire))])
        : CompiledQuery.raw(APPLY_WITH_EVENTS_SQL, [
            JSON.stringify(commands.map(wire)),
            indexedEventsJson(events),
          ]);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return (await this.db.executeQuery<ApplyRow>(query)).rows.map(resultOf);
      } catch (error) {
        if (attempt >= KEY_RACE_ATTEMPTS_MAX || !isKeyRace(error)) throw error;
      }
    }
  }

  /** Who owns these accounts (player id, or null for house accounts). */
  async accountOwners(ids: readonly bigint[]): Promise<{ id: bigint; player_id: bigint | null }[]> {
    return this.db
      .selectFrom('ledger_accounts')
      .select(['id', 'player_id'])
      .where('id', 'in', ids)
      .execute();
  }

  /** One NOTIFY per payload on the ledger's channel, in one statement (see ChangeNotifier). */
  async notifyPlayers(payloads: readonly string[]): Promise<void> {
    await this.db.executeQuery(CompiledQuery.raw(NOTIFY_SQL, [payloads]));
  }

  /**
   * Creates the account if missing and returns its id. Which currencies the ledger holds is the
   * service's rule; the foreign keys refuse an unknown player or currency.
   */
  async ensureAccount(
    account: Pick<AccountRow, 'owner_type' | 'player_id' | 'currency' | 'kind' | 'purpose'> & {
      shard: number;
    },
  ): Promise<bigint> {
    const conflictTarget =
      account.owner_type === 'player'
        ? sql`(player_id, currency, kind) where owner_type = 'player'`
        : sql`(kind, purpose, currency, shard) where owner_type = 'house'`;
    await sql`
      insert into ledger_accounts (owner_type, player_id, currency, kind, purpose, shard)
      values (${account.owner_type}, ${account.player_id}, ${account.currency}, ${account.kind},
        ${account.purpose}, ${account.shard})
      on conflict ${conflictTarget} do nothing`.execute(this.db);
    return (await this.accountId(account))!;
  }

  async accountId(
    account: Pick<AccountRow, 'owner_type' | 'player_id' | 'currency' | 'kind' | 'purpose'> & {
      shard: number;
    },
  ): Promise<bigint | null> {
    let query = this.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_type', '=', account.owner_type)
      .where('currency', '=', account.currency)
      .where('kind', '=', account.kind);
    query =
      account.owner_type === 'player'
        ? query.where('player_id', '=', account.player_id)
        : query.where('purpose', '=', account.purpose).where('shard', '=', account.shard);
    const row = await query.executeTakeFirst();
    return row?.id ?? null;
  }

  account(id: bigint): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<AccountRow | undefined>;
  }

  playerAccounts(player_id: bigint): Promise<AccountRow[]> {
    return this.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('owner_type', '=', 'player')
      .execute() as Promise<AccountRow[]>;
  }

  /** Balances of a house purpose: the sum over its shards. */
  async houseBalance(kind: HouseKind, purpose: string, currency: string) {
    const row = await this.db
      .selectFrom('ledger_accounts')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<bigint>('balance_minor'), sql<bigint>`0::bigint`).as('balance'),
        eb.fn.coalesce(eb.fn.sum<bigint>('reserved_minor'), sql<bigint>`0::bigint`).as('reserved'),
      ])
      .where('owner_type', '=', 'house')
      .where('kind', '=', kind)
      .where('purpose', '=', purpose)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    // sum() of bigint is numeric in PostgreSQL, which pg returns as a string.
    return { balance_minor: BigInt(row.balance), reserved_minor: BigInt(row.reserved) };
  }

  async setAccountStatus(id: bigint, status: 'open' | 'closed'): Promise<boolean> {
    const result = await this.db
      .updateTable('ledger_accounts')
      .set({ status })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  transfer(id: bigint): Promise<TransferRow | undefined> {
    return this.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  transferByKey(key: string): Promise<TransferRow | undefined> {
    return this.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  hold(pending_id: bigint): Promise<HoldRow | undefined> {
    return this.db
      .selectFrom('ledger_holds')
      .selectAll()
      .where('pending_id', '=', pending_id)
      .executeTakeFirst();
  }

  /** Open holds past their expiry, oldest first. */
  async dueHolds(limit: number): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('ledger_holds')
      .select('pending_id')
      .where('state', '=', 'open')
      .where('expires_at', '<=', sql<Date>`now()`)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.pending_id);
  }

  /**
   * A player's movements, newest first: completed transfers, and holds that are open or
   * were released (a posted hold is shown by its post). A transfer between two of the
   * player's own accounts is listed once, from the side it credits.
   */
  /**
   * Real-money net losses in [from, to): per player and currency, stakes paid from cash minus
   * wins and refunds paid into cash, where positive. Bonus-funded play is left out (cashback
   * is on the player's own money). Reads the BRIN index on created_at.
   */
  async netCashLosses(from: Date, to: Date): Promise<NetLossRow[]> {
    const result = await sql<{ player_id: string; currency: string; loss: string }>`
      select t.player_id, t.currency,
        coalesce(sum(t.amount_minor) filter (where t.reason_code = 'bet' and da.kind = 'player_cash'), 0)
        - coalesce(sum(t.amount_minor) filter (where t.reason_code in ('win', 'bet_refund') and ca.kind = 'player_cash'), 0) as loss
      from ledger_transfers t
      join ledger_accounts da on da.id = t.debit_account_id
      join ledger_accounts ca on ca.id = t.credit_account_id
      where t.created_at >= ${from} and t.created_at < ${to}
        and t.player_id is not null
        and t.kind in ('single', 'post')
        and t.reason_code in ('bet', 'win', 'bet_refund')
      group by t.player_id, t.currency
      having coalesce(sum(t.amount_minor) filter (where t.reason_code = 'bet' and da.kind = 'player_cash'), 0)
        > coalesce(sum(t.amount_minor) filter (where t.reason_code in ('win', 'bet_refund') and ca.kind = 'player_cash'), 0)
      order by t.player_id, t.currency`.execute(this.db);
    return result.rows.map((row) => ({
      player_id: BigInt(row.player_id),
      currency: row.currency,
      loss_minor: BigInt(row.loss),
    }));
  }

  /**
   * What play gave a player back since each moment, in one currency: wins and refunds paid,
   * and stakes whose hold was released (the protection module's loss limits).
   */
  async returnedSince(
    player_id: bigint,
    currency: string,
    since: readonly Date[],
  ): Promise<bigint[]> {
    if (since.length === 0) return [];
    const oldest = since.reduce((a, b) => (a < b ? a : b));
    const result = await sql<{ amount: string }>`
      select coalesce(sum(t.amount_minor) filter (where t.created_at >= s.since), 0)::text as amount
        from unnest(${since}::timestamptz[]) with ordinality s (since, n)
        left join ledger_transfers t
          on t.player_id = ${player_id} and t.currency = ${currency}
         and t.created_at >= ${oldest} and ${RETURNED}
       group by s.n order by s.n`.execute(this.db);
    return result.rows.map((row) => BigInt(row.amount));
  }

  /** Stakes and returns since a moment, in one currency (the reality check's figures). */
  async playSince(player_id: bigint, currency: string, since: Date) {
    const result = await sql<{ staked: string; returned: string }>`
      select
        coalesce(sum(amount_minor) filter (where reason_code = 'bet' and kind in ('single', 'pending')), 0)::text as staked,
        coalesce(sum(amount_minor) filter (where ${RETURNED}), 0)::text as returned
        from ledger_transfers
       where player_id = ${player_id} and currency = ${currency} and created_at >= ${since}`.execute(
      this.db,
    );
    const row = result.rows[0]!;
    return { staked: BigInt(row.staked), returned: BigInt(row.returned) };
  }

  /**
   * A player's stakes since a moment, summed per currency and hour, each hour stamped with its
   * end (so a window that starts inside an hour still counts all of it: never less than played).
   */
  async stakesByHour(player_id: bigint, since: Date) {
    const result = await sql<{ currency: string; at: Date; amount: string }>`
      select currency, least(date_trunc('hour', created_at) + interval '1 hour', now()) as at,
             sum(amount_minor)::text as amount
        from ledger_transfers
       where player_id = ${player_id} and created_at >= ${since}
         and reason_code = 'bet' and kind in ('single', 'pending')
       group by 1, 2 order by 2`.execute(this.db);
    return result.rows.map((row) => ({
      currency: row.currency,
      at: row.at,
      amount_minor: BigInt(row.amount),
    }));
  }

  async playerActivity(
    player_ids: readonly bigint[],
    from: Date,
    to: Date,
  ): Promise<PlayerActivityRow[]> {
    if (player_ids.length === 0) return [];
    const result = await sql<{
      player_id: string;
      currency: string;
      stakes: string;
      wins: string;
      bonus_converted: string;
      first_deposit_at: Date | null;
      last_bet_at: Date | null;
    }>`
      select t.player_id, t.currency,
        coalesce(sum(t.amount_minor) filter (where t.reason_code = 'bet' and t.kind in ('single', 'post')
          and t.created_at >= ${from} and t.created_at < ${to}), 0) as stakes,
        coalesce(sum(t.amount_minor) filter (where t.reason_code in ('win', 'bet_refund')
          and t.created_at >= ${from} and t.created_at < ${to}), 0) as wins,
        coalesce(sum(t.amount_minor) filter (where t.reason_code = 'bonus_convert'
          and t.created_at >= ${from} and t.created_at < ${to}), 0) as bonus_converted,
        min(t.created_at) filter (where t.reason_code = 'deposit') as first_deposit_at,
        max(t.created_at) filter (where t.reason_code = 'bet') as last_bet_at
      from ledger_transfers t
      where t.player_id = any(${sql.val(player_ids.map(String))}::bigint[])
      group by t.player_id, t.currency`.execute(this.db);
    return result.rows.map((row) => ({
      player_id: BigInt(row.player_id),
      currency: row.currency,
      stakes_minor: BigInt(row.stakes),
      wins_minor: BigInt(row.wins),
      bonus_converted_minor: BigInt(row.bonus_converted),
      first_deposit_at: row.first_deposit_at,
      last_bet_at: row.last_bet_at,
    }));
  }

  async movements(filter: MovementFilter): Promise<{ rows: MovementRow[]; total: number }> {
    let base = this.db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as ca', 'ca.id', 't.credit_account_id')
      .innerJoin('ledger_accounts as da', 'da.id', 't.debit_account_id')
      .leftJoin('ledger_holds as h', 'h.pending_id', 't.id')
      .where('t.player_id', '=', filter.player_id)
      .where((eb) =>
        eb.or([
          eb('t.kind', 'in', ['single', 'post', 'reversal']),
          eb.and([eb('t.kind', '=', 'pending'), eb('h.state', '<>', 'posted')]),
        ]),
      );
    if (filter.reason_codes) base = base.where('t.reason_code', 'in', [...filter.reason_codes]);
    if (filter.from) base = base.where('t.created_at', '>=', filter.from);
    if (filter.to) base = base.where('t.created_at', '<', filter.to);
    if (filter.id_below !== undefined) base = base.where('t.id', '<', filter.id_below);
    if (filter.object) {
      const prefix = filter.object.id_prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      base = base
        .where('t.object_type', '=', filter.object.type)
        .where('t.object_id', 'like', `${prefix}%`);
    }
    const [rows, total] = await Promise.all([
      base
        .select([
          't.id',
          't.created_at',
          't.kind',
          't.reason_code',
          't.amount_minor',
          't.currency',
          't.object_type',
          't.object_id',
          'h.state as hold_state',
          sql<
            'debit' | 'credit'
          >`case when ca.player_id = ${filter.player_id} then 'credit' else 'debit' end`.as(
            'player_side',
          ),
          sql<AccountKind>`case when ca.player_id = ${filter.player_id} then ca.kind else da.kind end`.as(
            'player_account_kind',
          ),
          sql<bigint>`case when ca.player_id = ${filter.player_id} then t.credit_balance_after else t.debit_balance_after end`.as(
            'balance_after_minor',
          ),
        ])
        .orderBy('t.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as MovementRow[], total: Number(total.count) };
  }

  /**
   * One player's completed deposits and withdrawals in a period, summed per currency (a
   * reservation counts once posted). Reversals are left out: they carry their own reason.
   */
  async playerCashFlow(player_id: bigint, from: Date | undefined, to: Date | undefined) {
    let query = this.db
      .selectFrom('ledger_transfers')
      .select((eb) => ['currency', 'reason_code', eb.fn.sum<string>('amount_minor').as('amount')])
      .where('player_id', '=', player_id)
      .where('kind', 'in', ['single', 'post'])
      .where('reason_code', 'in', ['deposit', 'withdrawal']);
    if (from) query = query.where('created_at', '>=', from);
    if (to) query = query.where('created_at', '<', to);
    const rows = await query.groupBy(['currency', 'reason_code']).execute();
    return rows.map((row) => ({
      currency: row.currency,
      reason_code: row.reason_code as 'deposit' | 'withdrawal',
      amount_minor: BigInt(row.amount),
    }));
  }

  /** Money-moving transfers in a period, summed per currency and reason. */
  async totals(from: Date, to: Date) {
    const rows = await this.db
      .selectFrom('ledger_transfers')
      .select((eb) => [
        'currency',
        'reason_code',
        eb.fn.sum<string>('amount_minor').as('amount'),
        eb.fn.countAll<bigint>().as('count'),
      ])
      .where('kind', 'in', ['single', 'post', 'reversal'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['currency', 'reason_code'])
      .orderBy('currency')
      .orderBy('reason_code')
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      reason_code: row.reason_code,
      amount_minor: BigInt(row.amount),
      count: Number(row.count),
    }));
  }

  /** Players whose first completed deposit ever falls in [from, to), per UTC day (FTD). */
  async firstDepositsByDay(from: Date, to: Date) {
    const { rows } = await sql<{ day: string; count: string }>`
      select to_char(first_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as count
      from (
        select player_id, min(created_at) as first_at
        from ledger_transfers
        where reason_code = 'deposit' and kind in ('single', 'post') and player_id is not null
        group by player_id
      ) firsts
      where first_at >= ${from} and first_at < ${to}
      group by 1`.execute(this.db);
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  /** The player's transfers for their data export (JSON text; the input hashes left out). */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'ledger_transfers', player_id, ['input_hash']);
  }
}
