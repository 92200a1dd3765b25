import type { BetFunding, BetProduct, DomainEvent } from '@casino/contracts/events';
import { formatAmount } from '@casino/money';
import type { QueryExecutorProvider } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { BonusSpendingPort, FreeBetTokens, FreeRounds } from '../bonus/index.ts';
import {
  isLedgerError,
  type LedgerActor,
  type LedgerService,
  type Transfer,
} from '../ledger/index.ts';
import {
  type GateClient,
  gateRefusal,
  type MoneyAction,
  type PlayerGate,
} from '../protection/index.ts';
import { wagersError } from './wagers.errors.ts';

/**
 * A bet as the seam knows it: who, in what, which product and game, where the stakes go and
 * whose money stakes it. The product keeps the bet's own row (its outcome, odds, round) and
 * hands this to every call; all of it is fixed when the bet is admitted.
 */
export type Wager = {
  /** Unique across products: `casino:12`, `crash:8`, `provider-round:5`, `sports:4`. */
  bet_ref: string;
  product: BetProduct;
  game: string;
  /** The bonus contribution category (originals, slots, table, live, sports…). */
  category: string;
  player_id: bigint;
  currency: string;
  /** The house account stakes go to and payouts come from. */
  house: { kind: 'wagers' | 'sportsbook'; purpose: string };
  funding: BetFunding;
  /** The bonus whose balance stakes the bet (funding `bonus`), else null. */
  bonus_id: bigint | null;
  /** The ledger's business object of the bet's transfers (`casino:12`, `sb:4`). */
  object_id: string;
  /** Who takes the stakes (the player, a studio) and who pays the returns (the product). */
  actor: LedgerActor;
  settle_actor: LedgerActor;
};

export type AdmitRequest = {
  player_id: bigint;
  currency: string;
  /** For messages. */
  scale: number;
  amount_minor: bigint;
  action: Extract<MoneyAction, 'casino_bet' | 'provider_debit' | 'sports_bet'>;
  /** The operation's unique key for play-limit accounting (a retry counts once). */
  reference: string;
  client: GateClient;
  /** May a running bonus's balance stake it (bonus first)? Casino bets only. */
  bonus_funding: boolean;
  /** Staked by the operator (a free-bet token): no bonus cap applies to it. */
  operator_funded?: boolean;
  /** The request field a refusal points at. */
  field?: string;
};

/** What was decided at admission: whose money stakes the bet. */
export type Admission = { funding: BetFunding; bonus_id: bigint | null };

export type StakeResult =
  | { ok: true; transfer: Transfer | null; funding: BetFunding; bonus_id: bigint | null }
  | { ok: false; code: 'INSUFFICIENT_FUNDS' };

export type WagersDeps = {
  /** The shared handle, for events written outside a product's transaction. */
  db: Db;
  ledger: LedgerService;
  gate: PlayerGate;
  bonus: BonusSpendingPort;
  freeBets: FreeBetTokens;
  freeRounds: FreeRounds;
  outbox: Pick<Outbox, 'append' | 'wake'>;
};

/** The house account that carries bets' losses the operator wrote off (decision 0643). */
export const WRITE_OFF_HOUSE = { house: 'adjustments' as const, purpose: 'bet_write_off' };

/** The house account operator-funded sports free bets are staked from (decision 0803). */
export const FREE_BET_HOUSE = { house: 'bonus_cost' as const, purpose: 'free_bet' };

/**
 * The one bet path (modules/wagers/README.md). Every product calls it to admit a bet (the
 * protection gate, the bonus max bet, whose money stakes it), to take stakes and pay returns
 * through the ledger idempotently by the product's keys, and to settle, void or roll back;
 * settling writes `BetSettled` (voiding `BetVoided`) in the same database transaction as the
 * last money it moves, for the modules that react (bonus wagering, play limits, AML, loyalty).
 * Products keep only their game logic.
 */
export class WagersService {
  constructor(private readonly deps: WagersDeps) {}

  // --- admission --------------------------------------------------------------------

