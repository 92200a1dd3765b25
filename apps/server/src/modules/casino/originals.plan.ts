/** How a game turns a bet's floats into its result (see `OriginalsService.play`): each game's
 * module returns one, the service does the rest (limits, admission, the nonce, the money). */
export type Plan = {
  /** The most the bet can win (checked against the max payout), or null when capped instead. */
  bestPayout: bigint | null;
  floats: number;
  params: Record<string, unknown>;
  resolve: (
    fs: number[],
    max_payout_minor: bigint,
  ) => { payout: bigint; multiplier: string; outcome: Record<string, unknown> };
};
