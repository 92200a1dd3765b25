import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Badge } from '../../components/badge.tsx';
import { cn } from '../../components/cn.ts';
import { AccountIcon, LogoutIcon, MenuIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { NAV } from './nav.ts';

const GROUPS = ['Operations', 'Compliance', 'Configuration', 'System'] as const;

export function ConsoleLayout() {
  const { me, loading, can, signOut } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const overview = useQuery({
    queryKey: ['overview'],
    queryFn: async () => (await api<{ pending_adjustments: number }>('/overview')).data,
    enabled: me !== null,
    refetchInterval: 60_000,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (loading) {
    return (
      <div className="flex h-screen items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  }
  if (!me) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Navigate to={`/login${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />
    );
  }
  const pending = overview.data?.pending_adjustments ?? 0;

  const nav = (
    <nav aria-label="Back office" className="flex flex-1 flex-col gap-4 overflow-y-auto px-2 py-3">
      {GROUPS.map((group) => {
        const items = NAV.filter((item) => item.group === group && can(item.permission));
        if (items.length === 0) return null;
        return (
          <div key={group}>
            <p className="px-2 pb-1 text-[10px] font-semibold tracking-wider text-fg-subtle uppercase">
              {group}
            </p>
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    'flex h-8 items-center gap-2.5 rounded-md px-2 text-[13px] font-medium transition-colors',
                    isActive
                      ? 'bg-accent-500/15 text-fg shadow-[inset_2px_0_0_var(--color-accent-500)]'
                      : 'text-fg-muted hover:bg-ink-800 hover:text-fg',
                  )
                }
              >
                <item.icon className="shrink-0" />
                <span className="flex-1">{item.label}</span>
                {item.to === '/approvals' && pending > 0 && (
                  <span
                    className="rounded bg-warning/20 px-1.5 text-[11px] font-semibold text-warning"
                    title="Adjustments waiting for approval"
                  >
                    {pending}
                  </span>
                )}
              </NavLink>
            ))}
          </div>
        );
      })}
    </nav>
  );

  return (
    <div className="flex min-h-screen">
      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-56 flex-col border-r border-ink-700 bg-ink-900 transition-transform lg:translate-x-0',
          menuOpen ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        <div className="flex h-12 items-center gap-2 border-b border-ink-700 px-4">
          <span className="grid size-6 place-items-center rounded bg-accent-500 text-[11px] font-bold text-white">
            BO
          </span>
          <span className="text-[13px] font-semibold">Back office</span>
        </div>
        {nav}
        <div className="border-t border-ink-700 p-2">
          <NavLink
            to="/account"
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2.5 rounded-md px-2 py-1.5 hover:bg-ink-800',
                isActive && 'bg-ink-800',
              )
            }
          >
            <AccountIcon className="shrink-0 text-fg-muted" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[13px] font-medium">{me.name}</span>
              <span className="block truncate text-[11px] text-fg-subtle">{me.email}</span>
            </span>
          </NavLink>
        </div>
      </aside>
      {menuOpen && (
        <button
          type="button"
          aria-label="Close menu"
          className="fixed inset-0 z-30 bg-black/50 lg:hidden"
          onClick={() => setMenuOpen(false)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col lg:pl-56">
        <header className="sticky top-0 z-20 flex h-12 items-center gap-3 border-b border-ink-700 bg-ink-950/90 px-4 backdrop-blur">
          <button
            type="button"
            className="-ml-1 rounded p-1 text-fg-muted hover:text-fg lg:hidden"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <div className="flex-1" />
          <Badge tone="accent">{me.role}</Badge>
          <span className="hidden text-[13px] text-fg-muted sm:inline">{me.name}</span>
          <button
            type="button"
            onClick={() => void signOut()}
            aria-label="Sign out"
            className="flex items-center gap-1.5 rounded px-2 py-1 text-[13px] text-fg-muted hover:bg-ink-800 hover:text-fg"
          >
            <LogoutIcon />
            <span className="hidden sm:inline">Sign out</span>
          </button>
        </header>
        <main className="mx-auto w-full max-w-[1400px] flex-1 p-4 lg:p-5">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
