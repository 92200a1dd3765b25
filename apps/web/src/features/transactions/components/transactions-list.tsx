import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import {
  AlertIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  DocumentIcon,
  ReceiptIcon,
} from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { betPageOf } from '../../../lib/bet-links.ts';
import {
  BALANCE_DECIMALS,
  formatDateTime,
  formatMoney,
  roundDecimalString,
} from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  exportTransactions,
  TRANSACTION_TYPES,
  TRANSACTIONS_PER_PAGE,
  type Transaction,
  type TransactionFilters,
  type TransactionType,
  useTransactions,
} from '../api/get-transactions.ts';
import { exportFileName, filtersToParams, pageCount, parseFilters } from '../utils/filters.ts';
import { TransactionsFilters } from './transactions-filters.tsx';

/**
 * The ledger's movements. `types` narrows the tab to some movement types (the Bets tab: bet,
 * win, refund); the API filters one type at a time, so such a tab starts on its first type.
 * Such a tab also filters by product (decision 0972).
 */
export function TransactionsList({ types }: { types?: readonly TransactionType[] } = {}) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Only a bets tab filters by product: the activity tab lists every movement.
  const parsed = { ...parseFilters(params), ...(types ? {} : { product: '' as const }) };
  const filters: TransactionFilters =
    types && !types.includes(parsed.type as TransactionType)
      ? { ...parsed, type: types[0] ?? '' }
      : parsed;
  const choices = types ?? TRANSACTION_TYPES;
  const query = useTransactions(filters);
  const set = (change: Partial<TransactionFilters>) =>
    setParams(filtersToParams({ ...filters, page: 1, ...change }), { replace: true });
  const filtered = Boolean(
    (types ? params.has('type') : filters.type) || filters.product || filters.from || filters.to,
  );
  const data = query.data;
  const pages = data ? pageCount(data.total, data.per_page || TRANSACTIONS_PER_PAGE) : 1;

  return (
    <div className="flex flex-col gap-4">
      <TransactionsFilters
        filters={filters}
        types={choices}
        allTypes={!types}
        products={Boolean(types)}
        filtered={filtered}
        onChange={set}
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
      />

      {data?.period && <PeriodSummary period={data.period} filters={filters} />}

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
          title={filtered ? t('transactions.emptyFilteredTitle') : t('transactions.emptyTitle')}
          body={filtered ? t('transactions.emptyFilteredBody') : t('transactions.emptyBody')}
        />
      ) : (
        <>
          <div className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-900/60">
            <table className="w-full text-sm">
              <thead className="hidden border-b border-ink-700 text-left text-[11px] tracking-wider text-fg-subtle uppercase sm:table-header-group">
                <tr>
                  <th className="px-4 py-3 font-semibold">{t('transactions.date')}</th>
                  <th className="px-4 py-3 font-semibold">{t('transactions.type')}</th>
                  <th className="px-4 py-3 font-semibold">{t('transactions.reference')}</th>
                  <th className="px-4 py-3 font-semibold">{t('transactions.status')}</th>
                  <th className="px-4 py-3 text-right font-semibold">{t('transactions.amount')}</th>
                  <th className="px-4 py-3 text-right font-semibold">
                    {t('transactions.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-750">
                {data.items.map((item) => (
                  <Row key={item.id} item={item} locale={i18n.language} />
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label={t('transactions.pagination')}
            className="flex items-center justify-between gap-3 text-sm text-fg-muted"
          >
            <span className="tabular-nums">
              {t('transactions.range', {
                from: (data.page - 1) * data.per_page + 1,
                to: (data.page - 1) * data.per_page + data.items.length,
                total: data.total,
              })}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => set({ page: filters.page - 1 })}
                icon={<ChevronLeftIcon size={16} />}
              >
                {t('transactions.previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pages}
                onClick={() => set({ page: filters.page + 1 })}
              >
                {t('transactions.next')}
                <ChevronRightIcon size={16} />
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}

const statusTone = {
  completed: 'bg-positive/10 text-positive',
  pending: 'bg-warning/10 text-warning',
  voided: 'bg-ink-700 text-fg-subtle line-through',
} as const;

function Row({ item, locale }: { item: Transaction; locale: string }) {
  const { t } = useTranslation();
  const positive = item.amount > 0;
  const amount = formatMoney('', item.amount_exact || item.amount, locale);
  return (
    <tr className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0">
      <td className="text-fg-muted sm:px-4 sm:py-3">{formatDateTime(item.created_at, locale)}</td>
      <td className="text-right font-medium text-fg sm:px-4 sm:py-3 sm:text-left">
        {t(`transactions.types.${item.type}`)}
      </td>
      <td className="truncate font-mono text-xs text-fg-subtle sm:px-4 sm:py-3">
        {item.bet ? <BetName bet={item.bet} /> : <BetReference reference={item.reference} />}
      </td>
      <td className="text-right sm:px-4 sm:py-3 sm:text-left">
        <span
          className={cn('rounded-md px-2 py-0.5 text-xs font-semibold', statusTone[item.status])}
        >
          {t(`transactions.statuses.${item.status}`)}
        </span>
      </td>
      <td
        className={cn(
          'col-span-2 text-right font-mono font-semibold tabular-nums sm:col-span-1 sm:px-4 sm:py-3',
          positive ? 'text-positive' : 'text-fg',
        )}
      >
        {positive ? '+' : ''}
        {amount} {item.currency}
      </td>
      <td className="hidden text-right font-mono text-fg-muted tabular-nums sm:table-cell sm:px-4 sm:py-3">
        {item.balance_after === null ? '—' : formatMoney('', item.balance_after, locale)}
      </td>
    </tr>
  );
}

/** A casino bet's reference opens its bet page (round recall); others are plain text. */
function BetReference({ reference }: { reference: string }) {
  const page = betPageOf(reference);
  if (!page) return <>{reference}</>;
  return (
    <Link to={page} className="text-accent-400 hover:underline" data-testid="bet-link">
      {reference}
    </Link>
  );
}

/** The bet's game or event by name, opening its page when it has one. */
function BetName({ bet }: { bet: NonNullable<Transaction['bet']> }) {
  if (!bet.href) return <span className="font-sans text-sm text-fg-muted">{bet.name}</span>;
  return (
    <Link
      to={bet.href}
      className="font-sans text-sm text-accent-400 hover:underline"
      data-testid="bet-link"
    >
      {bet.name}
    </Link>
  );
}

type Period = NonNullable<NonNullable<ReturnType<typeof useTransactions>['data']>['period']>;

/** Exact strings cut to the page's decimals; no float touches the money. */
function periodAmount(exact: string): string {
  return roundDecimalString(exact, BALANCE_DECIMALS) ?? exact;
}

/** Deposits, withdrawals and their net over the chosen dates (UKGC RTS 1C), and the CSV. */
function PeriodSummary({ period, filters }: { period: Period; filters: TransactionFilters }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const currency = period.currency ?? '';
  const items = [
    ['deposits', period.deposits_exact],
    ['withdrawals', period.withdrawals_exact],
    ['netDeposits', period.net_deposits_exact],
  ] as const;

  async function download() {
    setDownloading(true);
    try {
      const blob = await exportTransactions(filters);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(filters.from, filters.to);
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next tick: some browsers start the download after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : t('txExport.failed'),
      );
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-label={t('txExport.periodTitle')}
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-900/60 p-4 sm:flex-row sm:items-center"
      data-testid="period-summary"
    >
      <dl className="grid flex-1 grid-cols-3 gap-3">
        {items.map(([key, exact]) => (
          <div key={key} className="flex min-w-0 flex-col gap-0.5">
            <dt className="truncate text-xs font-medium text-fg-muted">{t(`txExport.${key}`)}</dt>
            <dd
              className={cn(
                'font-mono text-sm font-semibold break-all text-fg tabular-nums',
                key === 'netDeposits' && 'text-accent-400',
              )}
              data-testid={`period-${key}`}
            >
              {periodAmount(exact)}
              {currency && (
                <span className="ml-1 text-xs font-normal text-fg-muted">{currency}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Button
        variant="outline"
        size="sm"
        loading={downloading}
        onClick={() => void download()}
        icon={<DocumentIcon size={16} />}
        data-testid="transactions-export"
      >
        {downloading ? t('txExport.downloading') : t('txExport.export')}
      </Button>
    </section>
  );
}
