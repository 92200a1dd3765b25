import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const fairness = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number(),
  /** The server seed the next rotation pairs with the client seed chosen then, committed now. */
  next_server_seed_hash: z.string(),
});
export type Fairness = z.infer<typeof fairness>;
const rotated = z.object({
  previous: z
    .object({
      server_seed: z.string(),
      server_seed_hash: z.string(),
      client_seed: z.string(),
      nonces_used: z.number(),
    })
    .nullable(),
  active: fairness,
});
export type Rotated = z.infer<typeof rotated>;
export const diceBet = z.object({
  id: z.string(),
  game: z
    .enum([
      'dice',
      'limbo',
      'mines',
      'plinko',
      'keno',
      'wheel',
      'roulette',
      'baccarat',
      'dragon-tiger',
      'teen-patti',
      'andar-bahar',
      'hilo',
      'blackjack',
    ])
    .default('dice'),
  state: z.enum(['active', 'settled']).default('settled'),
  amount: z.string(),
  payout: z.string(),
  multiplier: z.string(),
  target: z.string().optional(),
  direction: z.enum(['over', 'under']).optional(),
  roll: z.string().optional(),
  won: z.boolean(),
  edge_bp: z.number().default(100),
  details: z.record(z.string(), z.unknown()).default({}),
  nonce: z.number(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  created_at: z.string(),
});
export type DiceBet = z.infer<typeof diceBet>;
/** Any original's bet (Limbo, Plinko, Mines share Dice's shape; `details` per game). */
export type OriginalBet = DiceBet;

async function postBet(path: string, input: object, label: string) {
  return parseResponse(envelope(diceBet), await request(path, { json: input }), label).data;
}
export const placeLimboBet = (input: { amount: string; target: string; idempotency_key: string }) =>
  postBet('/customer/casino/originals/limbo/bet', input, 'limbo bet');
export const placePlinkoBet = (input: {
  amount: string;
  rows: number;
  risk: string;
  idempotency_key: string;
}) => postBet('/customer/casino/originals/plinko/bet', input, 'plinko bet');
export const placeKenoBet = (input: {
  amount: string;
  picks: number[];
  risk: string;
  idempotency_key: string;
}) => postBet('/customer/casino/originals/keno/bet', input, 'keno bet');
export const placeWheelBet = (input: {
  amount: string;
  segments: number;
  risk: string;
  idempotency_key: string;
}) => postBet('/customer/casino/originals/wheel/bet', input, 'wheel bet');
/** A chip of the roulette slip: inside bets name numbers, dozen and column an index 1–3. */
export type RouletteChipInput = {
  type: string;
  numbers?: number[];
  index?: number;
  amount: string;
};
export const placeRouletteBet = (input: { chips: RouletteChipInput[]; idempotency_key: string }) =>
  postBet('/customer/casino/originals/roulette/bet', input, 'roulette bet');
/** A card table's deal: chips on the table's spots (amounts in major units), one bet. */
export const placeCardBet = (
  game: 'baccarat' | 'dragon-tiger' | 'teen-patti' | 'andar-bahar',
  input: { bets: Record<string, string>; idempotency_key: string },
) => postBet(`/customer/casino/originals/${game}/bet`, input, `${game} bet`);
export const startMines = (input: { amount: string; mines: number; idempotency_key: string }) =>
  postBet('/customer/casino/originals/mines/start', input, 'mines start');
export const revealMine = (tile: number) =>
  postBet('/customer/casino/originals/mines/reveal', { tile }, 'mines reveal');
export const cashOutMines = () =>
  postBet('/customer/casino/originals/mines/cashout', {}, 'mines cash-out');
export async function activeMines() {
  return parseResponse(
    envelope(diceBet.nullable()),
    await request('/customer/casino/originals/mines/active'),
    'mines round',
  ).data;
}

/** The operator's house edge per game (basis points); 1 % when the call fails. */
export function useEdges() {
  return useQuery({
    queryKey: ['originals-edges'],
    queryFn: async () => {
      const body = (await request('/casino/originals/settings')) as {
        data?: { edges?: Record<string, number> };
      };
      return body.data?.edges ?? {};
    },
    staleTime: 60_000,
  });
}

const stakeLimits = z.object({
  currency: z.string(),
  games: z.record(
    z.string(),
    z.object({
      min_bet: z.string().nullable(),
      max_bet: z.string().nullable(),
      max_payout: z.string(),
    }),
  ),
});

/** What the signed-in player may stake in each original (the operator's per-game limits). */
export function useStakeLimits() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['originals-stake-limits', auth.authUserToken],
    queryFn: async () =>
      parseResponse(
        envelope(stakeLimits),
        await request('/customer/casino/originals/limits'),
        'stake limits',
      ).data,
    enabled: auth.isAuthenticated,
    staleTime: 60_000,
  });
}

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

/**
 * Rotates with the client seed the player typed, naming the next server seed hash they were
 * shown: the server refuses (409) if that commitment is no longer the one it would use.
 */
export function useRotate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { client_seed?: string; next_server_seed_hash: string }) =>
      parseResponse(
        envelope(rotated),
        await request('/customer/casino/fairness/rotate', { json: input }),
        'rotate seeds',
      ).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['fairness'] });
      void client.invalidateQueries({ queryKey: ['casino-bets'] });
    },
    // Refused because the seeds changed elsewhere: show the player what they are now.
    onError: () => void client.invalidateQueries({ queryKey: ['fairness'] }),
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
