/**
 * How a settled casino bet ended, as the player reads it: won (more back than staked), push
 * (exactly the stake back: a Blackjack push, split hands that won one and lost one, a Baccarat
 * tie returning Player and Banker chips), or lost. `won` is the server's flag (payout above
 * stake); amounts are the decimal texts of one currency, so equal texts are equal amounts.
 */
export type BetOutcome = 'open' | 'won' | 'push' | 'lost';

export function betOutcome(bet: {
  state: string;
  won: boolean;
  amount: string;
  payout: string;
}): BetOutcome {
  if (bet.state === 'active' || bet.state === 'open') return 'open';
  if (bet.won) return 'won';
  return sameAmount(bet.payout, bet.amount) && !sameAmount(bet.amount, '0') ? 'push' : 'lost';
}

/** "2.5" and "2.50" are one amount: compared digit by digit after the point, no floats. */
function sameAmount(a: string, b: string): boolean {
  const parts = (text: string) => {
    const [whole = '0', fraction = ''] = text.trim().split('.');
    return [whole.replace(/^0+(?=\d)/, ''), fraction.replace(/0+$/, '')] as const;
  };
  const [aw, af] = parts(a);
  const [bw, bf] = parts(b);
  return aw === bw && af === bf;
}
