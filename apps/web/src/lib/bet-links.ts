/**
 * The bet page's address for a ledger movement's reference, when it is a casino bet:
 * `bet:casino:<id>`, `bet:crash:<id>`, `bet:provider:<studio>:<round>` (round recall).
 */
export function betPageOf(reference: string): string | null {
  const match = /^bet:(casino|crash|provider):(.+)$/.exec(reference);
  if (!match) return null;
  const [, kind, rest] = match;
  const id = kind === 'casino' ? rest! : kind === 'crash' ? `crash-${rest}` : `provider:${rest}`;
  return `/casino/bets/${encodeURIComponent(id)}`;
}
