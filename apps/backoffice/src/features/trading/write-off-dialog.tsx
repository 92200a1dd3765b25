import { SB_WRITE_OFF_REASON_MAX, type SbWriteOff } from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { TextArea } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

/** Shortest reason the server takes (contracts: sbWriteOffRequest). */
const REASON_MIN = 3;

/**
 * Writing a held correction off (decision 0643): the house takes the shortfall as its loss,
 * the player keeps their balance and the bet shows its corrected result. Irreversible from the
 * desk, so it asks for a reason and a second, explicit confirmation.
 */
export function WriteOffDialog({
  bet_id,
  short,
  onClose,
}: {
  bet_id: string | null;
  /** The shortfall as the list shows it (formatted money). */
  short: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setConfirming(false);
    setError(undefined);
    onClose();
  };
  const writeOff = useMutation({
    mutationFn: (id: string) =>
      api<SbWriteOff>(`/sportsbook/held-corrections/${id}/write-off`, {
        method: 'POST',
        json: { reason: reason.trim() },
      }),
    onSuccess: (_response, id) => {
      void client.invalidateQueries({ queryKey: ['sb', 'held-corrections'] });
      toast.success(`Bet #${id}: written off, ${short} taken as the house's loss`);
      close();
    },
    onError: (failure) => {
      setConfirming(false);
      void client.invalidateQueries({ queryKey: ['sb', 'held-corrections'] });
      toast.error(errorMessage(failure));
    },
  });
  const submit = () => {
    if (reason.trim().length < REASON_MIN) {
      setError(`Give a reason (${REASON_MIN} characters or more)`);
      return;
    }
    if (!confirming) return setConfirming(true);
    if (bet_id) writeOff.mutate(bet_id);
  };
  return (
    <Modal
      open={bet_id !== null}
      onClose={close}
      title={`Write off bet #${bet_id ?? ''}`}
      description="The house takes the shortfall as its loss. The player's balance is not touched; the bet shows its corrected result."
      footer={
        <>
          <Button variant="ghost" onClick={confirming ? () => setConfirming(false) : close}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button
            variant={confirming ? 'danger' : 'primary'}
            loading={writeOff.isPending}
            onClick={submit}
            data-testid="write-off-submit"
          >
            {confirming ? `Confirm: write off ${short}` : 'Review'}
          </Button>
        </>
      }
    >
      {confirming ? (
        <div className="rounded-md border border-ink-600 bg-ink-900 p-3 text-[13px]">
          <p>
            Write off <strong className="text-negative">{short}</strong> on bet #{bet_id}.
          </p>
          <p className="mt-1 text-fg-muted">Reason: “{reason.trim()}”</p>
          <p className="mt-2 text-warning">
            Recorded in the ledger against the bet write-off account and in the audit log. A later
            result for the bet undoes it and runs the correction again.
          </p>
        </div>
      ) : (
        <TextArea
          label="Reason"
          placeholder="Why the player cannot repay, with a ticket or reference"
          maxLength={SB_WRITE_OFF_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
      )}
    </Modal>
  );
}
