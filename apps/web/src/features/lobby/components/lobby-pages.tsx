import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { GAME_CATEGORIES, isGameCategory, providerRoute } from '../../../app/layout/menu.ts';
import { CategoryTiles } from '../../../app/routes/category-tiles.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import {
  CardsIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  DiceIcon,
  GridIcon,
  LayersIcon,
  SparkIcon,
} from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/root-store.ts';
import { useGames, useHomeGames, useProviderSummaries } from '../api/lobby.ts';
import { GameGrid } from './game-card.tsx';
import { GameRow } from './game-row.tsx';

/** /casino/home: featured, continue playing (signed in), new and popular rows. */
export function CasinoHomePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const home = useHomeGames();
  const data = home.data;
  // Every original (not only the featured ones): the operator's provider lists them all.
  const originalsProvider = data?.featured.find((game) => game.is_original)?.provider.name;
  const allOriginals = useGames({ page: 1, provider: originalsProvider ?? null });
  const originals = originalsProvider
    ? allOriginals.data?.games
    : data?.featured.filter((game) => game.is_original);
  const slots = useGames({ page: 1, category: 'slots' });
  // A slots row that would repeat the featured row adds nothing.
  const featuredSlugs = new Set(data?.featured.map((game) => game.slug));
  const moreSlots = slots.data?.games.some((game) => !featuredSlugs.has(game.slug))
    ? slots.data.games
    : undefined;
  const table = useGames({ page: 1, category: 'table' });
  return (
    <PageFrame
      title={t('pages.casino.title')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: t('pages.casino.title') }]}
    >
      <SearchBox />
      {auth.isAuthenticated && (
        <GameRow
          id="continue"
          title={t('lobby.continuePlaying')}
          games={data?.continue_playing}
          icon={<CardsIcon size={18} />}
        />
      )}
      <GameRow
        id="featured"
        title={t('lobby.featured')}
        games={data?.featured.filter((game) => !game.is_original)}
        loading={home.isPending}
        icon={<SparkIcon size={18} />}
        more="/casino/all-games?page=1"
      />
      <CategoryTiles />
      <GameRow
        id="originals"
        title={t('originals.title')}
        games={originals}
        loading={home.isPending || (Boolean(originalsProvider) && allOriginals.isPending)}
        icon={<DiceIcon size={18} />}
        primary
      />
      <GameRow
        id="table"
        title={t('categories.table')}
        games={table.data?.games}
        loading={table.isPending}
        icon={<CardsIcon size={18} />}
        more="/casino/table"
      />
      <GameRow id="new" title={t('lobby.new')} games={data?.new} loading={home.isPending} />
      <GameRow
        id="popular"
        title={t('lobby.popular')}
        games={data?.popular}
        loading={home.isPending}
        more="/casino/all-games?page=1"
      />
      {/* Last: it hides once loaded if it would only repeat the featured row, moving nothing. */}
      <GameRow
        id="slots"
        title={t('lobby2.slotsRow')}
        games={moreSlots}
        icon={<CardsIcon size={18} />}
        more="/casino/slots"
      />
    </PageFrame>
  );
}

/** The search field: filters in place (onSearch) or opens all games with `q`. */
function SearchBox({
  initial = '',
  onSearch,
}: {
  initial?: string;
  onSearch?: (q: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (onSearch) onSearch(q);
    else navigate(`/casino/all-games?${new URLSearchParams({ page: '1', q })}`);
  };
  return (
    <form onSubmit={submit} className="relative">
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-fg-subtle"
      >
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('lobby.searchPlaceholder')}
        aria-label={t('lobby.search')}
        maxLength={80}
        enterKeyHint="search"
        className="h-11 w-full rounded-xl border border-ink-700 bg-ink-850 pr-4 pl-10 text-sm text-fg placeholder:text-fg-subtle focus:border-accent-500 focus:outline-none"
        data-testid="game-search"
      />
    </form>
  );
}

