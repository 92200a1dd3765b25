import type { AuditEntryView } from '@casino/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Details, PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { JsonView } from '../../components/json-view.tsx';
import { Modal } from '../../components/modal.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useUrlState } from '../../lib/use-url-state.ts';

type Paged<T> = { items: T[]; total: number; page: number; per_page: number };
type Verify = { ok: boolean; entries: number; problem: string | null; entry_id: string | null };
const DEFAULTS = {
  q: '',
  actor_type: '',
  actor_id: '',
  action: '',
  target_type: '',
  target_id: '',
  from: '',
  to: '',
  page: '1',
  per_page: '50',
};

const columns: Column<AuditEntryView>[] = [
  {
    key: 'id',
    header: '#',
    render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
  },
  { key: 'occurred_at', header: 'Time', render: (row) => formatDateTime(row.occurred_at) },
  {
    key: 'actor',
    header: 'Actor',
    render: (row) => (
      <span className="flex items-center gap-1.5">
        <Badge
          tone={
            row.actor_type === 'staff'
              ? 'accent'
              : row.actor_type === 'player'
                ? 'neutral'
                : 'warning'
          }
        >
          {row.actor_type}
        </Badge>
        <span className="font-mono text-xs">{row.actor_id ?? '—'}</span>
        {row.actor_role && <span className="text-fg-subtle">{row.actor_role}</span>}
      </span>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    render: (row) => <span className="font-mono text-xs text-fg">{row.action}</span>,
  },
  {
    key: 'target',
    header: 'Target',
    render: (row) =>
      row.target_type ? (
        <span className="font-mono text-xs">
          {row.target_type}:{row.target_id}
        </span>
      ) : (
        '—'
      ),
  },
  {
    key: 'ip',
    header: 'IP',
    render: (row) => <span className="font-mono text-xs text-fg-muted">{row.ip ?? '—'}</span>,
  },
  {
    key: 'change',
    header: 'Change',
    className: 'max-w-72 truncate text-fg-muted',
    render: (row) => summary(row),
  },
];

function summary(row: AuditEntryView): string {
  const after = row.after as Record<string, unknown> | null;
  if (!after || typeof after !== 'object') return row.metadata ? JSON.stringify(row.metadata) : '';
  return Object.entries(after)
    .slice(0, 3)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');
}

/** The hash-chained audit log: search, filter, inspect, verify. Nothing here edits it. */
export function AuditPage() {
  const [state, update] = useUrlState(DEFAULTS);
  const [open, setOpen] = useState<AuditEntryView | null>(null);
  const log = useQuery({
    queryKey: ['audit', state],
    queryFn: async () => (await api<Paged<AuditEntryView>>('/audit', { query: state })).data,
    placeholderData: keepPreviousData,
  });
  const verify = useMutation({
    mutationFn: async () => (await api<Verify>('/audit/verify', { method: 'POST' })).data,
  });
  const search = useDebounced((q: string) => update({ q }));
  const filter = useDebounced((patch: Partial<typeof DEFAULTS>) => update(patch));

  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Every staff action and sensitive player action, hash-chained: an edited or deleted entry is detected."
        actions={
          <>
            {verify.data && (
              <span
                className={
                  verify.data.ok ? 'text-[13px] text-positive' : 'text-[13px] text-negative'
                }
                role="status"
              >
                {verify.data.ok
                  ? `Chain intact · ${verify.data.entries.toLocaleString('en')} entries`
                  : `Chain broken at #${verify.data.entry_id}: ${verify.data.problem}`}
              </span>
            )}
            <Button
              variant="outline"
              loading={verify.isPending}
              onClick={() =>
                verify.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })
              }
            >
              Verify chain
            </Button>
          </>
        }
      />
      <div className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-4 xl:grid-cols-8">
        <SearchBox
          className="col-span-2"
          placeholder="Search action, actor, target, IP"
          aria-label="Search the audit log"
          defaultValue={state.q}
          onChange={(event) => search(event.currentTarget.value.trim())}
        />
        <SelectField
          aria-label="Actor type"
          value={state.actor_type}
          onChange={(event) => update({ actor_type: event.target.value })}
        >
          <option value="">All actors</option>
          <option value="staff">Staff</option>
          <option value="player">Players</option>
          <option value="system">System</option>
        </SelectField>
        <TextField
          aria-label="Actor id"
          placeholder="Actor id"
          defaultValue={state.actor_id}
          onChange={(event) => filter({ actor_id: event.target.value.trim() })}
        />
        <TextField
          aria-label="Action prefix"
          placeholder="Action, e.g. staff.player"
          defaultValue={state.action}
          onChange={(event) => filter({ action: event.target.value.trim() })}
        />
        <TextField
          aria-label="Target id"
          placeholder="Target id"
          defaultValue={state.target_id}
          onChange={(event) => filter({ target_id: event.target.value.trim() })}
        />
        <TextField
          aria-label="From"
          type="date"
          value={state.from}
          onChange={(event) => update({ from: event.target.value })}
        />
        <TextField
          aria-label="To"
          type="date"
          value={state.to}
          onChange={(event) => update({ to: event.target.value })}
        />
      </div>
      <DataTable
        label="Audit log"
        columns={columns}
        rows={log.data?.items ?? []}
        rowKey={(row) => row.id}
        loading={log.isFetching}
        empty="No entries match"
        onOpen={setOpen}
        pagination={{
          page: Number(state.page),
          per_page: Number(state.per_page),
          total: log.data?.total ?? 0,
          onPage: (page) => update({ page: String(page) }, { resetPage: false }),
          onPerPage: (per_page) => update({ per_page: String(per_page) }),
        }}
      />
      {open && (
        <Modal
          open
          onClose={() => setOpen(null)}
          title={`Audit entry #${open.id}`}
          wide
          footer={<Button onClick={() => setOpen(null)}>Close</Button>}
        >
          <Details
            rows={{
              Time: formatDateTime(open.occurred_at),
              Action: <span className="font-mono">{open.action}</span>,
              Actor: `${open.actor_type} ${open.actor_id ?? ''} ${open.actor_role ? `(${open.actor_role})` : ''}`,
              Target: open.target_type ? `${open.target_type} ${open.target_id}` : '—',
              IP: open.ip,
              'User agent': <span className="text-xs">{open.user_agent}</span>,
              Hash: <span className="font-mono text-[11px] break-all">{open.hash}</span>,
            }}
          />
          <div className="mt-3 grid gap-3 md:grid-cols-2">
            <div>
              <p className="mb-1 text-xs font-medium text-fg-muted">Before</p>
              <JsonView value={open.before} />
            </div>
            <div>
              <p className="mb-1 text-xs font-medium text-fg-muted">After</p>
              <JsonView value={open.after} />
            </div>
          </div>
          {open.metadata !== null && (
            <div className="mt-3">
              <p className="mb-1 text-xs font-medium text-fg-muted">Details</p>
              <JsonView value={open.metadata} />
            </div>
          )}
        </Modal>
      )}
    </>
  );
}
