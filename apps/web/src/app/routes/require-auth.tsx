import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LockIcon } from '../../components/icons.tsx';
import { openModal } from '../../lib/modal-store.ts';
import { useAuth } from '../../lib/root-store.ts';

/** Guests see a sign-in prompt in place of the page's content. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <>{children}</>;
  return (
    <EmptyState
      icon={<LockIcon size={26} />}
      title={t('pages.signInRequired.title')}
      body={t('pages.signInRequired.body')}
      action={
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => openModal('signIn')}>
            {t('topbar.login')}
          </Button>
          <Button onClick={() => openModal('register')}>{t('topbar.register')}</Button>
        </div>
      }
    />
  );
}
