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
      <section aria-labelledby="originals" className="flex flex-col gap-3">
        <h2 id="originals" className="text-lg font-semibold text-fg">
          {t('originals.title')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Link
            to="/casino/originals/dice"
            className="group flex flex-col overflow-hidden rounded-2xl border border-ink-700 bg-ink-850 transition-colors hover:border-accent-500"
            data-testid="game-dice"
          >
            <div className="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-accent-600 via-accent-700 to-ink-800">
              <svg
                viewBox="0 0 64 64"
                width={64}
                height={64}
                aria-hidden="true"
                className="drop-shadow-lg transition-transform group-hover:scale-110"
              >
                <rect x="6" y="6" width="52" height="52" rx="12" fill="white" />
                <circle cx="20" cy="20" r="5" fill="#155cb6" />
                <circle cx="32" cy="32" r="5" fill="#155cb6" />
                <circle cx="44" cy="44" r="5" fill="#155cb6" />
              </svg>
            </div>
            <div className="px-3 py-2.5">
              <div className="font-semibold text-fg">{t('originals.dice.title')}</div>
              <div className="text-[12px] text-fg-subtle">{t('originals.dice.card')}</div>
            </div>
          </Link>
        </div>
      </section>
      <EmptyState
        compact
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
