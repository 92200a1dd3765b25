import type { SbEarlyPayoutSettings } from '@casino/contracts/sportsbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

/**
 * Early payout per sport (decision 0641): a pre-match bet on a match result is paid as won once
 * its side leads by the sport's margin, and is never taken back. Football is on at two goals
 * until the operator says otherwise; other sports start off.
 */
export function EarlyPayoutCard() {
  const rules = useQuery({
    queryKey: ['sb', 'early-payout'],
    queryFn: async () => (await api<SbEarlyPayoutSettings[]>('/sportsbook/early-payout')).data,
  });
  return (
    <Card title="Early payout per sport" padded={false}>
      <table className="w-full text-[12px]">
        <thead className="text-fg-subtle">
          <tr>
            <th className="px-3 py-1.5 text-left font-medium">Sport</th>
            <th className="px-2 text-center font-medium">On</th>
            <th
              className="px-2 text-center font-medium"
              title="Pre-match bets on the match result are paid early"
            >
              Match result
            </th>
            <th
              className="px-2 text-right font-medium"
              title="The lead that pays, in the score's unit (goals, sets): 1–50"
            >
              Lead
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rules.data?.map((r) => (
            <EarlyPayoutRow key={`${r.sport_id}:${JSON.stringify(r)}`} rule={r} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function EarlyPayoutRow({ rule }: { rule: SbEarlyPayoutSettings }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => ({
    enabled: rule.enabled,
    match_winner: rule.market_types.includes('match_winner'),
    lead: String(rule.lead),
  }));
  const save = useMutation({
    mutationFn: () =>
      api(`/sportsbook/sports/${encodeURIComponent(rule.sport_id)}/early-payout`, {
        method: 'PUT',
        json: {
          enabled: form.enabled,
          market_types: form.match_winner ? ['match_winner'] : [],
          lead: Number(form.lead),
        },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb', 'early-payout'] });
      toast.success(`${rule.name}: early payout saved`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <tr className="border-t border-ink-800" data-testid="early-payout" data-sport={rule.sport_id}>
      <td className="px-3 py-1">
        {rule.name}
        {rule.default && <span className="ml-1 text-fg-subtle">(default)</span>}
      </td>
      <td className="px-2 py-1 text-center">
        <input
          type="checkbox"
          aria-label={`${rule.name} early payout on`}
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
        />
      </td>
      <td className="px-2 py-1 text-center">
        <input
          type="checkbox"
          aria-label={`${rule.name} early payout on the match result`}
          checked={form.match_winner}
          onChange={(e) => setForm({ ...form, match_winner: e.target.checked })}
        />
      </td>
      <td className="px-2 py-1 text-right">
        <input
          aria-label={`${rule.name} early payout lead`}
          value={form.lead}
          inputMode="numeric"
          onChange={(e) => setForm({ ...form, lead: e.target.value })}
          className={cn(controlClasses, 'h-6 !w-14 text-right font-mono')}
        />
      </td>
      <td className="px-3 py-1 text-right">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </td>
    </tr>
  );
}
