import { PAYMENT_STATUSES, type Payment } from '@casino/contracts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { controlClasses } from '../../../components/field.tsx';
import { AlertIcon, ReceiptIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { request } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { toast } from '../../../lib/toast.ts';
import { PAYMENTS_PER_PAGE, usePaymentHistory } from '../api/get-history.ts';
import { HistoryTable, Pager, StatusPill } from './history-parts.tsx';
import { TrackLink } from './track-link.tsx';

/** Which statuses each direction can be in (the filter lists only those). */
const STATUSES = {
  deposit: PAYMENT_STATUSES.filter((s) =>
    ['pending', 'crediting', 'credited', 'declined', 'abandoned', 'expired'].includes(s),
  ),
  withdrawal: PAYMENT_STATUSES.filter((s) =>
    ['pending', 'approved', 'paid', 'rejected', 'cancelled'].includes(s),
  ),
};

/** The deposits or withdrawals tab: status, method, amount, fee, reference, time; paged. */
export function PaymentsHistory({ direction }: { direction: 'deposit' | 'withdrawal' }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const wanted = params.get('status') ?? '';
  const status = (STATUSES[direction] as readonly string[]).includes(wanted) ? wanted : '';
  const query = usePaymentHistory({ direction, page, status });
  const set = (next: { page?: number; status?: string }) => {
    const out = new URLSearchParams();
    const s = next.status ?? status;
    const p = next.page ?? 1;
    if (s) out.set('status', s);
    if (p > 1) out.set('page', String(p));
    setParams(out, { replace: true });
  };
  const data = query.data;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-2xl border border-ink-700 bg-ink-900/60 p-4">
        <label className="flex min-w-48 flex-col gap-1.5">
          <span className="text-[13px] font-medium text-fg-muted">{t('transactions.status')}</span>
          <select
            className={cn(controlClasses(false), 'h-10')}
            value={status}
            onChange={(event) => set({ status: event.target.value })}
            data-testid="history-status-filter"
          >
            <option value="">{t('cashier.history.allStatuses')}</option>
            {STATUSES[direction].map((value) => (
              <option key={value} value={value}>
                {t(`cashier.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => openModal('wallet')}>
          {direction === 'deposit'
            ? t('cashier.history.depositNow')
            : t('cashier.history.withdrawNow')}
        </Button>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-20 text-fg-muted">
          <Spinner className="size-6" />
        </div>
      ) : query.isError ? (
        <EmptyState
          icon={<AlertIcon size={26} />}
          title={t('transactions.loadFailed')}
          body={query.error.message}
          action={
            <Button variant="secondary" onClick={() => query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          icon={<ReceiptIcon size={26} />}
          title={t(`cashier.history.empty.${direction}Title`)}
          body={
            status
              ? t('transactions.emptyFilteredBody')
              : t(`cashier.history.empty.${direction}Body`)
          }
        />
      ) : (
        <>
          <HistoryTable
            headers={[
              { label: t('transactions.date') },
              { label: t('cashier.history.method') },
              { label: t('cashier.history.reference') },
              { label: t('transactions.status') },
              { label: t('cashier.history.fee'), right: true },
              { label: t('transactions.amount'), right: true },
            ]}
          >
            {data.items.map((item) => (
              <PaymentRow key={item.id} item={item} locale={i18n.language} />
            ))}
          </HistoryTable>
          <Pager
            page={data.page}
            perPage={data.per_page || PAYMENTS_PER_PAGE}
            shown={data.items.length}
            total={data.total}
            onPage={(next) => set({ page: next })}
          />
        </>
      )}
    </div>
  );
}

function PaymentRow({ item, locale }: { item: Payment; locale: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const deposit = item.direction === 'deposit';
  const method = item.payment_mode ? t(`cashier.modes.${item.payment_mode}`) : item.gateway.name;
  const reference = item.utr ?? item.provider_reference ?? item.id;
  const cancel = async () => {
    setBusy(true);
    try {
      await request(`/customer/withdraw/${item.id}/cancel`, { method: 'POST' });
      toast.success(t('cashier.cancelled'));
      await Promise.all([
        client.invalidateQueries({ queryKey: ['payments'] }),
        client.invalidateQueries({ queryKey: ['me'] }),
      ]);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr
      className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0"
      data-testid="history-row"
    >
      <td className="text-fg-muted sm:px-4 sm:py-3">{formatDateTime(item.created_at, locale)}</td>
      <td className="text-right font-medium text-fg sm:px-4 sm:py-3 sm:text-left">{method}</td>
      <td className="max-w-56 truncate font-mono text-xs text-fg-subtle sm:px-4 sm:py-3">
        <span title={reference}>{reference}</span>
        {item.reason && (
          <span className="mt-0.5 block font-sans text-xs text-negative">{item.reason}</span>
        )}
      </td>
      <td className="text-right sm:px-4 sm:py-3 sm:text-left">
        <span className="inline-flex items-center gap-2">
          <StatusPill status={item.status} label={t(`cashier.statuses.${item.status}`)} />
          {!deposit && <TrackLink id={item.id} />}
          {item.status === 'pending' && !deposit && (
            <Button
              size="sm"
              variant="ghost"
              loading={busy}
              onClick={() => void cancel()}
              data-testid="history-cancel"
            >
              {t('cashier.cancel')}
            </Button>
          )}
        </span>
      </td>
      <td className="text-fg-muted tabular-nums sm:px-4 sm:py-3 sm:text-right">
        <span className="sm:hidden">{t('cashier.history.fee')} </span>
        {item.fee} ({item.fee_percent}%)
      </td>
      <td
        className={cn(
          'text-right font-mono font-semibold tabular-nums sm:px-4 sm:py-3',
          deposit && item.status === 'credited' ? 'text-positive' : 'text-fg',
        )}
        data-testid="history-amount"
      >
        {deposit ? '+' : '−'}
        {item.amount} {item.currency}
      </td>
    </tr>
  );
}
