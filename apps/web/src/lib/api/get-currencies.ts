import { currency } from '@casino/contracts/catalog';
import { envelope } from '@casino/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseResponse, request } from '../api-client.ts';

export const currenciesResponse = envelope(z.array(currency));

export async function getCurrencies(options: { withdraw?: boolean } = {}) {
  const payload = await request('/currencies', {
    query: { withdraw: options.withdraw ? 'true' : undefined },
  });
  return parseResponse(currenciesResponse, payload, 'currencies').data;
}

/** Currencies with their banks and gateways; `withdraw` narrows to payout ones. */
export function useCurrencies(options: { withdraw?: boolean; enabled?: boolean } = {}) {
  // Gateway names come in the language on screen (Accept-Language).
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['currencies', { withdraw: Boolean(options.withdraw) }, i18n.language],
    queryFn: () => getCurrencies({ withdraw: options.withdraw }),
    enabled: options.enabled ?? true,
    staleTime: 5 * 60_000,
  });
}
