import type { AdminAdjustment } from '@casino/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { StatusBadge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Details, PageHeader } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextArea } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, formatMoney, isNegative } from '../../lib/format.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { useAdjustments, useDecide } from './api.ts';

const DEFAULTS = { status: 'pending', page: '1', per_page: '25' };

/** The four-eyes queue: requests above the threshold wait here for a second staff member. */
export function ApprovalsPage() {
  const { me, can } = useAuth();
  const [state, update] = useUrlState(DEFAULTS);
  const { data, isFetching } = useAdjustments({
    ...state,
    status: state.status === 'all' ? undefined : state.status,
  });
  const [open, setOpen] = useState<AdminAdjustment | null>(null);

  const columns: Column<AdminAdjustment>[] = [
    {
      key: 'id',
      header: '#',
      render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
    },
    { key: 'requested_at', header: 'Requested', render: (row) => formatDateTime(row.requested_at) },
    {
      key: 'player',
      header: 'Player',
      render: (row) => (
        <Link to={`/players/${row.player_id}`} className="text-accent-300 hover:underline">
          {row.player_email ?? row.player_id}
        </Link>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (row) => (
        <span
          className={cn('font-medium', isNegative(row.amount) ? 'text-negative' : 'text-positive')}
        >
          {formatMoney(row.amount, row.currency)}
        </span>
      ),
    },
    { key: 'reason', header: 'Reason', render: (row) => row.reason_code },
    {
      key: 'comment',
      header: 'Comment',
      className: 'max-w-64 truncate',
      render: (row) => row.comment,
    },
    { key: 'by', header: 'Requested by', render: (row) => row.requested_by.name },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    { key: 'decided', header: 'Decided by', render: (row) => row.decided_by?.name ?? '—' },
  ];

  return (
    <>
      <PageHeader
        title="Balance adjustments"
        subtitle="Adjustments above a currency’s threshold need a second staff member. Nobody approves their own request."
      />
      <div className="mb-3 flex gap-2">
        <SelectField
          aria-label="Status"
          value={state.status}
          onChange={(event) => update({ status: event.target.value })}
          className="w-44"
        >
          <option value="pending">Waiting for approval</option>
          <option value="executed">Executed</option>
          <option value="rejected">Rejected</option>
          <option value="failed">Failed</option>
          <option value="all">All</option>
        </SelectField>
      </div>
      <DataTable
        label="Balance adjustments"
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(row) => row.id}
        loading={isFetching}
        empty={state.status === 'pending' ? 'Nothing waiting for approval' : 'No adjustments'}
        onOpen={setOpen}
        pagination={{
          page: Number(state.page),
          per_page: Number(state.per_page),
          total: data?.total ?? 0,
          onPage: (page) => update({ page: String(page) }, { resetPage: false }),
          onPerPage: (per_page) => update({ per_page: String(per_page) }),
        }}
      />
      {open && (
        <DecisionDialog
          adjustment={open}
          canDecide={
            can('balance.adjust.approve') &&
            open.status === 'pending' &&
            open.requested_by.id !== me?.id
          }
          own={open.requested_by.id === me?.id}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function DecisionDialog({
  adjustment,
  canDecide,
  own,
  onClose,
}: {
  adjustment: AdminAdjustment;
  canDecide: boolean;
  own: boolean;
  onClose: () => void;
}) {
  const decide = useDecide();
  const [comment, setComment] = useState('');
  const run = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: adjustment.id, decision, comment },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Adjustment #${adjustment.id}`}
      wide
      footer={
        canDecide ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={decide.isPending && decide.variables?.decision === 'reject'}
              onClick={() => run('reject')}
            >
              Reject
            </Button>
            <Button
              variant="primary"
              loading={decide.isPending && decide.variables?.decision === 'approve'}
              onClick={() => run('approve')}
            >
              Approve and execute
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )
      }
    >
      <Details
        rows={{
          Player: (
            <Link
              to={`/players/${adjustment.player_id}`}
              className="text-accent-300 hover:underline"
            >
              {adjustment.player_email ?? adjustment.player_id}
            </Link>
          ),
          Amount: (
            <strong className={isNegative(adjustment.amount) ? 'text-negative' : 'text-positive'}>
              {formatMoney(adjustment.amount, adjustment.currency)}
            </strong>
          ),
          Reason: adjustment.reason_code,
          Comment: adjustment.comment,
          Status: <StatusBadge status={adjustment.status} />,
          Requested: `${adjustment.requested_by.name} · ${formatDateTime(adjustment.requested_at)}`,
          Decided: adjustment.decided_by
            ? `${adjustment.decided_by.name} · ${formatDateTime(adjustment.decided_at)}`
            : '—',
          'Decision note': adjustment.decision_comment,
          'Ledger transfer': adjustment.transfer_id ? (
            <span className="font-mono">{adjustment.transfer_id}</span>
          ) : (
            '—'
          ),
          'Balance after': adjustment.balance_after
            ? formatMoney(adjustment.balance_after, adjustment.currency)
            : '—',
          Failure: adjustment.failure_code,
        }}
      />
      {own && adjustment.status === 'pending' && (
        <p className="mt-3 rounded-md bg-warning/10 px-3 py-2 text-[13px] text-warning">
          This is your own request: another staff member must approve or reject it.
        </p>
      )}
      {canDecide && (
        <TextArea
          className="mt-3"
          label="Decision note (optional)"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={500}
        />
      )}
    </Modal>
  );
}
