import {
  ANDAR_BAHAR_PAYS_X100,
  ANDAR_BAHAR_RANGES,
  andarBaharRangeOf,
  BACCARAT_PAYS_X100,
  baccaratReturn_x100,
  baccaratValue,
  cardOf,
  dragonTigerReturn_x100,
  PAIR_PLUS_PAYS_X100,
  recompute,
  type SeedPair,
  type TeenPattiHand,
  teenPattiAnte_x10000,
  teenPattiStrength,
} from '@casino/games';
import { cardName } from './playing-card.tsx';

/** The card originals, as the player's pages, the verifier and the history name them. */
export const CARD_GAMES = ['baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'] as const;
export type CardGame = (typeof CARD_GAMES)[number];
export const isCardGame = (game: string): game is CardGame =>
  (CARD_GAMES as readonly string[]).includes(game);

/**
 * A deal as the server records it in a bet's `details` (cards as indices 0–51); the demo and the
 * verifier build the same shape in the browser.
 */
export type CardDeal = {
  player?: number[];
  banker?: number[];
  dealer?: number[];
  player_total?: number;
  banker_total?: number;
  player_pair?: boolean;
  banker_pair?: boolean;
  player_hand?: TeenPattiHand;
  dealer_hand?: TeenPattiHand;
  dragon?: number;
  tiger?: number;
  joker?: number;
  andar?: number[];
  bahar?: number[];
  dealt?: number;
  winner: string;
};

/** The spots of each table and what a win pays, as printed on the felt ("1:1"). */
export function spotsOf(game: CardGame, edge_bp: number): { id: string; pays: string }[] {
  const odds = (x100: number) => `${((x100 - 100) / 100).toString()}:1`;
  switch (game) {
    case 'baccarat':
      return (['player', 'tie', 'banker', 'player_pair', 'banker_pair'] as const).map((id) => ({
        id,
        pays: odds(BACCARAT_PAYS_X100[id]),
      }));
    case 'dragon-tiger':
      return [
        { id: 'dragon', pays: '1:1' },
        { id: 'tie', pays: '11:1' },
        { id: 'tiger', pays: '1:1' },
      ];
    case 'teen-patti':
      return [
        { id: 'ante', pays: `${((10_000 - 2 * edge_bp) / 10_000).toFixed(2)}:1` },
        { id: 'pair_plus', pays: '1–40:1' },
      ];
    case 'andar-bahar':
      return [
        { id: 'andar', pays: odds(ANDAR_BAHAR_PAYS_X100.andar) },
        { id: 'bahar', pays: odds(ANDAR_BAHAR_PAYS_X100.bahar) },
        ...ANDAR_BAHAR_RANGES.map((r) => ({ id: r.id, pays: odds(r.pays_x100) })),
      ];
  }
}

const total = (cards: number[]) =>
  cards.reduce((sum, i) => sum + baccaratValue(cardOf(i).rank), 0) % 10;
const hand = (cards: number[]) => teenPattiStrength(cards.map(cardOf)).hand;

/** The deal of a seed pair, computed here with the package the server runs (demo and verifier). */
export async function dealOf(game: CardGame, seeds: SeedPair): Promise<CardDeal> {
  const r = await recompute(seeds, { game });
  switch (r.game) {
    case 'baccarat':
      return {
        ...r,
        player_total: total(r.player),
        banker_total: total(r.banker),
        player_pair: cardOf(r.player[0]!).rank === cardOf(r.player[1]!).rank,
        banker_pair: cardOf(r.banker[0]!).rank === cardOf(r.banker[1]!).rank,
      };
    case 'teen-patti':
      return { ...r, player_hand: hand(r.player), dealer_hand: hand(r.dealer) };
    case 'andar-bahar':
      return { ...r, dealt: r.andar.length + r.bahar.length };
    case 'dragon-tiger':
      return r;
    default:
      throw new Error(`not a card game: ${r.game}`);
  }
}

/** What a spot returns per unit for a deal, in ten-thousandths (the server's rule). */
export function spotReturn_x10000(
  game: CardGame,
  deal: CardDeal,
  spot: string,
  edge_bp: number,
): number {
  switch (game) {
    case 'baccarat':
      return (
        baccaratReturn_x100(
          {
            winner: deal.winner as 'player' | 'banker' | 'tie',
            player_pair: deal.player_pair === true,
            banker_pair: deal.banker_pair === true,
          },
          spot as 'player',
        ) * 100
      );
    case 'dragon-tiger':
      return (
        dragonTigerReturn_x100(deal.winner as 'dragon' | 'tiger' | 'tie', spot as 'dragon') * 100
      );
    case 'teen-patti':
      return spot === 'ante'
        ? teenPattiAnte_x10000(deal.winner as 'player' | 'dealer' | 'tie', edge_bp)
        : PAIR_PLUS_PAYS_X100[deal.player_hand ?? 'high_card'] * 100;
    case 'andar-bahar': {
      if (spot === 'andar' || spot === 'bahar')
        return spot === deal.winner ? ANDAR_BAHAR_PAYS_X100[spot] * 100 : 0;
      const range = andarBaharRangeOf(deal.dealt ?? 0);
      return spot === range ? ANDAR_BAHAR_RANGES.find((r) => r.id === range)!.pays_x100 * 100 : 0;
    }
  }
}

const names = (cards: number[] | undefined) => (cards ?? []).map(cardName).join(' ');

/** One line naming every card and the winner: the verifier compares recorded and recomputed. */
export function dealSummary(game: CardGame, deal: CardDeal): string {
  switch (game) {
    case 'baccarat':
      return `P ${names(deal.player)} · B ${names(deal.banker)} → ${deal.winner}`;
    case 'dragon-tiger':
      return `D ${cardName(deal.dragon ?? 0)} · T ${cardName(deal.tiger ?? 0)} → ${deal.winner}`;
    case 'teen-patti':
      return `P ${names(deal.player)} · D ${names(deal.dealer)} → ${deal.winner}`;
    case 'andar-bahar':
      return `J ${cardName(deal.joker ?? 0)} · ${(deal.andar?.length ?? 0) + (deal.bahar?.length ?? 0)} → ${deal.winner}`;
  }
}
