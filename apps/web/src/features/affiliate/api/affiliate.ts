import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export const campaign = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  link: z.string(),
  clicks: z.number(),
  signups: z.number(),
  first_deposits: z.number(),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof campaign>;
const referral = z.object({
  player: z.string(),
  signed_up_at: z.string(),
  campaign: z.string().nullable(),
  status: z.enum(['registered', 'deposited', 'active']),
});
export type Referral = z.infer<typeof referral>;
const overview = z.object({
  referral_code: z.string(),
  referral_link: z.string(),
  revenue_share_percent: z.string(),
  clicks: z.number(),
  signups: z.number(),
  first_deposits: z.number(),
  active: z.number(),
  commissions: z.array(
    z.object({
      period: z.string(),
      currency: z.string(),
      ngr: z.string(),
      commission: z.string(),
      paid: z.boolean(),
    }),
  ),
});

async function fetchData<T extends z.ZodType>(
  path: string,
  schema: T,
  label: string,
): Promise<z.infer<T>> {
  const body = parseResponse(envelope(schema), await request(path), label) as { data: z.infer<T> };
  return body.data;
}

function useAffiliateQuery<T>(key: string, load: () => Promise<T>) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['affiliate', key, auth.authUserToken],
    queryFn: load,
    enabled: auth.isAuthenticated,
  });
}

export const useAffiliateOverview = () =>
  useAffiliateQuery('overview', () =>
    fetchData('/customer/affiliate/overview', overview, 'affiliate overview'),
  );
export const useCampaigns = () =>
  useAffiliateQuery('campaigns', () =>
    fetchData('/customer/affiliate/campaign', z.array(campaign), 'campaigns'),
  );
export const useReferrals = () =>
  useAffiliateQuery('referrals', () =>
    fetchData('/customer/affiliate/referrals', z.array(referral), 'referrals'),
  );

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; code: string }) =>
      parseResponse(
        envelope(campaign),
        await request('/customer/affiliate/campaign/create', { json: input }),
        'campaign',
      ).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['affiliate'] }),
  });
}
