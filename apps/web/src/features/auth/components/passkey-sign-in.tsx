import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { KeyIcon } from '../../../components/icons.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { isPasskeyCancelled, passkeysSupported } from '../../../lib/passkeys.ts';
import type { LoginResponse } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import { useLoginWithPasskey } from '../api/passkey-login.ts';

/**
 * "Sign in with a passkey" under the password form: no email, no password, and no code after it
 * even with two-factor on (decision 0143). Hidden where the browser has no passkeys at all.
 */
export function PasskeySignIn({ onDone }: { onDone: (response: LoginResponse) => void }) {
  const { t } = useTranslation();
  const mutation = useLoginWithPasskey();
  if (!passkeysSupported()) return null;

  const start = async () => {
    try {
      onDone(await mutation.mutateAsync());
    } catch (error) {
      if (isPasskeyCancelled(error)) return;
      if (
        error instanceof ApiError &&
        (error.code === 'PASSKEY_REJECTED' || error.code === 'PASSKEY_CHALLENGE_INVALID')
      )
        toast.error(t('security.signIn.passkeyFailed'));
      else toast.error(errorMessage(error));
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
