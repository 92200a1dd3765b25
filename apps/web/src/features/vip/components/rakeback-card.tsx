import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { type LoyaltyOverview, useClaimRakeback } from '../api/loyalty.ts';

/** Claimable rakeback, live, and the claim: paid as cash, never expiring. */
export function RakebackCard({ overview }: { overview: LoyaltyOverview }) {
  const { t } = useTranslation();
  const claim = useClaimRakeback();
  const { rakeback } = overview;
  const nothing = BigInt(rakeback.claimable_minor) <= 0n;
  return (
    <section
      aria-labelledby="vip-rakeback"
      className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <div>
        <h2 id="vip-rakeback" className="text-lg font-semibold text-fg">
          {t('vip.rakeback')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t('vip.rakebackHelp')}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <div className="text-[13px] text-fg-subtle">{t('vip.claimable')}</div>
          <div
            className="mt-1 text-3xl font-bold tabular-nums text-fg"
            data-testid="rakeback-claimable"
          >
            {rakeback.claimable} <span className="text-lg text-fg-muted">{rakeback.currency}</span>
          </div>
          <div className="mt-1 text-[13px] text-fg-subtle">
            {t('vip.claimed', { amount: `${rakeback.claimed} ${rakeback.currency}` })}
          </div>
        </div>
        <Button
          size="lg"
          data-testid="rakeback-claim"
          disabled={nothing}
          loading={claim.isPending}
          onClick={() =>
            claim.mutate(undefined, {
              onSuccess: (paid) =>
                toast.success(t('vip.claimDone', { amount: `${paid.amount} ${paid.currency}` })),
              onError: (error) =>
                toast.error(error instanceof ApiError ? error.message : t('vip.claimFailed')),
            })
          }
        >
          {t('vip.claim')}
        </Button>
      </div>
    </section>
  );
}
