import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

export type SportPricing = {
  id: string;
  name: string;
  odds_min_milli: number;
  odds_max_milli: number;
  margin_min_bp: number;
  favourite_max_bp: number;
};

/** Form text ↔ the API's integers: prices in decimal odds, the margin floor and threshold in %. */
const toForm = (s: SportPricing) => ({
  odds_min: (s.odds_min_milli / 1000).toFixed(2),
  odds_max: (s.odds_max_milli / 1000).toFixed(2),
  margin_min: (s.margin_min_bp / 100).toFixed(2),
  favourite_max: (s.favourite_max_bp / 100).toFixed(2),
});
type Form = ReturnType<typeof toForm>;
const fromForm = (f: Form) => ({
  odds_min_milli: Math.round(Number(f.odds_min) * 1000),
  odds_max_milli: Math.round(Number(f.odds_max) * 1000),
  margin_min_bp: Math.round(Number(f.margin_min) * 100),
  favourite_max_bp: Math.round(Number(f.favourite_max) * 100),
});

/**
 * The book's limits per sport: the price range, the margin floor every exhaustive market's
 * book keeps, and the favourite's probability at which a market is suspended.
 */
export function SportPricingCard() {
  const sports = useQuery({
    queryKey: ['sb', 'sports'],
    queryFn: async () => (await api<SportPricing[]>('/sportsbook/sports')).data,
  });
  return (
    <Card title="Book limits per sport" padded={false}>
      <table className="w-full text-[12px]">
        <thead className="text-fg-subtle">
          <tr>
            <th className="px-3 py-1.5 text-left font-medium">Sport</th>
            <th className="px-2 text-right font-medium" title="Shortest price offered">
              Min price
            </th>
            <th className="px-2 text-right font-medium" title="Longest price offered">
              Max price
            </th>
            <th
              className="px-2 text-right font-medium"
              title="Every exhaustive market's book stays at or above 100 % plus this"
            >
              Margin floor %
            </th>
            <th
              className="px-2 text-right font-medium"
              title="A market whose favourite's fair probability reaches this is suspended"
            >
              Suspend at %
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sports.data?.map((s) => (
            <SportRow key={`${s.id}:${JSON.stringify(s)}`} sport={s} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function SportRow({ sport }: { sport: SportPricing }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => toForm(sport));
  const save = useMutation({
    mutationFn: () =>
      api(`/sportsbook/sports/${encodeURIComponent(sport.id)}/pricing`, {
        method: 'PUT',
        json: fromForm(form),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb'] });
      toast.success(`${sport.name}: saved; its markets are repriced`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const field = (key: keyof Form, label: string) => (
    <td className="px-2 py-1 text-right">
      <input
        aria-label={`${sport.name} ${label}`}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        className={cn(controlClasses, 'h-6 !w-20 text-right font-mono')}
      />
    </td>
  );
  return (
    <tr className="border-t border-ink-800" data-testid="sport-pricing" data-sport={sport.id}>
      <td className="px-3 py-1">{sport.name}</td>
      {field('odds_min', 'minimum price')}
      {field('odds_max', 'maximum price')}
      {field('margin_min', 'margin floor')}
      {field('favourite_max', 'suspension threshold')}
      <td className="px-3 py-1 text-right">
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </td>
    </tr>
  );
}
