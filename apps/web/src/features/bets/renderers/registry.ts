import type { ComponentType } from 'react';
import type { BetDetail } from '../api/bets.ts';
import { KenoOutcome, RouletteOutcome, WheelOutcome } from './board-games.tsx';
import { GenericOutcome, StudioRound } from './generic.tsx';
import {
  CrashOutcome,
  DiceOutcome,
  LimboOutcome,
  MinesOutcome,
  PlinkoOutcome,
} from './originals.tsx';

export type BetRenderer = ComponentType<{ bet: BetDetail }>;

/**
 * How a bet's page draws its result, keyed by game slug: a new game adds its own with
 * `registerBetRenderer` (cards, wheel…); a game without one gets the generic view, a studio
 * round the round's record.
 */
const renderers = new Map<string, BetRenderer>([
  ['dice', DiceOutcome],
  ['limbo', LimboOutcome],
  ['mines', MinesOutcome],
  ['plinko', PlinkoOutcome],
  ['crash', CrashOutcome],
  ['keno', KenoOutcome],
  ['wheel', WheelOutcome],
  ['roulette', RouletteOutcome],
]);

export function registerBetRenderer(game: string, renderer: BetRenderer) {
  renderers.set(game, renderer);
}

export function betRenderer(bet: BetDetail): BetRenderer {
  return renderers.get(bet.game) ?? (bet.kind === 'studio' ? StudioRound : GenericOutcome);
}
