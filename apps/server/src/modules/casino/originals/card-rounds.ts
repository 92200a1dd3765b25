import {
  type BlackjackAction,
  BlackjackRuleError,
  type BlackjackState,
  blackjackAct,
  blackjackBestPayout,
  blackjackCards,
  blackjackDeal,
  blackjackLegal,
  blackjackPayout,
  blackjackStaked,
  HILO_CARDS_MAX,
  type HiloGuess,
  HiloRuleError,
  hiloCards,
  hiloGuess,
  hiloMultiplier,
  hiloPayout,
  hiloStart,
  insuranceStake,
} from '@casino/games';
import type { GateClient } from '../../protection/index.ts';
import { wagersError } from '../../wagers/index.ts';
import { casinoError } from '../casino.errors.ts';
import { enforceRoundStake } from '../originals.limits.ts';
import type { BetRow, OriginalsRepository } from '../originals.repository.ts';
import type { OriginalsDeps, OriginalsService } from '../originals.service.ts';
import type { BlackjackOutcome, HiloOutcome, PendingStake } from './card-views.ts';

type Player = { id: bigint; currency_id: number | null };
type Change = {
  outcome: Record<string, unknown>;
  payout: bigint;
  multiplier: string;
  finished: boolean;
  stake_minor?: bigint;
};

/** Actions that put more money on the round: each an extra stake of the same bet. */
const EXTRA_STAKES = new Set<BlackjackAction>(['double', 'split', 'insurance']);
/** An extra stake a crash left half done is finished by the sweep after this long. */
const PENDING_GRACE_MS = 10_000;

const NO_ROUND = {
  hilo: 'You have no HiLo round in progress.',
  blackjack: 'You have no Blackjack hand in progress.',
} as const;

