import { useTranslation } from 'react-i18next';
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
