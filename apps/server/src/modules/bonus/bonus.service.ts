import { formatAmount } from '@casino/money';
import { SharedCache } from '../../platform/cache.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { GateClient, PlayerGate } from '../protection/index.ts';
import { BONUS_ERRORS, type BonusErrorCode, bonusError } from './bonus.errors.ts';
import type { FreeSpinGrantRow, FreeSpinRepository } from './bonus.free-spins.repository.ts';
import type { BonusSpendingPort, FreeBetTokens, FreeRounds } from './bonus.ports.ts';
import type {
  AmountsByCurrency,
  BonusRepository,
  BonusRow,
  BonusTx,
  FreeBetRow,
  NewPromotion,
  PromotionRow,
  SpendingOrder,
} from './bonus.repository.ts';
import { BONUS_PLAYER_CHANNEL } from './bonus.repository.ts';
import { BonusSpending } from './bonus.spending.ts';

/** A deposit the cashier has credited (its hook calls `onDepositCredited`). */
export type DepositCredited = {
  player_id: bigint;
  /** Unique per deposit (the payment's id): a second delivery grants nothing more. */
  deposit_ref: string;
  amount_minor: bigint;
  currency: string;
  coupon: string | null;
  /** The player's first credited deposit (welcome offers). */
  first_deposit: boolean;
};

/** A real-money bet that has settled (casino and sportsbook publish it). */
export type BetSettled = {
  player_id: bigint;
  /** Unique per bet: a redelivered event counts once. */
  bet_ref: string;
  product: 'casino' | 'sports';
  /** The contribution key: slots, originals, table, live, sports… */
  category: string;
  stake_minor: bigint;
  currency: string;
  /** Sports: each leg's market and selection (both sides of a market while wagering is flagged). */
  selections?: ReadonlyArray<{ market_id: string; selection_id: string }>;
};

/**
 * Other accounts that look like the same person (issue 19's abuse signals, from the compliance
 * module): sharing a payment instrument or a device (strong: a one-per-person offer is refused)
 * or a public address (weak: households and mobile carriers share them; flagged only).
 */
export type LinkedPlayers = (player_id: bigint) => Promise<{
  instrument: readonly bigint[];
  device: readonly bigint[];
  address: readonly bigint[];
}>;

/** Free spins as the player sees them. */
export type FreeSpinsView = {
  id: string;
  promotion_id: string;
  title: string;
  currency: string;
  bet: string;
  spins_total: number;
  spins_left: number;
  win: string;
  games: string[];
  status: FreeSpinGrantRow['status'];
  expires_at: string;
  free_spins: true;
};

/** A free-bet token as the player sees it. */
export type FreeBetView = {
  id: string;
  promotion_id: string;
  title: string;
  currency: string;
  amount: string;
  status: FreeBetRow['status'];
  expires_at: string;
  free_bet: true;
};

/** What the sportsbook asks of free bets (decision 0803). */
export type FreeBetPort = FreeBetTokens;

export type BonusView = {
  id: string;
  promotion_id: string;
  title: string;
  currency: string;
  amount: string;
  /** What is left of it: the amount, unless bonus-funded bets (bonus first) moved it. */
  balance: string;
  wagering_required: string;
  wagered: string;
  /** 0–100, rounded down. */
  progress: number;
  max_bet: string | null;
  status: BonusRow['status'];
  expires_at: string;
  converted: string | null;
};

export const BONUS_SWEEP_BATCH = 200;
const SCALE_DEFAULT = 2;

/** A coupon refused: the field at fault is the coupon. */
function couponError(code: BonusErrorCode, message?: string): never {
  throw bonusError(code, message, 'coupon');
}

const normalizeCode = (code: string) => code.trim().toUpperCase();
const amountIn = (amounts: AmountsByCurrency, currency: string): bigint | null =>
  typeof amounts[currency] === 'number' ? BigInt(amounts[currency]!) : null;

/** `percent` (up to 3 decimals, as stored) of an amount, toward zero. */
function percentOf(amount: bigint, percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  const thousandths = BigInt(whole) * 1000n + BigInt(`${fraction}000`.slice(0, 3));
  return (amount * thousandths) / 100_000n;
}

/** The last two complete periods before `now`: UTC days, or ISO weeks from Monday 00:00 UTC. */
export function cashbackPeriods(
  period: 'daily' | 'weekly',
  now: Date,
): Array<{ from: Date; to: Date }> {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const length = period === 'daily' ? 86_400_000 : 7 * 86_400_000;
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday = (d + 6) % 7.
  const currentStart = period === 'daily' ? day : day - ((now.getUTCDay() + 6) % 7) * 86_400_000;
  return [1, 2].map((back) => ({
    from: new Date(currentStart - back * length),
    to: new Date(currentStart - (back - 1) * length),
  }));
}

/** What else the bonus engine reads: the player's country, and accounts linked to theirs. */
export type BonusLinks = {
  /** The player's declared country (offers limited to countries). */
  countryOf: (player_id: bigint) => Promise<string | null>;
  /** Abuse signals (one offer per person), as the compliance module links accounts. */
  linkedPlayers: LinkedPlayers | null;
};

/** A player's running bonuses as the bet path asks about them (their caps, per currency). */
type RunningCaps = ReadonlyArray<{ currency: string; max_bet_minor: bigint | null }>;
/** Running bonuses are read once and kept; a grant or an end on any instance drops them. */
const CAPS_CACHE = { ttl_ms: 60_000, size_max: 100_000 };

export class BonusService {
  private readonly caps: SharedCache<RunningCaps>;

  constructor(
    private readonly repository: BonusRepository,
    private readonly ledger: LedgerService,
    private readonly gate: PlayerGate,
    private readonly audit: AuditService,
    private readonly scaleOf: (currency: string) => Promise<number>,
    private readonly log: (message: string, error: unknown) => void,
    private readonly spins: FreeSpinRepository,
    private readonly links: BonusLinks,
    events: EventBus,
  ) {
    this.spending = new BonusSpending(
      repository,
      ledger,
      (tx, bonus) => this.decideEnd(tx, bonus),
      (bonus) => this.sendEnd(bonus),
    );
    this.caps = new SharedCache<RunningCaps>(CAPS_CACHE, async (key) =>
      (await this.repository.bonusesOf(BigInt(key), 100))
        .filter((b) => b.status === 'active')
        .map((b) => ({ currency: b.currency, max_bet_minor: b.max_bet_minor })),
    ).listen(events, BONUS_PLAYER_CHANNEL);
  }