/** Payout ÷ everything staked, 4 decimals toward zero ("2.5000"). */
function ratio(payout: bigint, staked: bigint): string {
  const scaled = (payout * 10_000n) / staked;
  const text = scaled.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

/** The games' rule refusals as the API's codes. */
function refused(error: unknown, game: 'hilo' | 'blackjack'): never {
  if (error instanceof BlackjackRuleError || error instanceof HiloRuleError) {
    if (error.code === 'ROUND_OVER') throw casinoError('NO_ACTIVE_ROUND', NO_ROUND[game]);
    throw casinoError('ACTION_NOT_ALLOWED', error.message);
  }
  throw error;
}

/**
 * HiLo and Blackjack: rounds that take several requests (decisions 0550, 0551). Each round is
 * one bet row of the originals (its seed nonce drawn when it starts, its 52 cards fixed then
 * and kept secret in the row), so a reload or a restart resumes it exactly. Every change is
 * made under the row's lock; `step` (the number of decisions the player saw) refuses a
 * decision sent twice. A double, a split or insurance is a further stake of the same bet: it
 * is recorded as pending under the lock, staked through the bet path under its own key, then
 * applied — a crash in between is finished by the next request or the sweep, never twice.
 */
export class CardRoundsService {
  constructor(
    private readonly originals: OriginalsService,
    private readonly repository: OriginalsRepository,
    private readonly deps: OriginalsDeps,
  ) {
    originals.sweepRounds = (now) => this.sweep(now);
  }

  // --- HiLo ----------------------------------------------------------------------------

  /** Starts a round: the stake is taken and the start card shown (card 0 of the bet's floats). */
  hiloStart(
    player: Player,
    input: { amount: string; idempotency_key: string },
    client: GateClient,
  ) {
    return this.originals.play('hilo', player, input, client, () => ({
      // Capped like Mines: a run that reaches the max payout cashes out there.
      bestPayout: null,
      floats: HILO_CARDS_MAX,
      params: {},
      resolve: (fs, max_payout_minor) => {
        const cards = hiloCards(fs);
        const outcome: HiloOutcome = {
          cards,
          round: hiloStart(cards),
          finished: false,
          won: false,
          max_payout_minor: String(max_payout_minor),
        };
        return { payout: 0n, multiplier: '1.0000', outcome };
      },
    }));
  }

  async hiloActive(player: Player) {
    const currency = await this.originals.currency(player.currency_id);
    const open = await this.repository.openRound(null, player.id, 'hilo');
    return open?.status === 'active' ? this.originals.view(open, currency.scale) : null;
  }

  /** One guess on the next card (or a skip). A miss ends the round; the 52nd card cashes out. */
  hiloGuess(player: Player, guess: HiloGuess, step?: number) {
    return this.step(player, 'hilo', (bet) => {
      const o = bet.outcome as unknown as HiloOutcome;
      this.checkStep(step, o.round.steps.length);
      let round: HiloOutcome['round'];
      try {
        round = hiloGuess(o.round, guess, o.cards);
      } catch (error) {
        refused(error, 'hilo');
      }
      if (round.lost) {
        return {
          outcome: { ...o, round, finished: true, won: false },
          payout: 0n,
          multiplier: '0.0000',
          finished: true,
        };
      }
      const edge = bet.params.edge_bp as number;
      const cap = BigInt(o.max_payout_minor);
      let payout = hiloPayout(bet.stake_minor, round.ks, edge);
      const capped = round.ks.length > 0 && payout >= cap;
      if (capped) payout = cap;
      // The last card: the round cashes out (the stake back when no guess was won).
      const finished = capped || round.cards.length >= HILO_CARDS_MAX;
      return {
        outcome: { ...o, round, finished, won: finished && round.ks.length > 0 },
        payout: finished ? payout : 0n,
        multiplier: round.ks.length === 0 ? '1.0000' : hiloMultiplier(round.ks, edge),
        finished,
      };
    });
  }

  /** Takes the current multiplier's win (after at least one won guess). */
  hiloCashout(player: Player, step?: number) {
    return this.step(player, 'hilo', (bet) => {
      const o = bet.outcome as unknown as HiloOutcome;
      this.checkStep(step, o.round.steps.length);
      if (o.round.ks.length === 0) {
        throw casinoError('ACTION_NOT_ALLOWED', 'Win a guess before cashing out.');
      }
      const edge = bet.params.edge_bp as number;
      const cap = BigInt(o.max_payout_minor);
      const payout = hiloPayout(bet.stake_minor, o.round.ks, edge);
      return {
        outcome: { ...o, finished: true, won: true },
        payout: payout > cap ? cap : payout,
        multiplier: hiloMultiplier(o.round.ks, edge),
        finished: true,
      };
    });
  }

  // --- Blackjack -----------------------------------------------------------------------

  /** Deals a hand: the stake is taken, four cards dealt; a natural or the peek ends it at once. */
  async blackjackStart(
    player: Player,
    input: { amount: string; idempotency_key: string },
    client: GateClient,
  ) {
    const view = await this.originals.play('blackjack', player, input, client, (stake) => ({
      // Two hands won after a split, or a double won: the most a hand can return.
      bestPayout: blackjackBestPayout(stake),
      floats: 52,
      params: { base_minor: String(stake) },
      resolve: (fs) => {
        const cards = blackjackCards(fs);
        const outcome: BlackjackOutcome = {
          cards,
          state: blackjackDeal(cards),
          finished: false,
          won: false,
          pending: null,
        };
        return { payout: 0n, multiplier: '1.0000', outcome };
      },
    }));
    if (view.state === 'active' && (view.details as { phase?: string }).phase === 'done') {
      return this.blackjackStep(player, undefined, null);
    }
    return view;
  }

  async blackjackActive(player: Player) {
    const currency = await this.originals.currency(player.currency_id);
    let open = await this.repository.openRound(null, player.id, 'blackjack');
    if (open?.status !== 'active') return null;
    if ((open.outcome as unknown as BlackjackOutcome).pending) {
      await this.completePending(open.id, false);
      open = await this.repository.openRound(null, player.id, 'blackjack');
      if (open?.status !== 'active') return null;
    }
    if ((open.outcome as unknown as BlackjackOutcome).state.phase === 'done') {
      // A hand whose deal ended it, left open by a crash before it was settled.
      return this.blackjackStep(player, undefined, null);
    }
    return this.originals.view(open, currency.scale);
  }

  /** One decision on the hand in play. */
  async blackjackAction(
    player: Player,
    action: BlackjackAction,
    step: number | undefined,
    client: GateClient,
  ) {
    if (!EXTRA_STAKES.has(action)) return this.blackjackStep(player, step, action);
    const currency = await this.originals.currency(player.currency_id);
    const open = await this.repository.openRound(null, player.id, 'blackjack');
    if (open?.status !== 'active') {
      // The gate speaks first on a move that stakes: an excluded player hears so, whatever
      // the table holds. Nothing is staked here, so nothing is counted against a limit.
      await this.deps.wagers.admit({
        player_id: player.id,
        currency: currency.code,
        scale: currency.scale,
        amount_minor: 0n,
        action: 'casino_bet',
        reference: `casino:${player.id}:blackjack:${action}:none`,
        client,
        bonus_funding: false,
      });
      throw casinoError('NO_ACTIVE_ROUND', NO_ROUND.blackjack);
    }
    const seen = open.outcome as unknown as BlackjackOutcome;
    // Refused before the gate counts anything: a move the rules do not allow now.
    this.checkBlackjack(seen, action, step);
    const base = BigInt(open.params.base_minor as string);
    const amount = action === 'insurance' ? insuranceStake(base) : base;
    // The round's stakes with this one against the max bet, before the gate counts it.
    enforceRoundStake(
      await this.originals.limitsOf('blackjack', currency),
      currency,
      blackjackStaked(seen.state, base) + amount,
      action as 'double' | 'split' | 'insurance',
    );
    const at = seen.state.actions.length;
    const reference = `casino:${player.id}:${open.id}:${action}:${at}`;
    // The extra stake passes the gate (play limits count it) like any stake.
    await this.deps.wagers.admit({
      player_id: player.id,
      currency: open.currency,
      scale: currency.scale,
      amount_minor: amount,
      action: 'casino_bet',
      reference,
      client,
      bonus_funding: false,
    });
    try {
      await this.repository.transaction(async (tx) => {
        const row = await this.repository.openRound(tx, player.id, 'blackjack', true);
        if (row?.id !== open.id || row.status !== 'active') {
          throw casinoError('NO_ACTIVE_ROUND', NO_ROUND.blackjack);
        }
        const o = row.outcome as unknown as BlackjackOutcome;
        this.checkBlackjack(o, action, step ?? at);
        const pending: PendingStake = {
          action: action as PendingStake['action'],
          key: `casino-bet:${row.id}:${action}:${at}`,
          amount_minor: String(amount),
          reference,
        };
        await this.repository.updateRound(tx, row.id, {
          outcome: { ...o, pending },
          payout_minor: row.payout_minor,
          multiplier: row.multiplier,
          status: 'active',
        });
      });
    } catch (error) {
      await this.deps.wagers.release(reference);
      throw error;
    }
    return this.originals.roundView(await this.completePending(open.id, true), currency.scale);
  }

  /** The rules' refusals, a pending stake and a stale `step`, before anything is written. */
  private checkBlackjack(o: BlackjackOutcome, action: BlackjackAction, step?: number) {
    if (o.finished || o.state.phase === 'done') {
      throw casinoError('NO_ACTIVE_ROUND', NO_ROUND.blackjack);
    }
    if (o.pending) throw casinoError('ACTION_IN_PROGRESS');
    this.checkStep(step, o.state.actions.length);
    if (!blackjackLegal(o.state).includes(action)) {
      try {
        blackjackAct(o.state, action, o.cards);
      } catch (error) {
        refused(error, 'blackjack');
      }
    }
  }

  private checkStep(step: number | undefined, now: number) {
    if (step !== undefined && step !== now) throw casinoError('STALE_ACTION');
  }

  /**
   * The second half of an extra stake: staked through the bet path under its key (a retry
   * stakes once), then, under the row lock, applied — or dropped if the money was refused.
   * `loud`: the player's own request (a refusal is their error); the sweep is quiet.
   */
  private async completePending(id: bigint, loud: boolean): Promise<BetRow> {
    const row = await this.repository.bet(id);
    if (!row) throw casinoError('NO_ACTIVE_ROUND', NO_ROUND.blackjack);
    const seen = row.outcome as unknown as BlackjackOutcome;
    if (row.status !== 'active' || !seen.pending) return row;
    const pending = seen.pending;
    const staked = await this.deps.wagers.stake(this.originals.wager(row), {
      key: pending.key,
      amount_minor: BigInt(pending.amount_minor),
    });
    const bet = await this.repository.transaction(async (tx) => {
      const open = await this.repository.openRound(tx, row.player_id, 'blackjack', true);
      const o = open?.outcome as unknown as BlackjackOutcome | undefined;
      // Finished meanwhile by another request or the sweep.
      if (open?.id !== id || o?.pending?.key !== pending.key) return null;
      if (!staked.ok) {
        return this.repository.updateRound(tx, open.id, {
          outcome: { ...o, pending: null },
          payout_minor: open.payout_minor,
          multiplier: open.multiplier,
          status: 'active',
        });
      }
      const state = blackjackAct(o.state, pending.action, o.cards);
      const change = this.blackjackChange(open, { ...o, pending: null }, state);
      return this.save(tx, open, change);
    });
    if (!staked.ok) {
      await this.deps.wagers.release(pending.reference);
      if (loud) throw wagersError('INSUFFICIENT_FUNDS');
    }
    const now = bet ?? (await this.repository.bet(id))!;
    return now.status === 'placing' ? ((await this.originals.settle(now)) ?? now) : now;
  }

  /** Hit, stand, the insurance declined — or, with `action` null, a hand the deal ended. */
  private blackjackStep(player: Player, step: number | undefined, action: BlackjackAction | null) {
    return this.step(player, 'blackjack', (bet) => {
      const o = bet.outcome as unknown as BlackjackOutcome;
      let state = o.state;
      if (action !== null) {
        if (o.pending) throw casinoError('ACTION_IN_PROGRESS');
        this.checkStep(step, state.actions.length);
        try {
          state = blackjackAct(state, action, o.cards);
        } catch (error) {
          refused(error, 'blackjack');
        }
      }
      return this.blackjackChange(bet, o, state);
    });
  }

  private blackjackChange(bet: BetRow, o: BlackjackOutcome, state: BlackjackState): Change {
    const base = BigInt(bet.params.base_minor as string);
    const staked = blackjackStaked(state, base);
    const finished = state.phase === 'done';
    const payout = finished ? blackjackPayout(state, base) : 0n;
    return {
      outcome: { ...o, state, finished, won: finished && payout > staked },
      payout,
      multiplier: finished ? ratio(payout, staked) : '1.0000',
      finished,
      stake_minor: staked,
    };
  }

  // --- shared --------------------------------------------------------------------------

  /**
   * Changes the open round under its row lock (a double click cannot act twice); a finished
   * round's payout is fixed in the same statement, then moved through the bet path (the sweep
   * finishes it if the process dies in between).
   */
  private async step(player: Player, game: 'hilo' | 'blackjack', change: (bet: BetRow) => Change) {
    const currency = await this.originals.currency(player.currency_id);
    const bet = await this.repository.transaction(async (tx) => {
      const open = await this.repository.openRound(tx, player.id, game, true);
      if (open?.status !== 'active') throw casinoError('NO_ACTIVE_ROUND', NO_ROUND[game]);
      return this.save(tx, open, change(open));
    });
    const settled = bet.status === 'placing' ? ((await this.originals.settle(bet)) ?? bet) : bet;
    return this.originals.roundView(settled, currency.scale);
  }

  private save(tx: Parameters<OriginalsRepository['updateRound']>[0], bet: BetRow, c: Change) {
    return this.repository.updateRound(tx, bet.id, {
      outcome: c.outcome,
      payout_minor: c.payout,
      multiplier: c.multiplier,
      status: c.finished ? 'placing' : 'active',
      ...(c.stake_minor === undefined ? {} : { stake_minor: c.stake_minor }),
    });
  }

  /** Extra stakes a crash left pending: staked (or dropped) and applied. */
  async sweep(now: Date) {
    const rows = await this.repository.pendingStakes(
      new Date(now.getTime() - PENDING_GRACE_MS),
      100,
    );
    for (const row of rows) await this.completePending(row.id, false);
    return rows.length;
  }
}
