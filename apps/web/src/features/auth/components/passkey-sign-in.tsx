import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { KeyIcon } from '../../../components/icons.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { isPasskeyCancelled, passkeysSupported } from '../../../lib/passkeys.ts';
import type { LoginResponse } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import {
  cancelPasskeyCeremony,
  loginWithPasskey,
  PasskeyOfferError,
  passkeyAutofillAvailable,
  useLoginWithPasskey,
} from '../api/passkey-login.ts';

/**
 * The autofill offer is renewed before the server's challenge (5 minutes) runs out, so a
 * passkey picked from a form left open for a while still signs in.
 */
const AUTOFILL_RENEW_MS = 4 * 60_000;

/**
 * "Sign in with a passkey" under the password form: no email, no password, and no code after it
 * even with two-factor on (decision 0143). Where the browser can, the passkeys are also offered
 * in the username field's suggestions from the moment the form opens (decision 0145). Hidden
 * where the browser has no passkeys at all.
 */
export function PasskeySignIn({ onDone }: { onDone: (response: LoginResponse) => void }) {
  const { t } = useTranslation();
  const mutation = useLoginWithPasskey();
  const report = (failure: unknown) => {
    const error = failure instanceof PasskeyOfferError ? failure.cause : failure;
    if (isPasskeyCancelled(error)) return;
    if (
      error instanceof ApiError &&
      (error.code === 'PASSKEY_REJECTED' || error.code === 'PASSKEY_CHALLENGE_INVALID')
    )
      toast.error(t('security.signIn.passkeyFailed'));
    else toast.error(errorMessage(error));
  };
  // The autofill offer speaks only once the player picked a passkey: before that, a failure
  // (no challenge to be had) is no news to someone who may be typing a password.
  const offerAutofill = usePasskeyAutofill(onDone, (error) => {
    if (!(error instanceof PasskeyOfferError)) report(error);
  });
  if (!passkeysSupported()) return null;

  const start = async () => {
    try {
      onDone(await mutation.mutateAsync());
    } catch (error) {
      report(error);
      // The button's prompt took the place of the autofill offer: offer the passkeys again.
      offerAutofill();
    }
  };

  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-fg-subtle">
        <span aria-hidden="true" className="h-px flex-1 bg-ink-700" />
        {t('passkeys.divider')}
        <span aria-hidden="true" className="h-px flex-1 bg-ink-700" />
      </div>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        block
        loading={busy}
        icon={<KeyIcon size={18} />}
        onClick={start}
        data-testid="passkey-sign-in"
      >
        {busy ? t('auth.signingIn') : t('security.signIn.passkey')}
      </Button>
    </div>
  );
}

/**
 * Offers the player's passkeys in the suggestions of the field marked `autocomplete="… webauthn"`
 * while the form is open; a pick signs in through `onDone`. Returns a function that offers them
 * again after another ceremony (the button's prompt) ended this one.
 */
function usePasskeyAutofill(
  onDone: (response: LoginResponse) => void,
  onError: (error: unknown) => void,
): () => void {
  const handlers = useRef({ onDone, onError });
  handlers.current = { onDone, onError };
  const offer = useRef<() => void>(() => {});

  useEffect(() => {
    if (!passkeysSupported()) return;
    let live = true;
    let waiting = false;
    const run = async () => {
      if (!live || waiting) return;
      waiting = true;
      try {
        // One offer after another until a pick, a failure, or the form closes.
        while (live) {
          let renewing = false;
          const renew = setTimeout(() => {
            renewing = true;
            cancelPasskeyCeremony();
          }, AUTOFILL_RENEW_MS);
          try {
            const response = await loginWithPasskey({ autofill: true, wanted: () => live });
            if (live) handlers.current.onDone(response);
            return;
          } catch (error) {
            if (!renewing) {
              if (live) handlers.current.onError(error);
              return;
            }
          } finally {
            clearTimeout(renew);
          }
        }
      } finally {
        waiting = false;
      }
    };
    void passkeyAutofillAvailable().then((available) => {
      if (!available) return;
      offer.current = () => void run();
      void run();
    });
    return () => {
      live = false;
      cancelPasskeyCeremony();
    };
  }, []);

  return () => offer.current();
}
