import type { Passkey } from '@casino/contracts/passkeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** The player's passkeys (decision 0143): the list, adding one, renaming and removing. */

type Envelope<T> = { message: string; data: T };

export function usePasskeys() {
  const { authUserToken } = useAuth();
  return useQuery({
    queryKey: ['passkeys', authUserToken],
    queryFn: async () => ((await request('/customer/me/passkeys')) as Envelope<Passkey[]>).data,
    enabled: Boolean(authUserToken),
  });
}

function usePasskeysMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['passkeys'] }),
  });
}

/**
 * The whole registration: the server's options, the browser's prompt (fingerprint, face, screen
 * lock or security key), then the server's check. The browser library loads on first use.
 */
export const useAddPasskey = () =>
  usePasskeysMutation<void, Envelope<Passkey>>(async () => {
    const [{ startRegistration }, options] = await Promise.all([
      import('@simplewebauthn/browser'),
      request('/customer/me/passkeys/options', { method: 'POST' }) as Promise<Envelope<never>>,
    ]);
    const response = await startRegistration({ optionsJSON: options.data });
    return (await request('/customer/me/passkeys', { json: { response } })) as Envelope<Passkey>;
  });

export const useRenamePasskey = () =>
  usePasskeysMutation(
    async ({ id, name }: { id: string; name: string }) =>
      (await request(`/customer/me/passkeys/${encodeURIComponent(id)}/rename`, {
        json: { name },
      })) as Envelope<Passkey>,
  );

export const useRemovePasskey = () =>
  usePasskeysMutation(
    async (id: string) =>
      (await request(`/customer/me/passkeys/${encodeURIComponent(id)}/remove`, {
        method: 'POST',
      })) as { message: string },
  );
