import { Link } from 'react-router';
import { Badge } from '../../components/badge.tsx';
import { Card } from '../../components/card.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { useStandings } from './api.ts';

/** A race's standings with player ids: live while it runs, frozen (with what was paid) after. */
export function Standings({ id }: { id: string }) {
  const standings = useStandings(id);
  if (standings.isLoading)
    return (
      <Card title="Standings">
        <div className="flex h-24 items-center justify-center text-fg-muted">
          <Spinner />
        </div>
      </Card>
    );
  if (!standings.data)
    return (
      <Card title="Standings">
        <p className="text-fg-muted">{errorMessage(standings.error)}</p>
      </Card>
    );
  const { race, standings: rows } = standings.data;
  const unit = race.metric === 'wagered' ? ' EUR' : '×';
  return (
    <Card title={`Standings · ${race.name}`} padded={false}>
      {rows.length === 0 ? (
        <p className="p-3.5 text-[13px] text-fg-subtle">No one ranked yet.</p>
      ) : (
        <table className="w-full text-[13px]" aria-label="Standings">
          <thead>
            <tr className="text-left text-[11px] tracking-wide text-fg-subtle uppercase">
              <th className="px-3.5 py-2 font-medium">#</th>
              <th className="px-2 py-2 font-medium">Player</th>
              <th className="px-2 py-2 text-right font-medium">Score</th>
              <th className="px-3.5 py-2 text-right font-medium">Prize</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.place} className="border-t border-ink-800 tabular-nums">
                <td className="px-3.5 py-1.5">{row.place}</td>
                <td className="px-2 py-1.5">
                  <Link to={`/players/${row.player_id}`} className="hover:underline">
                    {row.username ?? `#${row.player_id}`}
                  </Link>
                  {row.hidden && (
                    <span className="ml-1.5">
                      <Badge>hidden</Badge>
                    </span>
                  )}
                </td>
                <td className="px-2 py-1.5 text-right">
                  {row.score}
                  {unit}
                </td>
                <td className="px-3.5 py-1.5 text-right">
                  {row.prize ? formatMoney(row.prize, race.currency) : '—'}
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
