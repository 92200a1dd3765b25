import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { WriteOffDialog } from './write-off-dialog.tsx';

/** Minor units as the desk shows them (two decimals, as the trading page does). */
const money = (value: string, currency: string) => {
  const n = BigInt(value);
  return formatMoney(`${n / 100n}.${String(n % 100n).padStart(2, '0')}`, currency);
};

type HeldCorrection = {
  bet_id: string;
  player_id: string;
  currency: string;
  paid_minor: string;
  due_minor: string | null;
  short_minor: string;
  reason: string;
  since: string;
  legs: { event_name: string; selection_name: string; result: string }[];
};

const REASONS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'player cannot repay',
};

/**
 * Corrections held because the player already spent a wrong win (decision 0621): the house is
 * short by the amount shown until the correction applies. Retry once the player has funds, or
 * (owners and admins) write it off: the house takes the shortfall as its loss (decision 0643).
 */
export function HeldCorrectionsCard() {
  const client = useQueryClient();
  const { can } = useAuth();
  const [writingOff, setWritingOff] = useState<HeldCorrection | null>(null);
  const held = useQuery({
    queryKey: ['sb', 'held-corrections'],
    queryFn: async () => (await api<HeldCorrection[]>('/sportsbook/held-corrections')).data,
    refetchInterval: 30_000,
  });
  const retry = useMutation({
    mutationFn: (bet_id: string) =>
      api<{ held: boolean }>(`/sportsbook/held-corrections/${bet_id}/retry`, { method: 'POST' }),
    onSuccess: (response, bet_id) => {
      void client.invalidateQueries({ queryKey: ['sb', 'held-corrections'] });
      if (response.data.held)
        toast.warning(`Bet #${bet_id}: still short, the correction stays held`);
      else toast.success(`Bet #${bet_id}: correction applied`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card title="Held corrections" padded={false}>
      {held.data?.length === 0 && (
        <p className="px-3 py-3 text-[12px] text-fg-subtle">No correction is held.</p>
      )}
      {held.data && held.data.length > 0 && (
        <table className="w-full text-[12px]" data-testid="held-corrections">
          <thead className="text-fg-subtle">
            <tr>
              <th className="px-3 py-1.5 text-left font-medium">Bet</th>
              <th className="px-2 text-right font-medium" title="Paid → due by the results now">
                Paid → due
              </th>
              <th className="px-2 text-right font-medium" title="What the house is short">
                Short
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {held.data.map((c) => (
              <tr key={c.bet_id} className="border-t border-ink-800" data-testid="held-correction">
                <td className="px-3 py-1.5">
                  <div className="font-mono">
                    #{c.bet_id} · player {c.player_id}
                  </div>
                  <div className="truncate text-fg-subtle">
                    {c.legs.map((l) => `${l.selection_name} (${l.event_name})`).join(', ')}
                  </div>
                  <div className="mt-0.5 flex items-center gap-1.5 text-fg-subtle">
                    <Badge tone="negative">{REASONS[c.reason] ?? c.reason}</Badge>
                    since {formatDateTime(c.since)}
                  </div>
                </td>
                <td className="px-2 text-right font-mono whitespace-nowrap">
                  {money(c.paid_minor, c.currency)} →{' '}
                  {c.due_minor === null ? 'open' : money(c.due_minor, c.currency)}
                </td>
                <td className="px-2 text-right font-mono text-negative">
                  {money(c.short_minor, c.currency)}
                </td>
                <td className="px-3 text-right">
                  <div className="flex justify-end gap-1.5">
                    <Button
                      size="xs"
                      loading={retry.isPending && retry.variables === c.bet_id}
                      onClick={() => retry.mutate(c.bet_id)}
                    >
                      Retry
                    </Button>
                    {can('sportsbook.write_off') && (
                      <Button
                        size="xs"
                        variant="danger"
                        onClick={() => setWritingOff(c)}
                        data-testid="write-off"
                      >
                        Write off
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <WriteOffDialog
        bet_id={writingOff?.bet_id ?? null}
        short={writingOff ? money(writingOff.short_minor, writingOff.currency) : ''}
        onClose={() => setWritingOff(null)}
      />
    </Card>
  );
}
