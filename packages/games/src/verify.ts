import { diceRollFromFloat } from './dice.ts';
import { floats, type SeedPair } from './fair.ts';
import { limboFromFloat } from './limbo.ts';
import { MINES_TILES, minesFromFloats } from './mines.ts';
import { type PlinkoRisk, plinkoBucket, plinkoPathFromFloats } from './plinko.ts';

/** What a recorded bet's fairness data recomputes to, per original. */
export type Recomputed =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'mines'; mines: number[] }
  | { game: 'plinko'; path: number[]; bucket: number };

export type VerifyInput =
  | { game: 'dice' }
  | { game: 'limbo'; edge_bp: number }
  | { game: 'mines'; mines: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk };

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
  }
}
