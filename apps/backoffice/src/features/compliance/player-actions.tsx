import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { TextArea, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import type { PlayerCompliance } from './api.ts';

/** Freeze or unfreeze a player's withdrawals (the gate refuses them while frozen). */
export function FreezeDialog({
  playerId,
  frozen,
  onClose,
  onDone,
}: {
  playerId: string;
  frozen: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api<PlayerCompliance>(`/compliance/players/${playerId}/freeze`, {
        method: 'POST',
        json: { frozen: !frozen, reason },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      onDone();
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={frozen ? 'Unfreeze withdrawals' : 'Freeze withdrawals'}
      description={
        frozen
          ? 'The player can withdraw again. The reason goes to the player’s history and the audit log.'
          : 'Every withdrawal (bank, INR, crypto) is refused with a message asking the player to contact support. Play and deposits are not affected.'
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={frozen ? 'primary' : 'danger'}
            loading={save.isPending}
            disabled={!reason.trim()}
            onClick={() => save.mutate()}
            data-testid="confirm-freeze"
          >
            {frozen ? 'Unfreeze' : 'Freeze'}
          </Button>
        </>
      }
    >
      <TextField
        label="Reason"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </Modal>
  );
}

const DEFAULT_REQUEST =
  'To keep your account open for withdrawals, please tell us where the money you deposit comes from (for example salary, savings, sale of property), with the amounts.';

/** Ask the player where their money comes from; they see it on their account page. */
export function SourceOfFundsDialog({
  playerId,
  onClose,
  onDone,
}: {
  playerId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [message, setMessage] = useState(DEFAULT_REQUEST);
  const save = useMutation({
    mutationFn: () =>
      api<PlayerCompliance>(`/compliance/players/${playerId}/source-of-funds`, {
        method: 'POST',
        json: { message },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      onDone();
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title="Request source of funds"
      description="The player sees this message on their account page and answers there."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            disabled={!message.trim()}
            onClick={() => save.mutate()}
          >
            Send request
          </Button>
        </>
      }
    >
      <TextArea
        label="Message to the player"
        value={message}
        maxLength={1000}
        onChange={(event) => setMessage(event.target.value)}
      />
    </Modal>
  );
}
