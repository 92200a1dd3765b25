import { loginResponse } from '@casino/contracts/customer';
import { useMutation } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';
import type { LoginResponse } from '../../../lib/root-store.ts';

/**
 * A passkey sign-in (decision 0143): the server's challenge, the browser's prompt, then the
 * server's check, which answers as a password sign-in does. A passkey stands for the password
 * and the second factor, so no code is asked after it.
 */
export async function loginWithPasskey(): Promise<LoginResponse> {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    request('/customer/login/passkey/options', { method: 'POST', token: null }) as Promise<{
      data: never;
    }>,
  ]);
  const response = await startAuthentication({ optionsJSON: options.data });
  const payload = await request('/customer/login/passkey', { json: { response }, token: null });
  return parseResponse(loginResponse, payload, 'login');
}

export const useLoginWithPasskey = () => useMutation({ mutationFn: loginWithPasskey });
