import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AlertIcon, GiftIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useBonusHistory } from '../api/get-history.ts';
import { HistoryTable, StatusPill } from './history-parts.tsx';

/** The bonuses tab: each bonus with its wagering progress, status and dates. */
export function BonusesHistory() {
  const { t, i18n } = useTranslation();
  const query = useBonusHistory(i18n.language);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-20 text-fg-muted">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (query.isError) {
    return (
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
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<GiftIcon size={26} />}
        title={t('cashier.history.empty.bonusTitle')}
        body={t('cashier.history.empty.bonusBody')}
        action={
          <Link to="/promotions" className={buttonClasses({ variant: 'secondary' })}>
            {t('cashier.history.seePromotions')}
          </Link>
        }
      />
    );
  }
  return (
    <HistoryTable
      headers={[
        { label: t('cashier.history.bonus') },
        { label: t('cashier.history.wagering') },
        { label: t('cashier.history.expires') },
        { label: t('transactions.status') },
        { label: t('transactions.amount'), right: true },
      ]}
    >
      {query.data.map((bonus) => (
        <tr
          key={bonus.id}
          className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0"
          data-testid="history-row"
        >
          <td className="font-medium text-fg sm:px-4 sm:py-3">{bonus.title}</td>
          <td className="sm:px-4 sm:py-3">
            <div className="flex items-center gap-2">
              <div className="h-1.5 w-24 overflow-hidden rounded-full bg-ink-700">
                <div
                  className="h-full rounded-full bg-accent-500"
                  style={{ width: `${bonus.progress}%` }}
                />
              </div>
              <span className="text-xs text-fg-muted tabular-nums">
                {t('cashier.history.wagered', {
                  wagered: bonus.wagered,
                  required: bonus.wagering_required,
                })}
              </span>
            </div>
          </td>
          <td className="text-fg-muted sm:px-4 sm:py-3">
            {formatDateTime(bonus.expires_at, i18n.language)}
          </td>
          <td className="text-right sm:px-4 sm:py-3 sm:text-left">
            <StatusPill
              status={bonus.status}
              label={t(`cashier.history.bonusStatuses.${bonus.status}`)}
            />
          </td>
          <td className="col-span-2 text-right font-mono font-semibold text-fg tabular-nums sm:col-span-1 sm:px-4 sm:py-3">
            {bonus.amount} {bonus.currency}
            {bonus.converted && (
              <span className="block text-xs font-normal text-positive">
                {t('cashier.history.converted', { amount: bonus.converted })}
              </span>
            )}
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
