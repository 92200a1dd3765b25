import type { raceAdminPlayer } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Badge } from '../../components/badge.tsx';
import { Card } from '../../components/card.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';

type RacePlaces = z.infer<typeof raceAdminPlayer>;

/** A player's race places and prizes, and whether they hide from leaderboards. */
export function RacesTab({ id }: { id: string }) {
  const places = useQuery({
    queryKey: ['player', id, 'races'],
    queryFn: async () => (await api<RacePlaces>(`/races/players/${id}`)).data,
  });
  if (places.isLoading)
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  if (!places.data) return <p className="text-fg-muted">{errorMessage(places.error)}</p>;
  const { hidden, places: rows } = places.data;
  return (
    <Card
      title={`Race places (${rows.length})`}
      actions={hidden ? <Badge>hidden from leaderboards</Badge> : null}
      padded={false}
    >
      {rows.length === 0 ? (
        <p className="p-3.5 text-[13px] text-fg-subtle">This player has not raced yet.</p>
      ) : (
        <table className="w-full text-[13px]" aria-label="Race places">
          <thead>
            <tr className="text-left text-[11px] tracking-wide text-fg-subtle uppercase">
              <th className="px-3.5 py-2 font-medium">Race</th>
              <th className="px-2 py-2 font-medium">Ends</th>
              <th className="px-2 py-2 text-right font-medium">Score</th>
              <th className="px-2 py-2 text-right font-medium">Place</th>
              <th className="px-3.5 py-2 text-right font-medium">Prize</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.race_id} className="border-t border-ink-800 tabular-nums">
                <td className="px-3.5 py-1.5">
                  {row.race} <Badge>{row.status}</Badge>
                </td>
                <td className="px-2 py-1.5 text-fg-muted">{formatDateTime(row.ends_at)}</td>
                <td className="px-2 py-1.5 text-right">{row.score}</td>
                <td className="px-2 py-1.5 text-right">{row.place ?? '—'}</td>
                <td className="px-3.5 py-1.5 text-right">
                  {row.prize ? formatMoney(row.prize, row.currency) : '—'}
                  {row.paid && (
                    <span className="ml-1.5">
                      <Badge tone="positive">paid</Badge>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
