import { envelope } from '@casino/contracts/envelope';
import { loyaltyClaim, loyaltyOverview } from '@casino/contracts/loyalty';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { useMe } from '../../../lib/api/get-me.ts';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export type { LoyaltyLevel, LoyaltyOverview } from '@casino/contracts/loyalty';

const overviewResponse = envelope(loyaltyOverview);
const claimResponse = envelope(loyaltyClaim);
const seenResponse = envelope(z.object({ rank: z.number().int() }));

/** While the VIP page is open, the claimable amount is read again this often. */
const OPEN_REFRESH_MS = 5_000;
/** Bets are counted off the bet path, just after they settle: read a moment after a balance move. */
const AFTER_BET_MS = 1_500;

const loyaltyKey = (token: string | null) => ['loyalty', token] as const;

/**
 * The player's level, progress and claimable rakeback. It is read again a moment after every
 * balance change the wallet socket brings (a bet settled), and every few seconds with `live`.
 */
export function useLoyalty({ live = false }: { live?: boolean } = {}) {
  const auth = useAuth();
  const client = useQueryClient();
  const balance = useMe().data?.wallet_default.balance_exact;
  const first = useRef(true);
  useEffect(() => {
    if (balance === undefined) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: ['loyalty'] }),
      AFTER_BET_MS,
    );
    return () => clearTimeout(timer);
  }, [balance, client]);
  return useQuery({
    queryKey: loyaltyKey(auth.authUserToken),
    queryFn: async () => parseResponse(overviewResponse, await request('/loyalty'), 'loyalty').data,
    enabled: auth.isAuthenticated,
    refetchInterval: live ? OPEN_REFRESH_MS : false,
  });
}

/** Claims all rakeback as cash; the wallet balance arrives over the socket. */
export function useClaimRakeback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(
        claimResponse,
        await request('/loyalty/rakeback/claim', { method: 'POST' }),
        'rakeback claim',
      ).data,
    onSettled: () => {
      for (const key of ['loyalty', 'me']) void client.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** The level-up messages up to `rank` have been shown. */
export function useMarkNoticesSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rank: number) =>
      parseResponse(
        seenResponse,
        await request('/loyalty/notices/seen', { method: 'POST', json: { rank } }),
        'notices',
      ).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['loyalty'] }),
  });
}