  /** The player's data export: their bonuses. */
  async exportOf(player_id: bigint) {
    return { bonuses: await this.repository.exportOf(player_id) };
  }

  /**
   * Bonus-first spending (decision 0805): the bet path stakes bonus money through this port, and
   * the operator's order of spending lives here.
   */
  readonly spending: BonusSpending;

  /** Everything the bet path (modules/wagers) asks of bonuses before and while a stake moves. */
  get spendingPort(): BonusSpendingPort {
    const spending = this.spending;
    return {
      pick: (player_id, currency, amount_minor) => spending.pick(player_id, currency, amount_minor),
      stakeable: (player_id, currency) => spending.stakeable(player_id, currency),
      stake: (input) => spending.stake(input),
      credit: (input) => spending.credit(input),
      close: (bet_ref) => spending.close(bet_ref),
      settle: (input) => spending.settle(input),
      maxBet: (player_id, currency) => this.maxBet(player_id, currency),
    };
  }

  async spendingOrder(): Promise<SpendingOrder> {
    return this.spending.spendingOrder();
  }

  async setSpendingOrder(order: SpendingOrder, actor: AuditActor): Promise<SpendingOrder> {
    const before = await this.repository.spendingOrder();
    await this.spending.setSpendingOrder(order);
    await this.audit.record({
      actor,
      action: 'bonus.spending_order',
      target: { type: 'bonus_settings', id: 1 },
      before: { spending_order: before },
      after: { spending_order: order },
    });
    return order;
  }

  /** An offer limited to countries is for players who declared one of them. */
  private async countryAllows(promotion: PromotionRow, player_id: bigint): Promise<boolean> {
    if (!promotion.countries || promotion.countries.length === 0) return true;
    const country = await this.links.countryOf(player_id);
    return country !== null && promotion.countries.includes(country);
  }

  // --- eligibility ---------------------------------------------------------------

  /**
   * A once-per-player offer (welcome, no deposit, one-use coupons) is once per person: refused
   * when an account sharing a payment instrument already had it (flagged), granted but flagged
   * when one sharing a public address did. Read before the grant's transaction.
   */
  private async onePerPerson(
    promotion: PromotionRow,
    player_id: bigint,
  ): Promise<{ refused: boolean; sharedWith: bigint | null }> {
    if (
      !this.links.linkedPlayers ||
      promotion.per_player_limit !== 1 ||
      promotion.kind === 'cashback'
    )
      return { refused: false, sharedWith: null };
    const linked = await this.links.linkedPlayers(player_id);
    const others = (ids: readonly bigint[]) => ids.filter((id) => id !== player_id);
    const byInstrument = await this.repository.anyHadPromotion(
      others(linked.instrument),
      promotion.id,
    );
    const byDevice =
      byInstrument === null
        ? await this.repository.anyHadPromotion(others(linked.device), promotion.id)
        : null;
    const duplicate = byInstrument ?? byDevice;
    if (duplicate !== null) {
      await this.repository.flag({
        player_id,
        bonus_id: null,
        promotion_id: promotion.id,
        kind: 'duplicate_person',
        dedupe_key: `duplicate_person:${promotion.id}:${player_id}`,
        evidence: {
          signal: byInstrument !== null ? 'payment_instrument' : 'device',
          other_player_id: String(duplicate),
          promotion_code: promotion.code,
        },
      });
      return { refused: true, sharedWith: null };
    }
    return {
      refused: false,
      sharedWith: await this.repository.anyHadPromotion(others(linked.address), promotion.id),
    };
  }

  private async flagSharedAddress(bonus: BonusRow, other: bigint) {
    await this.repository.flag({
      player_id: bonus.player_id,
      bonus_id: bonus.id,
      promotion_id: bonus.promotion_id,
      kind: 'shared_address',
      dedupe_key: `shared_address:${bonus.promotion_id}:${bonus.player_id}`,
      evidence: { signal: 'public_address', other_player_id: String(other) },
    });
  }

  private isLive(promotion: PromotionRow, at = new Date()): boolean {
    return (
      promotion.enabled &&
      promotion.starts_at <= at &&
      (promotion.ends_at === null || promotion.ends_at > at)
    );
  }

  /**
   * Why a coupon cannot be used now, in the order a player would want to hear it:
   * unknown, expired (or not started), not for this account, already used, deposit too small.
   */
  async validateCoupon(
    player: { id: bigint; currency: string },
    code: string,
    deposit_minor?: bigint,
  ) {
    const promotion = await this.repository.promotionByCode(normalizeCode(code));
    if (!promotion?.enabled) couponError('COUPON_UNKNOWN');
    const now = new Date();
    if (promotion.ends_at !== null && promotion.ends_at <= now) couponError('COUPON_EXPIRED');
    if (promotion.starts_at > now) couponError('COUPON_NOT_STARTED');
    if (promotion.kind !== 'deposit_match') {
      couponError(
        'COUPON_NOT_ELIGIBLE',
        'This coupon is not for deposits: claim it on the promotions page.',
      );
    }
    if (
      (promotion.currencies && !promotion.currencies.includes(player.currency)) ||
      !(await this.countryAllows(promotion, player.id))
    ) {
      couponError('COUPON_NOT_ELIGIBLE');
    }
    if (
      amountIn(promotion.max_bonus, player.currency) === null &&
      promotion.kind === 'deposit_match'
    ) {
      couponError('COUPON_NOT_ELIGIBLE');
    }
    const used = (await this.repository.bonusesOf(player.id, 1000)).filter(
      (b) => b.promotion_id === promotion.id,
    ).length;
    if (used >= promotion.per_player_limit) couponError('COUPON_USED');
    if ((await this.onePerPerson(promotion, player.id)).refused)
      couponError('COUPON_NOT_ELIGIBLE', BONUS_ERRORS.ONE_PER_PERSON.message);
    const minimum = amountIn(promotion.min_deposit, player.currency);
    const scale = await this.scaleOf(player.currency);
    if (deposit_minor !== undefined && minimum !== null && deposit_minor < minimum) {
      couponError(
        'COUPON_MIN_DEPOSIT',
        `This coupon needs a deposit of at least ${formatAmount(minimum, scale)} ${player.currency}.`,
      );
    }
    return this.promotionView(promotion, player.currency, 'en', scale);
  }

