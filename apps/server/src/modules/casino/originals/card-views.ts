import {
  type BlackjackState,
  blackjackLegal,
  blackjackResults,
  blackjackVisibleDealer,
  type HiloRound,
  handTotal,
  hiloMultiplier,
  hiloRank,
  hiloWinningRanks,
  insuranceStake,
} from '@casino/games';
import { formatAmount } from '@casino/money';
import type { BetRow } from '../originals.repository.ts';

/**
 * The rows of the card games. `cards` is the round's 52 cards from its floats: secret while the
 * round is open (the player sees only the cards dealt face up), shown whole once it is over.
 */
export type HiloOutcome = {
  cards: number[];
  round: HiloRound;
  finished: boolean;
  won: boolean;
  max_payout_minor: string;
};
/** An extra stake on its way through the bet path (a crash in between is finished later). */
export type PendingStake = {
  action: 'double' | 'split' | 'insurance';
  key: string;
  amount_minor: string;
  /** The play-limit reference the stake was admitted under (released if it is refused). */
  reference: string;
};
export type BlackjackOutcome = {
  cards: number[];
  state: BlackjackState;
  finished: boolean;
  won: boolean;
  pending: PendingStake | null;
};

/** HiLo as the player sees it. */
export function hiloDetails(bet: BetRow, _scale: number) {
  const o = bet.outcome as unknown as HiloOutcome;
  const edge = (bet.params.edge_bp as number | undefined) ?? 100;
  const last = o.round.cards[o.round.cards.length - 1]!;
  const rank = hiloRank(last);
  const open = !o.finished;
  /** Per guess from the card shown: its chance (basis points) and the multiplier it would give. */
  const guesses = Object.fromEntries(
    (['higher', 'lower', 'same'] as const).map((g) => {
      const k = hiloWinningRanks(rank, g);
      return [
        g,
        {
          chance_bp: Math.floor((k * 10_000) / 13),
          multiplier: k === 0 ? null : hiloMultiplier([...o.round.ks, k], edge),
        },
      ];
    }),
  );
  return {
    cards: o.round.cards,
    steps: o.round.steps,
    guesses_made: o.round.steps.map((s) => s.guess),
    lost: o.round.lost,
    current_multiplier: o.round.ks.length === 0 ? '1.0000' : hiloMultiplier(o.round.ks, edge),
    next: open ? guesses : null,
    cards_left: 52 - o.round.cards.length,
    step: o.round.steps.length,
    can_cash_out: open && o.round.ks.length > 0,
  };
}

/** Blackjack as the player sees it: the dealer's hole card and draws only once it is over. */
export function blackjackDetails(bet: BetRow, scale: number) {
  const o = bet.outcome as unknown as BlackjackOutcome;
  const s = o.state;
  const base = BigInt(bet.params.base_minor as string);
  const over = s.phase === 'done';
  const dealer = blackjackVisibleDealer(s);
  const results = over ? blackjackResults(s) : null;
  return {
    phase: s.phase,
    hands: s.hands.map((h, i) => ({
      cards: h.cards,
      ...handTotal(h.cards),
      doubled: h.doubled,
      done: h.done,
      amount: formatAmount(h.doubled ? base * 2n : base, scale),
      result: results?.[i] ?? null,
    })),
    active: s.active,
    dealer: { cards: dealer, ...handTotal(dealer) },
    insurance: s.insurance,
    insurance_amount: formatAmount(insuranceStake(base), scale),
    base_amount: formatAmount(base, scale),
    legal: o.finished || o.pending ? [] : blackjackLegal(s),
    actions: s.actions,
    step: s.actions.length,
    pending: o.pending?.action ?? null,
  };
}
