import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '../../components/cn.ts';
import {
  BallIcon,
  CardsIcon,
  ChevronDownIcon,
  CloseIcon,
  SidebarIcon,
} from '../../components/icons.tsx';
import { signOut } from '../../lib/api/logout.ts';
import { openModal } from '../../lib/modal-store.ts';
import { useRootState } from '../../lib/root-store.ts';
import { LanguageSelect } from './language-select.tsx';
import { buildMenu, type MenuItem } from './menu.ts';
import { MenuIcon } from './menu-icon.tsx';

type SideMenuProps = {
  /** Desktop: icon rail when collapsed. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile: drawer visibility. */
  mobileOpen: boolean;
  onCloseMobile: () => void;
  languages: string[];
};

export function SideMenu({
  collapsed,
  onToggleCollapsed,
  mobileOpen,
  onCloseMobile,
  languages,
}: SideMenuProps) {
  const { t } = useTranslation();
  const isAuthenticated = useRootState((s) => s.auth.isAuthenticated);
  const providers = useRootState((s) => s.additionalMenus);
  const sections = buildMenu({ isAuthenticated, providers });
  const location = useLocation();
  const inSports = location.pathname.startsWith('/sports');
  // On mobile the drawer is always full width; the rail applies from md up.
  const rail = collapsed;

  return (
    <>
      {mobileOpen && (
        <div
          className="fixed inset-0 z-30 animate-fade-in bg-ink-950/70 md:hidden"
          onClick={onCloseMobile}
          aria-hidden="true"
        />
      )}
      <aside
        id="side-menu"
        aria-label={t('nav.mainMenu')}
        data-testid="side-menu"
        data-open={mobileOpen ? 'true' : 'false'}
        data-collapsed={collapsed ? 'true' : 'false'}
        className={cn(
          'fixed top-0 bottom-0 left-0 z-40 flex flex-col border-r border-ink-800 bg-ink-900 transition-[transform,width] duration-200 ease-out',
          'w-[272px] pb-[calc(64px+env(safe-area-inset-bottom))] md:pb-0',
          mobileOpen ? 'translate-x-0 shadow-pop' : '-translate-x-full',
          'md:translate-x-0 md:shadow-none',
          rail ? 'md:w-[72px]' : 'md:w-[240px]',
        )}
      >
        <div
          className={cn('flex h-16 shrink-0 items-center gap-2 px-3', rail && 'md:justify-center')}
        >
          <button
            type="button"
            onClick={onToggleCollapsed}
            className="hidden size-10 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-ink-800 hover:text-fg md:flex"
            aria-label={collapsed ? t('nav.expandMenu') : t('nav.collapseMenu')}
            aria-expanded={!collapsed}
            aria-controls="side-menu"
          >
            <SidebarIcon size={20} />
          </button>
          <div className={cn('grid flex-1 grid-cols-2 gap-1.5', rail && 'md:hidden')}>
            <Link
              to="/casino/home"
              onClick={onCloseMobile}
              className={cn(
                'flex h-10 items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition-colors',
                !inSports
                  ? 'bg-gradient-to-b from-accent-500 to-accent-600 text-white'
                  : 'bg-ink-800 text-fg-muted hover:text-fg',
              )}
            >
              <CardsIcon size={18} />
              {t('nav.casino')}
            </Link>
            <Link
              to="/sports"
              reloadDocument
              className={cn(
                'flex h-10 items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition-colors',
                inSports
                  ? 'bg-gradient-to-b from-accent-500 to-accent-600 text-white'
                  : 'bg-ink-800 text-fg-muted hover:text-fg',
              )}
            >
              <BallIcon size={18} />
              {t('nav.sports')}
            </Link>
          </div>
          <button
            type="button"
            onClick={onCloseMobile}
            className="flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-ink-800 hover:text-fg md:hidden"
            aria-label={t('nav.closeMenu')}
          >
            <CloseIcon size={20} />
          </button>
        </div>

        <nav className="flex-1 overflow-x-hidden overflow-y-auto px-3 pb-4">
          {sections.map((items, index) => (
            <ul
              // biome-ignore lint/suspicious/noArrayIndexKey: sections are fixed by position
              key={index}
              className={cn(
                'flex flex-col gap-0.5 rounded-xl bg-ink-850/70 p-1.5',
                index > 0 && 'mt-3',
              )}
            >
              {items.map((item) => (
                <MenuEntry key={item.id} item={item} rail={rail} onNavigate={onCloseMobile} />
              ))}
            </ul>
          ))}
          <div className={cn('mt-3', rail && 'md:hidden')}>
            <LanguageSelect languages={languages} />
          </div>
        </nav>
      </aside>
    </>
  );
}

const entryClasses = (active: boolean, rail: boolean) =>
  cn(
    'group flex h-10 w-full items-center gap-3 rounded-lg px-2.5 text-left text-sm font-medium transition-colors',
    active ? 'bg-ink-700 text-fg' : 'text-fg-muted hover:bg-ink-750 hover:text-fg',
    rail && 'md:justify-center md:px-0',
  );

function MenuEntry({
  item,
  rail,
  onNavigate,
}: {
  item: MenuItem;
  rail: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = item.literal ? item.label : t(item.label);
  const nestedActive = item.nestedItems?.some((n) => n.route === location.pathname) ?? false;
  const [expanded, setExpanded] = useState(nestedActive);

  const body = (
    <>
      <span className="flex size-5 shrink-0 items-center justify-center text-current">
        <MenuIcon name={item.icon} text={label} />
      </span>
      <span className={cn('min-w-0 flex-1 truncate', rail && 'md:sr-only')}>{label}</span>
    </>
  );

  if (item.nestedItems) {
    const panelId = `menu-${item.id}`;
    return (
      <li>
        <button
          type="button"
          className={entryClasses(false, rail)}
          aria-expanded={expanded}
          aria-controls={panelId}
          title={rail ? label : undefined}
          onClick={() => setExpanded((v) => !v)}
          data-menu-id={item.id}
        >
          {body}
          <ChevronDownIcon
            size={16}
            className={cn(
              'shrink-0 transition-transform',
              expanded && 'rotate-180',
              rail && 'md:hidden',
            )}
          />
        </button>
        {expanded && (
          <ul
            id={panelId}
            className={cn(
              'mt-0.5 flex flex-col gap-0.5 border-l border-ink-700 pl-2',
              rail ? 'ml-4 md:ml-0 md:border-l-0 md:pl-0' : 'ml-4',
            )}
          >
            {item.nestedItems.map((nested) => (
              <MenuEntry key={nested.id} item={nested} rail={rail} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </li>
    );
  }

  if (item.route) {
    const isProvider = item.literal;
    const current = location.pathname + location.search;
    return (
      <li>
        <NavLink
          to={item.route}
          onClick={onNavigate}
          title={rail ? label : undefined}
          data-menu-id={item.id}
          className={({ isActive }) =>
            entryClasses(isProvider ? current === item.route : isActive, rail)
          }
        >
          {body}
        </NavLink>
      </li>
    );
  }

  const run = () => {
    onNavigate();
    if (item.action === 'logout') void signOut();
    else if (item.action) openModal(item.action);
  };
  return (
    <li>
      <button
        type="button"
        onClick={run}
        className={entryClasses(false, rail)}
        title={rail ? label : undefined}
        data-menu-id={item.id}
      >
        {body}
      </button>
    </li>
  );
}
