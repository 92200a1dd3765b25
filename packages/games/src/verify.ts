import { diceRollFromFloat } from './dice.ts';
import { floats, type SeedPair } from './fair.ts';
import { KENO_DRAWN, kenoFromFloats } from './keno.ts';
import { limboFromFloat } from './limbo.ts';
import { MINES_TILES, minesFromFloats } from './mines.ts';
import { type PlinkoRisk, plinkoBucket, plinkoPathFromFloats } from './plinko.ts';
import { roulettePocketFromFloat } from './roulette.ts';
import { wheelSegmentFromFloat } from './wheel.ts';

/** What a recorded bet's fairness data recomputes to, per original. */
export type Recomputed =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'mines'; mines: number[] }
  | { game: 'plinko'; path: number[]; bucket: number }
  | { game: 'keno'; drawn: number[] }
  | { game: 'wheel'; segment: number }
  | { game: 'roulette'; pocket: number };

export type VerifyInput =
  | { game: 'dice' }
  | { game: 'limbo'; edge_bp: number }
  | { game: 'mines'; mines: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk }
  | { game: 'keno' }
  | { game: 'wheel'; segments: number }
  | { game: 'roulette' };

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
  }
}
