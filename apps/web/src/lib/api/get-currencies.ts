import type { Currency } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkResponseLater, lazySchema, request } from '../api-client.ts';

/** Loaded on first use: the wallet's deposit tab draws its gateways before zod has arrived. */
export const currenciesResponse = lazySchema(async () => {
  const [{ envelope }, { currency }, { z }] = await Promise.all([
    import('@casino/contracts/envelope'),
    import('@casino/contracts/catalog'),
    import('zod'),
  ]);
  return envelope(z.array(currency));
});

export async function getCurrencies(options: { withdraw?: boolean } = {}): Promise<Currency[]> {
  const payload = await request('/currencies', {
    query: { withdraw: options.withdraw ? 'true' : undefined },
  });
  return checkResponseLater(currenciesResponse, payload, 'currencies').data;
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
