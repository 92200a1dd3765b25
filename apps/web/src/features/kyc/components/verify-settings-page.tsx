import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../../app/routes/require-auth.tsx';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { AlertIcon, CheckIcon, IdIcon, ShieldIcon, UserIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { type KycLatest, useKycLatest, useStartVerification } from '../api/kyc.ts';

type Tone = 'neutral' | 'pending' | 'positive' | 'negative';

const BADGE: Record<Tone, string> = {
  neutral: 'border-ink-600 bg-ink-800 text-fg-muted',
  pending: 'border-warning/30 bg-warning/10 text-warning',
  positive: 'border-positive/30 bg-positive/10 text-positive',
  negative: 'border-negative/30 bg-negative/10 text-negative',
};

function toneOf(status: KycLatest['status']): Tone {
  if (status === 'APPROVED') return 'positive';
  if (status === 'PENDING') return 'pending';
  if (status === 'REJECTED') return 'negative';
  return 'neutral';
}

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 text-sm text-fg-muted">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-ink-800 text-accent-400">
        {icon}
      </span>
      {children}
    </li>
  );
}

/**
 * Spec §2 /settings/verify (the wallet's "Verify Now" link): the player's verification state,
 * a rejection's reason, and the Verify button (spec §4: checking, then the server's redirect).
 */
function VerifyStatus() {
  const { t, i18n } = useTranslation();
  const latest = useKycLatest();
  const start = useStartVerification();
  if (latest.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  const data: KycLatest = latest.data ?? {
    status: null,
    reason: null,
    document_type: null,
    submitted_at: null,
    reviewed_at: null,
  };
  const key = data.status ?? 'none';
  const tone = toneOf(data.status);
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');
  const canStart = data.status === null || data.status === 'REJECTED';

  return (
    <section className="relative overflow-hidden rounded-2xl border border-ink-700 bg-ink-850 p-5 sm:p-7">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 size-80 rounded-full bg-accent-500/10 blur-3xl"
      />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-start">
        <span
          className={cn(
            'flex size-14 shrink-0 items-center justify-center rounded-2xl border',
            BADGE[tone],
          )}
        >
          {tone === 'positive' ? (
            <CheckIcon size={28} />
          ) : tone === 'negative' ? (
            <AlertIcon size={28} />
          ) : (
            <ShieldIcon size={28} />
          )}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-fg">{t(`kyc.status.${key}.title`)}</h2>
            <span
              data-testid="kyc-status"
              className={cn(
                'rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase',
                BADGE[tone],
              )}
            >
              {t(`kyc.status.${key}.badge`)}
            </span>
          </div>
          <p className="max-w-xl text-sm leading-relaxed text-fg-muted">
            {t(`kyc.status.${key}.body`, { date: date(data.submitted_at) })}
          </p>
          {data.status === 'REJECTED' && data.reason && (
            <div className="max-w-xl rounded-xl border border-negative/30 bg-negative/5 px-4 py-3">
              <p className="text-xs font-semibold tracking-wide text-negative uppercase">
                {t('kyc.reasonLabel')}
              </p>
              <p className="mt-1 text-sm text-fg" data-testid="kyc-reason">
                {data.reason}
              </p>
            </div>
          )}
          {data.status === null && (
            <ul className="mt-1 grid gap-3 sm:grid-cols-3">
              <Step icon={<IdIcon size={18} />}>{t('kyc.need.document')}</Step>
              <Step icon={<UserIcon size={18} />}>{t('kyc.need.selfie')}</Step>
              <Step icon={<ShieldIcon size={18} />}>{t('kyc.need.time')}</Step>
            </ul>
          )}
          {canStart && (
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
              <Button
                size="lg"
                loading={start.isPending}
                onClick={() => start.mutate()}
                className="sm:min-w-48"
              >
                {start.isPending
                  ? t('kyc.checking')
                  : data.status === 'REJECTED'
                    ? t('kyc.retry')
                    : t('kyc.verifyNow')}
              </Button>
              {start.isError && (
                <p role="alert" className="text-sm text-negative">
                  {start.error.message}
                </p>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

export function VerifyPage() {
  const { t } = useTranslation();
  const title = t('pages.verify.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: '/' },
        { label: t('pages.settings.title'), to: '/settings/general' },
        { label: title },
      ]}
    >
      <RequireAuth>
        <VerifyStatus />
      </RequireAuth>
    </PageFrame>
  );
}
