import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';

type Studio = {
  code: string;
  name: string;
  launch_url: string;
  enabled: boolean;
  secret_hint: string;
  built_in: boolean;
  games: number;
  updated_at: string;
};
type Patch = { enabled?: boolean; launch_url?: string; rotate_secret?: true };

/**
 * The connected studios (seamless-wallet integrations): on or off, where games launch, and the
 * shared secret that signs their calls — shown once when a new one is issued, a hint after.
 */
export function StudiosTable() {
  const { can } = useAuth();
  const client = useQueryClient();
  const writable = can('casino.write');
  const [editing, setEditing] = useState<Studio | null>(null);
  const [issued, setIssued] = useState<{ studio: Studio; secret: string } | null>(null);
  const studios = useQuery({
    queryKey: ['casino-studios'],
    queryFn: async () => (await api<Studio[]>('/casino/studios')).data,
  });
  const update = useMutation({
    mutationFn: (input: { code: string; patch: Patch }) =>
      api<Studio & { secret?: string }>(`/casino/studios/${input.code}`, {
        method: 'PATCH',
        json: input.patch,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      if (result.data.secret) setIssued({ studio: result.data, secret: result.data.secret });
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['casino-studios'] });
      void client.invalidateQueries({ queryKey: ['casino-games'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const columns: Column<Studio>[] = [
    {
      key: 'name',
      header: 'Studio',
      render: (row) => (
        <span>
          <span className="font-semibold">{row.name}</span>
          <span className="block font-mono text-[12px] text-fg-muted">
            {row.code} · {row.games} games{row.built_in ? ' · built-in demo' : ''}
          </span>
        </span>
      ),
    },
    {
      key: 'launch',
      header: 'Launch URL',
      render: (row) => <span className="font-mono text-[12px] break-all">{row.launch_url}</span>,
    },
    {
      key: 'secret',
      header: 'Secret',
      render: (row) => <span className="font-mono text-[12px]">{row.secret_hint}</span>,
    },
    {
      key: 'enabled',
      header: 'Connected',
      render: (row) => (
        <button
          type="button"
          disabled={!writable || update.isPending}
          onClick={() => update.mutate({ code: row.code, patch: { enabled: !row.enabled } })}
          aria-pressed={row.enabled}
          data-testid={`studio-enabled-${row.code}`}
          className="rounded disabled:cursor-default"
        >
          <Badge tone={row.enabled ? 'positive' : 'neutral'}>{row.enabled ? 'on' : 'off'}</Badge>
        </button>
      ),
    },
    {
      key: 'changed',
      header: 'Changed',
      render: (row) => <span className="text-[12px]">{formatDateTime(row.updated_at)}</span>,
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-base font-semibold">Studios</h2>
      <DataTable
        label="Studios"
        columns={columns}
        rows={studios.data ?? []}
        rowKey={(row) => row.code}
        loading={studios.isFetching}
        onOpen={writable ? setEditing : undefined}
        empty="No studio connected"
      />
      {editing && (
        <StudioDialog
          studio={editing}
          pending={update.isPending}
          onClose={() => setEditing(null)}
          onSave={(patch) => update.mutate({ code: editing.code, patch })}
        />
      )}
      {issued && (
        <Modal
          open
          onClose={() => setIssued(null)}
          title={`New secret for ${issued.studio.name}`}
          description="Copy it now and give it to the studio: it is not shown again. Calls signed with the old secret are refused from now on."
          footer={
            <Button variant="primary" onClick={() => setIssued(null)}>
              Done
            </Button>
          }
        >
          <div className="flex items-center gap-2">
            <code
              className="flex-1 break-all rounded-md bg-ink-900 px-3 py-2 text-[13px]"
              data-testid="studio-secret"
            >
              {issued.secret}
            </code>
            <Button
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(issued.secret)
                  .then(() => toast.success('Copied'))
              }
            >
              Copy
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}

function StudioDialog({
  studio,
  pending,
  onClose,
  onSave,
}: {
  studio: Studio;
  pending: boolean;
  onClose: () => void;
  onSave: (patch: Patch) => void;
}) {
  const [url, setUrl] = useState(studio.launch_url);
  const [confirming, setConfirming] = useState(false);
  return (
    <Modal
      open
      onClose={onClose}
      title={studio.name}
      description={
        studio.built_in
          ? 'The demo studio ships with the product: its launch URL and secret come from the server configuration.'
          : 'Where its games launch, and the shared secret that signs its calls.'
      }
      footer={
        studio.built_in ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="primary"
              loading={pending}
              disabled={url.trim() === studio.launch_url}
              onClick={() => onSave({ launch_url: url.trim() })}
            >
              Save URL
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        <TextField
          label="Launch URL"
          value={url}
          disabled={studio.built_in}
          onChange={(event) => setUrl(event.target.value)}
          hint={
            studio.built_in
              ? undefined
              : "https:// (the studio's game page; the launch token is added to it)"
          }
        />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            Secret <span className="font-mono">{studio.secret_hint}</span>
          </span>
          {!studio.built_in &&
            (confirming ? (
              <>
                <span className="text-fg-muted">
                  The studio's calls fail until it has the new one.
                </span>
                <Button
                  variant="danger"
                  loading={pending}
                  onClick={() => onSave({ rotate_secret: true })}
                  data-testid="studio-rotate-confirm"
                >
                  Issue new secret
                </Button>
              </>
            ) : (
              <Button onClick={() => setConfirming(true)} data-testid="studio-rotate">
                Issue a new secret…
              </Button>
            ))}
        </div>
      </div>
    </Modal>
  );
}
