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

type TableGame = 'baccarat' | 'dragon-tiger' | 'teen-patti' | 'andar-bahar';
const list = (value: unknown) => (Array.isArray(value) ? (value as number[]) : []);
const one = (value: unknown) => (typeof value === 'number' ? [value] : []);

/**
 * A card table's deal as one line ("P Q♦ 6♠ | B 9♥ K♣ → banker"): each side's cards in the order
 * dealt, then the winner, from a record's `details` or from `recompute`, which name them alike.
 */
function tableText(game: TableGame, deal: Record<string, unknown>): string {
  const sides: [string, number[]][] =
    game === 'baccarat'
      ? [
          ['P', list(deal.player)],
          ['B', list(deal.banker)],
        ]
      : game === 'dragon-tiger'
        ? [
            ['D', one(deal.dragon)],
            ['T', one(deal.tiger)],
          ]
        : game === 'teen-patti'
          ? [
              ['P', list(deal.player)],
              ['D', list(deal.dealer)],
            ]
          : [
              ['J', one(deal.joker)],
              ['A', list(deal.andar)],
              ['B', list(deal.bahar)],
            ];
  return `${sides.map(([side, cards]) => `${side} ${cardsText(cards)}`).join(' | ')} → ${String(deal.winner)}`;
}

/** The card tables' check: the deal recomputed from the revealed seed beside the recorded one. */
export function tableVerifier(game: TableGame) {
  return async (seeds: SeedPair, bet: Recorded) => {
    const r = await recompute(seeds, { game });
    return {
      recorded: tableText(game, bet.details),
      recomputed: r.game === game ? tableText(game, r as unknown as Record<string, unknown>) : '',
    };
  };
}
