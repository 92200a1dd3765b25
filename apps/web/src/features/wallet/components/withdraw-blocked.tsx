import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LockIcon, WalletIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { WithdrawalBlockers } from '../../../components/withdrawal-blockers.tsx';
import { closeModal } from '../../../lib/modal-store.ts';
import { useWithdrawalOverview } from '../api/withdrawal-overview.ts';

/**
 * The Withdraw tab when nothing can be withdrawn: what blocks it by name (the bonus still
 * wagered and what is left, a compliance hold), each with its action; with no blocker, the
 * balance is simply empty and the player is told so, not that a bonus is being wagered.
 */
export function WithdrawBlocked() {
  const { t, i18n } = useTranslation();
  const overview = useWithdrawalOverview(i18n.language, true);
  if (overview.isPending) {
    return (
      <div className="flex justify-center py-10 text-fg-muted">
        <Spinner className="size-6" />
      </div>
    );
  }
  const blockers = overview.data?.blockers ?? [];
  if (blockers.length === 0) {
    return (
      <EmptyState
        compact
        icon={<WalletIcon size={26} />}
        title={t('withdrawalTracker.nothingTitle')}
        body={t('withdrawalTracker.nothingBody')}
      />
    );
  }
  return (
    <section className="flex flex-col gap-3" data-testid="withdraw-blocked">
      <div className="flex items-center gap-2.5">
        <span className="flex size-8 items-center justify-center rounded-lg bg-ink-800 text-warning">
          <LockIcon size={16} />
        </span>
        <h3 className="text-sm font-semibold text-fg">{t('withdrawalTracker.blockedTitle')}</h3>
      </div>
      <WithdrawalBlockers blockers={blockers} />
    </section>
  );
}

/**
 * Above the withdraw forms: a bonus still being wagered, by name, with what is left; its money
 * (and a deposit it locks) is not withdrawable until then. Nothing while there is none.
 */
export function BonusBlockers() {
  const { i18n } = useTranslation();
  const overview = useWithdrawalOverview(i18n.language, true);
  const bonuses = (overview.data?.blockers ?? []).filter((b) => b.code === 'bonus_wagering');
  if (bonuses.length === 0) return null;
  return <WithdrawalBlockers blockers={bonuses} />;
}

/** Under the withdraw forms: the way to the tracker of past and open withdrawals. */
export function TrackWithdrawalsLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/transactions/withdrawals"
      onClick={closeModal}
      className="self-center text-sm font-medium text-accent-400 hover:text-accent-300"
      data-testid="wallet-track-withdrawals"
    >
      {t('withdrawalTracker.trackAll')} →
    </Link>
  );
}
