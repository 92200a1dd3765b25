import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { TextField } from '../../components/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatMoney } from '../../lib/format.ts';
import { StudiosTable } from './studios-table.tsx';

type Game = {
  id: number;
  slug: string;
  name: string;
  provider: string;
  category: string;
  rtp: string;
  enabled: boolean;
  featured: boolean;
  sort_order: number;
  demo_allowed: boolean;
  playable: boolean;
};
type ReportRow = {
  game: string;
  name: string;
  provider: string;
  currency: string;
  rounds: number;
  stake: string;
  payout: string;
  ggr: string;
  rtp_actual: string | null;
  rtp_theoretical: string;
};

/** Minor units to a decimal string (wallet currencies are fiat with two decimals). */
function major(minor: string): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Casino: the catalogue (enable, feature, order), the connected studios and GGR / RTP per game. */
export function CasinoPage() {
  return (
    <>
      <PageHeader
        title="Casino"
        subtitle="Games in the lobby and how they pay. Changes to a game are audited; the report reads the recorded rounds (originals' bets and studio rounds)."
      />
      <div className="flex flex-col gap-8">
        <GamesTable />
        <StudiosTable />
        <Report />
      </div>
    </>
  );
}

function GamesTable() {
  const { can } = useAuth();
  const client = useQueryClient();
  const games = useQuery({
    queryKey: ['casino-games'],
    queryFn: async () => (await api<Game[]>('/casino/games')).data,
  });
  const update = useMutation({
    mutationFn: (input: { id: number; patch: Partial<Game> }) =>
      api(`/casino/games/${input.id}`, { method: 'PUT', json: input.patch }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['casino-games'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const writable = can('casino.write');
  const toggle = (row: Game, key: 'enabled' | 'featured' | 'demo_allowed') => (
    <button
      type="button"
      disabled={!writable || update.isPending}
      onClick={() => update.mutate({ id: row.id, patch: { [key]: !row[key] } })}
      aria-pressed={row[key]}
      data-testid={`toggle-${key}-${row.slug}`}
      className="rounded disabled:cursor-default"
    >
      <Badge tone={row[key] ? 'positive' : 'neutral'}>{row[key] ? 'yes' : 'no'}</Badge>
    </button>
  );
  const columns: Column<Game>[] = [
    {
      key: 'name',
      header: 'Game',
      render: (row) => (
        <span>
          <span className="font-semibold">{row.name}</span>
          <span className="block text-[12px] text-fg-muted">
            {row.provider} · {row.category}
            {row.playable ? '' : ' · studio not connected'}
          </span>
        </span>
      ),
    },
    { key: 'rtp', header: 'RTP %', align: 'right', render: (row) => row.rtp },
    { key: 'enabled', header: 'In lobby', render: (row) => toggle(row, 'enabled') },
    { key: 'featured', header: 'Featured', render: (row) => toggle(row, 'featured') },
    { key: 'demo', header: 'Demo', render: (row) => toggle(row, 'demo_allowed') },
    {
      key: 'order',
      header: 'Order',
      render: (row) => (
        <OrderField
          row={row}
          disabled={!writable}
          onSave={(sort_order) => update.mutate({ id: row.id, patch: { sort_order } })}
        />
      ),
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-base font-semibold">Games</h2>
      <DataTable
        label="Games"
        columns={columns}
        rows={games.data ?? []}
        rowKey={(row) => String(row.id)}
        loading={games.isFetching}
        empty="No games"
      />
    </section>
  );
}

function OrderField({
  row,
  disabled,
  onSave,
}: {
  row: Game;
  disabled: boolean;
  onSave: (value: number) => void;
}) {
  const [value, setValue] = useState(String(row.sort_order));
  const save = () => {
    const next = Number(value);
    if (Number.isInteger(next) && next >= 0 && next !== row.sort_order) onSave(next);
  };
  return (
    <input
      aria-label={`Order of ${row.name}`}
      value={value}
      disabled={disabled}
      inputMode="numeric"
      onChange={(event) => setValue(event.target.value.replace(/\D/g, '').slice(0, 7))}
      onBlur={save}
      onKeyDown={(event) => event.key === 'Enter' && save()}
      className="h-8 w-20 rounded-md border border-ink-600 bg-ink-900 px-2 text-right text-sm"
    />
  );
}

function Report() {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 29 * 86_400_000)));
  const [to, setTo] = useState(isoDay(new Date(today.getTime() + 86_400_000)));
  const report = useQuery({
    queryKey: ['casino-report', from, to],
    queryFn: async () =>
      (await api<ReportRow[]>(`/casino/reports/games?from=${from}&to=${to}`)).data,
    retry: false,
  });
  const columns: Column<ReportRow>[] = [
    {
      key: 'game',
      header: 'Game',
      render: (row) => (
        <span>
          <span className="font-semibold">{row.name}</span>
          <span className="block text-[12px] text-fg-muted">{row.provider}</span>
        </span>
      ),
    },
    { key: 'currency', header: 'Currency', render: (row) => row.currency },
    { key: 'rounds', header: 'Rounds', align: 'right', render: (row) => row.rounds },
    {
      key: 'stake',
      header: 'Stakes',
      align: 'right',
      render: (row) => formatMoney(major(row.stake), row.currency),
    },
    {
      key: 'payout',
      header: 'Payouts',
      align: 'right',
      render: (row) => formatMoney(major(row.payout), row.currency),
    },
    {
      key: 'ggr',
      header: 'GGR',
      align: 'right',
      render: (row) => (
        <span className={row.ggr.startsWith('-') ? 'text-negative' : 'text-positive'}>
          {formatMoney(major(row.ggr), row.currency)}
        </span>
      ),
    },
    {
      key: 'rtp',
      header: 'RTP actual / stated',
      align: 'right',
      render: (row) => `${row.rtp_actual ?? '—'} % / ${row.rtp_theoretical} %`,
    },
  ];
  return (
    <section className="flex flex-col gap-3" data-testid="casino-report">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold">GGR and RTP per game</h2>
        <div className="flex items-end gap-2">
          <TextField
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            label="To (exclusive)"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          <Button variant="ghost" onClick={() => void report.refetch()}>
            Refresh
          </Button>
        </div>
      </div>
      {report.isError ? (
        <p className="text-sm text-negative">{errorMessage(report.error)}</p>
      ) : (
        <DataTable
          label="GGR per game"
          columns={columns}
          rows={report.data ?? []}
          rowKey={(row) => `${row.game}:${row.currency}`}
          loading={report.isFetching}
          empty="No rounds in this period"
        />
      )}
    </section>
  );
}