  // --- grants --------------------------------------------------------------------

  /**
   * Grants a promotion to a player once per `source_ref`, within its limits, under the
   * promotion's row lock (two concurrent redemptions of a one-per-player coupon: one bonus).
   * Returns null when the promotion does not apply (not live, limits reached, too small).
   */
  private async grant(
    promotion: PromotionRow,
    player_id: bigint,
    currency: string,
    source_ref: string,
    deposit_minor: bigint | null,
    options: { enforcePlayerLimit: boolean; liveAt?: Date; checkedAtClaim?: boolean },
  ): Promise<BonusRow | null> {
    // Free spins' winnings: the player's eligibility was checked when the spins were claimed.
    const checked = options.checkedAtClaim === true;
    if (!checked && !(await this.countryAllows(promotion, player_id))) return null;
    const person = checked
      ? { refused: false, sharedWith: null }
      : await this.onePerPerson(promotion, player_id);
    if (person.refused) return null;
    const bonus = await this.repository.transaction(async (tx: BonusTx) => {
      await this.repository.lockPromotion(tx, promotion.id);
      const existing = await this.repository.bonusBySource(tx, promotion.id, source_ref);
      if (existing) return existing;
      // Winnings of free spins already claimed are owed whatever the offer does since (ended,
      // disabled, its limits reached): those were checked when the spins were claimed.
      if (!checked) {
        if (!this.isLive(promotion, options.liveAt)) return null;
        if (promotion.currencies && !promotion.currencies.includes(currency)) return null;
        const counts = await this.repository.grantCounts(tx, promotion.id, player_id);
        if (options.enforcePlayerLimit && counts.player >= promotion.per_player_limit) return null;
        if (promotion.total_limit !== null && counts.total >= promotion.total_limit) return null;
      }
      let amount: bigint;
      if (promotion.kind === 'deposit_match') {
        const minimum = amountIn(promotion.min_deposit, currency);
        const cap = amountIn(promotion.max_bonus, currency);
        if (deposit_minor === null || cap === null || (minimum !== null && deposit_minor < minimum))
          return null;
        const matched = percentOf(deposit_minor, promotion.percent!);
        amount = matched < cap ? matched : cap;
      } else if (promotion.kind === 'cashback') {
        // `deposit_minor` carries the period's net loss here.
        const minimum = amountIn(promotion.min_loss, currency);
        const cap = amountIn(promotion.max_bonus, currency);
        if (deposit_minor === null || (minimum !== null && deposit_minor < minimum)) return null;
        const back = percentOf(deposit_minor, promotion.percent!);
        amount = cap !== null && cap < back ? cap : back;
      } else if (promotion.kind === 'free_spins') {
        // `deposit_minor` carries the spins' total win here.
        amount = deposit_minor ?? 0n;
      } else {
        const fixed = amountIn(promotion.fixed_amount, currency);
        if (fixed === null) return null;
        amount = fixed;
      }
      if (amount <= 0n) return null;
      const base =
        promotion.wagering_base === 'bonus_plus_deposit' && promotion.kind !== 'free_spins'
          ? amount + (deposit_minor ?? 0n)
          : amount;
      return this.repository.insertBonus(tx, {
        player_id,
        promotion_id: promotion.id,
        currency,
        amount_minor: amount,
        locked_deposit_minor:
          promotion.wagering_base === 'bonus_plus_deposit' &&
          promotion.kind !== 'free_spins' &&
          promotion.wagering_multiplier > 0
            ? (deposit_minor ?? 0n)
            : 0n,
        wagering_required_minor: base * BigInt(promotion.wagering_multiplier),
        max_bet_minor: amountIn(promotion.max_bet, currency),
        source_ref,
        expires_at: new Date(Date.now() + promotion.expiry_days * 86_400_000),
      });
    });
    if (!bonus) return null;
    if (person.sharedWith !== null && bonus.source_ref === source_ref)
      await this.flagSharedAddress(bonus, person.sharedWith);
    await this.sendGrant(bonus);
    // No wagering asked: the bonus is cash at once.
    if (bonus.status === 'active' && bonus.wagering_required_minor === 0n)
      await this.complete(bonus.id);
    return this.repository.bonus(bonus.id);
  }

  /**
   * The cashier's hook: a credited deposit with a coupon grants its promotion; a first
   * deposit without one grants the operator's welcome offer. Never throws for a coupon that
   * no longer applies: the deposit is credited either way (the coupon was checked before
   * payment); the reason is logged.
   */
  async onDepositCredited(event: DepositCredited): Promise<BonusRow | null> {
    const source_ref = `deposit:${event.deposit_ref}`;
    if (event.coupon) {
      const promotion = await this.repository.promotionByCode(normalizeCode(event.coupon));
      if (promotion?.kind !== 'deposit_match') return null;
      return this.grant(
        promotion,
        event.player_id,
        event.currency,
        source_ref,
        event.amount_minor,
        { enforcePlayerLimit: true },
      );
    }
    if (!event.first_deposit) return null;
    for (const promotion of await this.repository.autoFirstDeposit(new Date())) {
      if (promotion.kind !== 'deposit_match') continue;
      const bonus = await this.grant(
        promotion,
        event.player_id,
        event.currency,
        source_ref,
        event.amount_minor,
        {
          enforcePlayerLimit: true,
        },
      );
      if (bonus) return bonus;
    }
    return null;
  }

  /**
   * Grants a promotion outright (the demo seed; later a staff goodwill grant), once per
   * `source_ref`, within the promotion's limits.
   */
  async grantPromotion(
    promotion_id: bigint,
    player_id: bigint,
    currency: string,
    source_ref: string,
  ): Promise<BonusRow | null> {
    const promotion = await this.repository.promotion(promotion_id);
    if (!promotion) throw new AppError('NOT_FOUND', 'No such promotion');
    return this.grant(promotion, player_id, currency, source_ref, null, {
      enforcePlayerLimit: true,
    });
  }

