import type { AdminPlayerTwoFactor } from '@casino/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, Details } from '../../components/card.tsx';
import { TextArea } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';

/** The server's own minimum: the reason says how the player proved who they are. */
const REASON_LENGTH_MIN = 10;

const useTwoFactor = (id: string) =>
  useQuery({
    queryKey: ['player', id, 'two-factor'],
    queryFn: async () => (await api<AdminPlayerTwoFactor>(`/players/${id}/two-factor`)).data,
  });

/**
 * A player's second factors (decision 0974), and the reset for a player who lost both the phone
 * and the recovery codes.
 */
export function TwoFactorTab({ id }: { id: string }) {
  const { can } = useAuth();
  const status = useTwoFactor(id);
  const [resetting, setResetting] = useState(false);
  if (status.isLoading)
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  if (!status.data) return <p className="text-fg-muted">{errorMessage(status.error)}</p>;
  const s = status.data;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card
        title="Two-factor authentication"
        actions={
          can('players.two_factor.reset') && s.enabled ? (
            <Button
              variant="danger"
              size="sm"
              onClick={() => setResetting(true)}
              data-testid="two-factor-reset"
            >
              Reset two-factor
            </Button>
          ) : undefined
        }
      >
        <div data-testid="two-factor-status">
          <Details
            rows={{
              'Authenticator app': s.enabled ? (
                <Badge tone="positive">On</Badge>
              ) : (
                <Badge>Off</Badge>
              ),
              'Turned on': s.enabled_at ? formatDateTime(s.enabled_at) : '—',
              'Recovery codes left': s.enabled ? String(s.recovery_codes_left) : '—',
              Passkeys: String(s.passkeys),
            }}
          />
        </div>
        <p className="mt-3 text-[12px] text-fg-subtle">
          A reset removes the authenticator app and every recovery code; the player signs in with
          the password alone until they turn it on again, and is told by email. Passkeys stay. Reset
          only after checking the player’s identity.
        </p>
      </Card>
      <ResetDialog id={id} open={resetting} onClose={() => setResetting(false)} />
    </div>
  );
}

function ResetDialog({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (reason: string) =>
      api<AdminPlayerTwoFactor>(`/players/${id}/two-factor/reset`, { json: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['player', id] }),
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < REASON_LENGTH_MIN)
      return setError(
        `Give a reason (${REASON_LENGTH_MIN}+ characters): how the player proved who they are`,
      );
    mutation.mutate(reason.trim(), {
      onSuccess: (result) => {
        toast.success(result.message);
        setReason('');
        setError(undefined);
        onClose();
      },
      onError: (caught) => setError(errorMessage(caught)),
    });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Reset two-factor authentication"
      description="For a player who lost both the phone and the recovery codes. The reason is written to the audit log and the player is emailed."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="two-factor-reset-form"
            variant="danger"
            loading={mutation.isPending}
            data-testid="two-factor-reset-confirm"
          >
            Reset two-factor
          </Button>
        </>
      }
    >
      <form id="two-factor-reset-form" onSubmit={submit} className="flex flex-col gap-3">
        <TextArea
          label="Reason"
          placeholder="e.g. Lost phone and codes; identity checked by video call against the KYC ID"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
          maxLength={500}
          name="reason"
        />
      </form>
    </Modal>
  );
}
