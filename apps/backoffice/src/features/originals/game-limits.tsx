import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';

export type GameLimitRow = {
  game: string;
  currency: string;
  min_bet_minor: string | null;
  max_bet_minor: string | null;
  max_payout_minor: string | null;
  updated_at: string;
};
type Draft = {
  game: string;
  currency: string;
  min: string;
  max: string;
  payout: string;
  isNew: boolean;
};

const gameName = (game: string) => game.replaceAll('-', ' ');
/** A column the game leaves unset follows the currency's limit. */
const orCurrency = (value: string | null) =>
  value ?? <span className="font-sans text-xs text-fg-muted">currency limit</span>;

/**
 * The stake and payout limits of every original per currency, in one table: a row overrides the
 * currency's limits for one game; a blank field keeps the currency's.
 */
export function GameLimitsTable({
  games,
  rows,
  loading,
  writable,
}: {
  games: string[];
  rows: GameLimitRow[];
  loading: boolean;
  writable: boolean;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const columns: Column<GameLimitRow>[] = [
    {
      key: 'game',
      header: 'Game',
      render: (row) => <span className="font-semibold capitalize">{gameName(row.game)}</span>,
    },
    {
      key: 'currency',
      header: 'Currency',
      render: (row) => <span className="font-mono">{row.currency}</span>,
    },
    {
      key: 'min',
      header: 'Min bet',
      render: (row) => <span className="font-mono">{orCurrency(row.min_bet_minor)}</span>,
    },
    {
      key: 'max',
      header: 'Max bet',
      render: (row) => <span className="font-mono">{orCurrency(row.max_bet_minor)}</span>,
    },
    {
      key: 'payout',
      header: 'Max payout',
      render: (row) => <span className="font-mono">{orCurrency(row.max_payout_minor)}</span>,
    },
    { key: 'updated_at', header: 'Changed', render: (row) => formatDateTime(row.updated_at) },
  ];
  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Limits per game (minor units)</h2>
        {writable && (
          <Button
            variant="secondary"
            data-testid="add-game-limits"
            onClick={() =>
              setDraft({
                game: games[0] ?? 'dice',
                currency: '',
                min: '',
                max: '',
                payout: '',
                isNew: true,
              })
            }
          >
            Set game limits
          </Button>
        )}
      </div>
      <DataTable
        label="Limits per game"
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.game} ${row.currency}`}
        loading={loading}
        onOpen={
          writable
            ? (row) =>
                setDraft({
                  game: row.game,
                  currency: row.currency,
                  min: row.min_bet_minor ?? '',
                  max: row.max_bet_minor ?? '',
                  payout: row.max_payout_minor ?? '',
                  isNew: false,
                })
            : undefined
        }
        empty="Every game follows its currency's limits."
      />
      {draft && <GameLimitsDialog draft={draft} games={games} onClose={() => setDraft(null)} />}
    </section>
  );
}

function GameLimitsDialog({
  draft,
  games,
  onClose,
}: {
  draft: Draft;
  games: string[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [state, setState] = useState(draft);
  const blankToNull = (value: string) => value.trim() || null;
  const save = useMutation({
    mutationFn: (clear: boolean) =>
      api(
        `/casino/originals/settings/games/${state.game}/limits/${state.currency.trim().toUpperCase()}`,
        {
          method: 'PUT',
          json: clear
            ? { min_bet_minor: null, max_bet_minor: null, max_payout_minor: null }
            : {
                min_bet_minor: blankToNull(state.min),
                max_bet_minor: blankToNull(state.max),
                max_payout_minor: blankToNull(state.payout),
              },
        },
      ),
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
      title={state.isNew ? 'Game limits' : `Limits of ${gameName(state.game)} in ${state.currency}`}
      description="In minor units (cents). A blank field follows the currency's limit. The next bet is checked against them; every change is audited."
      footer={
        <>
          {!state.isNew && (
            <Button variant="ghost" loading={save.isPending} onClick={() => save.mutate(true)}>
              Remove
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            onClick={() => save.mutate(false)}
            data-testid="save-game-limits"
          >
            Save
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Game"
          value={state.game}
          disabled={!state.isNew}
          onChange={(e) => setState({ ...state, game: e.target.value })}
        >
          {games.map((game) => (
            <option key={game} value={game} className="capitalize">
              {gameName(game)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Currency"
          value={state.currency}
          disabled={!state.isNew}
          maxLength={10}
          onChange={(e) => setState({ ...state, currency: e.target.value.toUpperCase() })}
        />
        <TextField
          label="Min bet"
          inputMode="numeric"
          value={state.min}
          onChange={(e) => setState({ ...state, min: e.target.value })}
        />
        <TextField
          label="Max bet"
          inputMode="numeric"
          value={state.max}
          onChange={(e) => setState({ ...state, max: e.target.value })}
        />
        <TextField
          label="Max payout per bet"
          inputMode="numeric"
          value={state.payout}
          onChange={(e) => setState({ ...state, payout: e.target.value })}
        />
      </div>
    </Modal>
  );
}
