import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type GameLimitRow, GameLimitsTable } from './game-limits.tsx';

type GameRow = {
  game: string;
  edge_bp: number;
  /** The game's paytable sets the edge (the card tables); it cannot be edited. */
  fixed?: boolean;
  updated_at: string;
  updated_by: string | null;
};
type LimitRow = {
  currency: string;
  max_bet_minor: string | null;
  max_payout_minor: string;
  updated_at: string;
};
type Settings = { games: GameRow[]; limits: LimitRow[]; game_limits?: GameLimitRow[] };
type Editing =
  | { kind: 'edge'; game: string; value: string }
  | { kind: 'limits'; currency: string; maxBet: string; maxPayout: string; isNew: boolean };

const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`;

/** The originals' house edge per game and the max bet / max payout per currency. */
export function OriginalsSettingsPage() {
  const { can } = useAuth();
  const writable = can('originals.write');
  const settings = useQuery({
    queryKey: ['originals-settings'],
    queryFn: async () => (await api<Settings>('/casino/originals/settings')).data,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const gameColumns: Column<GameRow>[] = [
    {
      key: 'game',
      header: 'Game',
      render: (row) => (
        <span className="font-semibold capitalize">{row.game.replaceAll('-', ' ')}</span>
      ),
    },
    {
      key: 'edge',
      header: 'House edge',
      render: (row) => (
        <span className="font-mono">
          {percent(row.edge_bp)}
          {row.fixed && (
            <span className="ml-2 font-sans text-xs text-fg-muted">
              {row.game === 'roulette'
                ? 'fixed by the wheel (1/37)'
                : row.game === 'blackjack'
                  ? 'fixed by the table rules (perfect play)'
                  : 'fixed by the paytable'}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'rtp',
      header: 'RTP',
      render: (row) => <span className="font-mono">{percent(10_000 - row.edge_bp)}</span>,
    },
    { key: 'updated_at', header: 'Changed', render: (row) => formatDateTime(row.updated_at) },
  ];
  const limitColumns: Column<LimitRow>[] = [
    {
      key: 'currency',
      header: 'Currency',
      render: (row) => <span className="font-mono font-semibold">{row.currency}</span>,
    },
    {
      key: 'max_bet',
      header: 'Max bet (minor units)',
      render: (row) => <span className="font-mono">{row.max_bet_minor ?? '—'}</span>,
    },
    {
      key: 'max_payout',
      header: 'Max payout (minor units)',
      render: (row) => <span className="font-mono">{row.max_payout_minor}</span>,
    },
    { key: 'updated_at', header: 'Changed', render: (row) => formatDateTime(row.updated_at) },
  ];
  return (
    <>
      <PageHeader
        title="Originals"
        subtitle="House edge per in-house game (1 % by default), the stake and payout limits per currency, and a game's own limits where it needs them. A change applies to the next bet; every change is audited."
        actions={
          writable && (
            <Button
              variant="primary"
              onClick={() =>
                setEditing({ kind: 'limits', currency: '', maxBet: '', maxPayout: '', isNew: true })
              }
            >
              Add currency limits
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-6">
        <DataTable
          label="House edge"
          columns={gameColumns}
          rows={settings.data?.games ?? []}
          rowKey={(row) => row.game}
          loading={settings.isFetching}
          onOpen={
            writable
              ? (row) =>
                  !row.fixed &&
                  setEditing({
                    kind: 'edge',
                    game: row.game,
                    value: (row.edge_bp / 100).toFixed(2),
                  })
              : undefined
          }
          empty="No games"
        />
        <DataTable
          label="Limits per currency"
          columns={limitColumns}
          rows={settings.data?.limits ?? []}
          rowKey={(row) => row.currency}
          loading={settings.isFetching}
          onOpen={
            writable
              ? (row) =>
                  setEditing({
                    kind: 'limits',
                    currency: row.currency,
                    maxBet: row.max_bet_minor ?? '',
                    maxPayout: row.max_payout_minor,
                    isNew: false,
                  })
              : undefined
          }
          empty="No limits set: a win may be at most 100,000 units of the currency, any stake."
        />
        <GameLimitsTable
          games={(settings.data?.games ?? []).map((g) => g.game)}
          rows={settings.data?.game_limits ?? []}
          loading={settings.isFetching}
          writable={writable}
        />
      </div>
      {editing && <EditDialog editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function EditDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const client = useQueryClient();
  const [state, setState] = useState(editing);
  const save = useMutation({
    mutationFn: () =>
      state.kind === 'edge'
        ? api(`/casino/originals/settings/games/${state.game}`, {
            method: 'PUT',
            json: { edge_bp: Math.round(Number(state.value) * 100) },
          })
        : api(`/casino/originals/settings/limits/${state.currency.trim().toUpperCase()}`, {
            method: 'PUT',
            json: {
              max_bet_minor: state.maxBet.trim() || null,
              max_payout_minor: state.maxPayout.trim(),
            },
          }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['originals-settings'] });
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={
        state.kind === 'edge'
          ? `House edge of ${state.game}`
          : state.isNew
            ? 'Currency limits'
            : `Limits in ${state.currency}`
      }
      description={
        state.kind === 'edge'
          ? 'In percent, 0 to 10. Every bet records the edge it was played at, so past bets still verify.'
          : 'In minor units (cents). Dice, Limbo, Plinko and Blackjack refuse a bet whose best win passes the max payout (Blackjack: 4 × the stake); Mines, HiLo and Crash cash out at it.'
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="save-originals"
          >
            Save
          </Button>
        </>
      }
    >
      {state.kind === 'edge' ? (
        <TextField
          label="House edge (%)"
          inputMode="decimal"
          value={state.value}
          onChange={(e) => setState({ ...state, value: e.target.value })}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Currency"
            value={state.currency}
            disabled={!state.isNew}
            maxLength={10}
            onChange={(e) => setState({ ...state, currency: e.target.value.toUpperCase() })}
          />
          <TextField
            label="Max bet (optional)"
            inputMode="numeric"
            value={state.maxBet}
            onChange={(e) => setState({ ...state, maxBet: e.target.value })}
          />
          <TextField
            label="Max payout"
            inputMode="numeric"
            value={state.maxPayout}
            onChange={(e) => setState({ ...state, maxPayout: e.target.value })}
          />
        </div>
      )}
    </Modal>
  );
}
