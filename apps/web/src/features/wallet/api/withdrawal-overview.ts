import { envelope } from '@casino/contracts/envelope';
import { withdrawalOverview } from '@casino/contracts/withdrawal-tracker';
import { useQuery } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** What blocks a withdrawal now, with the methods' expected times (`GET /customer/withdrawals/tracker`). */
export function useWithdrawalOverview(lang: string, enabled: boolean) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['payments', auth.authUserToken, 'withdrawal-overview', lang],
    queryFn: async () =>
      parseResponse(
        envelope(withdrawalOverview),
        await request('/customer/withdrawals/tracker', { query: { lang } }),
        'withdrawal tracker',
      ).data,
    enabled: auth.isAuthenticated && enabled,
  });
}
