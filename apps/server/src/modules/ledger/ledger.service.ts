import { hash, randomInt } from 'node:crypto';
import { type DomainEvent, encodeEventPayload } from '@casino/contracts/events';
import { AMOUNT_MINOR_MAX } from '../../platform/amounts.ts';
import type { IndexedEvent } from '../../platform/outbox/outbox.ts';
import { type BatcherLimits, CommitBatcher } from './ledger.batcher.ts';
import { isLedgerErrorCode, LedgerError } from './ledger.errors.ts';
import { ChangeNotifier } from './ledger.notifier.ts';
import type {
  AccountRow,
  ApplyCommand,
  ApplyResult,
  HouseKind,
  LedgerRepository,
  MovementFilter,
  TransferKind,
} from './ledger.repository.ts';

/** Largest single transfer: 10^15 minor units (10^13 EUR); keeps every sum far from 2^63. */
export const TRANSFER_AMOUNT_MINOR_MAX = AMOUNT_MINOR_MAX;
/**
 * Amounts are BIGINT minor units; a currency with more decimals than this would overflow
 * at everyday amounts (ETH at scale 18 tops out at 9.2 ETH). See docs/decisions.
 */
export const LEDGER_SCALE_MAX = 9;
export const IDEMPOTENCY_KEY_LENGTH_MAX = 200;
export const REFERENCE_LENGTH_MAX = 200;
export const MEMO_LENGTH_MAX = 500;
/** A reservation longer than this is a forgotten one (withdrawal review, long-running bet). */
export const HOLD_EXPIRY_MS_MAX = 90 * 24 * 60 * 60 * 1000;
export const HOUSE_SHARDS_DEFAULT = 16;
export const HOUSE_SHARDS_MAX = 256;
/** Account ids never change, so they are cached; the cache is dropped when it grows past this. */
const ACCOUNT_CACHE_SIZE_MAX = 200_000;
/** Expired holds released per sweep; the next sweep takes the rest. */
export const EXPIRY_SWEEP_SIZE_MAX = 500;

export const BATCHER_LIMITS_DEFAULT: BatcherLimits = {
  batch_size_max: 200,
  // About one batch per core: fewer, larger batches. On 2 vCPU, 2 beat 4 and 6 (docs/performance.md).
  in_flight_max: 2,
  queue_length_max: 20_000,
};

export const REASON_CODES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'bet_refund',
  'bonus_grant',
  'bonus_convert',
  'bonus_forfeit',
  'fee',
  'adjustment',
  'commission',
] as const;
/** Reason codes a caller may choose; `reversal` is written by `reverse` only. */
export type ReasonCode = (typeof REASON_CODES)[number];
export type StoredReasonCode = ReasonCode | 'reversal';

