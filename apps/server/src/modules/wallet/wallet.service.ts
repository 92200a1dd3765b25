import {
  type BetProduct,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionsPage,
  type TransactionType,
  type WalletBalances,
} from '@casino/contracts';
import { formatAmount, toDisplayNumber } from '@casino/money';
import type { CurrenciesService, CurrencyUnit } from '../currencies/index.ts';
import {
  LedgerError,
  type LedgerService,
  MEMO_LENGTH_MAX,
  type MovementRow,
  type StoredReasonCode,
  TRANSFER_AMOUNT_MINOR_MAX,
} from '../ledger/index.ts';
import type { PlayersService, WalletSummary } from '../players/index.ts';

/** How the ledger's reason codes read in the player's statement. */
export const TYPE_BY_REASON: Record<StoredReasonCode, TransactionType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  bet: 'bet',
  win: 'win',
  bet_refund: 'refund',
  bonus_grant: 'bonus',
  bonus_convert: 'bonus',
  bonus_forfeit: 'bonus',
  fee: 'adjustment',
  adjustment: 'adjustment',
  commission: 'commission',
  reversal: 'adjustment',
};

const REASONS_BY_TYPE = Object.fromEntries(
  TRANSACTION_TYPES.map((type) => [
    type,
    Object.entries(TYPE_BY_REASON)
      .filter(([, mapped]) => mapped === type)
      .map(([reason]) => reason),
  ]),
) as Record<TransactionType, string[]>;

/**
 * Where each product's bets sit in the ledger: the prefix of the transfer's object id, as the
 * products key their wagers (`casino:12`, `crash:8`, `provider:<studio>:<round>`, `sb:4`).
 */
export const OBJECT_PREFIX_BY_PRODUCT: Record<BetProduct, string> = {
  original: 'casino:',
  crash: 'crash:',
  studio: 'provider:',
  sportsbook: 'sb:',
};

function productObject(product: BetProduct | undefined) {
  return product ? { object: { type: 'bet', id_prefix: OBJECT_PREFIX_BY_PRODUCT[product] } } : {};
}

/** The currency symbol when a player has no currency yet (spec default). */
const SYMBOL_DEFAULT = '€';
const SCALE_DEFAULT = 2;
const STAFF_REASON_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

export type WalletActor = { type: 'staff' | 'system'; id: string; role?: string };

export type AdjustInput = {
  player_id: bigint;
  /** Signed: positive credits the player, negative debits. */
  amount_minor: bigint;
  /** The operator's reason, e.g. `goodwill`, `correction` ([a-z][a-z0-9_]{1,31}). */
  reason_code: string;
  comment: string;
  actor: WalletActor;
  idempotency_key: string;
};

export type MovementsQuery = {
  page: number;
  per_page: number;
  type?: TransactionType;
  /** Only this product's bet movements. */
  product?: BetProduct;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
};

/**
 * Cash a player may not withdraw yet (while a bonus's wagering requirement is open, its deposit):
 * the bonus module's `lockedCash`.
 */
export type WageringPolicy = {
  lockedCash(player_id: bigint, currency: string): Promise<bigint>;
};

/** Nothing locked (a wallet without a bonus engine). */
export const NO_WAGERING: WageringPolicy = { lockedCash: async () => 0n };

/** A bet's name and page as its product knows them. */
export type BetName = { name: string; product: BetProduct; href: string | null };

/**
 * A product's batched lookup: the player's bets among the ledger's object ids (`casino:12`,
 * `sb:4` …), one read for a whole page. Ids the product does not own are left out.
 */
export type BetNamer = (
  player_id: bigint,
  object_ids: readonly string[],
) => Promise<Map<string, BetName>>;

/** Rows read per batch while a CSV export streams. */
export const EXPORT_BATCH = 500;

export type WalletSnapshot = WalletSummary & {
  /** Cash on hold for pending withdrawals and open bets (not in cash_minor). */
  reserved_minor: bigint;
  /** Cash balance including holds (the ledger balance). */
  cash_balance_minor: bigint;
  currency: CurrencyUnit | null;
};

