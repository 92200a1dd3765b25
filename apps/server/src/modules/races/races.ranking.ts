/**
 * The pure rules of a race: which bets count, what they score, and who gets which prize. No
 * database, no clock: the service feeds them rows.
 */

/** Multiplier scores are kept × 100 (two decimals, toward zero). */
export const MULTIPLIER_SCALE = 100n;

export type RaceRules = {
  metric: 'wagered' | 'multiplier';
  games: readonly string[];
  min_stake_eur_minor: bigint;
};

export type SettledBet = {
  product: 'originals' | 'crash' | 'provider' | 'sports';
  game: string;
  stake_minor: bigint;
  payout_minor: bigint;
};

/** Whether a race's list of games takes this bet (`all`, a group, or one game). */
export function gameMatches(games: readonly string[], bet: Pick<SettledBet, 'product' | 'game'>) {
  for (const entry of games) {
    if (entry === 'all') return true;
    if (entry === 'sportsbook' && bet.product === 'sports') return true;
    if (entry === 'crash' && bet.product === 'crash') return true;
    if (entry === 'originals' && bet.product === 'originals') return true;
    if (entry === `originals:${bet.game}` && bet.product === 'originals') return true;
    if (entry === `provider:${bet.game}` && bet.product === 'provider') return true;
  }
  return false;
}

/**
 * What one settled real-money bet scores in a race, or null when it does not count: the stake
 * in EUR minor units (`wagered`), or payout ÷ stake × 100 for a stake of at least the race's
 * minimum (`multiplier`).
 */
export function scoreOf(race: RaceRules, bet: SettledBet, stake_eur_minor: bigint): bigint | null {
  if (bet.stake_minor <= 0n || !gameMatches(race.games, bet)) return null;
  if (race.metric === 'wagered') return stake_eur_minor > 0n ? stake_eur_minor : null;
  if (stake_eur_minor < race.min_stake_eur_minor) return null;
  return (bet.payout_minor * MULTIPLIER_SCALE) / bet.stake_minor;
}

export type Ranked<T> = T & { place: number; prize_minor: bigint | null };

/**
 * Places in the order given (the database sorts by score, then who reached it first, then id),
 * leaving out the players the protection gate refuses, up to `places_max`; each place takes its
 * prize from the table (first place first), places beyond the table take none.
 */
export function rank<T extends { player_id: bigint }>(
  ordered: readonly T[],
  refused: ReadonlySet<bigint>,
  prizes: readonly bigint[],
  places_max: number,
): Ranked<T>[] {
  const ranked: Ranked<T>[] = [];
  for (const entry of ordered) {
    if (ranked.length >= places_max) break;
    if (refused.has(entry.player_id)) continue;
    const place = ranked.length + 1;
    ranked.push({ ...entry, place, prize_minor: prizes[place - 1] ?? null });
  }
  return ranked;
}

/** The next edition of a recurring race: the same length, starting when this one ends. */
export function nextEdition(
  recurrence: 'once' | 'daily' | 'weekly',
  starts_at: Date,
  ends_at: Date,
): { starts_at: Date; ends_at: Date } | null {
  if (recurrence === 'once') return null;
  const length_ms = ends_at.getTime() - starts_at.getTime();
  return { starts_at: ends_at, ends_at: new Date(ends_at.getTime() + length_ms) };
}
