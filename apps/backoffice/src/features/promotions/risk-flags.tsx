import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';

type Flag = {
  id: string;
  player_id: string;
  bonus_id: string | null;
  promotion_id: string | null;
  kind: 'duplicate_person' | 'shared_address' | 'both_sides';
  evidence: Record<string, unknown>;
  created_at: string;
  reviewed_at: string | null;
  review_note: string | null;
};

const KIND: Record<Flag['kind'], { label: string; tone: 'negative' | 'warning' }> = {
  duplicate_person: { label: 'same payment instrument', tone: 'negative' },
  shared_address: { label: 'same public address', tone: 'warning' },
  both_sides: { label: 'both sides of a market', tone: 'negative' },
};

function describe(flag: Flag): string {
  const e = flag.evidence;
  if (flag.kind === 'both_sides')
    return `Market ${String(e.market_id)}: selections ${(e.selections as string[]).join(', ')} on bets ${(e.bets as string[]).join(', ')}`;
  const other = `player ${String(e.other_player_id)} already had this offer`;
  return flag.kind === 'duplicate_person' ? `Refused: ${other}` : `Granted: ${other}`;
}

/** What the bonus abuse controls flagged for the risk team, with review. */
export function RiskFlags() {
  const { can } = useAuth();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const list = useQuery({
    queryKey: ['bonus-flags', status],
    queryFn: async () => (await api<Flag[]>(`/bonus-flags?status=${status}`)).data,
  });
  const [reviewing, setReviewing] = useState<Flag | null>(null);
  const columns: Column<Flag>[] = [
    { key: 'created_at', header: 'When', render: (row) => formatDateTime(row.created_at) },
    {
      key: 'player',
      header: 'Player',
      render: (row) => (
        <Link className="text-accent-300 hover:underline" to={`/players/${row.player_id}`}>
          #{row.player_id}
        </Link>
      ),
    },
    {
      key: 'kind',
      header: 'Signal',
      render: (row) => <Badge tone={KIND[row.kind].tone}>{KIND[row.kind].label}</Badge>,
    },
    {
      key: 'evidence',
      header: 'Evidence',
      render: (row) => <span className="text-fg-muted">{describe(row)}</span>,
    },
    {
      key: 'review',
      header: 'Review',
      render: (row) =>
        row.reviewed_at ? (
          <span className="text-fg-muted">{row.review_note}</span>
        ) : (
          <Badge tone="warning">open</Badge>
        ),
    },
  ];
  return (
    <Card
      className="mt-6"
      title="Bonus abuse flags"
      actions={
        <div className="flex gap-1 text-xs">
          {(['open', 'all'] as const).map((value) => (
            <button
              key={value}
              type="button"
              onClick={() => setStatus(value)}
              className={`rounded px-2 py-1 ${status === value ? 'bg-accent-500 text-white' : 'bg-ink-800 text-fg-muted hover:text-fg'}`}
            >
              {value}
            </button>
          ))}
        </div>
      }
      padded={false}
    >
      <DataTable
        label="Bonus abuse flags"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        onOpen={
          can('bonus.risk.review') ? (row) => !row.reviewed_at && setReviewing(row) : undefined
        }
        empty="Nothing flagged"
      />
      {reviewing && <ReviewDialog flag={reviewing} onClose={() => setReviewing(null)} />}
    </Card>
  );
}

function ReviewDialog({ flag, onClose }: { flag: Flag; onClose: () => void }) {
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const review = useMutation({
    mutationFn: () => api(`/bonus-flags/${flag.id}/review`, { method: 'POST', json: { note } }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['bonus-flags'] });
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Review flag #${flag.id}`}
      description={describe(flag)}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={review.isPending}
            disabled={note.trim().length < 3}
            onClick={() => review.mutate()}
          >
            Close flag
          </Button>
        </>
      }
    >
      <TextField
        label="What was decided (audited)"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
    </Modal>
  );
}
