import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GAME_CATEGORIES } from '../layout/menu.ts';
import { MenuIcon } from '../layout/menu-icon.tsx';

export function CategoryTiles() {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {GAME_CATEGORIES.map((category) => (
        <li key={category.slug}>
          <Link
            to={`/casino/${category.slug}`}
            className="group flex h-full flex-col items-start gap-3 rounded-xl border border-ink-700 bg-ink-850 p-4 transition-colors hover:border-ink-600 hover:bg-ink-800"
          >
            <span className="flex size-10 items-center justify-center rounded-lg bg-ink-750 text-accent-400 transition-colors group-hover:bg-accent-500 group-hover:text-white">
              <MenuIcon name={category.icon} text="" />
            </span>
            <span className="text-sm leading-tight font-semibold text-fg">
              {t(`categories.${category.slug}`)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
