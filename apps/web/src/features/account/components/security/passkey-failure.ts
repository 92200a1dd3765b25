import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { isPasskeyCancelled } from '../../../../lib/passkeys.ts';
import { toast } from '../../../../lib/toast.ts';

/**
 * How a passkey change that failed is told: a closed prompt quietly, the known refusals in the
 * player's language, anything else as the server or the browser said it.
 */
export function usePasskeyFailure() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (isPasskeyCancelled(error)) toast.info(t('passkeys.cancelled'));
    else if (error instanceof ApiError && error.code === 'PASSKEY_RECENT_SIGN_IN_REQUIRED')
      toast.error(t('passkeys.recentSignIn'));
    else if (
      (error instanceof ApiError && error.code === 'PASSKEY_ALREADY_REGISTERED') ||
      (error as { code?: string } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
    )
      toast.error(t('passkeys.already'));
    else toast.error(errorMessage(error));
  };
}
