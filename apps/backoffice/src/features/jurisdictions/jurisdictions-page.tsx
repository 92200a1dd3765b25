import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';

type Policy = 'real_money' | 'demo_only' | 'blocked';
type Jurisdiction = {
  country: string;
  policy: Policy;
  min_age: number;
  note: string;
  updated_at: string;
};

const TONE: Record<Policy, 'positive' | 'warning' | 'negative'> = {
  real_money: 'positive',
  demo_only: 'warning',
  blocked: 'negative',
};
const LABEL: Record<Policy, string> = {
  real_money: 'real money',
  demo_only: 'demo only',
  blocked: 'blocked',
};

/** The per-country policy the player gate applies; countries without a row allow real money. */
export function JurisdictionsPage() {
  const { can } = useAuth();
  const list = useQuery({
    queryKey: ['jurisdictions'],
    queryFn: async () => (await api<Jurisdiction[]>('/jurisdictions')).data,
  });
  const [editing, setEditing] = useState<Jurisdiction | null>(null);
  const columns: Column<Jurisdiction>[] = [
    {
      key: 'country',
      header: 'Country',
      render: (row) => <span className="font-mono font-semibold">{row.country}</span>,
    },
    {
      key: 'policy',
      header: 'Policy',
      render: (row) => <Badge tone={TONE[row.policy]}>{LABEL[row.policy]}</Badge>,
    },
    { key: 'min_age', header: 'Min age', render: (row) => row.min_age },
    {
      key: 'note',
      header: 'Why',
      render: (row) => <span className="text-fg-muted">{row.note || '—'}</span>,
    },
    { key: 'updated_at', header: 'Changed', render: (row) => formatDateTime(row.updated_at) },
  ];
  return (
    <>
      <PageHeader
        title="Jurisdictions"
        subtitle="Where real money may be played. Countries not listed allow real money: match this table to your licence. Every change is audited."
        actions={
          can('jurisdictions.write') && (
            <Button
              variant="primary"
              onClick={() =>
                setEditing({
                  country: '',
                  policy: 'demo_only',
                  min_age: 18,
                  note: '',
                  updated_at: '',
                })
              }
            >
              Add country
            </Button>
          )
        }
      />
      <DataTable
        label="Jurisdictions"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row.country}
        loading={list.isFetching}
        onOpen={can('jurisdictions.write') ? setEditing : undefined}
        empty="No country rules: real money is open everywhere"
      />
      {editing && <PolicyDialog row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function PolicyDialog({ row, onClose }: { row: Jurisdiction; onClose: () => void }) {
  const client = useQueryClient();
  const [country, setCountry] = useState(row.country);
  const [policy, setPolicy] = useState<Policy>(row.policy);
  const [minAge, setMinAge] = useState(String(row.min_age));
  const [note, setNote] = useState(row.note);
  const save = useMutation({
    mutationFn: () =>
      api<Jurisdiction>(`/jurisdictions/${country.trim().toUpperCase()}`, {
        method: 'PUT',
        json: { policy, min_age: Number(minAge), note: note.trim() },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['jurisdictions'] });
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={row.country ? `Policy for ${row.country}` : 'Add a country'}
      description="Demo only keeps play-money games open; blocked closes real money and demo alike. Withdrawals always stay open."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="save-jurisdiction"
          >
            Save
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Country (ISO code)"
          value={country}
          maxLength={2}
          disabled={Boolean(row.country)}
          onChange={(event) => setCountry(event.target.value.toUpperCase())}
        />
        <SelectField
          label="Policy"
          value={policy}
          onChange={(event) => setPolicy(event.target.value as Policy)}
        >
          <option value="real_money">real money</option>
          <option value="demo_only">demo only</option>
          <option value="blocked">blocked</option>
        </SelectField>
        <TextField
          label="Minimum age"
          inputMode="numeric"
          value={minAge}
          onChange={(event) => setMinAge(event.target.value)}
        />
      </div>
      <div className="mt-3">
        <TextField
          label="Why (law or licence condition)"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </Modal>
  );
}
