import type { TotpEnrolment } from '@casino/contracts/security';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button.tsx';
import { cn } from '../../../../components/cn.ts';
import { ShieldIcon } from '../../../../components/icons.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { toast } from '../../../../lib/toast.ts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnrolTwoFactor,
  useNewRecoveryCodes,
  useTwoFactorStatus,
} from '../../api/two-factor.ts';
import { SettingsCard } from '../settings-card.tsx';
import { CodePrompt } from './code-prompt.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorEnrol } from './two-factor-enrol.tsx';

type View =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' }
  | { kind: 'regenerating' };

/** Settings → Security: the authenticator app, its recovery codes, turning it on and off. */
export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const status = useTwoFactorStatus();
  const enrol = useEnrolTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useNewRecoveryCodes();
  const [view, setView] = useState<View>({ kind: 'idle' });
  const enabled = status.data?.enabled ?? false;

  const start = async () => {
    try {
      setView({ kind: 'enrolling', enrolment: await enrol.mutateAsync() });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  let body: React.ReactNode;
  if (view.kind === 'enrolling') {
    body = (
      <TwoFactorEnrol
        enrolment={view.enrolment}
        onCancel={() => setView({ kind: 'idle' })}
        onConfirm={async (code) => {
          const answer = await confirm.mutateAsync(code);
          toast.success(answer.message);
          setView({ kind: 'codes', codes: answer.data.recovery_codes });
        }}
      />
    );
  } else if (view.kind === 'codes') {
    body = <RecoveryCodes codes={view.codes} onDone={() => setView({ kind: 'idle' })} />;
  } else if (view.kind === 'disabling') {
    body = (
      <CodePrompt
        prompt={t('security.twoFactor.disablePrompt')}
        submitLabel={t('security.twoFactor.disable')}
        danger
        testId="two-factor-disable"
        onCancel={() => setView({ kind: 'idle' })}
        onSubmit={async (code) => {
          toast.success((await disable.mutateAsync(code)).message);
          setView({ kind: 'idle' });
        }}
      />
    );
  } else if (view.kind === 'regenerating') {
    body = (
      <CodePrompt
        prompt={t('security.recovery.newPrompt')}
        submitLabel={t('security.recovery.new')}
        onCancel={() => setView({ kind: 'idle' })}
        onSubmit={async (code) => {
          const answer = await regenerate.mutateAsync(code);
          setView({ kind: 'codes', codes: answer.data.recovery_codes });
        }}
      />
    );
  } else if (status.isPending) {
    body = <span aria-hidden="true" className="h-10 animate-pulse rounded-lg bg-ink-800/70" />;
  } else if (enabled && status.data) {
    const left = status.data.recovery_codes_left;
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          {status.data.enabled_at &&
            t('security.twoFactor.onSince', {
              date: formatDateTime(status.data.enabled_at, i18n.language),
            })}{' '}
          <span className={cn(left <= 2 && 'font-semibold text-warning')}>
            {t('security.recovery.left', { count: left })}
          </span>
        </p>
        <div className="flex flex-wrap justify-end gap-2 border-t border-ink-700/70 pt-4">
          <Button variant="outline" onClick={() => setView({ kind: 'regenerating' })}>
            {t('security.recovery.new')}
          </Button>
          <Button variant="secondary" onClick={() => setView({ kind: 'disabling' })}>
            {t('security.twoFactor.disable')}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">{t('security.twoFactor.offExplain')}</p>
        <div className="flex justify-end border-t border-ink-700/70 pt-4">
          <Button onClick={start} loading={enrol.isPending} data-testid="two-factor-start">
            {t('security.twoFactor.enable')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <SettingsCard
      icon={<ShieldIcon size={20} />}
      title={t('security.twoFactor.title')}
      description={t('security.twoFactor.description')}
      testId="two-factor-card"
      badge={
        status.data && (
          <span
            data-testid="two-factor-state"
            className={cn(
              'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              enabled
                ? 'border-positive/30 bg-positive/10 text-positive'
                : 'border-ink-600 bg-ink-800 text-fg-muted',
            )}
          >
            {enabled ? t('security.on') : t('security.off')}
          </span>
        )
      }
    >
      {body}
    </SettingsCard>
  );
}
