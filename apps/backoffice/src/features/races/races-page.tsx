import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge, type Tone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { type RaceAdmin, useRaces } from './api.ts';
import { RaceForm } from './race-form.tsx';
import { Standings } from './standings.tsx';

const STATUS_TONE: Record<RaceAdmin['status'], Tone> = {
  scheduled: 'accent',
  running: 'positive',
  ending: 'warning',
  ended: 'neutral',
  cancelled: 'negative',
};

/** Races: define, edit, cancel or end them now (all audited) and watch their standings. */
export function RacesPage() {
  const { can } = useAuth();
  const editable = can('promotions.write');
  const races = useRaces();
  const [editing, setEditing] = useState<RaceAdmin | 'new' | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Races"
        subtitle="Time-boxed leaderboards over real-money bets; prizes paid once when a race ends"
        actions={
          editable && (
            <Button variant="primary" onClick={() => setEditing('new')}>
              New race
            </Button>
          )
        }
      />
      {races.isLoading && (
        <div className="flex h-40 items-center justify-center text-fg-muted">
          <Spinner />
        </div>
      )}
      {races.data && (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card title={`All races (${races.data.length})`} padded={false}>
            <div className="overflow-x-auto">
              <table className="w-full text-[13px]" aria-label="Races">
                <thead>
                  <tr className="text-left text-[11px] tracking-wide text-fg-subtle uppercase">
                    <th className="px-3.5 py-2 font-medium">Race</th>
                    <th className="px-2 py-2 font-medium">Status</th>
                    <th className="px-2 py-2 font-medium">Dates</th>
                    <th className="px-2 py-2 text-right font-medium">Pool</th>
                    <th className="px-2 py-2 text-right font-medium">Players</th>
                    <th className="px-3.5 py-2" />
                  </tr>
                </thead>
                <tbody>
                  {races.data.map((race) => (
                    <RaceRow
                      key={race.id}
                      race={race}
                      editable={editable}
                      selected={watching === race.id}
                      onWatch={() => setWatching(race.id)}
                      onEdit={() => setEditing(race)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
          {watching ? (
            <Standings id={watching} />
          ) : (
            <Card title="Standings">
              <p className="text-[13px] text-fg-subtle">Pick a race to see its standings.</p>
            </Card>
          )}
        </div>
      )}
      {editing && (
        <RaceForm race={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

function RaceRow({
  race,
  editable,
  selected,
  onWatch,
  onEdit,
}: {
  race: RaceAdmin;
  editable: boolean;
  selected: boolean;
  onWatch: () => void;
  onEdit: () => void;
}) {
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'cancel' | 'end') =>
      api<RaceAdmin>(`/races/${race.id}/${action}`, { method: 'POST' }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['races'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const open = race.status === 'scheduled' || race.status === 'running';
  return (
    <tr className={selected ? 'border-t border-ink-800 bg-ink-800/60' : 'border-t border-ink-800'}>
      <td className="px-3.5 py-2">
        <button
          type="button"
          className="text-left font-semibold text-fg hover:underline"
          onClick={onWatch}
        >
          {race.name}
        </button>
        <div className="text-[12px] text-fg-subtle">
          {race.metric === 'wagered'
            ? 'Wagered'
            : `Best multiplier (min ${race.min_stake_eur} EUR)`}{' '}
          · {race.recurrence} · {race.games.join(', ')}
        </div>
      </td>
      <td className="px-2 py-2">
        <Badge tone={STATUS_TONE[race.status]}>{race.status}</Badge>
      </td>
      <td className="px-2 py-2 whitespace-nowrap text-fg-muted tabular-nums">
        {formatDateTime(race.starts_at)}
        <br />
        {formatDateTime(race.ends_at)}
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {formatMoney(race.prize_total, race.currency)}
        <div className="text-[12px] text-fg-subtle">{race.prizes.length} places</div>
      </td>
      <td className="px-2 py-2 text-right tabular-nums">
        {race.players}
        {race.status !== 'running' && race.paid > 0 && (
          <div className="text-[12px] text-fg-subtle">{race.paid} paid</div>
        )}
      </td>
      <td className="px-3.5 py-2">
        {editable && open && (
          <div className="flex justify-end gap-1.5">
            <Button size="xs" variant="outline" onClick={onEdit}>
              Edit
            </Button>
            {race.status === 'running' && (
              <Button
                size="xs"
                variant="outline"
                loading={act.isPending && act.variables === 'end'}
                onClick={() => act.mutate('end')}
              >
                End now
              </Button>
            )}
            <Button
              size="xs"
              variant="danger"
              loading={act.isPending && act.variables === 'cancel'}
              onClick={() => {
                if (window.confirm(`Cancel ${race.name}? No prizes will be paid.`))
                  act.mutate('cancel');
              }}
            >
              Cancel
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
