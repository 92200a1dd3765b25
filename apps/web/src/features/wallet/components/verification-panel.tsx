import type { Customer } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { IdIcon } from '../../../components/icons.tsx';
import { request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import { startKycVerification } from '../api/payments.ts';

/** The latest verification, for the reason of a rejection. */
function useKycStatus(enabled: boolean) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['kyc', auth.authUserToken],
    queryFn: async () =>
      (
        (await request('/customer/kyc-verification')) as {
          data: { status: string | null; reason: string | null };
        }
      ).data,
    enabled: enabled && auth.isAuthenticated,
  });
}

/**
 * Spec §4: the Verify button reads "checking" while the server is asked, then the browser
 * goes to the URL it returns (the verification provider's page).
 */
export function VerifyButton({ label, block }: { label?: string; block?: boolean }) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const verify = async () => {
    setChecking(true);
    try {
      const answer = await startKycVerification();
      window.location.assign(answer.redirect);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
      setChecking(false);
    }
  };
  return (
    <Button
      onClick={() => void verify()}
      disabled={checking}
      block={block}
      data-testid="kyc-verify"
    >
      {checking ? t('cashier.kyc.checking') : (label ?? t('cashier.kyc.verify'))}
    </Button>
  );
}

/**
 * The wallet's Verification panel (decision 0402): shown above the tabs while the player's
 * KYC is not approved — never instead of them, so deposits stay open during a review.
 */
export function VerificationPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const status = customer.kyc?.status ?? null;
  const kyc = useKycStatus(status === 'REJECTED');
  if (status === 'APPROVED') return null;
  const tone =
    status === 'REJECTED'
      ? 'border-negative/40 bg-negative/10'
      : status === 'PENDING'
        ? 'border-warning/40 bg-warning/10'
        : 'border-accent-500/30 bg-accent-500/10';
  const key = status === 'REJECTED' ? 'rejected' : status === 'PENDING' ? 'pending' : 'missing';
  return (
    <section
      className={cn(
        'flex flex-col gap-3 rounded-xl border px-4 py-3.5 sm:flex-row sm:items-center',
        tone,
      )}
      aria-label={t('cashier.kyc.panel')}
      data-testid="verification-panel"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-900/70 text-accent-300">
        <IdIcon size={20} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-fg">{t(`cashier.kyc.${key}Title`)}</p>
        <p className="text-[13px] leading-relaxed text-fg-muted">
          {status === 'REJECTED' && kyc.data?.reason
            ? t('cashier.kyc.rejectedBecause', { reason: kyc.data.reason })
            : t(`cashier.kyc.${key}Body`)}
        </p>
      </div>
      {status !== 'PENDING' && (
        <div className="shrink-0">
          <VerifyButton label={status === 'REJECTED' ? t('cashier.kyc.retry') : undefined} />
        </div>
      )}
    </section>
  );
}
