import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { SelectField, TextArea, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { RaceAdmin, RaceInput } from './api.ts';

type Draft = {
  name: string;
  metric: RaceInput['metric'];
  recurrence: RaceInput['recurrence'];
  currency: string;
  starts_at: string;
  ends_at: string;
  games: string;
  min_stake_eur: string;
  prizes: string;
};

/** `datetime-local` wants local wall time without a zone. */
const toLocal = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const DAY_MS = 86_400_000;

function draftOf(race: RaceAdmin | null): Draft {
  if (!race) {
    const start = new Date();
    return {
      name: '',
      metric: 'wagered',
      recurrence: 'once',
      currency: 'EUR',
      starts_at: toLocal(start.toISOString()),
      ends_at: toLocal(new Date(start.getTime() + DAY_MS).toISOString()),
      games: 'all',
      min_stake_eur: '0',
      prizes: '100\n50\n25',
    };
  }
  return {
    name: race.name,
    metric: race.metric,
    recurrence: race.recurrence,
    currency: race.currency,
    starts_at: toLocal(race.starts_at),
    ends_at: toLocal(race.ends_at),
    games: race.games.join(', '),
    min_stake_eur: race.min_stake_eur,
    prizes: race.prizes.map((prize) => prize.amount).join('\n'),
  };
}

const toInput = (draft: Draft) => ({
  name: draft.name.trim(),
  metric: draft.metric,
  recurrence: draft.recurrence,
  currency: draft.currency.trim().toUpperCase(),
  starts_at: new Date(draft.starts_at).toISOString(),
  ends_at: new Date(draft.ends_at).toISOString(),
  games: draft.games
    .split(/[\s,]+/)
    .map((game) => game.trim())
    .filter(Boolean),
  min_stake_eur: draft.min_stake_eur.trim() || '0',
  prizes: draft.prizes
    .split(/[\s,]+/)
    .map((prize) => prize.trim())
    .filter(Boolean),
});

/** Create or edit a race: dates, metric, games, prize table (one line per place). */
export function RaceForm({ race, onClose }: { race: RaceAdmin | null; onClose: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(race));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const save = useMutation({
    mutationFn: () =>
      race
        ? api<RaceAdmin>(`/races/${race.id}`, { method: 'PUT', json: toInput(draft) })
        : api<RaceAdmin>('/races', { method: 'POST', json: toInput(draft) }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['races'] });
      onClose();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const started = race !== null && new Date(race.starts_at).getTime() <= Date.now();
  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={race ? `Edit ${race.name}` : 'New race'}
      description={
        started
          ? 'This race has started: only its name, prizes and end can change.'
          : 'Players are ranked from their real-money bets between the two dates.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="race-save"
          >
            {race ? 'Save race' : 'Create race'}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          maxLength={60}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label="Prize currency"
          value={draft.currency}
          disabled={started}
          onChange={(event) => set('currency', event.target.value)}
        />
        <SelectField
          label="Ranked by"
          value={draft.metric}
          disabled={started}
          onChange={(event) => set('metric', event.target.value as Draft['metric'])}
        >
          <option value="wagered">Amount wagered (EUR)</option>
          <option value="multiplier">Best multiplier</option>
        </SelectField>
        <SelectField
          label="Repeats"
          value={draft.recurrence}
          onChange={(event) => set('recurrence', event.target.value as Draft['recurrence'])}
        >
          <option value="once">Once, between the dates</option>
          <option value="daily">Daily (the next edition starts when one ends)</option>
          <option value="weekly">Weekly</option>
        </SelectField>
        <TextField
          label="Starts"
          type="datetime-local"
          value={draft.starts_at}
          disabled={started}
          onChange={(event) => set('starts_at', event.target.value)}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          value={draft.ends_at}
          onChange={(event) => set('ends_at', event.target.value)}
        />
        <TextField
          label="Games"
          value={draft.games}
          disabled={started}
          hint="all, sportsbook, crash, originals, originals:dice, provider:<slug> — comma-separated"
          onChange={(event) => set('games', event.target.value)}
        />
        <TextField
          label="Minimum stake (EUR, multiplier races)"
          value={draft.min_stake_eur}
          disabled={started || draft.metric !== 'multiplier'}
          onChange={(event) => set('min_stake_eur', event.target.value)}
        />
        <TextArea
          className="sm:col-span-2"
          label="Prizes, one line per place (first place first)"
          value={draft.prizes}
          onChange={(event) => set('prizes', event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="mt-3 text-[13px] text-negative">
          {error}
        </p>
      )}
    </Modal>
  );
}
