import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../components/cn.ts';
import { BallIcon, CardsIcon, MenuIcon } from '../../components/icons.tsx';

/** Spec §2: below 768 px, Browse (toggles the side menu), Casino and Sports. */
export function BottomBar({
  menuOpen,
  onToggleMenu,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = (active: boolean) =>
    cn(
      'flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-semibold transition-colors',
      active ? 'text-accent-400' : 'text-fg-muted hover:text-fg',
    );
  return (
    <nav
      aria-label={t('nav.mobileNav')}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-50 flex h-[calc(64px+env(safe-area-inset-bottom))] border-t border-ink-700 bg-ink-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <button
        type="button"
        className={item(menuOpen)}
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        data-testid="bottom-browse"
      >
        <MenuIcon size={22} />
        {t('nav.browse')}
      </button>
      <Link
        to="/casino/home"
        className={item(!menuOpen && pathname.startsWith('/casino'))}
        data-testid="bottom-casino"
      >
        <CardsIcon size={22} />
        {t('nav.casino')}
      </Link>
      <Link
        to="/sports"
        reloadDocument
        className={item(!menuOpen && pathname.startsWith('/sports'))}
        data-testid="bottom-sports"
      >
        <BallIcon size={22} />
        {t('nav.sports')}
      </Link>
    </nav>
  );
}