function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('lobby.pages')} className="flex items-center justify-center gap-2">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="flex h-9 items-center gap-1 rounded-lg bg-ink-800 px-3 text-sm font-semibold text-fg disabled:opacity-40"
        data-testid="page-previous"
      >
        <ChevronLeftIcon size={16} />
        {t('lobby.previous')}
      </button>
      <span className="px-2 text-sm text-fg-muted" data-testid="page-status">
        {t('lobby.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className="flex h-9 items-center gap-1 rounded-lg bg-ink-800 px-3 text-sm font-semibold text-fg disabled:opacity-40"
        data-testid="page-next"
      >
        {t('lobby.next')}
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}

/** A paged, searchable grid; used by all-games and the category pages. */
function Catalogue({ category }: { category?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const provider = params.get('provider');
  const q = params.get('q') ?? '';
  const games = useGames({ page, provider, category, q });
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  const data = games.data;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <SearchBox initial={q} onSearch={(value) => update({ q: value, page: '1' })} />
        </div>
        {provider && (
          <span
            className="inline-flex h-9 items-center gap-1.5 self-start rounded-lg bg-ink-800 pr-1 pl-3 text-[13px] text-fg sm:self-auto"
            data-testid="provider-filter"
          >
            <LayersIcon size={14} className="text-accent-400" />
            {t('pages.allGames.provider', { name: provider })}
            <button
              type="button"
              onClick={() => update({ provider: null, page: '1' })}
              aria-label={t('lobby.clearFilter')}
              className="flex size-7 items-center justify-center rounded-md text-fg-subtle hover:bg-ink-700 hover:text-fg"
            >
              <CloseIcon size={14} />
            </button>
          </span>
        )}
      </div>
      {data && (
        <p className="text-[13px] text-fg-subtle" data-testid="games-total">
          {t('lobby.count', { count: data.total })}
        </p>
      )}
      {data && data.total === 0 ? (
        <EmptyState
          compact
          icon={<GridIcon size={26} />}
          title={t('lobby.noResultsTitle')}
          body={q ? t('lobby.noResultsBody', { q }) : t('lobby.noGamesBody')}
        />
      ) : (
        <GameGrid games={data?.games} loading={games.isPending} />
      )}
      {data && (
        <Pager page={data.page} pages={data.pages} onPage={(p) => update({ page: String(p) })} />
      )}
    </div>
  );
}

export function AllGamesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.allGames.title')}
      breadcrumbs={[
        { label: t('nav.casino'), to: '/casino/home' },
        { label: t('pages.allGames.title') },
      ]}
    >
      <Catalogue />
    </PageFrame>
  );
}

export function CategoryPage() {
  const { t } = useTranslation();
  const { category } = useParams();
  if (!isGameCategory(category)) {
    return (
      <PageFrame
        title={t('pages.notFound.title')}
        breadcrumbs={[{ label: t('nav.casino'), to: '/casino/home' }]}
      >
        <EmptyState
          icon={<GridIcon size={26} />}
          title={t('pages.notFound.emptyTitle')}
          body={t('pages.notFound.emptyBody')}
        />
      </PageFrame>
    );
  }
  const title = t(`categories.${category}`);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/casino/home' }, { label: title }]}
    >
      <nav
        aria-label={t('nav.gameCategories')}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
      >
        {GAME_CATEGORIES.map((entry) => (
          <Link
            key={entry.slug}
            to={`/casino/${entry.slug}`}
            aria-current={entry.slug === category ? 'page' : undefined}
            className={
              entry.slug === category
                ? 'shrink-0 rounded-full bg-accent-500 px-3.5 py-1.5 text-[13px] font-semibold text-white'
                : 'shrink-0 rounded-full bg-ink-800 px-3.5 py-1.5 text-[13px] font-semibold text-fg-muted hover:bg-ink-700 hover:text-fg'
            }
          >
            {t(`categories.${entry.slug}`)}
          </Link>
        ))}
      </nav>
      <Catalogue key={category} category={category} />
    </PageFrame>
  );
}

/** /casino/providers: every studio with its number of games, linking to its games. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const providers = useProviderSummaries();
  return (
    <PageFrame
      title={t('pages.providers.title')}
      breadcrumbs={[
        { label: t('nav.casino'), to: '/casino/home' },
        { label: t('pages.providers.title') },
      ]}
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="providers">
        {providers.isPending &&
          Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className="h-[78px] animate-pulse rounded-xl bg-ink-850" />
          ))}
        {providers.data?.map((provider) => (
          <li key={provider.id}>
            <Link
              to={providerRoute(provider.name)}
              className="group flex h-full items-center gap-3 rounded-xl border border-ink-700 bg-ink-850 p-4 transition-colors hover:border-accent-500 hover:bg-ink-800"
            >
              <span
                className="flex size-11 shrink-0 items-center justify-center rounded-lg text-base font-black text-white"
                style={{ background: `hsl(${hue(provider.name)} 60% 40%)` }}
                aria-hidden="true"
              >
                {provider.name
                  .split(/\s+/)
                  .map((word) => word[0])
                  .join('')
                  .slice(0, 2)}
              </span>
              <span className="min-w-0">
                <span className="block truncate font-semibold text-fg">{provider.name}</span>
                <span className="block text-[12px] text-fg-subtle">
                  {t('lobby.count', { count: provider.games })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

function hue(name: string) {
  let h = 0;
  for (const char of name) h = (h * 31 + char.charCodeAt(0)) % 360;
  return h;
}
