import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCategoryCounts } from '../../features/lobby/api/lobby.ts';
import { GAME_CATEGORIES } from '../layout/menu.ts';
import { MenuIcon } from '../layout/menu-icon.tsx';

/**
 * A tile per category with how many games a player can open in it. Every category keeps its
 * tile and the count's line is there from the first paint, so nothing below moves when the
 * counts arrive (an empty category says 0 games; the side menu lists them all too).
 */
export function CategoryTiles() {
  const { t } = useTranslation();
  const counts = useCategoryCounts();
  const games = new Map(counts.data?.map((entry) => [entry.category, entry.games]));
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="category-tiles">
      {GAME_CATEGORIES.map((category) => (
        <li key={category.slug}>
          <Link
            to={`/casino/${category.slug}`}
            className="group flex h-full flex-col items-start gap-3 rounded-xl border border-ink-700 bg-ink-850 p-4 transition-colors hover:border-ink-600 hover:bg-ink-800"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-ink-750 text-accent-400 transition-colors group-hover:bg-accent-500 group-hover:text-white">
              <MenuIcon name={category.icon} text="" />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="text-sm leading-tight font-semibold text-fg">
                {t(`categories.${category.slug}`)}
              </span>
              <span className="text-[12px] text-fg-subtle">
                {counts.data
                  ? t('lobby2.gamesCount', { count: games.get(category.slug) ?? 0 })
                  : '\u00a0'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
