export {
  type Card,
  cardFromFloat,
  cardLabel,
  cardOf,
  DECK_SIZE,
  dealFromDeck,
  RANKS,
  type Rank,
  SUITS,
  type Suit,
} from './cards.ts';
export { crashChain, crashFromHmacHex, crashLinks, crashPoint } from './crash.ts';
export {
  DICE_CHANCE_MAX,
  DICE_CHANCE_MIN,
  type DiceDirection,
  diceChance,
  diceMultiplier,
  dicePayout,
  diceRoll,
  diceRollFromFloat,
  diceWins,
  isValidDiceTarget,
} from './dice.ts';
export {
  bytesToFloats,
  FLOATS_PER_ROUND,
  floats,
  floatsSync,
  type HmacSha256Sync,
  hmacSha256Hex,
  revealMatches,
  type SeedPair,
  sha256Hex,
} from './fair.ts';
export {
  isValidLimboTarget,
  LIMBO_TARGET_MAX,
  LIMBO_TARGET_MIN,
  limboChance,
  limboFromFloat,
  limboPayout,
  limboResult,
  limboWins,
} from './limbo.ts';
export {
  isValidMines,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minesFromFloats,
  minesMultiplier,
  minesPayout,
  minesPositions,
} from './mines.ts';
export {
  isValidPlinko,
  PLINKO_RISKS,
  PLINKO_ROWS_MAX,
  PLINKO_ROWS_MIN,
  type PlinkoRisk,
  plinkoBucket,
  plinkoMultiplier_x100,
  plinkoPath,
  plinkoPathFromFloats,
  plinkoPayout,
  plinkoRtp,
  plinkoTable,
} from './plinko.ts';
export { type Recomputed, recompute, type VerifyInput } from './verify.ts';
