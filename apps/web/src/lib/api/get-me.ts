import type { Customer } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { checkResponseLater, lazySchema, request } from '../api-client.ts';
import { useAuth } from '../root-store.ts';

/** Loaded on first use so zod stays out of the initial chunk. */
export const meResponse = lazySchema(async () => {
  const [{ envelope }, { customer }] = await Promise.all([
    import('@casino/contracts/envelope'),
    import('@casino/contracts/customer'),
  ]);
  return envelope(customer);
});

export const meQueryKey = (token: string | null) => ['me', token] as const;

export async function getMe(): Promise<Customer> {
  const payload = await request('/customer/me');
  return checkResponseLater(meResponse, payload, 'me').data;
}

/**
 * The player's profile (spec §4): fetched while authenticated and refetched
 * whenever the token changes (the token is part of the key).
 */
export function useMe() {
  const auth = useAuth();
  return useQuery({
    queryKey: meQueryKey(auth.authUserToken),
    queryFn: getMe,
    enabled: auth.isAuthenticated && Boolean(auth.authUserToken),
  });
}
