import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { TransactionsList } from '../../features/transactions/components/transactions-list.tsx';
import { RequireAuth } from './require-auth.tsx';

export function TransactionsPage() {
  const { t } = useTranslation();
  const title = t('pages.transactions.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}>
      <RequireAuth>
        <TransactionsList />
      </RequireAuth>
    </PageFrame>
  );
}
