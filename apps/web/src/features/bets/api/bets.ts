import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** One casino bet as `GET /customer/casino/bets/:id` answers it (originals, Crash, studio rounds). */
export const betDetail = z.object({
  id: z.string(),
  kind: z.enum(['original', 'crash', 'studio']),
  game: z.string(),
  game_name: z.string(),
  category: z.string(),
  provider: z.string(),
  state: z.string(),
  currency: z.string(),
  amount: z.string(),
  payout: z.string(),
  multiplier: z.string().nullable(),
  won: z.boolean(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()),
  fairness: z
    .union([
      z.object({
        scheme: z.literal('seed_pair'),
        server_seed_hash: z.string(),
        server_seed: z.string().nullable(),
        client_seed: z.string(),
        nonce: z.number(),
        edge_bp: z.number(),
      }),
      z.object({
        scheme: z.literal('crash_chain'),
        round_hash: z.string().nullable(),
        salt: z.string(),
        edge_bp: z.number(),
        crash_point: z.string().nullable(),
      }),
    ])
    .nullable(),
  round: z
    .object({
      ref: z.string(),
      status: z.string(),
      bonus_funded: z.boolean(),
      closed_at: z.string().nullable(),
      transactions: z.array(
        z.object({
          ref: z.string(),
          kind: z.string(),
          amount: z.string().nullable(),
          status: z.string(),
          at: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type BetDetail = z.infer<typeof betDetail>;

const recall = z.object({
  per_game: z.number(),
  games: z.array(z.object({ game: z.string(), game_name: z.string(), bets: z.array(betDetail) })),
});
export type Recall = z.infer<typeof recall>;

export const betQueryKey = (token: string | null, id: string) => ['casino-bet', token, id];

export function useBet(id: string) {
  const auth = useAuth();
  return useQuery({
    queryKey: betQueryKey(auth.authUserToken, id),
    queryFn: async () =>
      parseResponse(
        envelope(betDetail),
        await request(`/customer/casino/bets/${encodeURIComponent(id)}`),
        'casino bet',
      ).data,
    enabled: auth.isAuthenticated,
    retry: false,
  });
}

/** Game recall: the last rounds of every game the player played. */
export function useRecall(perGame = 10) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['casino-recall', auth.authUserToken, perGame],
    queryFn: async () =>
      parseResponse(
        envelope(recall),
        await request('/customer/casino/recall', { query: { per_game: perGame } }),
        'game recall',
      ).data,
    enabled: auth.isAuthenticated,
  });
}

/** The next server seed's hash (what a rotation promotes), from the player's fairness data. */
export function useNextSeedHash() {
  const auth = useAuth();
  return useQuery({
    // The originals' pages read the same resource under this key: one request for both.
    queryKey: ['fairness', auth.authUserToken],
    queryFn: async () =>
      parseResponse(
        envelope(z.looseObject({ next_server_seed_hash: z.string() })),
        await request('/customer/casino/fairness'),
        'fairness',
      ).data,
    enabled: auth.isAuthenticated,
    select: (data) => data.next_server_seed_hash,
  });
}

/** Rotates the seed pair (naming the commitment the player saw): reveals the retired seed. */
export function useRotateSeeds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (next_server_seed_hash: string) =>
      request('/customer/casino/fairness/rotate', { json: { next_server_seed_hash } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['fairness'] });
      void client.invalidateQueries({ queryKey: ['casino-bets'] });
      void client.invalidateQueries({ queryKey: ['casino-bet'] });
      void client.invalidateQueries({ queryKey: ['casino-recall'] });
    },
  });
}
