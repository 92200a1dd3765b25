import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const policy = z.enum(['real_money', 'demo_only', 'blocked']);
const periods = z.object({
  daily: z.string().nullable(),
  weekly: z.string().nullable(),
  monthly: z.string().nullable(),
});
export const protectionStatus = z.object({
  currency: z.string().nullable(),
  limits: periods,
  loss_limits: periods,
  wager_limits: periods,
  session_limit_minutes: z.number().nullable(),
  reality_check_minutes: z.number().nullable(),
  marketing_opt_out: z.boolean(),
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

export type PeriodLimits = {
  daily?: string | null;
  weekly?: string | null;
  monthly?: string | null;
};
export type Limits = PeriodLimits & {
  loss?: PeriodLimits;
  wager?: PeriodLimits;
  session_limit_minutes?: number | null;
  reality_check_minutes?: number | null;
};

export const sessionFigures = z.object({
  started_at: z.string(),
  minutes_played: z.number(),
  currency: z.string().nullable(),
  staked: z.string(),
  returned: z.string(),
  net: z.string(),
  reality_check_minutes: z.number().nullable(),
  session_limit_minutes: z.number().nullable(),
  session_ends_at: z.string().nullable(),
});
export type SessionFigures = z.infer<typeof sessionFigures>;
const sessionResponse = envelope(sessionFigures);

/** This sign-in's figures for the reality check (polled while signed in). */
export function useSessionFigures(poll_ms: number | false) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['protection-session', auth.authUserToken],
    queryFn: async () =>
      parseResponse(
        sessionResponse,
        await request('/customer/responsible-gaming/session'),
        'session',
      ).data,
    enabled: auth.isAuthenticated,
    refetchInterval: poll_ms,
  });
}

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
export const useMarketing = () => useProtectionMutation<{ opt_out: boolean }>('marketing');
export const useTimeout = () => useProtectionMutation<{ days: number }>('timeout');
export const useSelfExclude = () =>
  useProtectionMutation<{ months: number | 'permanent' }>('self-exclusion');
