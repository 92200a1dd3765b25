import type { SbCashoutSettings } from '@casino/contracts/sportsbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

/** Form text ↔ the API's basis points (shown in %). */
const toForm = (s: SbCashoutSettings) => ({
  enabled: s.enabled,
  margin: (s.margin_bp / 100).toFixed(2),
  partial: (s.partial_min_bp / 100).toFixed(2),
});

/**
 * Cash-out per sport (decision 0642): offered or not, the share of the fair value the book
 * keeps, and the least share of the stake a partial cash-out takes and leaves.
 */
export function CashoutSettingsCard() {
  const settings = useQuery({
    queryKey: ['sb', 'cashout-settings'],
    queryFn: async () => (await api<SbCashoutSettings[]>('/sportsbook/cashout-settings')).data,
  });
  return (
    <Card title="Cash-out per sport" padded={false}>
      <table className="w-full text-[12px]">
        <thead className="text-fg-subtle">
          <tr>
            <th className="px-3 py-1.5 text-left font-medium">Sport</th>
            <th className="px-2 text-center font-medium">On</th>
            <th
              className="px-2 text-right font-medium"
              title="The share of the fair value the book keeps (0–50 %)"
            >
              Margin %
            </th>
            <th
              className="px-2 text-right font-medium"
              title="The least share of the stake a partial cash-out takes and leaves (1–50 %)"
            >
              Min part %
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {settings.data?.map((s) => (
            <CashoutRow key={`${s.sport_id}:${JSON.stringify(s)}`} settings={s} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function CashoutRow({ settings }: { settings: SbCashoutSettings }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => toForm(settings));
  const save = useMutation({
    mutationFn: () =>
      api(`/sportsbook/sports/${encodeURIComponent(settings.sport_id)}/cashout`, {
        method: 'PUT',
        json: {
          enabled: form.enabled,
          margin_bp: Math.round(Number(form.margin) * 100),
          partial_min_bp: Math.round(Number(form.partial) * 100),
        },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb', 'cashout-settings'] });
      toast.success(`${settings.name}: cash-out saved`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const field = (key: 'margin' | 'partial', label: string) => (
    <td className="px-2 py-1 text-right">
      <input
        aria-label={`${settings.name} ${label}`}
        value={form[key]}
        inputMode="decimal"
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        className={cn(controlClasses, 'h-6 !w-20 text-right font-mono')}
      />
    </td>
  );
  return (
    <tr
      className="border-t border-ink-800"
      data-testid="cashout-settings"
      data-sport={settings.sport_id}
    >
      <td className="px-3 py-1">
        {settings.name}
        {settings.default && <span className="ml-1 text-fg-subtle">(default)</span>}
      </td>
      <td className="px-2 py-1 text-center">
        <input
          type="checkbox"
          aria-label={`${settings.name} cash-out offered`}
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
        />
      </td>
      {field('margin', 'cash-out margin')}
      {field('partial', 'least partial cash-out')}
      <td className="px-3 py-1 text-right">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </td>
    </tr>
  );
}
