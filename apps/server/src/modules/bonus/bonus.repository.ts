import { PROMOTION_KINDS } from '@casino/contracts';
import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

export { PROMOTION_KINDS };
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export type BonusStatus = 'active' | 'completed' | 'expired' | 'forfeited' | 'lost';
/** Decision 0805: where stakes come from while a bonus runs. */
export type SpendingOrder = 'cash_first' | 'bonus_first';
/** Minor units per currency code. */
export type AmountsByCurrency = Record<string, number>;
export type Texts = Record<string, string>;

export type PromotionRow = {
  id: bigint;
  code: string | null;
  kind: PromotionKind;
  title: Texts;
  terms: Texts;
  percent: string | null;
  max_bonus: AmountsByCurrency;
  min_deposit: AmountsByCurrency;
  fixed_amount: AmountsByCurrency;
  max_bet: AmountsByCurrency;
  cashback_period: 'daily' | 'weekly' | null;
  min_loss: AmountsByCurrency;
  /** free_spins: how many, on which catalogue games (the bet per spin is `fixed_amount`). */
  free_spins: number | null;
  free_spin_games: string[] | null;
  wagering_multiplier: number;
  wagering_base: 'bonus' | 'bonus_plus_deposit';
  contributions: Record<string, number>;
  max_conversion_multiplier: string | null;
  expiry_days: number;
  per_player_limit: number;
  total_limit: number | null;
  countries: string[] | null;
  currencies: string[] | null;
  auto_first_deposit: boolean;
  starts_at: Date;
  ends_at: Date | null;
  enabled: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
};

export type BonusRow = {
  id: bigint;
  player_id: bigint;
  promotion_id: bigint;
  currency: string;
  amount_minor: bigint;
  locked_deposit_minor: bigint;
  wagering_required_minor: bigint;
  wagered_minor: bigint;
  max_bet_minor: bigint | null;
  status: BonusStatus;
  grant_transfer_id: bigint | null;
  end_transfer_id: bigint | null;
  source_ref: string;
  converted_minor: bigint | null;
  /** What is left of it: the amount (cash first) or what bonus-funded bets left (bonus first). */
  balance_minor: bigint;
  /** Bonus-funded bets not yet settled: the bonus does not end while any is open. */
  open_stakes: number;
  granted_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};

/** A bonus-funded bet (decision 0805): an original's bet or a studio round. */
export type BonusBetRow = {
  bet_ref: string;
  bonus_id: bigint;
  player_id: bigint;
  currency: string;
  house_purpose: string;
  status: 'open' | 'closed';
  staked_minor: bigint;
  returned_minor: bigint;
  created_at: Date;
  closed_at: Date | null;
};

/** One stake or return of such a bet; the ledger transfer is keyed by `move_ref`. */
export type BonusMoveRow = {
  move_ref: string;
  bet_ref: string;
  kind: 'stake' | 'return';
  amount_minor: bigint;
  status: 'pending' | 'booked' | 'refused';
  transfer_id: bigint | null;
  created_at: Date;
};

export type RiskFlagKind = 'duplicate_person' | 'shared_address' | 'both_sides';
export type RiskFlagRow = {
  id: bigint;
  player_id: bigint;
  bonus_id: bigint | null;
  promotion_id: bigint | null;
  kind: RiskFlagKind;
  evidence: Record<string, unknown>;
  dedupe_key: string;
  created_at: Date;
  reviewed_at: Date | null;
  reviewed_by: bigint | null;
  review_note: string | null;
};

export type FreeBetRow = {
  id: bigint;
  player_id: bigint;
  promotion_id: bigint;
  currency: string;
  amount_minor: bigint;
  status: 'available' | 'locked' | 'used' | 'expired';
  bet_ref: string | null;
  source_ref: string;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
};

