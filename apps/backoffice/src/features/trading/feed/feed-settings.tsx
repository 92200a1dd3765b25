import type { SbFeedSettings } from '@casino/contracts/sportsbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { controlClasses } from '../../../components/field.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { FeedHealthLine } from './feed-health.tsx';

const PROVIDERS: { value: SbFeedSettings['provider']; label: string }[] = [
  { value: 'simulator', label: 'Simulator (built in)' },
  { value: 'odds_api', label: 'The Odds API' },
  { value: 'odds_api_fake', label: 'The Odds API — local fake (not in production)' },
  { value: 'disabled', label: 'None (no prices)' },
];

/** Form text ↔ the API: lists as comma-separated text, the margin in %, staleness in minutes. */
const toForm = (s: SbFeedSettings) => ({
  provider: s.provider,
  api_key: '',
  regions: s.regions.join(', '),
  sports: s.sports.join(', '),
  monthly_budget: String(s.monthly_budget),
  margin: (s.margin_bp / 100).toFixed(2),
  stale_min: String(s.stale_ms / 60_000),
});
type Form = ReturnType<typeof toForm>;
const list = (text: string) =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The odds feed: its health for the desk, and for the operator which provider runs and how. */
export function FeedSettingsCard() {
  const { can } = useAuth();
  const feed = useQuery({
    queryKey: ['sb', 'feed'],
    queryFn: async () => (await api<SbFeedSettings>('/sportsbook/feed')).data,
    refetchInterval: 15_000,
  });
  return (
    <Card title="Odds feed" padded={false}>
      {feed.data && <FeedHealthLine health={feed.data.health} />}
      {feed.data && can('sportsbook.feed') && (
        <FeedForm key={feed.data.updated_at ?? 'default'} settings={feed.data} />
      )}
    </Card>
  );
}

function FeedForm({ settings }: { settings: SbFeedSettings }) {
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(() => toForm(settings));
  const save = useMutation({
    mutationFn: () =>
      api('/sportsbook/feed', {
        method: 'PUT',
        json: {
          provider: form.provider,
          ...(form.api_key.trim() ? { api_key: form.api_key.trim() } : {}),
          regions: list(form.regions),
          sports: list(form.sports),
          monthly_budget: Number.parseInt(form.monthly_budget, 10),
          margin_bp: Math.round(Number(form.margin) * 100),
          stale_ms: Math.round(Number(form.stale_min) * 60_000),
        },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb', 'feed'] });
      toast.success('Odds feed saved');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const odds = form.provider === 'odds_api' || form.provider === 'odds_api_fake';
  const input = (
    key: keyof Form,
    label: string,
    hint: string,
    extra: Record<string, string> = {},
  ) => (
    <label className="block">
      <span className="mb-1 block text-fg-subtle">{label}</span>
      <input
        aria-label={label}
        title={hint}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        className={controlClasses}
        {...extra}
      />
    </label>
  );
  return (
    <form
      className="grid gap-3 border-t border-ink-800 px-3 py-3 text-[12px] sm:grid-cols-2"
      data-testid="feed-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label className="block sm:col-span-2">
        <span className="mb-1 block text-fg-subtle">Provider</span>
        <select
          aria-label="Provider"
          value={form.provider}
          onChange={(e) => setForm({ ...form, provider: e.target.value as Form['provider'] })}
          className={controlClasses}
        >
          {PROVIDERS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {odds && (
        <>
          {input('api_key', 'API key', 'Leave empty to keep the stored key', {
            type: 'password',
            autoComplete: 'off',
            placeholder: settings.api_key_hint ? `stored ${settings.api_key_hint}` : 'not set',
          })}
          {input(
            'sports',
            'Sports',
            'Sport keys, comma-separated: soccer_epl, cricket_ipl, tennis_atp_paris',
          )}
          {input(
            'regions',
            'Regions',
            'Bookmaker regions: uk, eu, us, au (each multiplies the cost)',
          )}
          {input(
            'monthly_budget',
            'Requests per month',
            'Spread evenly to the month’s end; live sports 4× as often',
          )}
          {input('margin', 'Our margin %', 'Over the bookmakers’ de-margined consensus')}
          {input(
            'stale_min',
            'Stale after (min)',
            'Past a missed poll, the sport’s markets suspend',
          )}
        </>
      )}
      <div className="flex justify-end sm:col-span-2">
        <Button size="xs" type="submit" loading={save.isPending}>
          Save feed
        </Button>
      </div>
    </form>
  );
}
