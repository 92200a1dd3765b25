import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
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
      <LocationPolicyCard editable={can('jurisdictions.write')} />
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

type Mismatch = 'stricter' | 'declared' | 'address' | 'demo_only';
type Anonymisers = 'allow' | 'flag' | 'demo_only';
type LocationPolicy = {
  country_mismatch: Mismatch;
  anonymisers: Anonymisers;
  updated_at: string;
  anonymiser_list: { entries: number; source: string | null };
};

const MISMATCH_HINT: Record<Mismatch, string> = {
  stricter: 'The stricter of the two countries’ policies applies.',
  declared: 'The country the player declared at sign-up applies.',
  address: 'The country of the address the player connects from applies.',
  demo_only: 'Real money is off until the two agree; demo stays open.',
};
const ANONYMISER_HINT: Record<Anonymisers, string> = {
  allow: 'Treated like any address (recorded on the session).',
  flag: 'Allowed; each sign-in raises an AML alert in the compliance queue.',
  demo_only: 'Real money is off while connected through one; demo stays open.',
};

/** What the gate does when the declared and the address's countries differ, and for VPNs. */
function LocationPolicyCard({ editable }: { editable: boolean }) {
  const client = useQueryClient();
  const policy = useQuery({
    queryKey: ['location-policy'],
    queryFn: async () => (await api<LocationPolicy>('/location-policy')).data,
  });
  const save = useMutation({
    mutationFn: (patch: Partial<Pick<LocationPolicy, 'country_mismatch' | 'anonymisers'>>) =>
      api<LocationPolicy>('/location-policy', { method: 'PUT', json: patch }),
    onSuccess: (result) => {
      toast.success(result.message);
      client.setQueryData(['location-policy'], result.data);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const data = policy.data;
  const list = data?.anonymiser_list;
  return (
    <Card title="Location checks" className="mb-4">
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label="Declared country differs from the address’s"
          value={data?.country_mismatch ?? 'stricter'}
          disabled={!editable || !data || save.isPending}
          hint={MISMATCH_HINT[data?.country_mismatch ?? 'stricter']}
          data-testid="country-mismatch"
          onChange={(event) => save.mutate({ country_mismatch: event.target.value as Mismatch })}
        >
          <option value="stricter">the stricter policy applies</option>
          <option value="declared">the declared country applies</option>
          <option value="address">the address’s country applies</option>
          <option value="demo_only">demo only</option>
        </SelectField>
        <SelectField
          label="VPN, proxy or Tor"
          value={data?.anonymisers ?? 'flag'}
          disabled={!editable || !data || save.isPending}
          hint={`${ANONYMISER_HINT[data?.anonymisers ?? 'flag']} ${
            list
              ? list.entries > 0
                ? `List: ${list.entries.toLocaleString('en')} entries.`
                : 'The list is empty: run npm run anonymisers:update on the server.'
              : ''
          }`}
          data-testid="anonymiser-policy"
          onChange={(event) => save.mutate({ anonymisers: event.target.value as Anonymisers })}
        >
          <option value="allow">allow</option>
          <option value="flag">allow and flag to compliance</option>
          <option value="demo_only">demo only</option>
        </SelectField>
      </div>
    </Card>
  );
}