type BonusTables = {
  free_bets: Omit<FreeBetRow, 'id' | 'status' | 'created_at' | 'updated_at'> & {
    id: Generated<bigint>;
    status: Generated<FreeBetRow['status']>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  bonus_risk_flags: Omit<RiskFlagRow, 'id' | 'created_at' | 'evidence'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
    evidence: string;
  };
  bonus_bet_selections: {
    bonus_id: bigint;
    bet_ref: string;
    market_id: string;
    selection_id: string;
  };
  promotions: Omit<PromotionRow, 'id' | 'created_at' | 'updated_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  bonuses: Omit<BonusRow, 'id' | 'wagered_minor' | 'status' | 'granted_at' | 'open_stakes'> & {
    id: Generated<bigint>;
    wagered_minor: Generated<bigint>;
    status: Generated<BonusStatus>;
    granted_at: Generated<Date>;
    open_stakes: Generated<number>;
  };
  bonus_settings: { id: number; spending_order: SpendingOrder; updated_at: Generated<Date> };
  bonus_bets: Omit<BonusBetRow, 'status' | 'created_at' | 'closed_at'> & {
    status: Generated<BonusBetRow['status']>;
    created_at: Generated<Date>;
    closed_at: Date | null;
  };
  bonus_moves: Omit<BonusMoveRow, 'status' | 'created_at' | 'transfer_id'> & {
    status: Generated<BonusMoveRow['status']>;
    created_at: Generated<Date>;
    transfer_id: bigint | null;
  };
  bonus_wagers: {
    bonus_id: bigint;
    bet_ref: string;
    product: string;
    category: string;
    stake_minor: bigint;
    counted_minor: bigint;
    created_at: Generated<Date>;
  };
};

export type NewPromotion = Omit<
  PromotionRow,
  'id' | 'created_at' | 'updated_at' | 'free_spins' | 'free_spin_games'
> &
  Partial<Pick<PromotionRow, 'free_spins' | 'free_spin_games'>>;
export type NewBonus = Omit<
  BonusRow,
  | 'id'
  | 'wagered_minor'
  | 'status'
  | 'granted_at'
  | 'grant_transfer_id'
  | 'end_transfer_id'
  | 'converted_minor'
  | 'ended_at'
  | 'balance_minor'
  | 'open_stakes'
>;
export type BonusTx = Transaction<BonusTables>;

const JSON_COLUMNS = [
  'title',
  'terms',
  'max_bonus',
  'min_deposit',
  'fixed_amount',
  'max_bet',
  'min_loss',
  'contributions',
] as const;

/** jsonb columns are sent as JSON text (pg would send a JS object as a PostgreSQL record). */
function promotionValues(input: Partial<NewPromotion>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...input };
  for (const column of JSON_COLUMNS) {
    if (input[column] !== undefined) values[column] = JSON.stringify(input[column]);
  }
  return values;
}

/**
 * Carries the id of a player whose running bonuses changed (one started or ended; a trigger on
 * bonuses, migration 0860): every instance drops what it keeps of them (the max bet).
 */
export const BONUS_PLAYER_CHANNEL = 'bonus_player';

