import { STAFF_ROLES, type StaffRole, type StaffView, staffCreateRequest } from '@casino/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Badge, StatusBadge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { useUrlState } from '../../lib/use-url-state.ts';

type Paged<T> = { items: T[]; total: number; page: number; per_page: number };
const DEFAULTS = { q: '', role: '', status: '', page: '1', per_page: '25' };

function useStaffMutation<I>(run: (input: I) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function StaffPage() {
  const { me, can } = useAuth();
  const [state, update] = useUrlState(DEFAULTS);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffView | null>(null);
  const list = useQuery({
    queryKey: ['staff', state],
    queryFn: async () => (await api<Paged<StaffView>>('/staff', { query: state })).data,
    placeholderData: keepPreviousData,
  });
  const columns: Column<StaffView>[] = [
    {
      key: 'id',
      header: 'ID',
      render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
    },
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <span className="font-medium">
          {row.name}
          {row.id === me?.id && <span className="ml-1.5 text-fg-subtle">(you)</span>}
        </span>
      ),
    },
    { key: 'email', header: 'Email', render: (row) => row.email },
    { key: 'role', header: 'Role', render: (row) => <Badge tone="accent">{row.role}</Badge> },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'totp',
      header: '2FA',
      render: (row) =>
        row.totp_enrolled ? (
          <Badge tone="positive">enrolled</Badge>
        ) : (
          <Badge tone="warning">at next sign-in</Badge>
        ),
    },
    {
      key: 'last_login_at',
      header: 'Last sign-in',
      render: (row) =>
        row.last_login_at ? (
          <span title={formatDateTime(row.last_login_at)}>{relativeTime(row.last_login_at)}</span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Staff"
        subtitle="Accounts, roles and two-factor sign-in. Only an owner may create or change an owner."
        actions={
          can('staff.manage') && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New staff account
            </Button>
          )
        }
      />
      <div className="mb-3 flex gap-2">
        <SelectField
          aria-label="Role"
          value={state.role}
          onChange={(event) => update({ role: event.target.value })}
          className="w-40"
        >
          <option value="">All roles</option>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <SelectField
          aria-label="Status"
          value={state.status}
          onChange={(event) => update({ status: event.target.value })}
          className="w-36"
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </SelectField>
      </div>
      <DataTable
        label="Staff"
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        onOpen={can('staff.manage') ? setEditing : undefined}
        pagination={{
          page: Number(state.page),
          per_page: Number(state.per_page),
          total: list.data?.total ?? 0,
          onPage: (page) => update({ page: String(page) }, { resetPage: false }),
        }}
      />
      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        ownerMayCreate={me?.role === 'owner'}
      />
      {editing && (
        <EditDialog
          member={editing}
          self={editing.id === me?.id}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type CreateForm = z.input<typeof staffCreateRequest>;

function CreateDialog({
  open,
  onClose,
  ownerMayCreate,
}: {
  open: boolean;
  onClose: () => void;
  ownerMayCreate: boolean;
}) {
  const form = useForm<CreateForm>({
    resolver: zodResolver(staffCreateRequest),
    defaultValues: { email: '', name: '', role: 'support', password: '' },
  });
  const create = useStaffMutation((input: CreateForm) => api('/staff', { json: input }));
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="New staff account"
      description="Share the initial password securely. At the first sign-in they must enrol an authenticator app."
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-staff" variant="primary" loading={create.isPending}>
            Create account
          </Button>
        </>
      }
    >
      <form
        id="create-staff"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: close }))}
      >
        <TextField
          label="Name"
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <TextField
          label="Email"
          type="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <SelectField label="Role" {...form.register('role')}>
          {STAFF_ROLES.filter((role) => role !== 'owner' || ownerMayCreate).map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Initial password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          error={form.formState.errors.password?.message}
          hint="At least 12 characters"
        />
      </form>
    </Modal>
  );
}

function EditDialog({
  member,
  self,
  onClose,
}: {
  member: StaffView;
  self: boolean;
  onClose: () => void;
}) {
  const { me } = useAuth();
  const [role, setRole] = useState<StaffRole>(member.role);
  const update = useStaffMutation((patch: { role?: StaffRole; status?: 'active' | 'disabled' }) =>
    api(`/staff/${member.id}`, { method: 'PATCH', json: patch }),
  );
  const reset = useStaffMutation(() => api(`/staff/${member.id}/reset-2fa`, { method: 'POST' }));
  const locked = self || (member.role === 'owner' && me?.role !== 'owner');
  return (
    <Modal
      open
      onClose={onClose}
      title={`${member.name} · ${member.email}`}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {locked ? (
        <p className="text-[13px] text-fg-muted">
          {self
            ? 'You cannot change your own role, status or two-factor sign-in.'
            : 'Only an owner may change an owner account.'}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex items-end gap-2">
            <SelectField
              label="Role"
              value={role}
              onChange={(event) => setRole(event.target.value as StaffRole)}
              className="flex-1"
            >
              {STAFF_ROLES.filter((item) => item !== 'owner' || me?.role === 'owner').map(
                (item) => (
                  <option key={item} value={item}>
                    {item}
                  </option>
                ),
              )}
            </SelectField>
            <Button
              variant="primary"
              disabled={role === member.role}
              loading={update.isPending}
              onClick={() => update.mutate({ role }, { onSuccess: onClose })}
            >
              Change role
            </Button>
          </div>
          <p className="text-xs text-fg-subtle">
            A role change or disabling ends the member’s sessions at once.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant={member.status === 'active' ? 'danger' : 'outline'}
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { status: member.status === 'active' ? 'disabled' : 'active' },
                  { onSuccess: onClose },
                )
              }
            >
              {member.status === 'active' ? 'Disable account' : 'Re-enable account'}
            </Button>
            <Button
              variant="outline"
              loading={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSuccess: onClose })}
            >
              Reset two-factor sign-in
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
