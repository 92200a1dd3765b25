import type { AdminMovement, AdminPlayerDetail } from '@casino/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { StatusBadge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, Details, PageHeader } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TextArea, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import {
  formatDateTime,
  formatMoney,
  groupDigits,
  isNegative,
  relativeTime,
} from '../../lib/format.ts';
import { AdjustDialog } from './adjust-dialog.tsx';
import {
  type Session,
  useAddNote,
  useMovements,
  useNotes,
  usePlayer,
  usePlayerAdjustments,
  useRevokeSession,
  useRevokeSessions,
  useSessions,
  useSetStatus,
} from './api.ts';
import { CasinoBetsTab } from './casino-bets-tab.tsx';
import { LoyaltyTab } from './loyalty-tab.tsx';
import { ProtectionTab } from './protection-tab.tsx';
import { RacesTab } from './races-tab.tsx';
import { TwoFactorTab } from './two-factor-tab.tsx';

type Tab =
  | 'overview'
  | 'movements'
  | 'sessions'
  | 'notes'
  | 'adjustments'
  | 'protection'
  | 'security'
  | 'casino'
  | 'loyalty'
  | 'races';

export function PlayerPage() {
  const { id = '' } = useParams();
  const { can } = useAuth();
  const player = usePlayer(id);
  const sessions = useSessions(id);
  const notes = useNotes(id);
  const [tab, setTab] = useState<Tab>('overview');
  const [dialog, setDialog] = useState<null | 'status' | 'adjust' | 'logout'>(null);

  if (player.isLoading) {
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  }
  if (!player.data) {
    return <EmptyState title="Player not found">{errorMessage(player.error)}</EmptyState>;
  }
  const p = player.data;
  const currency = p.currency?.code ?? '';
  const activeSessions = sessions.data?.filter((session) => session.active).length ?? 0;

  const tabs: Array<{ id: Tab; label: string; count?: number }> = [
    { id: 'overview', label: 'Overview' },
    ...(can('balance.read') ? [{ id: 'movements' as const, label: 'Movements' }] : []),
    { id: 'sessions', label: 'Sessions', count: activeSessions },
    { id: 'notes', label: 'Notes', count: notes.data?.length },
    ...(can('balance.read') ? [{ id: 'adjustments' as const, label: 'Adjustments' }] : []),
    { id: 'protection', label: 'Protection' },
    { id: 'security', label: 'Security' },
    { id: 'casino', label: 'Casino bets' },
    { id: 'loyalty', label: 'Loyalty' },
    { id: 'races', label: 'Races' },
  ];

  return (
    <>
      <div className="mb-1 text-xs text-fg-subtle">
        <Link to="/players" className="hover:text-fg">
          Players
        </Link>{' '}
        / {p.id}
      </div>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {p.name} <StatusBadge status={p.status} />
          </span>
        }
        subtitle={`${p.username} · ${p.email} · registered ${formatDateTime(p.created_at)}`}
        actions={
          <>
            {can('players.sessions.revoke') && (
              <Button
                variant="outline"
                disabled={activeSessions === 0}
                onClick={() => setDialog('logout')}
              >
                Force logout
              </Button>
            )}
            {can('players.block') && (
              <Button
                variant={p.status === 'active' ? 'danger' : 'outline'}
                onClick={() => setDialog('status')}
              >
                {p.status === 'active' ? 'Block' : 'Change status'}
              </Button>
            )}
            {can('balance.adjust.request') && p.currency && (
              <Button variant="primary" onClick={() => setDialog('adjust')}>
                Adjust balance
              </Button>
            )}
          </>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Balance
          label="Cash balance"
          amount={p.balances.cash}
          currency={currency}
          live={p.balances.live}
        />
        <Balance
          label="Bonus balance"
          amount={p.balances.bonus}
          currency={currency}
          live={p.balances.live}
        />
        <Balance
          label="Withdrawable"
          amount={p.balances.withdrawable}
          currency={currency}
          live={p.balances.live}
        />
      </div>
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      <div className="mt-3">
        {tab === 'overview' && <Overview player={p} />}
        {tab === 'movements' && <Movements id={id} />}
        {tab === 'sessions' && <Sessions id={id} sessions={sessions.data ?? []} />}
        {tab === 'notes' && <Notes id={id} />}
        {tab === 'adjustments' && <Adjustments id={id} />}
        {tab === 'protection' && <ProtectionTab id={id} />}
        {tab === 'security' && <TwoFactorTab id={id} />}
        {tab === 'casino' && <CasinoBetsTab id={id} />}
        {tab === 'loyalty' && <LoyaltyTab id={id} />}
        {tab === 'races' && <RacesTab id={id} />}
      </div>
      <StatusDialog player={p} open={dialog === 'status'} onClose={() => setDialog(null)} />
      <LogoutDialog
        id={id}
        count={activeSessions}
        open={dialog === 'logout'}
        onClose={() => setDialog(null)}
      />
      {p.currency && (
        <AdjustDialog
          id={id}
          currency={p.currency}
          balance={p.balances.cash}
          threshold={p.approval_threshold}
          open={dialog === 'adjust'}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function Balance({
  label,
  amount,
  currency,
  live,
}: {
  label: string;
  amount: string;
  currency: string;
  live: boolean;
}) {
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-900 px-3.5 py-3">
      <p className="text-[11px] font-medium tracking-wide text-fg-subtle uppercase">{label}</p>
      <p
        className="mt-1 text-lg font-semibold tabular-nums"
        data-testid={`balance-${label.split(' ')[0]!.toLowerCase()}`}
      >
        {groupDigits(amount)} <span className="text-xs text-fg-subtle">{currency}</span>
      </p>
      {!live && <p className="text-[11px] text-warning">Wallet not connected</p>}
    </div>
  );
}

function Overview({ player }: { player: AdminPlayerDetail }) {
  const { can } = useAuth();
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Card title="Details">
        <Details
          rows={{
            'Player ID': <span className="font-mono">{player.id}</span>,
            Name: player.name,
            Username: player.username,
            Email: player.email,
            Phone: player.phone,
            Status: <StatusBadge status={player.status} />,
            KYC: can('kyc.read') ? (
              <Link
                to={`/kyc?status=all&q=${player.id}`}
                className="text-accent-300 hover:underline"
              >
                {player.kyc_status ?? 'Not started'}
              </Link>
            ) : (
              (player.kyc_status ?? 'Not started')
            ),
          }}
        />
      </Card>
      <Card title="Account">
        <Details
          rows={{
            Currency: player.currency ? `${player.currency.code} (${player.currency.prefix})` : '—',
            Registered: formatDateTime(player.created_at),
            'Last update': formatDateTime(player.updated_at),
            'Referral code': <span className="font-mono">{player.referral_code}</span>,
            'Referred by': player.referred_by_code,
            Campaign: player.campaign_code,
            'Approval above': player.currency
              ? formatMoney(player.approval_threshold, player.currency.code)
              : '—',
          }}
        />
      </Card>
    </div>
  );
}

const movementColumns: Column<AdminMovement>[] = [
  { key: 'created_at', header: 'Time', render: (row) => formatDateTime(row.created_at) },
  {
    key: 'type',
    header: 'Type',
    render: (row) => <span className="font-mono text-xs">{row.type}</span>,
  },
  {
    key: 'description',
    header: 'Description',
    className: 'max-w-80 truncate',
    render: (row) => row.description ?? '—',
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    render: (row) => (
      <span className={isNegative(row.amount) ? 'text-negative' : 'text-positive'}>
        {isNegative(row.amount) ? '' : '+'}
        {groupDigits(row.amount)}
      </span>
    ),
  },
  {
    key: 'balance_after',
    header: 'Balance after',
    align: 'right',
    render: (row) => (row.balance_after ? groupDigits(row.balance_after) : '—'),
  },
  {
    key: 'currency',
    header: '',
    render: (row) => <span className="text-fg-subtle">{row.currency}</span>,
  },
];

function Movements({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const [per_page, setPerPage] = useState(25);
  const [type, setType] = useState('');
  const movements = useMovements(id, { page, per_page, type }, true);
  return (
    <>
      <div className="mb-2 flex gap-2">
        <TextField
          aria-label="Filter by type"
          placeholder="Type, e.g. deposit"
          value={type}
          onChange={(event) => {
            setType(event.target.value.trim());
            setPage(1);
          }}
          className="w-52"
        />
      </div>
      <DataTable
        label="Ledger movements"
        columns={movementColumns}
        rows={movements.data?.items ?? []}
        rowKey={(row) => row.id}
        loading={movements.isFetching}
        empty="No ledger movements"
        pagination={{
          page,
          per_page,
          total: movements.data?.total ?? 0,
          onPage: setPage,
          onPerPage: (size) => {
            setPerPage(size);
            setPage(1);
          },
        }}
      />
    </>
  );
}

function Sessions({ id, sessions }: { id: string; sessions: Session[] }) {
  const { can } = useAuth();
  const revoke = useRevokeSession(id);
  const columns: Column<Session>[] = [
    {
      key: 'state',
      header: 'State',
      render: (row) => <StatusBadge status={row.active ? 'active' : 'closed'} />,
    },
    { key: 'created_at', header: 'Signed in', render: (row) => formatDateTime(row.created_at) },
    { key: 'last_seen_at', header: 'Last seen', render: (row) => relativeTime(row.last_seen_at) },
    {
      key: 'ip',
      header: 'IP',
      render: (row) => <span className="font-mono text-xs">{row.ip ?? '—'}</span>,
    },
    {
      key: 'user_agent',
      header: 'Device',
      className: 'max-w-72 truncate',
      render: (row) => <span title={row.user_agent ?? ''}>{row.user_agent ?? '—'}</span>,
    },
    {
      key: 'ended',
      header: 'Ended',
      render: (row) =>
        row.revoked_at ? `${formatDateTime(row.revoked_at)} · ${row.revoked_reason ?? ''}` : '—',
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (row) =>
        row.active && can('players.sessions.revoke') ? (
          <Button
            size="xs"
            variant="ghost"
            loading={revoke.isPending && revoke.variables === row.id}
            onClick={() =>
              revoke.mutate(row.id, {
                onSuccess: () => toast.success('Session ended'),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            End
          </Button>
        ) : null,
    },
  ];
  return (
    <DataTable
      label="Sessions"
      columns={columns}
      rows={sessions}
      rowKey={(row) => row.id}
      empty="No sessions"
    />
  );
}

function Notes({ id }: { id: string }) {
  const { can } = useAuth();
  const notes = useNotes(id);
  const add = useAddNote(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError('Write a note first');
    setError(undefined);
    add.mutate(body.trim(), {
      onSuccess: () => setBody(''),
      onError: (caught) => setError(errorMessage(caught)),
    });
  };
  return (
    <div className="grid gap-3 lg:grid-cols-[1fr_360px]">
      <div className="flex flex-col gap-2">
        {(notes.data ?? []).length === 0 && <EmptyState title="No notes yet" />}
        {notes.data?.map((note) => (
          <article
            key={note.id}
            className="rounded-lg border border-ink-700 bg-ink-900 px-3.5 py-2.5"
          >
            <p className="text-[13px] whitespace-pre-wrap">{note.body}</p>
            <p className="mt-1.5 text-[11px] text-fg-subtle">
              {note.staff.name} · {formatDateTime(note.created_at)}
            </p>
          </article>
        ))}
      </div>
      {can('players.notes.write') && (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <TextArea
            label="New note"
            placeholder="Visible to staff only. Notes cannot be edited."
            value={body}
            maxLength={2000}
            onChange={(event) => setBody(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
            }}
            error={error}
            hint="Ctrl+Enter to save"
          />
          <Button type="submit" variant="primary" loading={add.isPending} className="self-end">
            Add note
          </Button>
        </form>
      )}
    </div>
  );
}

function Adjustments({ id }: { id: string }) {
  const adjustments = usePlayerAdjustments(id, true);
  return (
    <DataTable
      label="Balance adjustments"
      rows={adjustments.data?.items ?? []}
      rowKey={(row) => row.id}
      loading={adjustments.isFetching}
      empty="No manual adjustments"
      columns={[
        {
          key: 'id',
          header: '#',
          render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
        },
        {
          key: 'requested_at',
          header: 'Requested',
          render: (row) => formatDateTime(row.requested_at),
        },
        {
          key: 'amount',
          header: 'Amount',
          align: 'right',
          render: (row) => (
            <span
              className={cn(
                'tabular-nums',
                isNegative(row.amount) ? 'text-negative' : 'text-positive',
              )}
            >
              {formatMoney(row.amount, row.currency)}
            </span>
          ),
        },
        { key: 'reason', header: 'Reason', render: (row) => row.reason_code },
        {
          key: 'comment',
          header: 'Comment',
          className: 'max-w-72 truncate',
          render: (row) => row.comment,
        },
        { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
        { key: 'by', header: 'Requested by', render: (row) => row.requested_by.name },
        { key: 'decided', header: 'Approved by', render: (row) => row.decided_by?.name ?? '—' },
      ]}
    />
  );
}

function StatusDialog({
  player,
  open,
  onClose,
}: {
  player: AdminPlayerDetail;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useSetStatus(String(player.id));
  const [status, setStatus] = useState<string>(player.status === 'active' ? 'blocked' : 'active');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const options = (['active', 'blocked', 'closed'] as const).filter(
    (item) => item !== player.status,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError('Give a reason (3+ characters)');
    mutation.mutate(
      { status, reason: reason.trim() },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setReason('');
          onClose();
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Change status of ${player.username}`}
      description="Blocking or closing ends every session of the player at once. The change and reason are written to the audit log."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="status-form"
            variant={status === 'active' ? 'primary' : 'danger'}
            loading={mutation.isPending}
          >
            {status === 'active'
              ? 'Unblock player'
              : status === 'blocked'
                ? 'Block player'
                : 'Close account'}
          </Button>
        </>
      }
    >
      <form id="status-form" onSubmit={submit} className="flex flex-col gap-3">
        <fieldset className="flex gap-2">
          <legend className="mb-1 text-xs font-medium text-fg-muted">New status</legend>
          {options.map((option) => (
            <label
              key={option}
              className={cn(
                'flex h-8 cursor-pointer items-center gap-1.5 rounded-md border px-3 text-[13px] capitalize',
                status === option ? 'border-accent-500 bg-accent-500/10' : 'border-ink-600',
              )}
            >
              <input
                type="radio"
                name="status"
                value={option}
                checked={status === option}
                onChange={() => setStatus(option)}
                className="sr-only"
              />
              {option === 'active' ? 'active (unblock)' : option}
            </label>
          ))}
        </fieldset>
        <TextArea
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
          maxLength={500}
        />
      </form>
    </Modal>
  );
}

function LogoutDialog({
  id,
  count,
  open,
  onClose,
}: {
  id: string;
  count: number;
  open: boolean;
  onClose: () => void;
}) {
  const mutation = useRevokeSessions(id);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Force logout"
      description={`End all ${count} active session${count === 1 ? '' : 's'} of this player? They must sign in again.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={mutation.isPending}
            onClick={() =>
              mutation.mutate(undefined, {
                onSuccess: (result) => {
                  toast.success(`${result.data.revoked} session(s) ended`);
                  onClose();
                },
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            End sessions
          </Button>
        </>
      }
    >
      <p className="text-[13px] text-fg-muted">The action is recorded in the audit log.</p>
    </Modal>
  );
}