export class BonusRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<BonusTables>();
  }

  transaction<T>(work: (tx: BonusTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async createPromotion(input: NewPromotion): Promise<PromotionRow> {
    return (await this.db
      .insertInto('promotions')
      .values(promotionValues(input) as never)
      .returningAll()
      .executeTakeFirstOrThrow()) as PromotionRow;
  }

  async updatePromotion(id: bigint, patch: Partial<NewPromotion>): Promise<PromotionRow | null> {
    const row = await this.db
      .updateTable('promotions')
      .set({ ...promotionValues(patch), updated_at: new Date() } as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return (row as PromotionRow | undefined) ?? null;
  }

  async promotion(id: bigint, tx: BonusTx | null = null): Promise<PromotionRow | null> {
    const row = await (tx ?? this.db)
      .selectFrom('promotions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return (row as PromotionRow | undefined) ?? null;
  }

  async promotionByCode(code: string): Promise<PromotionRow | null> {
    const row = await this.db
      .selectFrom('promotions')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return (row as PromotionRow | undefined) ?? null;
  }

  async promotions(options: { live_at?: Date } = {}): Promise<PromotionRow[]> {
    let query = this.db.selectFrom('promotions').selectAll();
    if (options.live_at) {
      const at = options.live_at;
      query = query
        .where('enabled', '=', true)
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]));
    }
    return (await query.orderBy('sort_order').orderBy('id', 'desc').execute()) as PromotionRow[];
  }

  /** The first-deposit offer, if the operator runs one. */
  /** Cashback promotions running at `at` (their periods that ended before it are due). */
  async liveCashback(at: Date): Promise<PromotionRow[]> {
    return (await this.db
      .selectFrom('promotions')
      .selectAll()
      .where('kind', '=', 'cashback')
      .where('enabled', '=', true)
      .where('starts_at', '<=', at)
      .orderBy('id')
      .execute()) as PromotionRow[];
  }

  async autoFirstDeposit(at: Date): Promise<PromotionRow[]> {
    return (await this.db
      .selectFrom('promotions')
      .selectAll()
      .where('auto_first_deposit', '=', true)
      .where('enabled', '=', true)
      .where('starts_at', '<=', at)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
      .orderBy('sort_order')
      .execute()) as PromotionRow[];
  }

  /** Locks the promotion row: grants of one promotion are decided one at a time (limits hold). */
  async lockPromotion(tx: BonusTx, id: bigint): Promise<void> {
    await tx
      .selectFrom('promotions')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async grantCounts(tx: BonusTx, promotion_id: bigint, player_id: bigint) {
    const row = await tx
      .selectFrom('bonuses')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where player_id = ${player_id})`.as('player'),
      ])
      .where('promotion_id', '=', promotion_id)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), player: Number(row.player) };
  }

  async bonusBySource(
    tx: BonusTx | null,
    promotion_id: bigint,
    source_ref: string,
  ): Promise<BonusRow | null> {
    const row = await (tx ?? this.db)
      .selectFrom('bonuses')
      .selectAll()
      .where('promotion_id', '=', promotion_id)
      .where('source_ref', '=', source_ref)
      .executeTakeFirst();
    return (row as BonusRow | undefined) ?? null;
  }

  async insertBonus(tx: BonusTx, bonus: NewBonus): Promise<BonusRow> {
    return (await tx
      .insertInto('bonuses')
      .values({ ...bonus, balance_minor: bonus.amount_minor })
      .returningAll()
      .executeTakeFirstOrThrow()) as BonusRow;
  }

  async playersWithActiveBonus(player_ids: readonly bigint[]): Promise<bigint[]> {
    const rows = await this.db
      .selectFrom('bonuses')
      .select('player_id')
      .distinct()
      .where('player_id', 'in', player_ids)
      .where('status', '=', 'active')
      .execute();
    return rows.map((row) => row.player_id);
  }

  async bonus(id: bigint): Promise<BonusRow | null> {
    const row = await this.db
      .selectFrom('bonuses')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return (row as BonusRow | undefined) ?? null;
  }

  async bonusesOf(player_id: bigint, limit = 50): Promise<BonusRow[]> {
    return (await this.db
      .selectFrom('bonuses')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('granted_at', 'desc')
      .limit(limit)
      .execute()) as BonusRow[];
  }

  /** Active bonuses, oldest first, locked for the wagering update. */
  async activeForUpdate(tx: BonusTx, player_id: bigint, currency: string): Promise<BonusRow[]> {
    return (await tx
      .selectFrom('bonuses')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('currency', '=', currency)
      .where('status', '=', 'active')
      .orderBy('granted_at')
      .forUpdate()
      .execute()) as BonusRow[];
  }

  async lockBonus(tx: BonusTx, id: bigint): Promise<BonusRow | null> {
    const row = await tx
      .selectFrom('bonuses')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return (row as BonusRow | undefined) ?? null;
  }

  /** Records a bet's contribution once; false when this bet was counted before. */
  async countWager(
    tx: BonusTx,
    entry: {
      bonus_id: bigint;
      bet_ref: string;
      product: string;
      category: string;
      stake_minor: bigint;
      counted_minor: bigint;
    },
  ): Promise<boolean> {
    const inserted = await tx
      .insertInto('bonus_wagers')
      .values(entry)
      .onConflict((conflict) => conflict.columns(['bonus_id', 'bet_ref']).doNothing())
      .returning('bonus_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async setWagered(tx: BonusTx, id: bigint, wagered_minor: bigint) {
    await tx.updateTable('bonuses').set({ wagered_minor }).where('id', '=', id).execute();
  }

  async endBonus(
    tx: BonusTx,
    id: bigint,
    status: Exclude<BonusStatus, 'active'>,
    converted_minor: bigint | null,
  ) {
    await tx
      .updateTable('bonuses')
      .set({ status, converted_minor, ended_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .execute();
  }

  async setGrantTransfer(id: bigint, transfer_id: bigint) {
    await this.db
      .updateTable('bonuses')
      .set({ grant_transfer_id: transfer_id })
      .where('id', '=', id)
      .execute();
  }

  async setEndTransfer(id: bigint, transfer_id: bigint) {
    await this.db
      .updateTable('bonuses')
      .set({ end_transfer_id: transfer_id })
      .where('id', '=', id)
      .execute();
  }

  /** Bonuses whose grant or end transfer a crash left unsent. */
  async unsent(limit: number): Promise<BonusRow[]> {
    return (await this.db
      .selectFrom('bonuses')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('grant_transfer_id', 'is', null),
          eb.and([
            eb('status', '<>', 'active'),
            eb('end_transfer_id', 'is', null),
            eb('balance_minor', '>', 0n),
          ]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute()) as BonusRow[];
  }

  // --- spending order (decision 0805) ------------------------------------------------

  async spendingOrder(): Promise<SpendingOrder> {
    const row = await this.db
      .selectFrom('bonus_settings')
      .select('spending_order')
      .executeTakeFirst();
    return row?.spending_order ?? 'cash_first';
  }

  async setSpendingOrder(spending_order: SpendingOrder): Promise<void> {
    await this.db
      .updateTable('bonus_settings')
      .set({ spending_order, updated_at: new Date() })
      .where('id', '=', 1)
      .execute();
  }

  /** The oldest running bonus whose balance covers a stake (its grant booked). */
  async fundingBonus(player_id: bigint, currency: string, amount_minor: bigint) {
    const row = await this.db
      .selectFrom('bonuses')
      .select('id')
      .where('player_id', '=', player_id)
      .where('currency', '=', currency)
      .where('status', '=', 'active')
      .where('grant_transfer_id', 'is not', null)
      .where('balance_minor', '>=', amount_minor)
      .orderBy('granted_at')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** What the running bonuses (grants booked) have left. */
  async runningBalance(player_id: bigint, currency: string): Promise<bigint> {
    const row = await this.db
      .selectFrom('bonuses')
      .select(sql<string>`coalesce(sum(balance_minor), 0)`.as('left'))
      .where('player_id', '=', player_id)
      .where('currency', '=', currency)
      .where('status', '=', 'active')
      .where('grant_transfer_id', 'is not', null)
      .executeTakeFirstOrThrow();
    return BigInt(row.left);
  }

  async bonusBet(bet_ref: string, tx: BonusTx | null = null, lock = false) {
    let query = (tx ?? this.db).selectFrom('bonus_bets').selectAll().where('bet_ref', '=', bet_ref);
    if (lock) query = query.forUpdate();
    return ((await query.executeTakeFirst()) as BonusBetRow | undefined) ?? null;
  }

  async openBonusBet(
    tx: BonusTx,
    row: Pick<BonusBetRow, 'bet_ref' | 'bonus_id' | 'player_id' | 'currency' | 'house_purpose'>,
  ): Promise<BonusBetRow> {
    return (await tx
      .insertInto('bonus_bets')
      .values({ ...row, staked_minor: 0n, returned_minor: 0n, closed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow()) as BonusBetRow;
  }

  /** Adds to a bet's stakes and returns (negative: a refused stake taken back). */
  async addToBonusBet(tx: BonusTx, bet_ref: string, staked: bigint, returned: bigint) {
    return (await tx
      .updateTable('bonus_bets')
      .set((eb) => ({
        staked_minor: eb('staked_minor', '+', staked),
        returned_minor: eb('returned_minor', '+', returned),
      }))
      .where('bet_ref', '=', bet_ref)
      .returningAll()
      .executeTakeFirstOrThrow()) as BonusBetRow;
  }

  async closeBonusBet(tx: BonusTx, bet_ref: string) {
    await tx
      .updateTable('bonus_bets')
      .set({ status: 'closed', closed_at: new Date() })
      .where('bet_ref', '=', bet_ref)
      .where('status', '=', 'open')
      .execute();
  }

  async bonusMove(move_ref: string, tx: BonusTx | null = null, lock = false) {
    let query = (tx ?? this.db)
      .selectFrom('bonus_moves')
      .selectAll()
      .where('move_ref', '=', move_ref);
    if (lock) query = query.forUpdate();
    return ((await query.executeTakeFirst()) as BonusMoveRow | undefined) ?? null;
  }

  async insertBonusMove(
    tx: BonusTx,
    row: Pick<BonusMoveRow, 'move_ref' | 'bet_ref' | 'kind' | 'amount_minor'>,
  ): Promise<BonusMoveRow> {
    return (await tx
      .insertInto('bonus_moves')
      .values({ ...row, transfer_id: null })
      .returningAll()
      .executeTakeFirstOrThrow()) as BonusMoveRow;
  }

  async setBonusMove(
    move_ref: string,
    change: { status: 'booked'; transfer_id: bigint } | { status: 'refused' },
    tx: BonusTx | null = null,
  ) {
    await (tx ?? this.db)
      .updateTable('bonus_moves')
      .set(change)
      .where('move_ref', '=', move_ref)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Moves whose transfer a crash left unbooked (older than `before`). */
  async pendingMoves(before: Date, limit: number): Promise<BonusMoveRow[]> {
    return (await this.db
      .selectFrom('bonus_moves')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute()) as BonusMoveRow[];
  }

  /** Moves a bonus's balance and its count of open stakes (under its row lock). */
  async moveBalance(tx: BonusTx, id: bigint, delta_minor: bigint, open_delta: number) {
    return (await tx
      .updateTable('bonuses')
      .set((eb) => ({
        balance_minor: eb('balance_minor', '+', delta_minor),
        open_stakes: eb('open_stakes', '+', open_delta),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as BonusRow;
  }

  async dueToExpire(at: Date, limit: number): Promise<BonusRow[]> {
    return (await this.db
      .selectFrom('bonuses')
      .selectAll()
      .where('status', '=', 'active')
      .where('expires_at', '<=', at)
      // One with bonus-funded bets open expires when the last settles (spending.settle).
      .where('open_stakes', '=', 0)
      .orderBy('expires_at')
      .limit(limit)
      .execute()) as BonusRow[];
  }

  /** Cash that active bonuses lock (wagering base bonus + deposit). */
  async lockedCash(player_id: bigint, currency: string): Promise<bigint> {
    const row = await this.db
      .selectFrom('bonuses')
      .select(sql<string>`coalesce(sum(locked_deposit_minor), 0)`.as('locked'))
      .where('player_id', '=', player_id)
      .where('currency', '=', currency)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return BigInt(row.locked);
  }

  async hasBonusFrom(player_id: bigint, promotion_id: bigint): Promise<boolean> {
    const row = await this.db
      .selectFrom('bonuses')
      .select('id')
      .where('player_id', '=', player_id)
      .where('promotion_id', '=', promotion_id)
      .executeTakeFirst();
    return row !== undefined;
  }

  // --- abuse controls --------------------------------------------------------------

  /** Records a flag once per `dedupe_key`; true when it is new. */
  async flag(
    row: Pick<RiskFlagRow, 'player_id' | 'bonus_id' | 'promotion_id' | 'kind' | 'dedupe_key'> & {
      evidence: Record<string, unknown>;
    },
    tx?: BonusTx,
  ): Promise<boolean> {
    const inserted = await (tx ?? this.db)
      .insertInto('bonus_risk_flags')
      .values({
        ...row,
        evidence: JSON.stringify(row.evidence),
        reviewed_at: null,
        reviewed_by: null,
        review_note: null,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  flags(filter: { open_only: boolean; limit: number }): Promise<RiskFlagRow[]> {
    let query = this.db.selectFrom('bonus_risk_flags').selectAll();
    if (filter.open_only) query = query.where('reviewed_at', 'is', null);
    return query.orderBy('id', 'desc').limit(filter.limit).execute() as unknown as Promise<
      RiskFlagRow[]
    >;
  }

  async reviewFlag(id: bigint, staff_id: bigint, note: string): Promise<RiskFlagRow | null> {
    return ((await this.db
      .updateTable('bonus_risk_flags')
      .set({ reviewed_at: new Date(), reviewed_by: staff_id, review_note: note })
      .where('id', '=', id)
      .where('reviewed_at', 'is', null)
      .returningAll()
      .executeTakeFirst()) ?? null) as RiskFlagRow | null;
  }

  /**
   * Remembers the selections of a bet that counted towards a bonus and answers the other
   * selections of the same markets already backed while wagering the same bonus.
   */
  async recordSelections(
    tx: BonusTx,
    bonus_id: bigint,
    bet_ref: string,
    selections: ReadonlyArray<{ market_id: string; selection_id: string }>,
  ): Promise<Array<{ market_id: string; selection_id: string; bet_ref: string }>> {
    if (selections.length === 0) return [];
    await tx
      .insertInto('bonus_bet_selections')
      .values(selections.map((s) => ({ bonus_id, bet_ref, ...s })))
      .onConflict((conflict) => conflict.columns(['bonus_id', 'bet_ref', 'market_id']).doNothing())
      .execute();
    const rows = await tx
      .selectFrom('bonus_bet_selections')
      .select(['market_id', 'selection_id', 'bet_ref'])
      .where('bonus_id', '=', bonus_id)
      .where(
        'market_id',
        'in',
        selections.map((s) => s.market_id),
      )
      .where('bet_ref', '<>', bet_ref)
      .execute();
    return rows.filter((row) =>
      selections.some((s) => s.market_id === row.market_id && s.selection_id !== row.selection_id),
    );
  }

  /** Whether any of these players has had a bonus of this promotion. */
  async anyHadPromotion(
    player_ids: readonly bigint[],
    promotion_id: bigint,
  ): Promise<bigint | null> {
    if (player_ids.length === 0) return null;
    const row = await this.db
      .selectFrom('bonuses')
      .select('player_id')
      .where('promotion_id', '=', promotion_id)
      .where('player_id', 'in', [...player_ids])
      .limit(1)
      .executeTakeFirst();
    return row?.player_id ?? null;
  }

  // --- free bets -----------------------------------------------------------------

  freeBetBySource(tx: BonusTx, promotion_id: bigint, source_ref: string) {
    return tx
      .selectFrom('free_bets')
      .selectAll()
      .where('promotion_id', '=', promotion_id)
      .where('source_ref', '=', source_ref)
      .executeTakeFirst() as Promise<FreeBetRow | undefined>;
  }

  async freeBetCounts(tx: BonusTx, promotion_id: bigint, player_id: bigint) {
    const row = await tx
      .selectFrom('free_bets')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where player_id = ${player_id})`.as('player'),
      ])
      .where('promotion_id', '=', promotion_id)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), player: Number(row.player) };
  }

  insertFreeBet(
    tx: BonusTx,
    row: Omit<FreeBetRow, 'id' | 'status' | 'bet_ref' | 'created_at' | 'updated_at'>,
  ): Promise<FreeBetRow> {
    return tx
      .insertInto('free_bets')
      .values({ ...row, bet_ref: null })
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<FreeBetRow>;
  }

  freeBetsOf(player_id: bigint, limit = 100): Promise<FreeBetRow[]> {
    return this.db
      .selectFrom('free_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<FreeBetRow[]>;
  }

  /**
   * Takes an available, unexpired token of the player for a bet, in one statement (two bets
   * racing for one token: one wins). A retry with the same bet finds its own lock.
   */
  async lockFreeBet(id: bigint, player_id: bigint, bet_ref: string): Promise<FreeBetRow | null> {
    const locked = await this.db
      .updateTable('free_bets')
      .set({ status: 'locked', bet_ref, updated_at: new Date() })
      .where('id', '=', id)
      .where('player_id', '=', player_id)
      .where('status', '=', 'available')
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (locked) return locked as FreeBetRow;
    const mine = await this.db
      .selectFrom('free_bets')
      .selectAll()
      .where('id', '=', id)
      .where('player_id', '=', player_id)
      .where('bet_ref', '=', bet_ref)
      .executeTakeFirst();
    return (mine as FreeBetRow | undefined) ?? null;
  }

  /** The bet was refused or voided: its token is available again. */
  async releaseFreeBet(bet_ref: string) {
    await this.db
      .updateTable('free_bets')
      .set({ status: 'available', bet_ref: null, updated_at: new Date() })
      .where('bet_ref', '=', bet_ref)
      .where('status', 'in', ['locked', 'used'])
      .execute();
  }

  async useFreeBet(bet_ref: string) {
    await this.db
      .updateTable('free_bets')
      .set({ status: 'used', updated_at: new Date() })
      .where('bet_ref', '=', bet_ref)
      .where('status', '=', 'locked')
      .execute();
  }

  async expireFreeBets(now: Date): Promise<number> {
    const result = await this.db
      .updateTable('free_bets')
      .set({ status: 'expired', updated_at: now })
      .where('status', '=', 'available')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The player's bonuses for their data export (JSON text). */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'bonuses', player_id);
  }
}
