import { loginResponse } from '@casino/contracts/customer';
import { useMutation } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';
import type { LoginResponse } from '../../../lib/root-store.ts';

/**
 * A passkey sign-in (decision 0143): the server's challenge, the browser's prompt, then the
 * server's check, which answers as a password sign-in does. A passkey stands for the password
 * and the second factor, so no code is asked after it.
 *
 * `autofill` offers the passkeys in the username field's suggestions instead of a prompt
 * (WebAuthn conditional mediation, decision 0145): the call then waits, without any prompt,
 * until the player picks one there, or until `cancelPasskeyCeremony` ends it.
 */
export async function loginWithPasskey({
  autofill = false,
  wanted = () => true,
}: {
  autofill?: boolean;
  /** Asked once the challenge is here: false ends the call before the browser is asked. */
  wanted?: () => boolean;
} = {}): Promise<LoginResponse> {
  const [{ startAuthentication }, options] = await Promise.all([
    webauthn(),
    (
      request('/customer/login/passkey/options', { method: 'POST', token: null }) as Promise<{
        data: never;
      }>
    ).catch((cause: unknown) => {
      throw new PasskeyOfferError(cause);
    }),
  ]);
  if (!wanted()) throw new DOMException('No longer wanted', 'AbortError');
  const response = await startAuthentication({
    optionsJSON: options.data,
    useBrowserAutofill: autofill,
  });
  const payload = await request('/customer/login/passkey', { json: { response }, token: null });
  return parseResponse(loginResponse, payload, 'login');
}

/**
 * The challenge could not be had (too many attempts from this address, the network): nothing
 * was offered to the player yet. The autofill offer stays silent about it; the button reports
 * `cause`.
 */
export class PasskeyOfferError extends Error {
  constructor(override readonly cause: unknown) {
    super('The passkey challenge could not be fetched');
    this.name = 'PasskeyOfferError';
  }
}

/** Whether this browser offers passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await webauthn();
  return browserSupportsWebAuthnAutofill().catch(() => false);
}

/**
 * Ends the ceremony waiting in the browser (the autofill offer, or a prompt), if any, at once:
 * a ceremony can only have started once the library has loaded.
 */
export function cancelPasskeyCeremony(): void {
  loaded?.WebAuthnAbortService.cancelCeremony();
}

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');
let loaded: WebAuthnBrowser | undefined;
/** The browser half of WebAuthn, loaded on first use (it is not on the first screen's path). */
async function webauthn(): Promise<WebAuthnBrowser> {
  loaded ??= await import('@simplewebauthn/browser');
  return loaded;
}

export const useLoginWithPasskey = () => useMutation({ mutationFn: () => loginWithPasskey() });
