import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button.tsx';
import { KeyIcon } from '../../../../components/icons.tsx';
import { passkeysSupported } from '../../../../lib/passkeys.ts';
import { toast } from '../../../../lib/toast.ts';
import { useAddPasskey, usePasskeys } from '../../api/passkeys.ts';
import { SettingsCard } from '../settings-card.tsx';
import { usePasskeyFailure } from './passkey-failure.ts';
import { PasskeyRow } from './passkey-row.tsx';

/** The most passkeys one account keeps (the server's limit too). */
const PASSKEYS_MAX = 10;

/** Settings → Security: the player's passkeys, and adding one with this device. */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const failed = usePasskeyFailure();
  const supported = passkeysSupported();
  const list = passkeys.data ?? [];
  const full = list.length >= PASSKEYS_MAX;

  const start = async () => {
    try {
      await add.mutateAsync();
      toast.success(t('security.passkeys.addedToast'));
    } catch (error) {
      failed(error);
    }
  };

  return (
    <SettingsCard
      icon={<KeyIcon size={20} />}
      title={t('security.passkeys.title')}
      description={t('security.passkeys.description')}
      testId="passkeys-card"
    >
      {passkeys.isPending ? (
        <span aria-hidden="true" className="h-12 animate-pulse rounded-lg bg-ink-800/70" />
      ) : list.length > 0 ? (
        <ul className="flex flex-col divide-y divide-ink-700/70">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">{t('passkeys.explain')}</p>
      )}
      <div className="flex flex-col items-stretch gap-3 border-t border-ink-700/70 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-[13px] text-fg-subtle">
          {!supported
            ? t('security.passkeys.unsupported')
            : full
              ? t('passkeys.full', { count: PASSKEYS_MAX })
              : list.length === 0
                ? t('security.passkeys.none')
                : t('passkeys.countsAsTwoFactor')}
        </p>
        <Button
          onClick={start}
          loading={add.isPending}
          disabled={!supported || full}
          icon={<KeyIcon size={18} />}
          className="shrink-0"
          data-testid="passkey-add"
        >
          {add.isPending ? t('passkeys.waiting') : t('security.passkeys.add')}
        </Button>
      </div>
    </SettingsCard>
  );
}
