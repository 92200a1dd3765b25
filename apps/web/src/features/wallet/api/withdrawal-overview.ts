import type { WithdrawalOverview } from '@casino/contracts/withdrawal-tracker';
import { useQuery } from '@tanstack/react-query';
import { checkResponseLater, lazySchema, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** Loaded on first use, so the wallet's first render does not wait for zod. */
const overviewResponse = lazySchema(async () => {
  const [{ envelope }, { withdrawalOverview }] = await Promise.all([
    import('@casino/contracts/envelope'),
    import('@casino/contracts/withdrawal-tracker'),
  ]);
  return envelope(withdrawalOverview);
});

/** What blocks a withdrawal now, with the methods' expected times (`GET /customer/withdrawals/tracker`). */
export function useWithdrawalOverview(lang: string, enabled: boolean) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['payments', auth.authUserToken, 'withdrawal-overview', lang],
    queryFn: async (): Promise<WithdrawalOverview> =>
      checkResponseLater(
        overviewResponse,
        await request('/customer/withdrawals/tracker', { query: { lang } }),
        'withdrawal tracker',
      ).data,
    enabled: auth.isAuthenticated && enabled,
  });
}
