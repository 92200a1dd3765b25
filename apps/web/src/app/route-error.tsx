import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/button.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { AlertIcon } from '../components/icons.tsx';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg items-center px-4">
      <EmptyState
        className="w-full"
        icon={<AlertIcon size={26} />}
        title={t('errors.title')}
        body={t('errors.body')}
        action={<Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>}
      />
    </div>
  );
}
