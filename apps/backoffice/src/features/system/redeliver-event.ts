import type { EventRedelivery } from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { api, errorMessage } from '../../lib/api-client.ts';

/** Hands a dead letter's event to its subscriber again; a refusal shows the subscriber's error. */
export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (letter: { subscriber: string; event_id: string }) =>
      api<EventRedelivery>(
        `/system/events/dead-letters/${encodeURIComponent(letter.subscriber)}/${letter.event_id}/redeliver`,
        { method: 'POST' },
      ),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => client.invalidateQueries({ queryKey: ['system', 'events'] }),
  });
}
