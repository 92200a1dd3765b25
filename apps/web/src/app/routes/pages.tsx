import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import {
  CardsIcon,
  CompassIcon,
  DocumentIcon,
  GridIcon,
  LayersIcon,
} from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { GAME_CATEGORIES, isGameCategory } from '../layout/menu.ts';
import { MenuIcon } from '../layout/menu-icon.tsx';
import { CategoryTiles } from './category-tiles.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

const ICON = 26;

export function CasinoHomePage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.casino.title')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: t('pages.casino.title') }]}
    >
      <CategoryTiles />
      <EmptyState
        icon={<CardsIcon size={ICON} />}
        title={t('pages.casino.emptyTitle')}
        body={t('pages.casino.emptyBody')}
      />
    </PageFrame>
  );
}

export function AllGamesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const provider = params.get('provider');
  return (
    <PlaceholderPage
      title={t('pages.allGames.title')}
      trail={[{ label: t('nav.casino'), to: '/casino/home' }]}
      subtitle={
        provider ? (
          <span
            className="inline-flex items-center gap-1.5 rounded-md bg-ink-800 px-2 py-1 text-[13px] text-fg"
            data-testid="provider-filter"
          >
            <LayersIcon size={14} className="text-accent-400" />
            {t('pages.allGames.provider', { name: provider })}
          </span>
        ) : undefined
      }
      icon={<GridIcon size={ICON} />}
      emptyTitle={t('pages.allGames.emptyTitle')}
      emptyBody={t('pages.allGames.emptyBody')}
    />
  );
}

export function CategoryPage() {
  const { t } = useTranslation();
  const { category } = useParams();
  if (!isGameCategory(category)) return <NotFoundPage />;
  const entry = GAME_CATEGORIES.find((c) => c.slug === category)!;
  const title = t(`categories.${category}`);
  return (
    <PlaceholderPage
      title={title}
      trail={[{ label: t('nav.casino'), to: '/casino/home' }]}
      icon={<MenuIcon name={entry.icon} text="" />}
      emptyTitle={t('pages.category.emptyTitle')}
      emptyBody={t('pages.category.emptyBody', { category: title })}
    />
  );
}

export function ProvidersPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.providers.title')}
      trail={[{ label: t('nav.casino'), to: '/casino/home' }]}
      icon={<LayersIcon size={ICON} />}
      emptyTitle={t('pages.providers.emptyTitle')}
      emptyBody={t('pages.providers.emptyBody')}
    />
  );
}

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
