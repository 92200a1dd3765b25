import { Link } from 'react-router';
import { Card } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { type LoyaltyHostView, useHostView } from './api.ts';

type VipRow = LoyaltyHostView['players'][number];

const moneyList = (rows: Array<{ currency: string; amount: string }>) =>
  rows.length === 0 ? (
    <span className="text-fg-subtle">—</span>
  ) : (
    <span className="flex flex-col tabular-nums">
      {rows.map((row) => (
        <span key={row.currency}>{formatMoney(row.amount, row.currency)}</span>
      ))}
    </span>
  );

const columns: Column<VipRow>[] = [
  {
    key: 'player',
    header: 'Player',
    render: (row) => (
      <Link to={`/players/${row.player_id}`} className="text-accent-300 hover:underline">
        #{row.player_id}
      </Link>
    ),
  },
  { key: 'level', header: 'Level', render: (row) => row.level },
  {
    key: 'wagered',
    header: 'Wagered',
    align: 'right',
    render: (row) => formatMoney(row.wagered, 'EUR'),
  },
  {
    key: 'wagered_30d',
    header: 'Last 30 days',
    align: 'right',
    render: (row) => (
      <span className="flex flex-col tabular-nums">
        <span>{formatMoney(row.wagered_30d, 'EUR')}</span>
        <span className="text-fg-subtle">{row.bets_30d} bets</span>
      </span>
    ),
  },
  { key: 'deposits', header: 'Deposits', align: 'right', render: (row) => moneyList(row.deposits) },
  {
    key: 'rakeback',
    header: 'Rakeback claimed',
    align: 'right',
    render: (row) => moneyList(row.rakeback_claimed),
  },
  {
    key: 'last_bet',
    header: 'Last bet',
    render: (row) => (row.last_bet_at ? formatDateTime(row.last_bet_at) : '—'),
  },
];

/** The VIP host's view: how many players hold each level, and the top VIPs' play and deposits. */
export function HostView() {
  const host = useHostView(true);
  return (
    <>
      <Card title="Players per level" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {(host.data?.levels ?? []).map((level) => (
            <li
              key={level.rank}
              className="min-w-28 rounded-md border border-ink-700 bg-ink-850 px-3 py-2"
            >
              <div className="text-[11px] tracking-wide text-fg-subtle uppercase">{level.name}</div>
              <div className="text-lg font-semibold tabular-nums">{level.players}</div>
            </li>
          ))}
        </ul>
      </Card>
      <DataTable
        label="VIP players"
        columns={columns}
        rows={host.data?.players ?? []}
        rowKey={(row) => row.player_id}
        loading={host.isFetching}
        empty="No player has reached a level yet"
      />
    </>
  );
}
