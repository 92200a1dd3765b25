import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

export type LiveSetting = {
  sport_id: string;
  name: string;
  delay_ms: number | null;
  tolerance_bp: number;
  default: boolean;
};

/** Form text ↔ the API's integers: the delay in seconds (empty: the default), tolerance in %. */
const toForm = (s: LiveSetting) => ({
  delay: s.delay_ms === null ? '' : (s.delay_ms / 1000).toFixed(1),
  tolerance: (s.tolerance_bp / 100).toFixed(2),
});
type Form = ReturnType<typeof toForm>;
const fromForm = (f: Form) => ({
  delay_ms: f.delay.trim() === '' ? null : Math.round(Number(f.delay) * 1000),
  tolerance_bp: Math.round(Number(f.tolerance) * 100),
});

/**
 * In-play per sport (decision 0626): how long a live bet waits before its check, and how far
 * its price may move during the wait and still be accepted at the price the player saw.
 */
export function LiveSettingsCard() {
  const sports = useQuery({
    queryKey: ['sb', 'live-settings'],
    queryFn: async () => (await api<LiveSetting[]>('/sportsbook/live-settings')).data,
  });
  return (
    <Card title="In-play bet delay per sport" padded={false}>
      <table className="w-full text-[12px]">
        <thead className="text-fg-subtle">
          <tr>
            <th className="px-3 py-1.5 text-left font-medium">Sport</th>
            <th
              className="px-2 text-right font-medium"
              title="Seconds a live bet waits before its price is checked; empty: the platform default"
            >
              Delay s
            </th>
            <th
              className="px-2 text-right font-medium"
              title="A price that moved by at most this share during the delay is still accepted at the price seen (0–5 %)"
            >
              Tolerance %
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sports.data?.map((s) => (
            <LiveRow key={`${s.sport_id}:${JSON.stringify(s)}`} sport={s} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function LiveRow({ sport }: { sport: LiveSetting }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => toForm(sport));
  const save = useMutation({
    mutationFn: () =>
      api(`/sportsbook/sports/${encodeURIComponent(sport.sport_id)}/live`, {
        method: 'PUT',
        json: fromForm(form),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb', 'live-settings'] });
      toast.success(`${sport.name}: in-play settings saved`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const field = (key: keyof Form, label: string, placeholder?: string) => (
    <td className="px-2 py-1 text-right">
      <input
        aria-label={`${sport.name} ${label}`}
        value={form[key]}
        placeholder={placeholder}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        className={cn(controlClasses, 'h-6 !w-20 text-right font-mono')}
      />
    </td>
  );
  return (
    <tr className="border-t border-ink-800" data-testid="live-setting" data-sport={sport.sport_id}>
      <td className="px-3 py-1">
        {sport.name}
        {sport.default && <span className="ml-1 text-fg-subtle">(default)</span>}
      </td>
      {field('delay', 'in-play delay', 'default')}
      {field('tolerance', 'price tolerance')}
      <td className="px-3 py-1 text-right">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </td>
    </tr>
  );
}
