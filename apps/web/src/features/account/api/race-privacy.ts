import { envelope } from '@casino/contracts/envelope';
import { racePrivacy } from '@casino/contracts/races';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const privacyResponse = envelope(racePrivacy);
const privacyKey = (token: string | null) => ['race-privacy', token] as const;

/** Whether the player hides from race leaderboards. */
export function useRacePrivacy() {
  const auth = useAuth();
  return useQuery({
    queryKey: privacyKey(auth.authUserToken),
    queryFn: async () =>
      parseResponse(privacyResponse, await request('/races/privacy'), 'privacy').data,
    enabled: auth.isAuthenticated,
  });
}

export function useSetRacePrivacy() {
  const auth = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (hidden: boolean) =>
      parseResponse(
        privacyResponse,
        await request('/races/privacy', { method: 'POST', json: { hidden } }),
        'privacy',
      ).data,
    onSuccess: (data) => {
      client.setQueryData(privacyKey(auth.authUserToken), data);
      void client.invalidateQueries({ queryKey: ['race-board'] });
    },
  });
}
