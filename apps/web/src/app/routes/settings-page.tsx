import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { IdIcon } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { AccountSettings } from '../../features/account/components/account-settings.tsx';
import { ComplianceNotices } from '../../features/compliance/components/compliance-notices.tsx';
import { YourData } from '../../features/compliance/components/your-data.tsx';
import { RequireAuth } from './require-auth.tsx';

export function SettingsPage() {
  const { t } = useTranslation();
  const title = t('pages.settings.title');
  return (
    <PageFrame title={title} breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}>
      <RequireAuth>
        <ComplianceNotices />
        <AccountSettings />
        <YourData />
      </RequireAuth>
    </PageFrame>
  );
}

export function VerifyPage() {
  const { t } = useTranslation();
  const title = t('pages.verify.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: '/' },
        { label: t('pages.settings.title'), to: '/settings/general' },
        { label: title },
      ]}
    >
      <RequireAuth>
        <EmptyState
          icon={<IdIcon size={26} />}
          title={t('pages.verify.emptyTitle')}
          body={t('pages.verify.emptyBody')}
        />
      </RequireAuth>
    </PageFrame>
  );
}