  /** A no-deposit offer claimed from the promotions page. Passes the protection gate. */
  async claim(
    player: { id: bigint; currency: string },
    promotion_id: bigint,
    client: GateClient,
  ): Promise<BonusView | FreeBetView | FreeSpinsView> {
    const promotion = await this.repository.promotion(promotion_id);
    if (!promotion || !this.isLive(promotion))
      throw new AppError('NOT_FOUND', 'No such promotion is running');
    if (promotion.kind === 'free_bet') return this.claimFreeBet(player, promotion, client);
    if (promotion.kind === 'free_spins') return this.claimFreeSpins(player, promotion, client);
    if (promotion.kind !== 'no_deposit') {
      throw bonusError('PROMOTION_NEEDS_DEPOSIT');
    }
    const used = (await this.repository.bonusesOf(player.id, 1000)).filter(
      (b) => b.promotion_id === promotion.id,
    ).length;
    if (used >= promotion.per_player_limit)
      throw bonusError('COUPON_USED', 'You have already claimed this promotion.');
    if ((await this.onePerPerson(promotion, player.id)).refused) throw bonusError('ONE_PER_PERSON');
    const source_ref = `claim:${player.id}:${used + 1}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'bonus_claim',
      currency: player.currency,
      reference: `bonus-claim:${promotion.id}:${source_ref}`,
    });
    const bonus = await this.grant(promotion, player.id, player.currency, source_ref, null, {
      enforcePlayerLimit: true,
    });
    if (!bonus) throw bonusError('PROMOTION_UNAVAILABLE');
    return this.view(bonus, promotion, 'en');
  }

  /**
   * What every claim of a token offer (free bet, free spins) checks before its grant: the
   * player's own limit (`mine` claims so far), one per person, the countries, then the gate
   * (`bonus_claim`). Answers the claim's source reference.
   */
  private async admitClaim(
    player: { id: bigint; currency: string },
    promotion: PromotionRow,
    client: GateClient,
    mine: number,
  ): Promise<string> {
    if (mine >= promotion.per_player_limit)
      throw bonusError('COUPON_USED', 'You have already claimed this promotion.');
    if ((await this.onePerPerson(promotion, player.id)).refused) throw bonusError('ONE_PER_PERSON');
    if (!(await this.countryAllows(promotion, player.id)))
      throw bonusError('PROMOTION_UNAVAILABLE');
    const source_ref = `claim:${player.id}:${mine + 1}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'bonus_claim',
      currency: player.currency,
      reference: `bonus-claim:${promotion.id}:${source_ref}`,
    });
    return source_ref;
  }

  // --- free bets -----------------------------------------------------------------

  /**
   * A free-bet offer claimed from the promotions page: a token of the promotion's fixed amount
   * in the player's currency, within its limits (under the promotion's row lock). Nothing
   * moves in the ledger until the token stakes a bet.
   */
  private async claimFreeBet(
    player: { id: bigint; currency: string },
    promotion: PromotionRow,
    client: GateClient,
  ): Promise<FreeBetView> {
    const mine = (await this.repository.freeBetsOf(player.id, 1000)).filter(
      (f) => f.promotion_id === promotion.id,
    ).length;
    const source_ref = await this.admitClaim(player, promotion, client, mine);
    const token = await this.repository.transaction(async (tx: BonusTx) => {
      await this.repository.lockPromotion(tx, promotion.id);
      const existing = await this.repository.freeBetBySource(tx, promotion.id, source_ref);
      if (existing) return existing;
      if (promotion.currencies && !promotion.currencies.includes(player.currency)) return null;
      const counts = await this.repository.freeBetCounts(tx, promotion.id, player.id);
      if (counts.player >= promotion.per_player_limit) return null;
      if (promotion.total_limit !== null && counts.total >= promotion.total_limit) return null;
      const amount = amountIn(promotion.fixed_amount, player.currency);
      if (amount === null || amount <= 0n) return null;
      return this.repository.insertFreeBet(tx, {
        player_id: player.id,
        promotion_id: promotion.id,
        currency: player.currency,
        amount_minor: amount,
        source_ref,
        expires_at: new Date(Date.now() + promotion.expiry_days * 86_400_000),
      });
    });
    if (!token) throw bonusError('PROMOTION_UNAVAILABLE');
    return this.freeBetView(token, promotion, 'en');
  }

  private async freeBetView(
    token: FreeBetRow,
    promotion: PromotionRow | null,
    language: string,
  ): Promise<FreeBetView> {
    const scale = await this.scaleOf(token.currency).catch(() => SCALE_DEFAULT);
    return {
      id: String(token.id),
      promotion_id: String(token.promotion_id),
      title: promotion?.title[language] ?? promotion?.title.en ?? '',
      currency: token.currency,
      amount: formatAmount(token.amount_minor, scale),
      status: token.status,
      expires_at: token.expires_at.toISOString(),
      free_bet: true,
    };
  }

  /** `/customer/free-bets`: the player's tokens, available ones first. */
  async freeBetsOf(player_id: bigint, language: string): Promise<FreeBetView[]> {
    const rows = await this.repository.freeBetsOf(player_id, 50);
    const order = { available: 0, locked: 1, used: 2, expired: 3 } as const;
    rows.sort((a, b) => order[a.status] - order[b.status]);
    const views: FreeBetView[] = [];
    for (const row of rows)
      views.push(
        await this.freeBetView(row, await this.repository.promotion(row.promotion_id), language),
      );
    return views;
  }

  /** The port the sportsbook uses. */
  readonly freeBets: FreeBetPort = {
    peek: async (player_id, free_bet_id) => {
      const row = (await this.repository.freeBetsOf(player_id, 1000)).find(
        (f) => f.id === free_bet_id,
      );
      if (row?.status !== 'available' || row.expires_at <= new Date()) return null;
      return { amount_minor: row.amount_minor, currency: row.currency };
    },
    lock: async (player_id, free_bet_id, bet_ref) =>
      (await this.repository.lockFreeBet(free_bet_id, player_id, bet_ref)) !== null,
    release: (bet_ref) => this.repository.releaseFreeBet(bet_ref),
    use: (bet_ref) => this.repository.useFreeBet(bet_ref),
  };

  // --- free spins ----------------------------------------------------------------

  /**
   * Free spins claimed from the promotions page (decision 0804): a grant of N spins at the
   * promotion's bet on its games, within its limits (under the promotion's row lock). Nothing
   * moves in the ledger until the spins are played out: then their total win becomes a bonus.
   */
  private async claimFreeSpins(
    player: { id: bigint; currency: string },
    promotion: PromotionRow,
    client: GateClient,
  ): Promise<FreeSpinsView> {
    const mine = (await this.spins.ofPlayer(player.id, 1000)).filter(
      (grant) => grant.promotion_id === promotion.id,
    ).length;
    const source_ref = await this.admitClaim(player, promotion, client, mine);
    const grant = await this.spins.transaction(async (tx) => {
      await this.spins.lockPromotion(tx, promotion.id);
      const existing = await this.spins.bySource(tx, promotion.id, source_ref);
      if (existing) return existing;
      if (promotion.currencies && !promotion.currencies.includes(player.currency)) return null;
      const counts = await this.spins.counts(tx, promotion.id, player.id);
      if (counts.player >= promotion.per_player_limit) return null;
      if (promotion.total_limit !== null && counts.total >= promotion.total_limit) return null;
      const bet = amountIn(promotion.fixed_amount, player.currency);
      if (bet === null || bet <= 0n || !promotion.free_spins || !promotion.free_spin_games)
        return null;
      return this.spins.insert(tx, {
        player_id: player.id,
        promotion_id: promotion.id,
        currency: player.currency,
        games: promotion.free_spin_games,
        bet_minor: bet,
        spins_total: promotion.free_spins,
        source_ref,
        expires_at: new Date(Date.now() + promotion.expiry_days * 86_400_000),
      });
    });
    if (!grant) throw bonusError('PROMOTION_UNAVAILABLE');
    return this.freeSpinsView(grant, promotion, 'en');
  }

  /** The port the casino's provider API uses to play free rounds (decision 0804). */
  readonly freeRounds: FreeRounds = {
    active: async (player_id, game, currency) => {
      const now = Date.now();
      return (await this.spins.ofPlayer(player_id, 50))
        .filter(
          (grant) =>
            grant.status === 'active' &&
            grant.expires_at.getTime() > now &&
            grant.currency === currency &&
            grant.games.includes(game),
        )
        .map((grant) => ({
          grant_id: String(grant.id),
          spins_total: grant.spins_total,
          spins_left: grant.spins_total - grant.spins_used,
          bet_minor: grant.bet_minor,
          win_minor: grant.win_minor,
          expires_at: grant.expires_at,
        }));
    },
    play: async (input) => {
      const grant_id = /^\d{1,18}$/.test(input.grant_id) ? BigInt(input.grant_id) : null;
      const missing = () => bonusError('FREE_ROUNDS_NOT_FOUND');
      if (grant_id === null) throw missing();
      const outcome = await this.spins.transaction(async (tx) => {
        const grant = await this.spins.lock(tx, grant_id);
        if (!grant || grant.player_id !== input.player_id) throw missing();
        const prior = await this.spins.round(tx, input.provider, input.transaction_id);
        if (prior) {
          if (
            prior.grant_id !== grant.id ||
            prior.round_id !== input.round_id ||
            prior.win_minor !== input.win_minor
          )
            throw bonusError('DUPLICATE_TRANSACTION');
          return { grant, replayed: true };
        }
        if (!grant.games.includes(input.game) || grant.currency !== input.currency) throw missing();
        if (grant.status !== 'active' || grant.expires_at.getTime() <= Date.now())
          throw bonusError('FREE_ROUNDS_FINISHED');
        const updated = await this.spins.recordSpin(
          tx,
          {
            grant_id: grant.id,
            provider: input.provider,
            transaction_id: input.transaction_id,
            round_id: input.round_id,
            game: input.game,
            win_minor: input.win_minor,
          },
          grant,
        );
        return { grant: updated, replayed: false };
      });
      // After the transaction (the ledger is never called inside one): the last spin's winnings
      // become a bonus. A retry or the sweep finishes it if this process stops in between.
      if (outcome.grant.status !== 'active') await this.payFreeSpins(outcome.grant);
      const grant = outcome.grant;
      return {
        spins_total: grant.spins_total,
        spins_left: grant.spins_total - grant.spins_used,
        win_minor: grant.win_minor,
        finished: grant.status !== 'active',
      };
    },
  };

  /** An ended grant's winnings become a bonus, once (`free-spins:<id>` is the bonus's source). */
  private async payFreeSpins(grant: FreeSpinGrantRow): Promise<void> {
    if (grant.bonus_id !== null || grant.win_minor <= 0n) return;
    const promotion = await this.repository.promotion(grant.promotion_id);
    if (!promotion) return;
    const bonus = await this.grant(
      promotion,
      grant.player_id,
      grant.currency,
      `free-spins:${grant.id}`,
      grant.win_minor,
      { enforcePlayerLimit: false, checkedAtClaim: true },
    );
    if (bonus) await this.spins.setBonus(grant.id, bonus.id);
  }

  private async sweepFreeSpins(now: Date) {
    for (const grant of await this.spins.expire(now)) await this.payFreeSpins(grant);
    for (const grant of await this.spins.unpaid()) await this.payFreeSpins(grant);
  }

  private async freeSpinsView(
    grant: FreeSpinGrantRow,
    promotion: PromotionRow | null,
    language: string,
  ): Promise<FreeSpinsView> {
    const scale = await this.scaleOf(grant.currency).catch(() => SCALE_DEFAULT);
    return {
      id: String(grant.id),
      promotion_id: String(grant.promotion_id),
      title: promotion?.title[language] ?? promotion?.title.en ?? '',
      currency: grant.currency,
      bet: formatAmount(grant.bet_minor, scale),
      spins_total: grant.spins_total,
      spins_left: grant.spins_total - grant.spins_used,
      win: formatAmount(grant.win_minor, scale),
      games: grant.games,
      status: grant.status,
      expires_at: grant.expires_at.toISOString(),
      free_spins: true,
    };
  }

  /** `/customer/free-spins`: the player's free spins, active ones first. */
  async freeSpinsOf(player_id: bigint, language: string): Promise<FreeSpinsView[]> {
    const rows = await this.spins.ofPlayer(player_id, 50);
    const order = { active: 0, completed: 1, expired: 2 } as const;
    rows.sort((a, b) => order[a.status] - order[b.status]);
    const views: FreeSpinsView[] = [];
    for (const row of rows)
      views.push(
        await this.freeSpinsView(row, await this.repository.promotion(row.promotion_id), language),
      );
    return views;
  }

  // --- cashback ------------------------------------------------------------------

  /**
   * The cashback job: for every cashback promotion, the last two periods that have ended
   * (the second catches up after downtime) pay each player percent × real-money net loss,
   * capped, at least the minimum, once per (promotion, period, player) — running it again
   * pays nothing more. Players the protection gate would refuse a bonus (self-excluded, in a
   * time-out, where real money is off) are skipped: cashback is an inducement to play.
   */
  async runCashback(now = new Date()): Promise<{ granted: number }> {
    let granted = 0;
    for (const promotion of await this.repository.liveCashback(now)) {
      for (const period of cashbackPeriods(promotion.cashback_period ?? 'weekly', now)) {
        if (period.to <= promotion.starts_at) continue;
        if (promotion.ends_at && period.from >= promotion.ends_at) continue;
        const last = new Date(period.to.getTime() - 1);
        const liveAt = promotion.ends_at && promotion.ends_at <= last ? period.from : last;
        for (const row of await this.ledger.netCashLosses(period.from, period.to)) {
          if (promotion.currencies && !promotion.currencies.includes(row.currency)) continue;
          const source_ref = `cashback:${period.from.toISOString().slice(0, 10)}:${row.player_id}`;
          if (await this.repository.bonusBySource(null, promotion.id, source_ref)) continue;
          const decision = await this.gate.check({
            ip: '',
            player_id: row.player_id,
            action: 'bonus_claim',
            currency: row.currency,
            route: 'job:cashback',
          });
          if (!decision.allowed) continue;
          const bonus = await this.grant(
            promotion,
            row.player_id,
            row.currency,
            source_ref,
            row.loss_minor,
            { enforcePlayerLimit: false, liveAt },
          );
          if (bonus?.source_ref === source_ref) granted += 1;
        }
      }
    }
    return { granted };
  }

  // --- wagering ------------------------------------------------------------------

  /**
   * The casino's and sportsbook's hook: a settled real-money bet advances the oldest active
   * bonus by stake × the category's contribution, once per bet; a completed requirement
   * converts the bonus to cash.
   */
  async onBetSettled(event: BetSettled): Promise<void> {
    if (event.stake_minor <= 0n) return;
    const completed = await this.repository.transaction(async (tx: BonusTx) => {
      const active = await this.repository.activeForUpdate(tx, event.player_id, event.currency);
      // A bet bonus money staked advances that bonus (decision 0805); any other, the oldest.
      const funded = await this.repository.bonusBet(event.bet_ref, tx);
      const bonus = funded ? active.find((b) => b.id === funded.bonus_id) : active[0];
      if (!bonus) return null;
      const promotion = await this.repository.promotion(bonus.promotion_id, tx);
      const weight = BigInt(
        Math.max(0, Math.min(100, Math.trunc(promotion?.contributions[event.category] ?? 0))),
      );
      const counted = (event.stake_minor * weight) / 100n;
      const fresh = await this.repository.countWager(tx, {
        bonus_id: bonus.id,
        bet_ref: event.bet_ref,
        product: event.product,
        category: event.category,
        stake_minor: event.stake_minor,
        counted_minor: counted,
      });
      if (fresh && event.selections?.length) {
        const other = await this.repository.recordSelections(
          tx,
          bonus.id,
          event.bet_ref,
          event.selections,
        );
        for (const market_id of new Set(other.map((o) => o.market_id))) {
          await this.repository.flag(
            {
              player_id: event.player_id,
              bonus_id: bonus.id,
              promotion_id: bonus.promotion_id,
              kind: 'both_sides',
              dedupe_key: `both_sides:${bonus.id}:${market_id}`,
              evidence: {
                market_id,
                bets: [
                  event.bet_ref,
                  ...new Set(other.filter((o) => o.market_id === market_id).map((o) => o.bet_ref)),
                ],
                selections: [
                  ...new Set([
                    ...event.selections
                      .filter((s) => s.market_id === market_id)
                      .map((s) => s.selection_id),
                    ...other.filter((o) => o.market_id === market_id).map((o) => o.selection_id),
                  ]),
                ],
              },
            },
            tx,
          );
        }
      }
      if (!fresh || counted === 0n) return null;
      const wagered = bonus.wagered_minor + counted;
      await this.repository.setWagered(tx, bonus.id, wagered);
      return wagered >= bonus.wagering_required_minor ? bonus.id : null;
    });
    if (completed !== null) await this.complete(completed);
  }

  /** Which of these players have a running bonus (one query). */
  async playersWithRunningBonus(player_ids: readonly bigint[]): Promise<Set<bigint>> {
    if (player_ids.length === 0) return new Set();
    return new Set(await this.repository.playersWithActiveBonus(player_ids));
  }

  /**
   * The most a single bet may stake while a bonus is being wagered (null: no cap). Read on every
   * stake: from memory, dropped on every instance when one of the player's bonuses starts or ends.
   */
  async maxBet(player_id: bigint, currency: string): Promise<bigint | null> {
    let cap: bigint | null = null;
    for (const bonus of await this.caps.get(String(player_id))) {
      if (bonus.currency !== currency || bonus.max_bet_minor === null) continue;
      if (cap === null || bonus.max_bet_minor < cap) cap = bonus.max_bet_minor;
    }
    return cap;
  }

  /**
   * The player's active bonuses still being wagered, oldest first, with what is left to wager
   * and the cash each locks: what the withdrawal tracker names as a blocker.
   */
  async wageringLeft(player_id: bigint, language: string) {
    const rows = (await this.repository.bonusesOf(player_id))
      .filter((row) => row.status === 'active' && row.wagered_minor < row.wagering_required_minor)
      .reverse();
    const left = [];
    for (const row of rows) {
      const promotion = await this.repository.promotion(row.promotion_id);
      left.push({
        bonus_id: String(row.id),
        title: promotion?.title[language] ?? promotion?.title.en ?? '',
        currency: row.currency,
        left_minor: row.wagering_required_minor - row.wagered_minor,
        locked_cash_minor: row.locked_deposit_minor,
        bonus_balance_minor: row.balance_minor,
      });
    }
    return left;
  }

  /** Cash an active bonus locks (the deposit, when wagering is on bonus + deposit): the wallet's policy. */
  lockedCash(player_id: bigint, currency: string): Promise<bigint> {
    return this.repository.lockedCash(player_id, currency);
  }

  // --- endings -------------------------------------------------------------------

  private async complete(bonus_id: bigint): Promise<void> {
    const ended = await this.repository.transaction(async (tx: BonusTx) => {
      const bonus = await this.repository.lockBonus(tx, bonus_id);
      return bonus ? this.decideEnd(tx, bonus) : null;
    });
    if (ended) await this.sendEnd(ended);
  }

  /**
   * Under the bonus's row lock: ends a running bonus whose time has come and returns it (null:
   * it runs on). Never while a bonus-funded bet is open (its return must find the bonus): the
   * last one to settle asks again. Spent → lost; wagered → completed, what is left converting
   * up to the promotion's cap; past its date → expired.
   */
  private async decideEnd(tx: BonusTx, bonus: BonusRow, now = new Date()) {
    if (bonus.status !== 'active' || bonus.open_stakes > 0) return null;
    if (bonus.balance_minor === 0n) {
      await this.repository.endBonus(tx, bonus.id, 'lost', 0n);
    } else if (bonus.wagered_minor >= bonus.wagering_required_minor) {
      const promotion = await this.repository.promotion(bonus.promotion_id, tx);
      const cap = promotion?.max_conversion_multiplier
        ? percentOf(
            bonus.amount_minor,
            (Number(promotion.max_conversion_multiplier) * 100).toFixed(3),
          )
        : null;
      const converted = cap !== null && cap < bonus.balance_minor ? cap : bonus.balance_minor;
      await this.repository.endBonus(tx, bonus.id, 'completed', converted);
    } else if (bonus.expires_at.getTime() <= now.getTime()) {
      await this.repository.endBonus(tx, bonus.id, 'expired', null);
    } else {
      return null;
    }
    return this.repository.lockBonus(tx, bonus.id);
  }

  /** The player gives a bonus up (e.g. to withdraw now): the bonus goes back, the deposit is free. */
  async forfeit(player_id: bigint, bonus_id: bigint): Promise<BonusView> {
    const ended = await this.repository.transaction(async (tx: BonusTx) => {
      const bonus = await this.repository.lockBonus(tx, bonus_id);
      if (!bonus || bonus.player_id !== player_id) throw new AppError('NOT_FOUND', 'No such bonus');
      if (bonus.status !== 'active') throw bonusError('BONUS_NOT_ACTIVE');
      if (bonus.open_stakes > 0) throw bonusError('BONUS_BETS_OPEN');
      await this.repository.endBonus(tx, bonus.id, 'forfeited', null);
      return this.repository.lockBonus(tx, bonus.id);
    });
    await this.sendEnd(ended!);
    const promotion = await this.repository.promotion(ended!.promotion_id);
    return this.view((await this.repository.bonus(bonus_id))!, promotion!, 'en');
  }

  /** Books what a crash left unsent, and expires bonuses past their date. */
  async sweep(now = new Date()): Promise<{ resent: number; expired: number }> {
    // Stakes and returns first: an ending moves what they left in the bonus account.
    await this.spending.sweep(now);
    const unsent = await this.repository.unsent(BONUS_SWEEP_BATCH);
    for (const bonus of unsent) {
      if (bonus.grant_transfer_id === null) await this.sendGrant(bonus);
      if (bonus.status !== 'active' && bonus.end_transfer_id === null) await this.sendEnd(bonus);
    }
    await this.repository.expireFreeBets(now);
    await this.sweepFreeSpins(now);
    const due = await this.repository.dueToExpire(now, BONUS_SWEEP_BATCH);
    for (const bonus of due) {
      const ended = await this.repository.transaction(async (tx: BonusTx) => {
        const locked = await this.repository.lockBonus(tx, bonus.id);
        return locked ? this.decideEnd(tx, locked, now) : null;
      });
      if (ended) await this.sendEnd(ended);
    }
    return { resent: unsent.length, expired: due.length };
  }

  private async sendGrant(bonus: BonusRow): Promise<void> {
    const transfer = await this.ledger.transfer({
      idempotency_key: `bonus-grant:${bonus.id}`,
      debit: { house: 'bonus_cost' },
      credit: { player_id: bonus.player_id, wallet: 'bonus' },
      amount_minor: bonus.amount_minor,
      currency: bonus.currency,
      reason_code: 'bonus_grant',
      object: { type: 'bonus', id: String(bonus.id) },
      actor: { type: 'system', id: 'bonus' },
    });
    if (bonus.grant_transfer_id === null)
      await this.repository.setGrantTransfer(bonus.id, transfer.id);
  }

  /** Converted money goes bonus → cash; the rest (or all, on expiry/forfeit) goes back to the house. */
  private async sendEnd(bonus: BonusRow): Promise<void> {
    const converted = bonus.status === 'completed' ? (bonus.converted_minor ?? 0n) : 0n;
    // What is left of it (the amount, unless bonus-funded bets moved it) less what converts.
    const returned = bonus.balance_minor - converted;
    let last: bigint | null = null;
    if (converted > 0n) {
      last = (
        await this.ledger.transfer({
          idempotency_key: `bonus-convert:${bonus.id}`,
          debit: { player_id: bonus.player_id, wallet: 'bonus' },
          credit: { player_id: bonus.player_id, wallet: 'cash' },
          amount_minor: converted,
          currency: bonus.currency,
          reason_code: 'bonus_convert',
          object: { type: 'bonus', id: String(bonus.id) },
          actor: { type: 'system', id: 'bonus' },
          events: [
            {
              type: 'BonusConverted',
              key: `bonus.converted:${bonus.id}`,
              payload: {
                player_id: bonus.player_id,
                bonus_id: bonus.id,
                currency: bonus.currency,
                amount_minor: converted,
                converted_at: new Date().toISOString(),
              },
            },
          ],
        })
      ).id;
    }
    if (returned > 0n) {
      last = (
        await this.ledger.transfer({
          idempotency_key: `bonus-end:${bonus.id}`,
          debit: { player_id: bonus.player_id, wallet: 'bonus' },
          credit: { house: 'bonus_cost' },
          amount_minor: returned,
          currency: bonus.currency,
          reason_code: 'bonus_forfeit',
          object: { type: 'bonus', id: String(bonus.id) },
          actor: { type: 'system', id: 'bonus' },
        })
      ).id;
    }
    if (last !== null) await this.repository.setEndTransfer(bonus.id, last);
  }

  // --- views ---------------------------------------------------------------------

  async bonusesOf(player_id: bigint, language: string): Promise<BonusView[]> {
    const rows = await this.repository.bonusesOf(player_id);
    const promotions = new Map<bigint, PromotionRow>();
    for (const row of rows) {
      if (!promotions.has(row.promotion_id))
        promotions.set(row.promotion_id, (await this.repository.promotion(row.promotion_id))!);
    }
    return Promise.all(
      rows.map((row) => this.view(row, promotions.get(row.promotion_id)!, language)),
    );
  }

  private async view(
    bonus: BonusRow,
    promotion: PromotionRow,
    language: string,
  ): Promise<BonusView> {
    const scale = await this.scaleOf(bonus.currency).catch(() => SCALE_DEFAULT);
    const progress =
      bonus.wagering_required_minor === 0n
        ? 100
        : Number(
            bonus.wagered_minor >= bonus.wagering_required_minor
              ? 100n
              : (bonus.wagered_minor * 100n) / bonus.wagering_required_minor,
          );
    return {
      id: String(bonus.id),
      promotion_id: String(bonus.promotion_id),
      title: promotion.title[language] ?? promotion.title.en ?? '',
      currency: bonus.currency,
      amount: formatAmount(bonus.amount_minor, scale),
      balance: formatAmount(bonus.status === 'active' ? bonus.balance_minor : 0n, scale),
      wagering_required: formatAmount(bonus.wagering_required_minor, scale),
      wagered: formatAmount(bonus.wagered_minor, scale),
      progress,
      max_bet: bonus.max_bet_minor === null ? null : formatAmount(bonus.max_bet_minor, scale),
      status: bonus.status,
      expires_at: bonus.expires_at.toISOString(),
      converted: bonus.converted_minor === null ? null : formatAmount(bonus.converted_minor, scale),
    };
  }

  promotionView(promotion: PromotionRow, currency: string | null, language: string, scale: number) {
    const money = (amounts: AmountsByCurrency) => {
      const value = currency ? amountIn(amounts, currency) : null;
      return value === null ? null : formatAmount(value, scale);
    };
    return {
      id: String(promotion.id),
      code: promotion.code,
      kind: promotion.kind,
      title: promotion.title[language] ?? promotion.title.en ?? '',
      terms: promotion.terms[language] ?? promotion.terms.en ?? '',
      percent: promotion.percent,
      max_bonus: money(promotion.max_bonus),
      min_deposit: money(promotion.min_deposit),
      fixed_amount: money(promotion.fixed_amount),
      max_bet: money(promotion.max_bet),
      cashback_period: promotion.cashback_period,
      min_loss: money(promotion.min_loss),
      free_spins: promotion.free_spins,
      free_spin_games: promotion.free_spin_games,
      currency,
      wagering_multiplier: promotion.wagering_multiplier,
      wagering_base: promotion.wagering_base,
      contributions: promotion.contributions,
      expiry_days: promotion.expiry_days,
      auto_first_deposit: promotion.auto_first_deposit,
      starts_at: promotion.starts_at.toISOString(),
      ends_at: promotion.ends_at?.toISOString() ?? null,
    };
  }

  /** The public list (`/promotions-list`): live promotions, in the reader's language and currency. */
  async livePromotions(
    language: string,
    currency: string | null,
    player?: { country: string | null },
  ) {
    const scale = currency
      ? await this.scaleOf(currency).catch(() => SCALE_DEFAULT)
      : SCALE_DEFAULT;
    return (await this.repository.promotions({ live_at: new Date() }))
      .filter(
        (promotion) =>
          !currency || !promotion.currencies || promotion.currencies.includes(currency),
      )
      .filter(
        (promotion) =>
          !player ||
          !promotion.countries?.length ||
          (player.country !== null && promotion.countries.includes(player.country)),
      )
      .map((promotion) => this.promotionView(promotion, currency, language, scale));
  }

  // --- back office ---------------------------------------------------------------

  allPromotions() {
    return this.repository.promotions();
  }

  async createPromotion(input: NewPromotion, actor: AuditActor): Promise<PromotionRow> {
    if (input.code && (await this.repository.promotionByCode(normalizeCode(input.code)))) {
      throw new AppError('CONFLICT', `A promotion with code ${input.code} exists`, {
        errors: [{ path: 'code', message: 'is taken' }],
      });
    }
    const created = await this.repository.createPromotion({
      ...input,
      code: input.code ? normalizeCode(input.code) : null,
    });
    await this.audit.record({
      actor,
      action: 'promotion.create',
      target: { type: 'promotion', id: created.id },
      after: created,
    });
    return created;
  }

  async updatePromotion(
    id: bigint,
    patch: Partial<NewPromotion>,
    actor: AuditActor,
  ): Promise<PromotionRow> {
    const before = await this.repository.promotion(id);
    if (!before) throw new AppError('NOT_FOUND', 'No such promotion');
    const invalid = (path: string, message: string) =>
      new AppError('VALIDATION_FAILED', `${path}: ${message}`, {
        errors: [{ path: `body.${path}`, message }],
      });
    if (patch.percent === null && (before.kind === 'deposit_match' || before.kind === 'cashback'))
      throw invalid('percent', `is required for ${before.kind.replace('_', ' ')}`);
    if (before.kind === 'cashback' && patch.wagering_base === 'bonus_plus_deposit')
      throw invalid('wagering_base', 'must be bonus for cashback');
    if (before.kind === 'cashback' && patch.cashback_period === null)
      throw invalid('cashback_period', 'is required for cashback');
    const after = await this.repository.updatePromotion(id, {
      ...patch,
      ...(patch.code ? { code: normalizeCode(patch.code) } : {}),
    });
    await this.audit.record({
      actor,
      action: 'promotion.update',
      target: { type: 'promotion', id },
      before,
      after,
    });
    return after!;
  }

  /** The risk team's queue: what the abuse controls flagged, newest first. */
  riskFlags(open_only: boolean) {
    return this.repository.flags({ open_only, limit: 500 });
  }

  async reviewFlag(id: bigint, note: string, actor: AuditActor & { id: bigint }) {
    const row = await this.repository.reviewFlag(id, actor.id, note);
    if (!row) throw new AppError('NOT_FOUND', 'No such open flag');
    await this.audit.record({
      actor,
      action: 'bonus.flag.review',
      target: { type: 'bonus_risk_flag', id },
      after: { note, kind: row.kind, player_id: String(row.player_id) },
    });
    return row;
  }

  playerBonuses(player_id: bigint) {
    return this.bonusesOf(player_id, 'en');
  }

  reportError(error: unknown) {
    this.log('bonus', error);
  }
}
