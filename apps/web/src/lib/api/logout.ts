import { request } from '../api-client.ts';
import { setFlash } from '../flash.ts';
import { queryClient } from '../query-client.ts';
import { clearAuth, rootStore } from '../root-store.ts';

export async function logout(token: string): Promise<void> {
  await request('/customer/logout', { method: 'POST', token });
}

/**
 * Spec §4 Logout: call the API, clear auth and the me data, reload. The API
 * call may fail (an already revoked token answers 401): the local session is
 * cleared regardless.
 */
export async function signOut(options: { flash?: string } = {}) {
  const token = rootStore.get().auth.authUserToken;
  if (token) {
    try {
      await logout(token);
    } catch (error) {
      console.warn('Logout call failed; clearing the local session anyway', error);
    }
  }
  clearAuth();
  queryClient.removeQueries({ queryKey: ['me'] });
  if (options.flash) setFlash({ kind: 'info', message: options.flash });
  window.location.reload();
}
