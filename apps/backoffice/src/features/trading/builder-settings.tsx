import type { SbBuilderSettings } from '@casino/contracts/sportsbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

/** Form text ↔ the API's integers: the margin in %, the longest price in decimal odds. */
const toForm = (s: SbBuilderSettings) => ({
  enabled: s.enabled,
  margin: (s.margin_bp / 100).toFixed(2),
  legs_max: String(s.legs_max),
  odds_max: (s.odds_max_milli / 1000).toFixed(2),
});

/**
 * The bet builder per sport: offered or not, the least margin its joint prices carry (the
 * picks' own margins when they add up to more), the most picks and the longest price.
 */
export function BuilderSettingsCard() {
  const settings = useQuery({
    queryKey: ['sb', 'builder'],
    queryFn: async () => (await api<SbBuilderSettings[]>('/sportsbook/builder')).data,
  });
  return (
    <Card title="Bet builder per sport" padded={false}>
      <table className="w-full text-[12px]">
        <thead className="text-fg-subtle">
          <tr>
            <th className="px-3 py-1.5 text-left font-medium">Sport</th>
            <th className="px-2 text-center font-medium">On</th>
            <th
              className="px-2 text-right font-medium"
              title="The least margin a builder price carries (2–30 %)"
            >
              Margin %
            </th>
            <th className="px-2 text-right font-medium" title="Most picks in one builder (2–12)">
              Max picks
            </th>
            <th className="px-2 text-right font-medium" title="Longest builder price offered">
              Max price
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {settings.data?.map((s) => (
            <BuilderRow key={`${s.sport_id}:${JSON.stringify(s)}`} settings={s} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function BuilderRow({ settings }: { settings: SbBuilderSettings }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => toForm(settings));
  const save = useMutation({
    mutationFn: () =>
      api(`/sportsbook/builder/${encodeURIComponent(settings.sport_id)}`, {
        method: 'PUT',
        json: {
          enabled: form.enabled,
          margin_bp: Math.round(Number(form.margin) * 100),
          legs_max: Number.parseInt(form.legs_max, 10),
          odds_max_milli: Math.round(Number(form.odds_max) * 1000),
        },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb', 'builder'] });
      toast.success(`${settings.sport_id}: bet builder saved`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const field = (key: 'margin' | 'legs_max' | 'odds_max', label: string) => (
    <td className="px-2 py-1 text-right">
      <input
        aria-label={`${settings.sport_id} ${label}`}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        className={cn(controlClasses, 'h-6 !w-20 text-right font-mono')}
      />
    </td>
  );
  return (
    <tr
      className="border-t border-ink-800"
      data-testid="builder-settings"
      data-sport={settings.sport_id}
    >
      <td className="px-3 py-1 capitalize">{settings.sport_id}</td>
      <td className="px-2 py-1 text-center">
        <input
          type="checkbox"
          aria-label={`${settings.sport_id} bet builder offered`}
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
        />
      </td>
      {field('margin', 'builder margin')}
      {field('legs_max', 'most picks')}
      {field('odds_max', 'longest price')}
      <td className="px-3 py-1 text-right">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </td>
    </tr>
  );
}
