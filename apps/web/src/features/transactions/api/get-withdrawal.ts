import { envelope } from '@casino/contracts/envelope';
import { trackedWithdrawal } from '@casino/contracts/withdrawal-tracker';
import { useQuery } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** One withdrawal's timeline and blockers (`GET /customer/withdrawals/{id}/tracker`). */
export function useTrackedWithdrawal(id: string | null, lang: string) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['payments', auth.authUserToken, 'tracker', id, lang],
    queryFn: async () =>
      parseResponse(
        envelope(trackedWithdrawal),
        await request(`/customer/withdrawals/${encodeURIComponent(id ?? '')}/tracker`, {
          query: { lang },
        }),
        'withdrawal',
      ).data,
    enabled: auth.isAuthenticated && id !== null,
  });
}
