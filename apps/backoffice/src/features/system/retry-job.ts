import type { JobRetry } from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { api, errorMessage } from '../../lib/api-client.ts';

/** Sends a run that failed every retry again; it runs on whichever instance picks it up. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (run: { queue: string; id: string }) =>
      api<JobRetry>(
        `/system/jobs/${encodeURIComponent(run.queue)}/${encodeURIComponent(run.id)}/retry`,
        { method: 'POST' },
      ),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => client.invalidateQueries({ queryKey: ['system', 'jobs'] }),
  });
}
