import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCryptoHistory } from '../api/get-history.ts';
import { HistoryTable, StatusPill } from './history-parts.tsx';
import { TrackLink } from './track-link.tsx';

/** The crypto rail's latest deposits or withdrawals, under the fiat list; nothing when none. */
export function CryptoHistory({ direction }: { direction: 'deposit' | 'withdrawal' }) {
  const { t, i18n } = useTranslation();
  const query = useCryptoHistory(direction);
  const rows = query.data ?? [];
  if (rows.length === 0) return null;
  const deposit = direction === 'deposit';
  return (
    <section className="flex flex-col gap-3" aria-label={t(`cashier.history.crypto.${direction}`)}>
      <h2 className="text-sm font-semibold tracking-wide text-fg-subtle uppercase">
        {t(`cashier.history.crypto.${direction}`)}
      </h2>
      <HistoryTable
        headers={[
          { label: t('transactions.date') },
          { label: t('cashier.history.method') },
          { label: t('cashier.history.reference') },
          { label: t('transactions.status') },
          { label: t('transactions.amount'), right: true },
        ]}
      >
        {rows.map((row) => (
          <tr
            key={row.id}
            className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0"
            data-testid="crypto-history-row"
          >
            <td className="text-fg-muted sm:px-4 sm:py-3">
              {row.at ? formatDateTime(row.at, i18n.language) : '—'}
            </td>
            <td className="text-right font-medium text-fg sm:px-4 sm:py-3 sm:text-left">
              {row.method}
            </td>
            <td className="max-w-56 truncate font-mono text-xs text-fg-subtle sm:px-4 sm:py-3">
              <span title={row.reference}>{row.reference}</span>
              {row.reason && (
                <span className="mt-0.5 block font-sans text-xs text-negative">{row.reason}</span>
              )}
            </td>
            <td className="text-right sm:px-4 sm:py-3 sm:text-left">
              <span className="inline-flex items-center gap-2">
                <StatusPill
                  status={row.status === 'deposited' ? 'credited' : row.status}
                  label={
                    deposit
                      ? t(`cashier.history.cryptoStatuses.${row.status}`)
                      : t(`cashier.statuses.${row.status}`)
                  }
                />
                {!deposit && <TrackLink id={row.id} />}
              </span>
            </td>
            <td
              className={cn(
                'col-span-2 text-right font-mono font-semibold tabular-nums sm:col-span-1 sm:px-4 sm:py-3',
                deposit && row.status === 'deposited' ? 'text-positive' : 'text-fg',
              )}
            >
              {deposit ? '+' : '−'}
              {row.amount} {row.currency}
              <span className="block text-xs font-normal text-fg-subtle">{row.detail}</span>
            </td>
          </tr>
        ))}
      </HistoryTable>
    </section>
  );
}
