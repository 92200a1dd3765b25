import type { TrackedWithdrawal } from '@casino/contracts/withdrawal-tracker';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { WithdrawalBlockers } from '../../../components/withdrawal-blockers.tsx';
import { formatDuration } from '../../../lib/duration.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTrackedWithdrawal } from '../api/get-withdrawal.ts';
import { StatusPill } from './history-parts.tsx';
import { WithdrawalTimeline } from './withdrawal-timeline.tsx';

/** The URL parameter that opens the sheet: `/transactions/withdrawals?track=wd_…`. */
export const TRACK_PARAM = 'track';

/**
 * The withdrawal tracker as a sheet over the withdrawals tab (a bottom sheet on a phone): the
 * timeline, the operator's expected time, the bank or chain reference once paid, and what
 * holds it with the buttons that unblock it. Opened by `?track=<id>`, so it can be linked.
 */
export function WithdrawalSheet() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get(TRACK_PARAM);
  const query = useTrackedWithdrawal(id, i18n.language);
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(TRACK_PARAM);
    setParams(next, { replace: true });
  };
  return (
    <Modal
      open={id !== null}
      onClose={close}
      title={t('withdrawalTracker.title')}
      testId="withdrawal-sheet"
    >
      {query.isPending ? (
        <div className="flex justify-center py-16 text-fg-muted">
          <Spinner className="size-6" />
        </div>
      ) : query.isError ? (
        <div className="flex flex-col items-center gap-4 py-12 text-center text-sm text-fg-muted">
          <p>{t('withdrawalTracker.loadFailed')}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <Tracked withdrawal={query.data} locale={i18n.language} />
      )}
    </Modal>
  );
}

function Tracked({ withdrawal, locale }: { withdrawal: TrackedWithdrawal; locale: string }) {
  const { t } = useTranslation();
  const open = withdrawal.status === 'pending' || withdrawal.status === 'approved';
  return (
    <div className="flex flex-col gap-5" data-testid="withdrawal-tracker">
      <div className="flex items-start justify-between gap-3 rounded-xl border border-ink-700 bg-ink-900/70 p-4">
        <div className="min-w-0">
          <p className="font-mono text-xl font-semibold text-fg tabular-nums">
            {withdrawal.amount} {withdrawal.currency}
          </p>
          <p className="mt-0.5 truncate text-[13px] text-fg-muted">
            {withdrawal.method} · {formatDateTime(withdrawal.created_at, locale)}
          </p>
        </div>
        <StatusPill status={withdrawal.status} label={t(`cashier.statuses.${withdrawal.status}`)} />
      </div>
      {open && (
        <p className="text-sm text-fg-muted" data-testid="withdrawal-expected">
          {t('withdrawalTracker.expected', {
            time: formatDuration(withdrawal.expected_minutes, locale),
          })}
          {withdrawal.expected_by && (
            <span className="block text-xs text-fg-subtle">
              {t('withdrawalTracker.expectedBy', {
                time: formatDateTime(withdrawal.expected_by, locale),
              })}
            </span>
          )}
        </p>
      )}
      <WithdrawalTimeline steps={withdrawal.timeline} />
      {withdrawal.paid_reference && (
        <div className="rounded-xl border border-positive/30 bg-positive/5 p-3.5">
          <p className="text-xs font-medium text-fg-subtle">
            {t(`withdrawalTracker.reference.${withdrawal.paid_reference.kind}`)}
          </p>
          <p
            className="mt-0.5 font-mono text-sm break-all text-fg select-all"
            data-testid="withdrawal-reference"
          >
            {withdrawal.paid_reference.value}
          </p>
        </div>
      )}
      {withdrawal.reason && (
        <p className="rounded-xl border border-negative/30 bg-negative/5 p-3.5 text-sm text-fg">
          {withdrawal.reason}
        </p>
      )}
      {open && (
        <section className="flex flex-col gap-2.5">
          <h3 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
            {t('withdrawalTracker.blockersTitle')}
          </h3>
          {withdrawal.blockers.length > 0 ? (
            <WithdrawalBlockers blockers={withdrawal.blockers} />
          ) : (
            <p className="text-sm text-fg-muted">{t('withdrawalTracker.noBlockers')}</p>
          )}
        </section>
      )}
    </div>
  );
}