export class WalletService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly players: PlayersService,
    private readonly currencies: CurrenciesService,
    private readonly wagering: WageringPolicy = NO_WAGERING,
  ) {}

  private betNamers: BetNamer[] = [];

  /** The products that name their bets (they are built after the wallet). */
  useBetNames(...namers: BetNamer[]) {
    this.betNamers = namers;
  }

  /** The names of the bets among some movements: every product asked once, in parallel. */
  private async betNames(player_id: bigint, rows: MovementRow[]): Promise<Map<string, BetName>> {
    const ids = [
      ...new Set(rows.filter((row) => row.object_type === 'bet').map((row) => row.object_id)),
    ];
    const names = new Map<string, BetName>();
    if (ids.length === 0) return names;
    for (const found of await Promise.all(this.betNamers.map((namer) => namer(player_id, ids))))
      for (const [id, name] of found) names.set(id, name);
    return names;
  }

  /**
   * The player's wallet in their currency. `cash_minor` is what they can spend now (the
   * balance minus holds); `withdrawable_minor` is that minus cash locked by wagering.
   * Pass the currency when the caller has it (saves a lookup); omit it otherwise.
   */
  async summary(player_id: bigint, currency?: CurrencyUnit | null): Promise<WalletSnapshot> {
    const unit = currency === undefined ? await this.currencyOf(player_id) : currency;
    if (unit === null) {
      return {
        cash_minor: 0n,
        bonus_minor: 0n,
        withdrawable_minor: 0n,
        reserved_minor: 0n,
        cash_balance_minor: 0n,
        currency: null,
      };
    }
    const balances = await this.ledger.playerBalances(player_id, unit.code);
    const available = balances.cash.balance_minor - balances.cash.reserved_minor;
    const locked = await this.wagering.lockedCash(player_id, unit.code);
    const withdrawable = available - locked;
    return {
      cash_minor: available,
      bonus_minor: balances.bonus.balance_minor - balances.bonus.reserved_minor,
      withdrawable_minor: withdrawable > 0n ? withdrawable : 0n,
      reserved_minor: balances.cash.reserved_minor,
      cash_balance_minor: balances.cash.balance_minor,
      currency: unit,
    };
  }

  /** The wallet fields of the customer object (spec §3), money formatted at this edge. */
  async balances(player_id: bigint): Promise<WalletBalances> {
    const snapshot = await this.summary(player_id);
    const scale = snapshot.currency?.scale ?? SCALE_DEFAULT;
    return {
      wallet_default: {
        balance: toDisplayNumber(snapshot.cash_minor, scale),
        bounas_balance: toDisplayNumber(snapshot.bonus_minor, scale),
        symbol: snapshot.currency?.prefix ?? SYMBOL_DEFAULT,
        balance_exact: formatAmount(snapshot.cash_minor, scale),
        bounas_balance_exact: formatAmount(snapshot.bonus_minor, scale),
      },
      withdrawable_amount: toDisplayNumber(snapshot.withdrawable_minor, scale),
    };
  }

  /** The player's own movements, newest first (the `transections` endpoint). */
  async movements(player_id: bigint, query: MovementsQuery): Promise<TransactionsPage> {
    const { rows, total } = await this.ledger.movements({
      player_id,
      reason_codes: query.type ? REASONS_BY_TYPE[query.type] : undefined,
      ...productObject(query.product),
      from: query.from,
      to: query.to,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    const [scales, names, flow] = await Promise.all([
      this.scales(),
      this.betNames(player_id, rows),
      this.ledger.playerCashFlow(player_id, query.from, query.to),
    ]);
    return {
      items: rows.map((row) =>
        toTransaction(row, scales.get(row.currency) ?? SCALE_DEFAULT, names),
      ),
      page: query.page,
      per_page: query.per_page,
      total,
      period: cashFlowSummary(flow, scales),
    };
  }

  private async scales(): Promise<Map<string, number>> {
    return new Map(
      (await this.currencies.all()).map((currency) => [currency.code, currency.scale]),
    );
  }

  /**
   * The player's movements of a period as CSV lines (header first), read in batches of
   * EXPORT_BATCH so a year of play never sits in memory. The caller bounds the period.
   */
  async *exportCsv(
    player_id: bigint,
    query: { type?: TransactionType; product?: BetProduct; from: Date; to: Date },
  ): AsyncGenerator<string> {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    const scales = await this.scales();
    // Pages by id below the last one read, so movements landing meanwhile do not shift rows.
    let below: bigint | undefined;
    for (;;) {
      const { rows } = await this.ledger.movements({
        player_id,
        reason_codes: query.type ? REASONS_BY_TYPE[query.type] : undefined,
        ...productObject(query.product),
        from: query.from,
        to: query.to,
        limit: EXPORT_BATCH,
        offset: 0,
        ...(below === undefined ? {} : { id_below: below }),
      });
      if (rows.length === 0) return;
      const names = await this.betNames(player_id, rows);
      let chunk = '';
      for (const row of rows) {
        const item = toTransaction(row, scales.get(row.currency) ?? SCALE_DEFAULT, names);
        chunk += `${csvLine([
          item.created_at,
          item.type,
          item.status,
          item.wallet,
          item.amount_exact,
          row.kind === 'pending'
            ? ''
            : formatAmount(row.balance_after_minor, scales.get(row.currency) ?? SCALE_DEFAULT),
          item.currency,
          item.bet?.name ?? '',
          item.reference,
        ])}\r\n`;
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      below = rows[rows.length - 1]!.id;
    }
  }

  /**
   * A manual adjustment against the house "adjustments" account, in the player's
   * currency. A debit beyond the available balance is refused (INSUFFICIENT_FUNDS).
   * The caller (back office) records the audit entry; the transfer carries the actor.
   */
  async adjust(input: AdjustInput): Promise<{ transfer_id: bigint; balance_minor: bigint }> {
    if (
      typeof input.amount_minor !== 'bigint' ||
      input.amount_minor === 0n ||
      input.amount_minor > TRANSFER_AMOUNT_MINOR_MAX ||
      input.amount_minor < -TRANSFER_AMOUNT_MINOR_MAX
    ) {
      throw new LedgerError('INVALID_AMOUNT', 'The adjustment must be a non-zero amount');
    }
    if (!STAFF_REASON_PATTERN.test(input.reason_code)) {
      throw new LedgerError('INVALID_TRANSFER', 'reason_code must match [a-z][a-z0-9_]{1,31}');
    }
    const comment = input.comment.trim();
    const memo = `${input.reason_code}: ${comment}`;
    if (comment.length === 0 || memo.length > MEMO_LENGTH_MAX) {
      throw new LedgerError('INVALID_TRANSFER', 'A comment is required (at most 450 characters)');
    }
    if (input.actor.type !== 'staff' && input.actor.type !== 'system') {
      throw new LedgerError('INVALID_TRANSFER', 'Adjustments are made by staff or the system');
    }
    const currency = await this.currencyOf(input.player_id);
    if (!currency) throw new LedgerError('ACCOUNT_NOT_FOUND', 'The player has no wallet currency');
    const player = { player_id: input.player_id, wallet: 'cash' } as const;
    const house = { house: 'adjustments' } as const;
    const credit = input.amount_minor > 0n;
    const transfer = await this.ledger.transfer({
      idempotency_key: input.idempotency_key,
      debit: credit ? house : player,
      credit: credit ? player : house,
      amount_minor: credit ? input.amount_minor : -input.amount_minor,
      currency: currency.code,
      reason_code: 'adjustment',
      object: { type: 'adjustment', id: input.idempotency_key },
      actor: { type: input.actor.type, id: input.actor.id },
      memo,
    });
    return {
      transfer_id: transfer.id,
      balance_minor: credit
        ? transfer.credit_balance_after_minor
        : transfer.debit_balance_after_minor,
    };
  }

  private async currencyOf(player_id: bigint): Promise<CurrencyUnit | null> {
    const player = await this.players.byId(player_id);
    if (!player) throw new LedgerError('ACCOUNT_NOT_FOUND', 'No such player');
    return player.currency_id === null ? null : this.currencies.byId(player.currency_id);
  }
}

/** The export's columns, in this order whatever the language. */
export const CSV_COLUMNS = [
  'date',
  'type',
  'status',
  'wallet',
  'amount',
  'balance_after',
  'currency',
  'description',
  'reference',
] as const;

/**
 * One CSV line. A cell a spreadsheet would read as a formula (= + - @, tab, CR) is prefixed with
 * an apostrophe, except plain signed numbers (amounts), which stay numbers.
 */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => {
      const safe = /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
      return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
}

function cashFlowSummary(
  flow: Array<{ currency: string; reason_code: 'deposit' | 'withdrawal'; amount_minor: bigint }>,
  scales: Map<string, number>,
): TransactionsPage['period'] {
  // A player keeps one currency: the summary is in the one their deposits and withdrawals use
  // (should an operator ever have changed it, only the first currency found is summed).
  const currency = flow[0]?.currency ?? null;
  let deposits = 0n;
  let withdrawals = 0n;
  for (const row of flow) {
    if (row.currency !== currency) continue;
    if (row.reason_code === 'deposit') deposits += row.amount_minor;
    else withdrawals += row.amount_minor;
  }
  const scale = (currency === null ? undefined : scales.get(currency)) ?? SCALE_DEFAULT;
  return {
    currency,
    deposits_exact: formatAmount(deposits, scale),
    withdrawals_exact: formatAmount(withdrawals, scale),
    net_deposits_exact: formatAmount(deposits - withdrawals, scale),
  };
}

function toTransaction(
  row: MovementRow,
  scale: number,
  names: Map<string, BetName> = new Map(),
): Transaction {
  const signed = row.player_side === 'credit' ? row.amount_minor : -row.amount_minor;
  const isHold = row.kind === 'pending';
  return {
    id: Number(row.id),
    created_at: row.created_at.toISOString(),
    type: TYPE_BY_REASON[row.reason_code as StoredReasonCode] ?? 'adjustment',
    amount: toDisplayNumber(signed, scale),
    amount_exact: formatAmount(signed, scale),
    balance_after: isHold ? null : toDisplayNumber(row.balance_after_minor, scale),
    currency: row.currency,
    reference: `${row.object_type}:${row.object_id}`,
    status: !isHold ? 'completed' : row.hold_state === 'open' ? 'pending' : 'voided',
    wallet: row.player_account_kind === 'player_bonus' ? 'bonus' : 'cash',
    bet: row.object_type === 'bet' ? (names.get(row.object_id) ?? null) : null,
  };
}
