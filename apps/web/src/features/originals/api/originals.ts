import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const fairness = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number(),
});
export const diceBet = z.object({
  id: z.string(),
  amount: z.string(),
  payout: z.string(),
  multiplier: z.string(),
  target: z.string(),
  direction: z.enum(['over', 'under']),
  roll: z.string(),
  won: z.boolean(),
  nonce: z.number(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  created_at: z.string(),
});
export type DiceBet = z.infer<typeof diceBet>;

export function useFairness() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['fairness', auth.authUserToken],
    queryFn: async () =>
      parseResponse(envelope(fairness), await request('/customer/casino/fairness'), 'fairness')
        .data,
    enabled: auth.isAuthenticated,
  });
}

export function useRotate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (client_seed: string | undefined) => {
      const body = await request('/customer/casino/fairness/rotate', {
        json: client_seed ? { client_seed } : {},
      });
      return (body as { data: { previous: { server_seed: string } | null } }).data;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['fairness'] });
      void client.invalidateQueries({ queryKey: ['casino-bets'] });
    },
  });
}

export async function placeDiceBet(input: {
  amount: string;
  target: string;
  direction: 'over' | 'under';
  idempotency_key: string;
}) {
  return parseResponse(
    envelope(diceBet),
    await request('/customer/casino/originals/dice/bet', { json: input }),
    'dice bet',
  ).data;
}

export function useCasinoBets() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['casino-bets', auth.authUserToken],
    queryFn: async () =>
      parseResponse(
        envelope(z.array(diceBet)),
        await request('/customer/casino/bets'),
        'casino bets',
      ).data,
    enabled: auth.isAuthenticated,
  });
}

export async function realMoneyOpen(): Promise<boolean> {
  try {
    const body = (await request('/jurisdiction')) as { data?: { real_money?: boolean } };
    return body.data?.real_money !== false;
  } catch {
    return true;
  }
}