export const OBJECT_TYPES = ['payment', 'bet', 'bonus', 'adjustment'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

export type LedgerActor = { type: 'player' | 'staff' | 'system' | 'provider'; id: string };

/**
 * Where money comes from or goes to: an account id, a player's wallet (created on first
 * use, in the transfer's currency), or a house purpose (sharded; the ledger picks a shard).
 */
export type AccountRef =
  | { account_id: bigint }
  | { player_id: bigint; wallet: 'cash' | 'bonus' }
  | { house: HouseKind; purpose?: string };

export type TransferInput = {
  idempotency_key: string;
  debit: AccountRef;
  credit: AccountRef;
  amount_minor: bigint;
  currency: string;
  reason_code: ReasonCode;
  /** The business object the money belongs to. */
  object: { type: ObjectType; id: string };
  actor: LedgerActor;
  /** Free text for people (an adjustment's reason and comment), at most MEMO_LENGTH_MAX. */
  memo?: string;
  /**
   * The key of a command that must be stored before this one applies (linked commands: an
   * instant bet's payout requires its stake). In one batch the required key must sort first
   * (C collation); otherwise the command is refused with REQUIRED_MISSING and nothing is written.
   */
  requires?: string;
  /** Domain events written in the same database transaction, if this command applies now. */
  events?: readonly DomainEvent[];
};

/** Expiry is not part of the request's identity: a retry may compute a later one. */
export type ReserveInput = TransferInput & { expires_at?: Date | null };

export type PostInput = {
  idempotency_key: string;
  pending_id: bigint;
  /** Defaults to the whole hold; a smaller amount posts part and releases the rest. */
  amount_minor?: bigint;
  actor: LedgerActor;
  events?: readonly DomainEvent[];
};

export type VoidInput = {
  idempotency_key: string;
  pending_id: bigint;
  actor: LedgerActor;
  events?: readonly DomainEvent[];
};

export type ReverseInput = {
  idempotency_key: string;
  transfer_id: bigint;
  actor: LedgerActor;
  events?: readonly DomainEvent[];
};

export type Transfer = {
  id: bigint;
  kind: TransferKind;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount_minor: bigint;
  currency: string;
  debit_balance_after_minor: bigint;
  credit_balance_after_minor: bigint;
  created_at: Date;
  /** True when this answer is the stored result of an earlier request with the same key. */
  replayed: boolean;
};

/** What the ledger reads of the currency catalogue (the currencies module's service). */
export type LedgerCurrencies = {
  byCode(code: string): Promise<{ scale: number } | null>;
};

export type LedgerOptions = {
  /** Called after a batch that wrote domain events has committed (wakes their delivery). */
  eventsCommitted?: () => void;
  house_shards?: number;
  batcher?: Partial<BatcherLimits>;
  /** Where background failures go (a lost balance notification); default: ignored. */
  log?: (message: string, error: unknown) => void;
};

/**
 * A committed transfer or reservation as the metrics see it (issue 20): what it was for and
 * which house account it touched, never who. Replays of an earlier request are not told again.
 */
export type Movement = {
  reason_code: ReasonCode;
  kind: 'single' | 'pending';
  /** The house side (a bet's `wagers` or `sportsbook`, a deposit's `payment_clearing`), if any. */
  house: HouseKind | null;
  currency: string;
  amount_minor: bigint;
};

/** A command whose house side is still a set of shards; the batch slot picks one. */
type Prepared = Omit<ApplyCommand, 'i' | 'debit' | 'credit'> & {
  debit?: bigint | readonly bigint[];
  credit?: bigint | readonly bigint[];
  /** Encoded in the caller's turn; inserted only if the command applies now. */
  events?: readonly Omit<IndexedEvent, 'i'>[];
  /** The batcher's lane: the player's id, so one player's commands never race (see batcher). */
  lane?: number;
};

/**
 * A lane is a number naming the player (or the account, for an account-id reference). Two
 * players that share one (ids 2^20 apart) only wait for each other's batch, never race.
 */
const LANE_SPREAD = 1n << 20n;
const laneOf = (ref: AccountRef): number | undefined =>
  'player_id' in ref
    ? Number(ref.player_id % LANE_SPREAD)
    : 'account_id' in ref
      ? Number(ref.account_id % LANE_SPREAD)
      : undefined;

const KEY_PATTERN = /^[\x21-\x7e]+$/;
const CURRENCY_PATTERN = /^[A-Z0-9]{2,10}$/;
const PURPOSE_PATTERN = /^[a-z0-9_:-]{0,64}$/;

export class LedgerService {
  private readonly shards: number;
  private readonly batcher: CommitBatcher<Prepared, ApplyResult>;
  private readonly notifier: ChangeNotifier;
  private readonly accounts = new AccountCache(ACCOUNT_CACHE_SIZE_MAX);
  /** Spreads instances over different shards so two servers' batches rarely meet. */
  private readonly shard_offset = randomInt(0, HOUSE_SHARDS_MAX);
  private readonly movement_listeners: Array<(movement: Movement) => void> = [];

  constructor(
    private readonly repository: LedgerRepository,
    /** The currencies module's catalogue: which currencies exist, and their scales. */
    private readonly currencies: LedgerCurrencies,
    private readonly options: LedgerOptions = {},
  ) {
    this.shards = options.house_shards ?? HOUSE_SHARDS_DEFAULT;
    if (!Number.isInteger(this.shards) || this.shards < 1 || this.shards > HOUSE_SHARDS_MAX) {
      throw new Error(`house_shards must be an integer in 1..${HOUSE_SHARDS_MAX}`);
    }
    this.notifier = new ChangeNotifier(repository, options.log ?? (() => {}));
    this.batcher = new CommitBatcher(
      (commands, slot) => this.applyBatch(commands, slot),
      { ...BATCHER_LIMITS_DEFAULT, ...options.batcher },
      () => new LedgerError('LEDGER_BUSY'),
      (command) => command.lane,
    );
  }

  /** Moves money now. */
  async transfer(input: TransferInput): Promise<Transfer> {
    const prepared = this.prepareTransfer('single', input);
    const transfer = await this.submit(prepared instanceof Promise ? await prepared : prepared);
    if (this.movement_listeners.length > 0 && !transfer.replayed) this.tell('single', input);
    return transfer;
  }

  /**
   * Several transfers submitted together: they leave in one batch when the ledger has room
   * (linked ones, see `requires`, then cost one round trip). Each has its own answer, in order.
   */
  async transfers(inputs: readonly TransferInput[]): Promise<PromiseSettledResult<Transfer>[]> {
    const prepared = await Promise.all(
      inputs.map((input) => this.prepareTransfer('single', input)),
    );
    const answers = this.batcher.submitAll(prepared).map((answer, n) =>
      answer.then((result) => {
        const transfer = this.answer(result);
        if (this.movement_listeners.length > 0 && !transfer.replayed)
          this.tell('single', inputs[n]!);
        return transfer;
      }),
    );
    return Promise.allSettled(answers);
  }

  /** Reserves money on the debit account (available balance drops, balance does not). */
  async reserve(input: ReserveInput): Promise<Transfer> {
    const expires_at = input.expires_at ?? undefined;
    if (expires_at !== undefined) {
      const ttl_ms = expires_at.getTime() - Date.now();
      if (!(ttl_ms > 0 && ttl_ms <= HOLD_EXPIRY_MS_MAX)) {
        throw new LedgerError(
          'INVALID_TRANSFER',
          'expires_at must be in the future and within the hold expiry limit',
        );
      }
    }
    const prepared = this.prepareTransfer('pending', input);
    const transfer = await this.submit({
      ...(prepared instanceof Promise ? await prepared : prepared),
      expires_at,
    });
    if (this.movement_listeners.length > 0 && !transfer.replayed) this.tell('pending', input);
    return transfer;
  }

  /**
   * Calls `listener` after each committed transfer or reservation (not replays), in the
   * caller's turn; for counters only (metrics): it must be cheap and it cannot fail a
   * movement (errors are swallowed).
   */
  observeMovements(listener: (movement: Movement) => void): void {
    this.movement_listeners.push(listener);
  }

  /** Calls `listener` with each batch's size and duration in ms (metrics; one call per batch). */
  observeBatches(listener: (size: number, ms: number) => void): void {
    this.batcher.observer = listener;
  }

  /** Commands waiting for a batch right now. */
  queueLength(): number {
    return this.batcher.queued;
  }

  private tell(kind: Movement['kind'], input: TransferInput): void {
    const house =
      'house' in input.credit
        ? input.credit.house
        : 'house' in input.debit
          ? input.debit.house
          : null;
    const movement: Movement = {
      reason_code: input.reason_code,
      kind,
      house,
      currency: input.currency,
      amount_minor: input.amount_minor,
    };
    for (const listener of this.movement_listeners) {
      try {
        listener(movement);
      } catch {
        // Metrics are best effort.
      }
    }
  }

  /** Settles a hold, fully or in part; the rest of the hold is released. */
  async post(input: PostInput): Promise<Transfer> {
    checkKey(input.idempotency_key);
    checkActor(input.actor);
    if (input.amount_minor !== undefined) checkAmount(input.amount_minor);
    return this.submit({
      op: 'post',
      key: input.idempotency_key,
      hash: hashOf(['post', input.pending_id, input.amount_minor ?? null, input.actor]),
      pending_id: input.pending_id,
      amount: input.amount_minor,
      actor_type: input.actor.type,
      actor_id: input.actor.id,
      events: encodeEvents(input.events),
    });
  }

  /** Releases a hold: nothing moves. */
  async void(input: VoidInput): Promise<Transfer> {
    checkKey(input.idempotency_key);
    checkActor(input.actor);
    return this.submit({
      op: 'void',
      key: input.idempotency_key,
      hash: hashOf(['void', input.pending_id, input.actor]),
      pending_id: input.pending_id,
      actor_type: input.actor.type,
      actor_id: input.actor.id,
      events: encodeEvents(input.events),
    });
  }

  /** Corrects a completed transfer by moving the same amount back (funds are checked). */
  async reverse(input: ReverseInput): Promise<Transfer> {
    checkKey(input.idempotency_key);
    checkActor(input.actor);
    return this.submit({
      op: 'reversal',
      key: input.idempotency_key,
      hash: hashOf(['reversal', input.transfer_id, input.actor]),
      reverses_id: input.transfer_id,
      actor_type: input.actor.type,
      actor_id: input.actor.id,
      events: encodeEvents(input.events),
    });
  }

  /** Releases open holds past their expiry; returns how many. Safe on every instance. */
  async expireDue(limit = EXPIRY_SWEEP_SIZE_MAX): Promise<number> {
    const due = await this.repository.dueHolds(Math.min(limit, EXPIRY_SWEEP_SIZE_MAX));
    const results = await Promise.allSettled(
      due.map((pending_id) =>
        this.submit({
          op: 'expire',
          key: `ledger:expire:${pending_id}`,
          hash: hashOf(['expire', pending_id]),
          pending_id,
          actor_type: 'system',
          actor_id: 'hold-expiry',
        }),
      ),
    );
    return results.filter((result) => result.status === 'fulfilled').length;
  }

  /** How large the group-commit batches have been (benchmarks, tuning). */
  batchStats() {
    return this.batcher.stats();
  }

  /** Batches the ledger runs at once (connections it may hold). */
  inFlightMax(): number {
    return this.batcher.in_flight_max;
  }

  /** Waits until every submitted command has been answered and announced (shutdown, tests). */
  async drain(): Promise<void> {
    await this.batcher.idle();
    await this.notifier.idle();
  }

  /** A player's accounts in one currency (absent ones read as zero). */
  async playerBalances(player_id: bigint, currency: string) {
    const rows = await this.repository.playerAccounts(player_id);
    const of = (kind: AccountRow['kind']) =>
      rows.find((row) => row.currency === currency && row.kind === kind);
    const cash = of('player_cash');
    const bonus = of('player_bonus');
    return {
      cash: {
        balance_minor: cash?.balance_minor ?? 0n,
        reserved_minor: cash?.reserved_minor ?? 0n,
      },
      bonus: {
        balance_minor: bonus?.balance_minor ?? 0n,
        reserved_minor: bonus?.reserved_minor ?? 0n,
      },
    };
  }

  playerAccounts(player_id: bigint) {
    return this.repository.playerAccounts(player_id);
  }

  account(id: bigint) {
    return this.repository.account(id);
  }

  houseBalance(kind: HouseKind, currency: string, purpose = '') {
    return this.repository.houseBalance(kind, purpose, currency);
  }

  /** Closed accounts take no new transfers; open holds can still be released. */
  setAccountStatus(id: bigint, status: 'open' | 'closed') {
    return this.repository.setAccountStatus(id, status);
  }

  transferById(id: bigint) {
    return this.repository.transfer(id);
  }

  transferByKey(key: string) {
    return this.repository.transferByKey(key);
  }

  hold(pending_id: bigint) {
    return this.repository.hold(pending_id);
  }

  movements(filter: MovementFilter) {
    return this.repository.movements(filter);
  }

  /** A player's completed deposits and withdrawals in [from, to), per currency. */
  playerCashFlow(player_id: bigint, from?: Date, to?: Date) {
    return this.repository.playerCashFlow(player_id, from, to);
  }

  /**
   * Per player and currency over [from, to): settled stakes, wins and refunds, converted
   * bonuses, and when they first deposited / last bet (ever). For revenue reports and
   * affiliate commissions; pending bets count once they are posted.
   */
  /** Per player and currency, real-money net losses in [from, to) (the cashback job). */
  netCashLosses(from: Date, to: Date) {
    return this.repository.netCashLosses(from, to);
  }

  /** What play gave the player back since each moment (wins, refunds, released stakes). */
  returnedSince(player_id: bigint, currency: string, since: readonly Date[]) {
    return this.repository.returnedSince(player_id, currency, since);
  }

  /** Stakes and returns since a moment (a session's figures). */
  playSince(player_id: bigint, currency: string, since: Date) {
    return this.repository.playSince(player_id, currency, since);
  }

  /** Stakes per currency and hour since a moment, each hour stamped with its end. */
  stakesByHour(player_id: bigint, since: Date) {
    return this.repository.stakesByHour(player_id, since);
  }

  playerActivity(player_ids: readonly bigint[], from: Date, to: Date) {
    return this.repository.playerActivity(player_ids, from, to);
  }

  /** For the back-office dashboard: money moved per currency and reason in [from, to). */
  totals(period: { from: Date; to: Date }) {
    return this.repository.totals(period.from, period.to);
  }

  /** The player's data export: their transfers. */
  async exportOf(player_id: bigint) {
    return { ledger_transfers: await this.repository.exportOf(player_id) };
  }

  /** For the back-office dashboard: first-time depositors per UTC day in [from, to). */
  firstDepositors(period: { from: Date; to: Date }) {
    return this.repository.firstDepositsByDay(period.from, period.to);
  }

  /** The id of an account, creating it on first use. */
  async resolve(ref: AccountRef, currency: string): Promise<bigint | readonly bigint[]> {
    if ('account_id' in ref) return ref.account_id;
    const cached = this.accounts.get(ref, currency);
    if (cached !== undefined) return cached;
    if (!CURRENCY_PATTERN.test(currency)) throw new LedgerError('UNSUPPORTED_CURRENCY');
    let resolved: bigint | readonly bigint[];
    if ('player_id' in ref) {
      resolved = await this.ensure({
        owner_type: 'player',
        player_id: ref.player_id,
        currency,
        kind: ref.wallet === 'cash' ? 'player_cash' : 'player_bonus',
        purpose: '',
        shard: 0,
      });
      this.notifier.known(resolved, ref.player_id);
    } else {
      const purpose = ref.purpose ?? '';
      if (!PURPOSE_PATTERN.test(purpose)) {
        throw new LedgerError('INVALID_TRANSFER', 'house purpose must match [a-z0-9_:-]{0,64}');
      }
      const ids: bigint[] = [];
      for (let shard = 0; shard < this.shards; shard += 1) {
        const id = await this.ensure({
          owner_type: 'house',
          player_id: null,
          currency,
          kind: ref.house,
          purpose,
          shard,
        });
        this.notifier.known(id, null);
        ids.push(id);
      }
      resolved = ids.length === 1 ? ids[0]! : ids;
    }
    this.accounts.set(ref, currency, resolved);
    return resolved;
  }

  /** The id(s) without a round trip: an account id, or a reference already resolved. */
  private known(ref: AccountRef, currency: string): bigint | readonly bigint[] | undefined {
    if ('account_id' in ref) return ref.account_id;
    return this.accounts.get(ref, currency);
  }

  private async ensure(account: Parameters<LedgerRepository['ensureAccount']>[0]) {
    // Usually the account exists (a cold cache after a restart): one index read, no write.
    const existing = await this.repository.accountId(account);
    if (existing !== null) return existing;
    const currency = await this.currencies.byCode(account.currency);
    if (currency === null || currency.scale > LEDGER_SCALE_MAX)
      throw new LedgerError('UNSUPPORTED_CURRENCY');
    try {
      return await this.repository.ensureAccount(account);
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      // A currency removed since the catalogue was read, or a player that does not exist.
      if (code === '23503')
        throw new LedgerError(
          constraint === 'ledger_accounts_currency_fkey'
            ? 'UNSUPPORTED_CURRENCY'
            : 'ACCOUNT_NOT_FOUND',
        );
      throw error;
    }
  }

  /**
   * Validates a transfer and finds its accounts: synchronously when both are cached (the
   * usual case; no promise, no extra turn of the microtask queue), else after resolving them.
   */
  private prepareTransfer(
    op: 'single' | 'pending',
    input: TransferInput,
  ): Prepared | Promise<Prepared> {
    checkKey(input.idempotency_key);
    checkAmount(input.amount_minor);
    checkActor(input.actor);
    if (!(REASON_CODES as readonly string[]).includes(input.reason_code)) {
      throw new LedgerError('INVALID_TRANSFER', `unknown reason code ${input.reason_code}`);
    }
    if (
      !(OBJECT_TYPES as readonly string[]).includes(input.object?.type) ||
      !isReference(input.object.id)
    ) {
      throw new LedgerError('INVALID_TRANSFER', 'object must be a known type with an id');
    }
    if (
      input.memo !== undefined &&
      (typeof input.memo !== 'string' || input.memo.length > MEMO_LENGTH_MAX)
    ) {
      throw new LedgerError(
        'INVALID_TRANSFER',
        `memo must be at most ${MEMO_LENGTH_MAX} characters`,
      );
    }
    const debitKey = refKey(input.debit);
    const creditKey = refKey(input.credit);
    if (debitKey === creditKey) throw new LedgerError('SAME_ACCOUNT');
    const debit = this.known(input.debit, input.currency);
    const credit = this.known(input.credit, input.currency);
    if (debit === undefined || credit === undefined) {
      return Promise.all([
        this.resolve(input.debit, input.currency),
        this.resolve(input.credit, input.currency),
      ]).then(([debit, credit]) => this.prepared(op, input, debitKey, creditKey, debit, credit));
    }
    return this.prepared(op, input, debitKey, creditKey, debit, credit);
  }

  private prepared(
    op: 'single' | 'pending',
    input: TransferInput,
    debitKey: string,
    creditKey: string,
    debit: bigint | readonly bigint[],
    credit: bigint | readonly bigint[],
  ): Prepared {
    return {
      op,
      key: input.idempotency_key,
      hash: hashOf([
        op,
        debitKey,
        creditKey,
        input.amount_minor,
        input.currency,
        input.reason_code,
        input.object.type,
        input.object.id,
        input.actor,
        input.memo ?? null,
      ]),
      debit,
      credit,
      amount: input.amount_minor,
      currency: input.currency,
      reason: input.reason_code,
      object_type: input.object.type,
      object_id: input.object.id,
      actor_type: input.actor.type,
      actor_id: input.actor.id,
      memo: input.memo,
      requires: input.requires,
      events: encodeEvents(input.events),
      lane: laneOf(input.debit) ?? laneOf(input.credit),
    };
  }

  private async submit(command: Prepared): Promise<Transfer> {
    return this.answer(await this.batcher.submit(command));
  }

  private answer(result: ApplyResult): Transfer {
    if (result.code !== 'OK') {
      if (!isLedgerErrorCode(result.code))
        throw new Error(`ledger: unexpected code ${result.code}`);
      throw new LedgerError(result.code);
    }
    return {
      id: result.transfer_id!,
      kind: result.kind!,
      debit_account_id: result.debit_account_id!,
      credit_account_id: result.credit_account_id!,
      amount_minor: result.amount_minor!,
      currency: result.currency!,
      debit_balance_after_minor: result.debit_balance_after!,
      credit_balance_after_minor: result.credit_balance_after!,
      created_at: result.created_at!,
      replayed: result.replayed,
    };
  }

  private async applyBatch(commands: Prepared[], slot: number): Promise<ApplyResult[]> {
    const pick = (side: bigint | readonly bigint[] | undefined) =>
      side === undefined || typeof side === 'bigint'
        ? side
        : side[(this.shard_offset + slot) % side.length]!;
    let events: IndexedEvent[] | null = null;
    for (let i = 0; i < commands.length; i++) {
      const attached = commands[i]!.events;
      if (attached === undefined) continue;
      events ??= [];
      for (const event of attached) events.push({ i, ...event });
    }
    // Field by field, not by spreading: one object shape for every command (hot path).
    const results = await this.repository.apply(
      commands.map(
        (command, i): ApplyCommand => ({
          i,
          op: command.op,
          key: command.key,
          hash: command.hash,
          debit: pick(command.debit),
          credit: pick(command.credit),
          amount: command.amount,
          currency: command.currency,
          reason: command.reason,
          object_type: command.object_type,
          object_id: command.object_id,
          actor_type: command.actor_type,
          actor_id: command.actor_id,
          memo: command.memo,
          pending_id: command.pending_id,
          reverses_id: command.reverses_id,
          expires_at: command.expires_at,
          requires: command.requires,
        }),
      ),
      events,
    );
    const ordered = new Array<ApplyResult>(commands.length);
    const changed: bigint[] = [];
    for (const result of results) {
      ordered[result.i] = result;
      if (result.code !== 'OK' || result.replayed) continue;
      // A hold or its release changes the debit side's available balance only.
      changed.push(result.debit_account_id!);
      if (result.kind !== 'pending' && result.kind !== 'void')
        changed.push(result.credit_account_id!);
    }
    // Committed: announce it (after the commit, not inside it; see ChangeNotifier).
    this.notifier.changed(changed);
    if (events !== null) this.options.eventsCommitted?.();
    if (ordered.some((result) => result === undefined)) {
      throw new Error('ledger_apply returned fewer results than commands');
    }
    return ordered;
  }
}

const encodeEvents = (events: readonly DomainEvent[] | undefined): Prepared['events'] =>
  events === undefined || events.length === 0
    ? undefined
    : events.map((event) => ({
        key: event.key,
        type: event.type,
        payload: encodeEventPayload(event.payload),
      }));

function checkKey(key: unknown): void {
  if (
    typeof key !== 'string' ||
    key.length > IDEMPOTENCY_KEY_LENGTH_MAX ||
    !KEY_PATTERN.test(key)
  ) {
    throw new LedgerError(
      'INVALID_TRANSFER',
      `idempotency_key must be 1..${IDEMPOTENCY_KEY_LENGTH_MAX} printable ASCII characters`,
    );
  }
}

function checkAmount(amount: unknown): void {
  if (typeof amount !== 'bigint' || amount <= 0n || amount > TRANSFER_AMOUNT_MINOR_MAX) {
    throw new LedgerError('INVALID_AMOUNT');
  }
}

function checkActor(actor: LedgerActor | undefined): void {
  if (
    !actor ||
    !['player', 'staff', 'system', 'provider'].includes(actor.type) ||
    !isReference(actor.id)
  ) {
    throw new LedgerError('INVALID_TRANSFER', 'actor must have a known type and an id');
  }
}

function isReference(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= REFERENCE_LENGTH_MAX;
}

type NamedRef = Exclude<AccountRef, { account_id: bigint }>;
type CurrencyAccounts = {
  cash: Map<bigint, bigint>;
  bonus: Map<bigint, bigint>;
  /** House kind → purpose → the purpose's shards (one id when unsharded). */
  house: Map<string, Map<string, bigint | readonly bigint[]>>;
};

/**
 * Account ids by reference; only references that resolved successfully are stored. Keyed
 * by currency, then by the player's id or the house kind and purpose, so a lookup builds no
 * string: a key such as `p:<player>:EUR:cash`, built, hashed and compared on every transfer,
 * was ~4 % of the event loop's CPU under load (docs/performance.md, round 12). Ids never
 * change; past `size_max` entries the cache starts over.
 */
class AccountCache {
  private readonly currencies = new Map<string, CurrencyAccounts>();
  private size = 0;

  constructor(private readonly size_max: number) {}

  get(ref: NamedRef, currency: string): bigint | readonly bigint[] | undefined {
    const accounts = this.currencies.get(currency);
    if (accounts === undefined) return undefined;
    if ('player_id' in ref) {
      return (ref.wallet === 'cash' ? accounts.cash : accounts.bonus).get(ref.player_id);
    }
    return accounts.house.get(ref.house)?.get(ref.purpose ?? '');
  }

  set(ref: NamedRef, currency: string, resolved: bigint | readonly bigint[]): void {
    if (this.size >= this.size_max) {
      this.currencies.clear();
      this.size = 0;
    }
    let accounts = this.currencies.get(currency);
    if (accounts === undefined) {
      accounts = { cash: new Map(), bonus: new Map(), house: new Map() };
      this.currencies.set(currency, accounts);
    }
    if ('player_id' in ref) {
      if (typeof resolved !== 'bigint') throw new Error('AccountCache: a wallet is one account');
      (ref.wallet === 'cash' ? accounts.cash : accounts.bonus).set(ref.player_id, resolved);
    } else {
      let purposes = accounts.house.get(ref.house);
      if (purposes === undefined) {
        purposes = new Map();
        accounts.house.set(ref.house, purposes);
      }
      purposes.set(ref.purpose ?? '', resolved);
    }
    this.size += 1;
  }
}

function refKey(ref: AccountRef): string {
  if ('account_id' in ref) return `a:${ref.account_id}`;
  if ('player_id' in ref) return `p:${ref.player_id}:${ref.wallet}`;
  return `h:${ref.house}:${ref.purpose ?? ''}`;
}

/**
 * The request's identity for idempotency: same key with another hash is a conflict.
 * The text hashed is the JSON of `parts` with top-level bigints written as `"<digits>n"`
 * (stored hashes depend on it). Converting them first lets JSON.stringify run without a
 * replacer callback, its slow path; a bigint nested deeper would throw, never hash wrongly.
 */
function hashOf(parts: unknown[]): string {
  const text = JSON.stringify(parts.map((part) => (typeof part === 'bigint' ? `${part}n` : part)));
  return hash('sha256', text, 'base64url');
}
