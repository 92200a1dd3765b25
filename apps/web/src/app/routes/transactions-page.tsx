import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { cn } from '../../components/cn.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { GameRecall } from '../../features/bets/components/game-recall.tsx';
import { BonusesHistory } from '../../features/transactions/components/bonuses-history.tsx';
import { CryptoHistory } from '../../features/transactions/components/crypto-history.tsx';
import { PaymentsHistory } from '../../features/transactions/components/payments-history.tsx';
import { TransactionsList } from '../../features/transactions/components/transactions-list.tsx';
import { WithdrawalSheet } from '../../features/transactions/components/withdrawal-sheet.tsx';
import { RequireAuth } from './require-auth.tsx';

/** The tabs of /transactions/<tab>; spec §2 links /transactions/deposits. */
export const TRANSACTION_TABS = ['deposits', 'withdrawals', 'bets', 'bonuses', 'activity'] as const;
type Tab = (typeof TRANSACTION_TABS)[number];
const BET_TYPES = ['bet', 'win', 'refund'] as const;

export function TransactionsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const tab: Tab = (TRANSACTION_TABS as readonly string[]).includes(params.tab ?? '')
    ? (params.tab as Tab)
    : 'deposits';
  const title = t('pages.transactions.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}>
      <RequireAuth>
        <div className="flex flex-col gap-5">
          <nav
            aria-label={t('cashier.history.tabs')}
            className="-mx-1 flex gap-1 overflow-x-auto rounded-xl bg-ink-950/70 p-1 sm:mx-0 sm:self-start"
          >
            {TRANSACTION_TABS.map((id) => (
              <NavLink
                key={id}
                to={`/transactions/${id}`}
                replace
                className={cn(
                  'flex h-9 shrink-0 items-center rounded-lg px-3.5 text-sm font-semibold whitespace-nowrap transition-colors',
                  id === tab
                    ? 'bg-ink-700 text-fg shadow-sm'
                    : 'text-fg-muted hover:bg-ink-800 hover:text-fg',
                )}
                aria-current={id === tab ? 'page' : undefined}
                data-testid={`history-tab-${id}`}
              >
                {t(`cashier.history.tab.${id}`)}
              </NavLink>
            ))}
          </nav>
          {tab === 'deposits' && (
            <>
              <PaymentsHistory key="deposit" direction="deposit" />
              <CryptoHistory direction="deposit" />
            </>
          )}
          {tab === 'withdrawals' && (
            <>
              <PaymentsHistory key="withdrawal" direction="withdrawal" />
              <CryptoHistory direction="withdrawal" />
              <WithdrawalSheet />
            </>
          )}
          {tab === 'bets' && (
            <>
              <GameRecall />
              <TransactionsList key="bets" types={BET_TYPES} />
            </>
          )}
          {tab === 'bonuses' && <BonusesHistory />}
          {tab === 'activity' && <TransactionsList key="activity" />}
        </div>
      </RequireAuth>
    </PageFrame>
  );
}
