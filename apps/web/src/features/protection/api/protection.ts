import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const policy = z.enum(['real_money', 'demo_only', 'blocked']);
export const protectionStatus = z.object({
  currency: z.string().nullable(),
  limits: z.object({
    daily: z.string().nullable(),
    weekly: z.string().nullable(),
    monthly: z.string().nullable(),
  }),
  pending: z
    .object({ effective_at: z.string(), limits: z.record(z.string(), z.string().nullable()) })
    .nullable(),
  timeout_until: z.string().nullable(),
  self_excluded: z.boolean(),
  self_excluded_until: z.string().nullable(),
  self_excluded_permanent: z.boolean(),
  jurisdiction: z.object({ country: z.string().nullable(), policy, real_money: z.boolean() }),
});
export type ProtectionStatus = z.infer<typeof protectionStatus>;
const statusResponse = envelope(protectionStatus);

export function useProtection() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['protection', auth.authUserToken],
    queryFn: async () =>
      parseResponse(
        statusResponse,
        await request('/customer/responsible-gaming'),
        'responsible gaming',
      ).data,
    enabled: auth.isAuthenticated,
  });
}

export type Limits = { daily?: string | null; weekly?: string | null; monthly?: string | null };

function useProtectionMutation<I>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) =>
      parseResponse(
        statusResponse,
        await request(`/customer/responsible-gaming/${path}`, { json: input }),
        path,
      ).data,
    onSuccess: (data) => {
      client.setQueriesData({ queryKey: ['protection'] }, data);
      void client.invalidateQueries({ queryKey: ['jurisdiction'] });
    },
  });
}

export const useSetLimits = () => useProtectionMutation<Limits>('limits');
export const useTimeout = () => useProtectionMutation<{ days: number }>('timeout');
export const useSelfExclude = () =>
  useProtectionMutation<{ months: number | 'permanent' }>('self-exclusion');
