export {
  DICE_CHANCE_MAX,
  DICE_CHANCE_MIN,
  type DiceDirection,
  diceChance,
  diceMultiplier,
  dicePayout,
  diceRoll,
  diceWins,
  isValidDiceTarget,
} from './dice.ts';
export { floats, type SeedPair, sha256Hex } from './fair.ts';
export { limboResult } from './limbo.ts';
