import type { AdminPlayerRow } from '@casino/contracts';
import { useNavigate } from 'react-router';
import { StatusBadge } from '../../components/badge.tsx';
import { PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField } from '../../components/field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { nextSort, useUrlState } from '../../lib/use-url-state.ts';
import { usePlayers } from './api.ts';

const DEFAULTS = { q: '', status: '', sort: 'id', order: 'desc', page: '1', per_page: '25' };

const columns: Column<AdminPlayerRow>[] = [
  {
    key: 'id',
    header: 'ID',
    sortable: true,
    render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
  },
  {
    key: 'username',
    header: 'Username',
    sortable: true,
    render: (row) => <span className="font-medium">{row.username}</span>,
  },
  { key: 'name', header: 'Name', sortable: true, render: (row) => row.name },
  { key: 'email', header: 'Email', sortable: true, render: (row) => row.email },
  {
    key: 'phone',
    header: 'Phone',
    render: (row) => row.phone ?? <span className="text-fg-subtle">—</span>,
  },
  { key: 'currency', header: 'Currency', render: (row) => row.currency_code ?? '—' },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (row) => <StatusBadge status={row.status} />,
  },
  {
    key: 'created_at',
    header: 'Registered',
    sortable: true,
    render: (row) => <span className="text-fg-muted">{formatDateTime(row.created_at)}</span>,
  },
];

export function PlayersPage() {
  const navigate = useNavigate();
  const [state, update] = useUrlState(DEFAULTS);
  const { data, isFetching } = usePlayers(state);
  const search = useDebounced((q: string) => update({ q }));

  return (
    <>
      <PageHeader
        title="Players"
        subtitle="Search by id, email, username, phone or name. Press / to search, ↑↓ and Enter to open."
      />
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <SearchBox
          className="w-full sm:w-80"
          placeholder="Search players"
          aria-label="Search players"
          defaultValue={state.q}
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ q: event.currentTarget.value.trim() });
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              document.querySelector<HTMLElement>('tr[data-row]')?.focus();
            }
          }}
          onChange={(event) => search(event.currentTarget.value.trim())}
        />
        <SelectField
          aria-label="Status"
          value={state.status}
          onChange={(event) => update({ status: event.target.value })}
          className="w-36"
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="blocked">Blocked</option>
          <option value="closed">Closed</option>
        </SelectField>
      </div>
      <DataTable
        label="Players"
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(row) => row.id}
        loading={isFetching}
        empty={state.q ? `No player matches “${state.q}”` : 'No players yet'}
        sort={{ key: state.sort, order: state.order as 'asc' | 'desc' }}
        onSort={(key) => update(nextSort(state, key))}
        onOpen={(row) => navigate(`/players/${row.id}`)}
        pagination={{
          page: Number(state.page),
          per_page: Number(state.per_page),
          total: data?.total ?? 0,
          onPage: (page) => update({ page: String(page) }, { resetPage: false }),
          onPerPage: (per_page) => update({ per_page: String(per_page) }),
        }}
      />
    </>
  );
}
