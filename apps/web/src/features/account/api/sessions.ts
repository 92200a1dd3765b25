import type { PlayerSession } from '@casino/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** The player's signed-in devices, and signing them out. */

export function useSessions() {
  const { authUserToken } = useAuth();
  return useQuery({
    queryKey: ['sessions', authUserToken],
    queryFn: async () =>
      ((await request('/customer/me/sessions')) as { data: PlayerSession[] }).data,
    enabled: Boolean(authUserToken),
  });
}

function useSessionsMutation<I>(fn: (input: I) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

export const useSignOutSession = () =>
  useSessionsMutation(
    async (id: string) =>
      (await request(`/customer/me/sessions/${encodeURIComponent(id)}/sign-out`, {
        method: 'POST',
      })) as { message: string },
  );

export const useSignOutOthers = () =>
  useSessionsMutation<void>(
    async () =>
      (await request('/customer/me/sessions/sign-out-others', { method: 'POST' })) as {
        message: string;
      },
  );
