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

export function PaidEarlyBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="rounded bg-positive/15 px-1.5 py-0.5 text-[10px] font-bold text-positive uppercase"
      title={t('sbEarly.paidHint')}
      data-testid="paid-early"
    >
      {t('sbEarly.paid')}
    </span>
  );
}
