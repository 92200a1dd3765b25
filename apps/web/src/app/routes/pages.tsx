import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompassIcon, DocumentIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

const ICON = 26;

export function PolicyPage({ policy }: { policy: 'privacy' | 'terms' | 'aml' | 'selfExclusion' }) {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t(`pages.${policy}.title`)}
      trail={[{ label: t('footer.legal') }]}
      icon={<DocumentIcon size={ICON} />}
      emptyTitle={t('pages.policy.emptyTitle')}
      emptyBody={t('pages.policy.emptyBody')}
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.notFound.title')}
      icon={<CompassIcon size={ICON} />}
      emptyTitle={t('pages.notFound.emptyTitle')}
      emptyBody={t('pages.notFound.emptyBody')}
      action={
        <Link
          to="/"
          className="inline-flex h-10 items-center rounded-lg bg-ink-700 px-4 text-sm font-semibold text-fg hover:bg-ink-600"
        >
          {t('common.backHome')}
        </Link>
      }
    />
  );
}
