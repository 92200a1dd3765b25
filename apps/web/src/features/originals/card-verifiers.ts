import { type BlackjackAction, type HiloGuess, recompute, type SeedPair } from '@casino/games';
import { blackjackText, cardsText } from './components/card-summary.ts';

type Recorded = { details: Record<string, unknown> };

/**
 * The bet page's checks of the stateful card games (registered by app/bet-games.ts): the round's
 * cards recomputed from the revealed seed, the recorded moves replayed on them, and the cards
 * dealt compared with the record, hand by hand.
 */
export async function verifyHiloBet(seeds: SeedPair, bet: Recorded) {
  const guesses = (bet.details.guesses_made as HiloGuess[] | undefined) ?? [];
  const r = await recompute(seeds, { game: 'hilo', guesses });
  return {
    recorded: cardsText((bet.details.cards as number[] | undefined) ?? []),
    recomputed: r.game === 'hilo' ? cardsText(r.round.cards) : '',
  };
}

export async function verifyBlackjackBet(seeds: SeedPair, bet: Recorded) {
  const actions = (bet.details.actions as BlackjackAction[] | undefined) ?? [];
  const hands = (bet.details.hands as { cards: number[] }[] | undefined) ?? [];
  const dealer = (bet.details.dealer as { cards: number[] } | undefined)?.cards ?? [];
  const r = await recompute(seeds, { game: 'blackjack', actions });
  return {
    recorded: blackjackText(
      hands.map((h) => h.cards),
      dealer,
    ),
    recomputed:
      r.game === 'blackjack'
        ? blackjackText(
            r.round.hands.map((h) => h.cards),
            r.round.dealer,
          )
        : '',
  };
}