  /**
   * Before anything is written: the bonus max bet, then the gate (jurisdiction, exclusions,
   * play limits, counted under `reference`), then whose money stakes it. Throws the refusal.
   * A bet that fails after this calls `release` so its limit usage is given back.
   */
  async admit(request: AdmitRequest): Promise<Admission> {
    const cap = request.operator_funded
      ? null
      : await this.deps.bonus.maxBet(request.player_id, request.currency);
    if (cap !== null && request.amount_minor > cap) {
      const message = `While a bonus is wagered, a bet may be at most ${formatAmount(cap, request.scale)} ${request.currency}.`;
      throw wagersError('BONUS_MAX_BET', message, request.field ?? 'amount');
    }
    await this.deps.gate.admit({
      ...request.client,
      player_id: request.player_id,
      action: request.action,
      amount_minor: request.amount_minor,
      currency: request.currency,
      reference: request.reference,
    });
    if (!request.bonus_funding) return { funding: 'cash', bonus_id: null };
    // Fixed before any money moves, so a retry or a sweep settles the same way.
    const bonus_id = await this.deps.bonus.pick(
      request.player_id,
      request.currency,
      request.amount_minor,
    );
    return bonus_id === null ? { funding: 'cash', bonus_id: null } : { funding: 'bonus', bonus_id };
  }

  /** Gives back the limit usage an admitted bet recorded (it was refused later). */
  release(reference: string): Promise<void> {
    return this.deps.gate.release(reference);
  }

  /** Whether real-money play is open for the player now, recording nothing (free rounds). */
  async check(request: Omit<AdmitRequest, 'amount_minor' | 'bonus_funding' | 'scale'>) {
    const decision = await this.deps.gate.check({
      ...request.client,
      player_id: request.player_id,
      action: request.action,
      currency: request.currency,
    });
    if (!decision.allowed) throw gateRefusal(decision);
  }

  // --- instant bets -------------------------------------------------------------------

  /**
   * A bet whose outcome is known when it is placed (Dice, Limbo, Plinko): the stake, the
   * payout and `BetSettled` in one ledger batch (the payout requires the stake, so a refused
   * stake pays nothing). Idempotent by the keys: a retry settles the same way.
   */
  async play(
    wager: Wager,
    input: { stake_minor: bigint; payout_minor: bigint; stake_key: string; payout_key: string },
  ): Promise<StakeResult> {
    if (wager.funding === 'bonus') {
      const staked = await this.stake(wager, {
        key: input.stake_key,
        amount_minor: input.stake_minor,
      });
      if (!staked.ok) return staked;
      const settled = { ...wager, funding: staked.funding, bonus_id: staked.bonus_id };
      await this.settle(settled, {
        stake_minor: input.stake_minor,
        payout_minor: input.payout_minor,
        payout_key: input.payout_key,
      });
      return staked;
    }
    const event = this.settledEvent(wager, {
      stake_minor: input.stake_minor,
      payout_minor: input.payout_minor,
    });
    const stake = {
      ...this.stakeTransfer(wager, input.stake_key, input.stake_minor),
      events: input.payout_minor > 0n ? undefined : [event],
    };
    const payout = {
      ...this.creditTransfer(wager, input.payout_key, input.payout_minor, 'win'),
      requires: input.stake_key,
      events: [event],
    };
    // Submitted together, so they leave in one batch: one round trip for the whole bet.
    const [staked, paid] = await this.deps.ledger.transfers(
      input.payout_minor > 0n ? [stake, payout] : [stake],
    );
    if (staked === undefined) throw new Error('wagers: the ledger answered nothing');
    if (staked.status === 'rejected') {
      if (isLedgerError(staked.reason, 'INSUFFICIENT_FUNDS'))
        return { ok: false, code: 'INSUFFICIENT_FUNDS' };
      throw staked.reason;
    }
    if (paid?.status === 'rejected') {
      // The stake landed in a later batch than its payout: pay again now that it is stored.
      if (!isLedgerError(paid.reason, 'REQUIRED_MISSING')) throw paid.reason;
      await this.deps.ledger.transfer(payout);
    }
    this.deps.outbox.wake();
    return { ok: true, transfer: staked.value, funding: 'cash', bonus_id: null };
  }

