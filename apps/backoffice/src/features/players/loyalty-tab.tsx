import type { LoyaltyAdminPlayer } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/badge.tsx';
import { Card, Details } from '../../components/card.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';

const REWARD_TONE = { paid: 'positive', pending: 'warning', refused: 'neutral' } as const;

/** A player's VIP level and volume, rakeback per currency, level-up rewards and claims. */
export function LoyaltyTab({ id }: { id: string }) {
  const loyalty = useQuery({
    queryKey: ['player', id, 'loyalty'],
    queryFn: async () => (await api<LoyaltyAdminPlayer>(`/loyalty/players/${id}`)).data,
  });
  if (loyalty.isLoading)
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  if (!loyalty.data) return <p className="text-fg-muted">{errorMessage(loyalty.error)}</p>;
  const l = loyalty.data;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card title="VIP level">
        <Details
          rows={{
            Level: l.level ? `${l.level.name} (#${l.level.rank})` : 'none yet',
            'Wagered (real money)': formatMoney(l.wagered, 'EUR'),
            'Last bet': l.last_bet_at ? formatDateTime(l.last_bet_at) : '—',
          }}
        />
      </Card>
      <Card title="Rakeback">
        {l.rakeback.length === 0 ? (
          <p className="text-[13px] text-fg-subtle">No rakeback accrued yet.</p>
        ) : (
          <table className="w-full text-[13px]" aria-label="Rakeback">
            <thead>
              <tr className="text-left text-[11px] tracking-wide text-fg-subtle uppercase">
                <th className="py-1 font-medium">Currency</th>
                <th className="py-1 text-right font-medium">Accrued</th>
                <th className="py-1 text-right font-medium">Claimed</th>
                <th className="py-1 text-right font-medium">Claimable</th>
              </tr>
            </thead>
            <tbody>
              {l.rakeback.map((row) => (
                <tr key={row.currency} className="border-t border-ink-800 tabular-nums">
                  <td className="py-1.5">{row.currency}</td>
                  <td className="py-1.5 text-right">{formatMoney(row.accrued, row.currency)}</td>
                  <td className="py-1.5 text-right">{formatMoney(row.claimed, row.currency)}</td>
                  <td className="py-1.5 text-right">{formatMoney(row.claimable, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card title={`Level-up rewards (${l.rewards.length})`}>
        {l.rewards.length === 0 ? (
          <p className="text-[13px] text-fg-subtle">None yet.</p>
        ) : (
          <ul className="grid gap-1.5 text-[13px]">
            {l.rewards.map((reward) => (
              <li key={reward.rank} className="flex items-center justify-between gap-2">
                <span>
                  Level #{reward.rank} · {reward.kind}
                  {reward.kind === 'cash' && ` · ${formatMoney(reward.amount, reward.currency)}`}
                </span>
                <Badge tone={REWARD_TONE[reward.status]}>{reward.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Rakeback claims (${l.claims.length})`}>
        {l.claims.length === 0 ? (
          <p className="text-[13px] text-fg-subtle">No claims yet.</p>
        ) : (
          <ul className="grid gap-1.5 text-[13px] tabular-nums">
            {l.claims.map((claim) => (
              <li key={claim.id} className="flex justify-between gap-2">
                <span className="text-fg-subtle">{formatDateTime(claim.created_at)}</span>
                <span>{formatMoney(claim.amount, claim.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
