import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { SecuritySettings } from '../../features/account/components/security/security-settings.tsx';
import { RequireAuth } from './require-auth.tsx';

/** Settings → Security: two-factor sign-in, passkeys and the signed-in devices. */
export function SecurityPage() {
  const { t } = useTranslation();
  const title = t('security.title');
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
        <SecuritySettings />
      </RequireAuth>
    </PageFrame>
  );
}
