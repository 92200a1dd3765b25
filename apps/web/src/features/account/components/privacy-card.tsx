import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { EyeOffIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRacePrivacy, useSetRacePrivacy } from '../api/race-privacy.ts';
import { SettingsCard } from './settings-card.tsx';

/** Privacy: hide from race leaderboards (still ranked and paid, shown as "Hidden"). */
export function PrivacyCard() {
  const { t } = useTranslation();
  const privacy = useRacePrivacy();
  const save = useSetRacePrivacy();
  const hidden = save.isPending ? save.variables : (privacy.data?.hidden ?? false);
  return (
    <SettingsCard
      icon={<EyeOffIcon size={20} />}
      title={t('races.privacy.title')}
      description={t('races.privacy.description')}
      testId="privacy-card"
    >
      <label className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-ink-700 bg-ink-850 px-4 py-3">
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-fg">{t('races.privacy.hide')}</span>
          <span className="block text-[13px] text-fg-muted">{t('races.privacy.hideHelp')}</span>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={hidden}
          aria-label={t('races.privacy.hide')}
          data-testid="hide-from-leaderboards"
          disabled={!privacy.data || save.isPending}
          onClick={() =>
            save.mutate(!hidden, {
              onSuccess: (data) =>
                toast.success(
                  data.hidden ? t('races.privacy.hiddenNow') : t('races.privacy.shownNow'),
                ),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
          className={cn(
            'relative h-7 w-12 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:opacity-60',
            hidden ? 'bg-accent-500' : 'bg-ink-600',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform',
              hidden && 'translate-x-5',
            )}
          />
        </button>
      </label>
    </SettingsCard>
  );
}
