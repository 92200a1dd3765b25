import { ANDAR_BAHAR_FLOATS, andarBaharFromFloats } from './andar-bahar.ts';
import { BACCARAT_FLOATS, baccaratFromFloats } from './baccarat.ts';
import {
  BLACKJACK_CARDS_MAX,
  type BlackjackAction,
  type BlackjackState,
  blackjackCards,
  blackjackReplay,
} from './blackjack.ts';
import { diceRollFromFloat } from './dice.ts';
import { DRAGON_TIGER_FLOATS, dragonTigerFromFloats } from './dragon-tiger.ts';
import { floats, type SeedPair } from './fair.ts';
import { HILO_CARDS_MAX, type HiloGuess, type HiloRound, hiloCards, hiloReplay } from './hilo.ts';
import { KENO_DRAWN, kenoFromFloats } from './keno.ts';
import { limboFromFloat } from './limbo.ts';
import { MINES_TILES, minesFromFloats } from './mines.ts';
import { type PlinkoRisk, plinkoBucket, plinkoPathFromFloats } from './plinko.ts';
import { roulettePocketFromFloat } from './roulette.ts';
import { TEEN_PATTI_FLOATS, teenPattiFromFloats } from './teen-patti.ts';
import { wheelSegmentFromFloat } from './wheel.ts';

/** What a recorded bet's fairness data recomputes to, per original. */
export type Recomputed =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'mines'; mines: number[] }
  | { game: 'plinko'; path: number[]; bucket: number }
  | { game: 'keno'; drawn: number[] }
  | { game: 'wheel'; segment: number }
  | { game: 'roulette'; pocket: number }
  | CardsRecomputed
  | { game: 'hilo'; round: HiloRound }
  | { game: 'blackjack'; round: BlackjackState };

/** The card originals: every card as its index 0–51 (cards.ts), in the order dealt. */
export type CardsRecomputed =
  | { game: 'baccarat'; player: number[]; banker: number[]; winner: string }
  | { game: 'dragon-tiger'; dragon: number; tiger: number; winner: string }
  | { game: 'teen-patti'; player: number[]; dealer: number[]; winner: string }
  | { game: 'andar-bahar'; joker: number; andar: number[]; bahar: number[]; winner: string };

export type VerifyInput =
  | { game: 'dice' }
  | { game: 'limbo'; edge_bp: number }
  | { game: 'mines'; mines: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk }
  | { game: 'keno' }
  | { game: 'wheel'; segments: number }
  | { game: 'roulette' }
  | { game: 'baccarat' | 'dragon-tiger' | 'teen-patti' | 'andar-bahar' }
  | { game: 'hilo'; guesses: HiloGuess[] }
  | { game: 'blackjack'; actions: BlackjackAction[] };

/**
 * Recomputes an original's draw from the revealed server seed, the client seed and the nonce:
 * the one function the server, the browser's /provably-fair page and the tests all call.
 */
export async function recompute(seeds: SeedPair, input: VerifyInput): Promise<Recomputed> {
  switch (input.game) {
    case 'dice':
      return { game: 'dice', roll: diceRollFromFloat((await floats(seeds, 1))[0]!) };
    case 'limbo':
      return { game: 'limbo', result: limboFromFloat((await floats(seeds, 1))[0]!, input.edge_bp) };
    case 'mines':
      // The whole shuffle (24 floats) as Stake draws it; the mines are its first picks.
      return {
        game: 'mines',
        mines: minesFromFloats(await floats(seeds, MINES_TILES - 1), input.mines),
      };
    case 'plinko': {
      const path = plinkoPathFromFloats(await floats(seeds, input.rows), input.rows);
      return { game: 'plinko', path, bucket: plinkoBucket(path) };
    }
    case 'keno':
      return { game: 'keno', drawn: kenoFromFloats(await floats(seeds, KENO_DRAWN)) };
    case 'wheel':
      return {
        game: 'wheel',
        segment: wheelSegmentFromFloat((await floats(seeds, 1))[0]!, input.segments),
      };
    case 'roulette':
      return { game: 'roulette', pocket: roulettePocketFromFloat((await floats(seeds, 1))[0]!) };
    case 'baccarat':
    case 'dragon-tiger':
    case 'teen-patti':
    case 'andar-bahar':
      return recomputeCards(seeds, input.game);
    // The stateful games: the round's 52 cards, then the player's recorded decisions replayed.
    case 'hilo':
      return {
        game: 'hilo',
        round: hiloReplay(hiloCards(await floats(seeds, HILO_CARDS_MAX)), input.guesses),
      };
    case 'blackjack':
      return {
        game: 'blackjack',
        round: blackjackReplay(
          blackjackCards(await floats(seeds, BLACKJACK_CARDS_MAX)),
          input.actions,
        ),
      };
  }
}

const indices = (cards: readonly { index: number }[]) => cards.map((card) => card.index);

async function recomputeCards(
  seeds: SeedPair,
  game: CardsRecomputed['game'],
): Promise<CardsRecomputed> {
  switch (game) {
    case 'baccarat': {
      const coup = baccaratFromFloats(await floats(seeds, BACCARAT_FLOATS));
      return {
        game,
        player: indices(coup.player),
        banker: indices(coup.banker),
        winner: coup.winner,
      };
    }
    case 'dragon-tiger': {
      const deal = dragonTigerFromFloats(await floats(seeds, DRAGON_TIGER_FLOATS));
      return { game, dragon: deal.dragon.index, tiger: deal.tiger.index, winner: deal.winner };
    }
    case 'teen-patti': {
      const deal = teenPattiFromFloats(await floats(seeds, TEEN_PATTI_FLOATS));
      return {
        game,
        player: indices(deal.player),
        dealer: indices(deal.dealer),
        winner: deal.winner,
      };
    }
    case 'andar-bahar': {
      const deal = andarBaharFromFloats(await floats(seeds, ANDAR_BAHAR_FLOATS));
      return {
        game,
        joker: deal.joker.index,
        andar: indices(deal.andar),
        bahar: indices(deal.bahar),
        winner: deal.winner,
      };
    }
  }
}