  // --- bets that stay open ------------------------------------------------------------

  /**
   * Takes one stake of a bet (a round may take several): from its bonus (bonus first), else
   * the player's cash; `hold` reserves it instead (sports: posted or voided at settlement).
   * A bonus that can no longer stake it (ended or spent since it was picked) leaves the bet to
   * cash when `cash_fallback` allows, and the result says so: the product records the new
   * funding before anything else moves, so a retry takes the same way.
   */
  async stake(
    wager: Wager,
    move: {
      key: string;
      amount_minor: bigint;
      hold?: boolean;
      cash_fallback?: boolean;
      /** A free-bet token locked for this bet (funding `free_bet`): staked from the operator. */
    },
  ): Promise<StakeResult> {
    if (wager.funding === 'bonus' && wager.bonus_id !== null) {
      const taken = await this.deps.bonus.stake({
        bet_ref: wager.bet_ref,
        move_ref: move.key,
        bonus_id: wager.bonus_id,
        player_id: wager.player_id,
        currency: wager.currency,
        amount_minor: move.amount_minor,
        house_purpose: wager.house.purpose,
      });
      if (taken) return { ok: true, transfer: null, funding: 'bonus', bonus_id: wager.bonus_id };
      if (!move.cash_fallback) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    }
    const input = this.stakeTransfer(
      { ...wager, funding: wager.funding === 'bonus' ? 'cash' : wager.funding },
      move.key,
      move.amount_minor,
    );
    try {
      const transfer = move.hold
        ? await this.deps.ledger.reserve(input)
        : await this.deps.ledger.transfer(input);
      return {
        ok: true,
        transfer,
        funding: wager.funding === 'bonus' ? 'cash' : wager.funding,
        bonus_id: null,
      };
    } catch (error) {
      if (isLedgerError(error, 'INSUFFICIENT_FUNDS'))
        return { ok: false, code: 'INSUFFICIENT_FUNDS' };
      throw error;
    }
  }

  /**
   * Pays a return of an open bet (a win, a refund of one stake): into its bonus (bonus
   * first) or the player's cash. Keyed: a retry pays once.
   */
  async credit(
    wager: Wager,
    move: { key: string; amount_minor: bigint; reason: 'win' | 'bet_refund' },
  ): Promise<void> {
    if (move.amount_minor <= 0n) return;
    if (wager.funding === 'bonus') {
      const paid = await this.deps.bonus.credit({
        bet_ref: wager.bet_ref,
        move_ref: move.key,
        amount_minor: move.amount_minor,
      });
      // A bonus-funded bet's bonus cannot end while the bet is open: never expected.
      if (!paid) throw new Error(`bonus bet ${wager.bet_ref} is not open for ${move.key}`);
      return;
    }
    await this.deps.ledger.transfer(
      this.creditTransfer(wager, move.key, move.amount_minor, move.reason),
    );
  }

  /**
   * The bet is over: pays `payout_minor` (when `payout_key` is given and it is above 0) and
   * writes `BetSettled` with that money, or on its own when nothing moves (a loss, a round
   * whose wins were paid as they came). A bonus-funded bet's bonus learns it is closed.
   * Idempotent: a product that is not sure it settled (a crash) settles again.
   */
  async settle(
    wager: Wager,
    totals: {
      stake_minor: bigint;
      payout_minor: bigint;
      /** Pay the payout now under this key (else it was paid as credits). */
      payout_key?: string;
      reason?: 'win' | 'bet_refund';
      version?: number;
      status?: 'settled' | 'reopened';
      selections?: ReadonlyArray<{ market_id: string; selection_id: string }>;
      /** Settle inside the product's transaction (event-only settlements). */
      executor?: QueryExecutorProvider;
    },
  ): Promise<void> {
    const event = this.settledEvent(wager, totals);
    const pay = totals.payout_key !== undefined && totals.payout_minor > 0n;
    if (wager.funding === 'bonus') {
      if (pay) {
        await this.deps.bonus.settle({ bet_ref: wager.bet_ref, payout_minor: totals.payout_minor });
      } else {
        await this.deps.bonus.close(wager.bet_ref);
      }
      await this.deps.outbox.append(totals.executor ?? this.deps.db, [event]);
    } else if (pay) {
      await this.deps.ledger.transfer({
        ...this.creditTransfer(
          wager,
          totals.payout_key!,
          totals.payout_minor,
          totals.reason ?? 'win',
        ),
        events: [event],
      });
    } else {
      await this.deps.outbox.append(totals.executor ?? this.deps.db, [event]);
    }
    this.deps.outbox.wake();
  }

