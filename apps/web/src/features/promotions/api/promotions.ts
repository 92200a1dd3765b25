import { envelope } from '@casino/contracts/envelope';
import {
  playerBonus,
  playerFreeBet,
  playerFreeSpins,
  promotion,
} from '@casino/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const promotionsResponse = envelope(z.array(promotion));
const bonusesResponse = envelope(z.array(playerBonus));
const bonusResponse = envelope(playerBonus);
const claimResponse = envelope(z.union([playerFreeBet, playerFreeSpins, playerBonus]));
const freeSpinsResponse = envelope(z.array(playerFreeSpins));

/** The running promotions in the reader's language (and the player's currency when signed in). */
export function usePromotions() {
  const auth = useAuth();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['promotions', auth.authUserToken, i18n.language],
    queryFn: async () =>
      parseResponse(
        promotionsResponse,
        await request('/promotions-list', { query: { lang: i18n.language } }),
        'promotions',
      ).data,
  });
}

export function useBonuses() {
  const auth = useAuth();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['bonuses', auth.authUserToken, i18n.language],
    queryFn: async () =>
      parseResponse(
        bonusesResponse,
        await request('/customer/bonuses', { query: { lang: i18n.language } }),
        'bonuses',
      ).data,
    enabled: auth.isAuthenticated,
  });
}

/** The player's free spins (active ones first). */
export function useFreeSpins() {
  const auth = useAuth();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['free-spins', auth.authUserToken, i18n.language],
    queryFn: async () =>
      parseResponse(freeSpinsResponse, await request('/customer/free-spins'), 'free spins').data,
    enabled: auth.isAuthenticated,
  });
}

/** Claims a no-deposit bonus, a free bet or free spins. */
export function useClaimPromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseResponse(
        claimResponse,
        await request(`/customer/promotions/${id}/claim`, { method: 'POST' }),
        'claim',
      ).data,
    onSuccess: () => {
      for (const key of ['bonuses', 'free-spins', 'free-bets', 'me'])
        void client.invalidateQueries({ queryKey: [key] });
    },
  });
}

function useBonusMutation(path: (id: string) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseResponse(bonusResponse, await request(path(id), { method: 'POST' }), 'bonus').data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['bonuses'] });
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export const useForfeitBonus = () => useBonusMutation((id) => `/customer/bonuses/${id}/forfeit`);
