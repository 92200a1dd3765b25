import { envelope } from '@casino/contracts/envelope';
import { playerBonus, promotion } from '@casino/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

const promotionsResponse = envelope(z.array(promotion));
const bonusesResponse = envelope(z.array(playerBonus));
const bonusResponse = envelope(playerBonus);

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

export const useClaimPromotion = () => useBonusMutation((id) => `/customer/promotions/${id}/claim`);
export const useForfeitBonus = () => useBonusMutation((id) => `/customer/bonuses/${id}/forfeit`);