  /**
   * Cancels a bet whose stake was taken: the stake comes back whole (a hold is released) and
   * `BetVoided` is written with it.
   */
  async void(
    wager: Wager,
    input: { stake_minor: bigint; key: string; hold_id?: bigint | null },
  ): Promise<void> {
    const event: DomainEvent<'BetVoided'> = {
      type: 'BetVoided',
      key: `bet.voided:${wager.bet_ref}`,
      payload: {
        ...this.facts(wager),
        stake_minor: input.stake_minor,
        voided_at: new Date().toISOString(),
      },
    };
    if (wager.funding === 'bonus') {
      await this.deps.bonus.settle({ bet_ref: wager.bet_ref, payout_minor: input.stake_minor });
      await this.deps.outbox.append(this.deps.db, [event]);
    } else if (input.hold_id != null) {
      await this.deps.ledger.void({
        idempotency_key: input.key,
        pending_id: input.hold_id,
        actor: wager.settle_actor,
        events: [event],
      });
    } else {
      await this.deps.ledger.transfer({
        ...this.creditTransfer(wager, input.key, input.stake_minor, 'bet_refund'),
        events: [event],
      });
    }
    this.deps.outbox.wake();
  }

  /** Gives back one stake of an open bet (a studio's rollback of a debit). */
  rollback(wager: Wager, move: { key: string; amount_minor: bigint }): Promise<void> {
    return this.credit(wager, { ...move, reason: 'bet_refund' });
  }

  // --- two-phase stakes (sports) -------------------------------------------------------

  /** Settles a held stake: the hold becomes a stake (optionally with events). */
  capture(
    wager: Wager,
    input: { key: string; hold_id: bigint; events?: readonly DomainEvent[] },
  ): Promise<Transfer> {
    return this.deps.ledger.post({
      idempotency_key: input.key,
      pending_id: input.hold_id,
      actor: wager.settle_actor,
      events: input.events,
    });
  }

  /** Releases a held stake: nothing moves. */
  releaseHold(wager: Wager, input: { key: string; hold_id: bigint }): Promise<Transfer> {
    return this.deps.ledger.void({
      idempotency_key: input.key,
      pending_id: input.hold_id,
      actor: wager.settle_actor,
    });
  }

  /** Takes back an earlier payout (a corrected result): its exact reversal. */
  reverse(wager: Wager, input: { key: string; transfer_id: bigint }): Promise<Transfer> {
    return this.deps.ledger.reverse({
      idempotency_key: input.key,
      transfer_id: input.transfer_id,
      actor: wager.settle_actor,
    });
  }

  /** A payout of a settled bet's version, with the event that version settles with. */
  async pay(
    wager: Wager,
    input: {
      key: string;
      amount_minor: bigint;
      reason: 'win' | 'bet_refund';
      events?: readonly DomainEvent[];
    },
  ): Promise<Transfer> {
    const transfer = await this.deps.ledger.transfer({
      ...this.creditTransfer(wager, input.key, input.amount_minor, input.reason),
      events: input.events,
    });
    if (input.events) this.deps.outbox.wake();
    return transfer;
  }

