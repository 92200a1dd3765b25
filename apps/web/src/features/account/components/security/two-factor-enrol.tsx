import type { TotpEnrolment } from '@casino/contracts/security';
import { useTranslation } from 'react-i18next';
import { CodePrompt } from './code-prompt.tsx';

type EnrolProps = {
  enrolment: TotpEnrolment;
  onConfirm: (code: string) => Promise<unknown>;
  onCancel: () => void;
};

/** Step 1 scan (or type the key), step 2 a code from the app. */
export function TwoFactorEnrol({ enrolment, onConfirm, onCancel }: EnrolProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5" data-testid="two-factor-enrol">
      <ol className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <li className="flex flex-col items-center gap-2">
          <img
            src={enrolment.qr_data_url}
            alt={t('security.enrol.qrAlt')}
            width={176}
            height={176}
            className="size-44 rounded-xl bg-white p-2"
          />
        </li>
        <li className="flex min-w-0 flex-1 flex-col gap-3 text-sm text-fg-muted">
          <p>
            <span className="mr-1 font-semibold text-fg">1.</span>
            {t('security.enrol.scan')}
          </p>
          <div>
            <p className="text-[13px] text-fg-subtle">{t('security.enrol.manual')}</p>
            <code
              data-testid="two-factor-secret"
              className="mt-1 block break-all rounded-lg border border-ink-700 bg-ink-850 px-3 py-2 font-mono text-[13px] tracking-wider text-fg select-all"
            >
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </div>
          <p>
            <span className="mr-1 font-semibold text-fg">2.</span>
            {t('security.enrol.enterCode')}
          </p>
        </li>
      </ol>
      <CodePrompt
        prompt={t('security.enrol.confirmPrompt')}
        submitLabel={t('security.enrol.confirm')}
        allowRecovery={false}
        onSubmit={onConfirm}
        onCancel={onCancel}
        testId="two-factor-confirm"
      />
    </div>
  );
}
