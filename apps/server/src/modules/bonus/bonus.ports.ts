/**
 * What the bonus engine offers the bet path (modules/wagers): the money of running bonuses
 * (bonus-first spending, decision 0805), the cap on a stake while a bonus is wagered, free-bet
 * tokens (decision 0803) and free rounds (decision 0804). The bet path depends on these;
 * the bonus engine knows nothing of products.
 */

/**
 * Bonus money a bet may stake (the operator's "bonus first" spending order). `pick` names the
 * bonus that would fund a stake (null: cash, as always under "cash first"). A bet (`bet_ref`:
 * an original's bet, a studio round) then takes its stakes from that bonus to
 * wagers:<house_purpose> (`stake`: false when the bonus cannot cover it now), pays its returns
 * back into it (`credit`: wins, refunds) and ends with `close`, after which its bonus may end.
 * `settle` is credit + close for a bet with one stake. Each is idempotent by its reference
 * (`move_ref` names one stake or return of the bet).
 */
export type BonusStakes = {
  pick(player_id: bigint, currency: string, amount_minor: bigint): Promise<bigint | null>;
  /** Bonus money bets may stake now: what running bonuses have left (bonus first), else 0. */
  stakeable(player_id: bigint, currency: string): Promise<bigint>;
  stake(input: {
    bet_ref: string;
    /** This stake (a round has several); default `<bet_ref>:stake`. */
    move_ref?: string;
    bonus_id: bigint;
    player_id: bigint;
    currency: string;
    amount_minor: bigint;
    house_purpose: string;
  }): Promise<boolean>;
  credit(input: { bet_ref: string; move_ref: string; amount_minor: bigint }): Promise<boolean>;
  close(bet_ref: string): Promise<void>;
  settle(input: { bet_ref: string; payout_minor: bigint }): Promise<void>;
};

/** The spending port and the max bet: everything the bet path asks before a stake moves. */
export type BonusSpendingPort = BonusStakes & {
  /** The most a single bet may stake while a bonus is being wagered (null: no cap). */
  maxBet(player_id: bigint, currency: string): Promise<bigint | null>;
};

/** Cash only: no bonus money, no cap (a bet path without a bonus engine, and tests). */
export const CASH_ONLY: BonusSpendingPort = {
  pick: async () => null,
  stakeable: async () => 0n,
  stake: async () => false,
  credit: async () => false,
  close: async () => {},
  settle: async () => {},
  maxBet: async () => null,
};

/** What the sportsbook asks of free bets (decision 0803). */
export type FreeBetTokens = {
  /** The player's available token, or null. */
  peek(
    player_id: bigint,
    free_bet_id: bigint,
  ): Promise<{ amount_minor: bigint; currency: string } | null>;
  /** Takes the token for a bet (false: gone); a retry with the same bet finds it taken by it. */
  lock(player_id: bigint, free_bet_id: bigint, bet_ref: string): Promise<boolean>;
  /** The bet was refused or voided: the token is available again. */
  release(bet_ref: string): Promise<void>;
  /** The bet settled: the token is spent. */
  use(bet_ref: string): Promise<void>;
};

/**
 * Free rounds a studio plays for the player (decision 0804): the operator pays the stakes;
 * the total win becomes a bonus when the last spin is in.
 */
export type FreeRounds = {
  active(
    player_id: bigint,
    game: string,
    currency: string,
  ): Promise<
    Array<{
      grant_id: string;
      spins_total: number;
      spins_left: number;
      bet_minor: bigint;
      win_minor: bigint;
      expires_at: Date;
    }>
  >;
  play(input: {
    provider: string;
    grant_id: string;
    player_id: bigint;
    game: string;
    currency: string;
    round_id: string;
    transaction_id: string;
    win_minor: bigint;
  }): Promise<{ spins_total: number; spins_left: number; win_minor: bigint; finished: boolean }>;
};