  /**
   * The house makes up a correction a player cannot repay (a written-off sports correction,
   * decision 0643): the loss moves from the write-off account to the bet's house account, the
   * player's balance untouched. `actor` is the staff member who accepted it.
   */
  writeOff(
    wager: Wager,
    input: { key: string; amount_minor: bigint; actor: LedgerActor; memo: string },
  ): Promise<Transfer> {
    return this.deps.ledger.transfer({
      idempotency_key: input.key,
      debit: WRITE_OFF_HOUSE,
      credit: { house: wager.house.kind, purpose: wager.house.purpose },
      amount_minor: input.amount_minor,
      currency: wager.currency,
      reason_code: 'adjustment',
      object: { type: 'bet', id: wager.object_id },
      actor: input.actor,
      memo: input.memo,
    });
  }

  /** The transfer a payout would make (a sports payout whose key may have been taken). */
  transferByKey(key: string) {
    return this.deps.ledger.transferByKey(key);
  }

  /**
   * What the player can stake now: cash not held, and bonus money bets may stake (bonus first;
   * 0 under cash first). What a studio shows in its game.
   */
  async balances(player_id: bigint, currency: string) {
    const [{ cash }, bonus] = await Promise.all([
      this.deps.ledger.playerBalances(player_id, currency),
      this.deps.bonus.stakeable(player_id, currency),
    ]);
    return {
      cash_available_minor: cash.balance_minor - cash.reserved_minor,
      bonus_stakeable_minor: bonus,
    };
  }

  // --- operator-funded stakes -----------------------------------------------------------

  /** Free-bet tokens (sports): what a slip may stake, locked to a bet, spent or given back. */
  get freeBets(): FreeBetTokens {
    return this.deps.freeBets;
  }

  /** Free rounds (studio free spins): the grants, and one spin played (decision 0804). */
  get freeRounds(): FreeRounds {
    return this.deps.freeRounds;
  }

  // --- events ------------------------------------------------------------------------

  /** The `BetSettled` event of a bet (keyed by its reference and version: written once). */
  settledEvent(
    wager: Wager,
    totals: {
      stake_minor: bigint;
      payout_minor: bigint;
      version?: number;
      status?: 'settled' | 'reopened';
      selections?: ReadonlyArray<{ market_id: string; selection_id: string }>;
    },
  ): DomainEvent<'BetSettled'> {
    const version = totals.version ?? 0;
    return {
      type: 'BetSettled',
      key: `bet.settled:${wager.bet_ref}:${version}`,
      payload: {
        ...this.facts(wager),
        status: totals.status ?? 'settled',
        version,
        stake_minor: totals.stake_minor,
        payout_minor: totals.payout_minor,
        settled_at: new Date().toISOString(),
        ...(totals.selections ? { selections: [...totals.selections] } : {}),
      },
    };
  }

  private facts(wager: Wager) {
    return {
      bet_ref: wager.bet_ref,
      product: wager.product,
      game: wager.game,
      category: wager.category,
      player_id: wager.player_id,
      currency: wager.currency,
      funding: wager.funding,
      bonus_id: wager.bonus_id,
    };
  }

  private stakeTransfer(wager: Wager, key: string, amount_minor: bigint) {
    return {
      idempotency_key: key,
      debit:
        wager.funding === 'free_bet'
          ? FREE_BET_HOUSE
          : { player_id: wager.player_id, wallet: 'cash' as const },
      credit: { house: wager.house.kind, purpose: wager.house.purpose },
      amount_minor,
      currency: wager.currency,
      reason_code: 'bet' as const,
      object: { type: 'bet' as const, id: wager.object_id },
      actor: wager.actor,
    };
  }

  private creditTransfer(
    wager: Wager,
    key: string,
    amount_minor: bigint,
    reason: 'win' | 'bet_refund',
  ) {
    return {
      idempotency_key: key,
      debit: { house: wager.house.kind, purpose: wager.house.purpose },
      credit: { player_id: wager.player_id, wallet: 'cash' as const },
      amount_minor,
      currency: wager.currency,
      reason_code: reason,
      object: { type: 'bet' as const, id: wager.object_id },
      actor: wager.settle_actor,
    };
  }
}
