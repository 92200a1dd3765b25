import { useTranslation } from 'react-i18next';

/**
 * Early payout (decision 0641): the market's promise before the bet, and the mark on a bet
 * (or one of its legs) the rule has paid. The badge's rule is in its tooltip and, for screen
 * readers, in hidden text.
 */
export function EarlyPayoutBadge({ lead }: { lead: number }) {
  const { t } = useTranslation();
  const hint = t('sbEarly.hint', { lead: String(lead) });
  return (
    <span
      className="shrink-0 rounded bg-positive/15 px-1.5 py-0.5 text-[10px] font-semibold text-positive uppercase"
      title={hint}
      data-testid="early-payout"
    >
      {t('sbEarly.badge')}
      <span className="sr-only">: {hint}</span>
    </span>
  );
}

export function PaidEarlyBadge({ amount }: { amount?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="rounded bg-positive/15 px-1.5 py-0.5 text-[10px] font-bold text-positive uppercase"
      title={t('sbEarly.paidHint')}
      data-testid="paid-early"
    >
      {t('sbEarly.paid')}
      {amount !== undefined && (
        <span className="ml-1 font-mono tabular-nums normal-case" data-testid="paid-early-amount">
          {amount}
        </span>
      )}
    </span>
  );
}

/** A multiple's leg the rule paid: it counts as won, and the bet rides on its other picks. */
export function PaidEarlyLeg() {
  const { t } = useTranslation();
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-1.5" data-testid="paid-early-leg">
      <PaidEarlyBadge />
      <span className="text-[11px] text-fg-muted">{t('sbEarlyPaid.legRides')}</span>
    </p>
  );
}
