import type { PublicSettings } from '@casino/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cn } from '../../components/cn.ts';
import { trackCampaignClick } from '../../features/affiliate/track-click.ts';
import { useCampaignCode } from '../../features/auth/hooks/use-campaign-code.ts';
import { preloadAuthForms } from '../../features/auth/preload.ts';
import { useSyncProviderMenus } from '../../features/providers/api/get-providers.ts';
import { usePublicSettings } from '../../features/settings-public/api/get-public-settings.ts';
import { useDocumentMeta } from '../../features/settings-public/hooks/use-document-meta.ts';
import { useDepositReturn } from '../../features/wallet/hooks/use-deposit-return.ts';
import { preloadWallet } from '../../features/wallet/preload.ts';
import { withAllStrings } from '../../i18n/index.ts';
import { useMe } from '../../lib/api/get-me.ts';
import { signOut } from '../../lib/api/logout.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAfterIdle, whenIdle } from '../../lib/idle.ts';
import { currentModal, useOpenModal } from '../../lib/modal-store.ts';
import { storeMe, useAuth } from '../../lib/root-store.ts';
import { toast } from '../../lib/toast.ts';
import { useWalletSocket } from '../../lib/wallet-socket.ts';
import { PageSkeleton } from '../routes/page-skeleton.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { Footer } from './footer.tsx';
import { SideMenu } from './side-menu.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { useWalletDeepLink } from './use-wallet-deep-link.ts';

const COLLAPSED_KEY = 'sideMenuCollapsed';

export const EMPTY_SETTINGS: PublicSettings = {
  brand_name: '',
  logo_url: '',
  seo_title: '',
  seo_description: '',
  licence_text: '',
  company_text: '',
  support_number: '',
  languages: [],
};

export function usePageSettings(): PublicSettings {
  const settings = usePublicSettings();
  const data = settings.data ?? EMPTY_SETTINGS;
  useDocumentMeta(data.seo_title || undefined, settings.data ? data.seo_description : undefined);
  return data;
}

/** Spec §2 "Admin" layout: side menu, top bar, page, footer, bottom bar and the modals. */
/** Lazy: it uses zod, which stays out of the initial chunk. */
const JurisdictionBanner = lazy(async () => ({
  default: (
    await withAllStrings(
      () => import('../../features/protection/components/jurisdiction-banner.tsx'),
    )()
  ).JurisdictionBanner,
}));

/** Lazy: level-up messages (only for signed-in players who take marketing; the server decides). */
const LevelUpWatcher = lazy(async () => ({
  default: (
    await withAllStrings(() => import('../../features/vip/components/level-up-watcher.tsx'))()
  ).LevelUpWatcher,
}));

/** Lazy like the banner: the reality check's modal (only for signed-in players). */
const RealityCheck = lazy(async () => ({
  default: (
    await withAllStrings(() => import('../../features/protection/components/reality-check.tsx'))()
  ).RealityCheck,
}));

/**
 * The modals' code loads when one first opens (or ahead of it, at the visitor's first sign of
 * intent: `useIdlePreload`), not with the first screen; the open one's content starts loading
 * with it rather than after it.
 */
const loadAppModals = () => import('./app-modals.tsx');
const AppModals = lazy(async () => {
  const open = currentModal();
  if (open === 'wallet') preloadWallet();
  else if (open === 'signIn' || open === 'register') preloadAuthForms();
  return { default: (await withAllStrings(loadAppModals)()).AppModals };
});
const preloadForPlayer = () => {
  void loadAppModals();
  preloadWallet();
};
const preloadForGuest = () => {
  void loadAppModals();
  preloadAuthForms();
};

/** Lazy: a signed-in player's warning, its modal with it. */
const SessionExpiryWarning = lazy(async () => ({
  default: (await import('../../features/session/session-expiry-warning.tsx')).SessionExpiryWarning,
}));

export function AppLayout() {
  const settings = usePageSettings();
  const auth = useAuth();
  const me = useMe();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(() => readCollapsed());
  const [mobileOpen, setMobileOpen] = useState(false);
  const idle = useAfterIdle();
  const openModalName = useOpenModal();
  // Once loaded, the modals stay mounted: a closing modal animates out.
  const [modalsWanted, setModalsWanted] = useState(false);
  if (openModalName && !modalsWanted) setModalsWanted(true);

  useSyncProviderMenus();
  const campaignCode = useCampaignCode();
  useEffect(() => trackCampaignClick(campaignCode), [campaignCode]);
  useWalletSocket(auth.isAuthenticated ? auth.authUserToken : null);
  useMeSideEffects(me.data, me.error);
  useSportsReload(location.pathname);
  useWalletDeepLink(auth.isAuthenticated);
  useIdlePreload(auth.isAuthenticated ? preloadForPlayer : preloadForGuest);
  useDepositReturn(auth.isAuthenticated);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname, location.search]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // Preference only.
      }
      return !value;
    });
  };

  const customer = me.data ?? auth.authUserCustomerMe ?? auth.authUserCustomerData;
  const isSports = location.pathname === '/sports';

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <SideMenu
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
        languages={settings.languages}
      />
      <div
        className={cn(
          'flex min-h-dvh flex-col pb-[calc(64px+env(safe-area-inset-bottom))] transition-[padding] duration-200 md:pb-0',
          collapsed ? 'md:pl-[72px]' : 'md:pl-[240px]',
        )}
      >
        <TopBar
          brandName={settings.brand_name}
          logoUrl={settings.logo_url}
          isAuthenticated={auth.isAuthenticated}
          customer={customer}
        />
        <main
          id="main"
          data-testid="main"
          // The skip link's target: focusable from script only, never a Tab stop.
          tabIndex={-1}
          className={cn(
            'outline-none',
            // At least the viewport under the top bar: the footer starts below the fold, so a
            // page (or its data) arriving late never pushes a visible footer down (CLS).
            'mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-[1200px] flex-1 px-4 pt-6 sm:px-6 sm:pt-8',
            // Spec §2: the main area narrows to 75% on /sports.
            isSports && 'md:w-3/4',
          )}
        >
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer
          brandName={settings.brand_name}
          logoUrl={settings.logo_url}
          licenceText={settings.licence_text}
          companyText={settings.company_text}
        />
      </div>
      <BottomBar menuOpen={mobileOpen} onToggleMenu={() => setMobileOpen((v) => !v)} />
      {modalsWanted && (
        <Suspense fallback={null}>
          <AppModals supportNumber={settings.support_number} />
        </Suspense>
      )}
      {/* After the first render (it is under the loading screen until then anyway). */}
      {idle && (
        <Suspense fallback={null}>
          <JurisdictionBanner />
        </Suspense>
      )}
      {auth.isAuthenticated && (
        <Suspense fallback={null}>
          <RealityCheck />
          <LevelUpWatcher />
        </Suspense>
      )}
      {auth.isAuthenticated && (
        <Suspense fallback={null}>
          <SessionExpiryWarning />
        </Suspense>
      )}
    </div>
  );
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Spec §4/§8: a 401 from `me` logs out and reloads; other failures are logged
 * and toasted once. A good answer is kept as `authUserCustomerMe`.
 */
function useMeSideEffects(data: ReturnType<typeof useMe>['data'], error: unknown) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (data) storeMe(data);
  }, [data]);
  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    if (error instanceof ApiError && error.status === 401) {
      void signOut();
      return;
    }
    console.error('Profile could not be loaded', error);
    toast.error(error instanceof Error ? error.message : String(error));
  }, [error]);
}

/**
 * Runs `preload` at the visitor's first sign of intent (a pointer over or down, a touch, a key,
 * focus), once the page is idle, so the modal's code (and zod, which its forms need) is usually
 * there before the click that opens it. Not on load itself: on a phone those ~40 KiB and their
 * set-up would compete with the page the visitor came for, and a visitor who only reads never
 * pays them (issue 20). A modal opened before its code arrives shows its skeleton.
 */
function useIdlePreload(preload: (() => void) | null) {
  useEffect(() => {
    if (!preload) return;
    const events = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    let cancelIdle: (() => void) | undefined;
    const onIntent = () => {
      for (const event of events) window.removeEventListener(event, onIntent, true);
      cancelIdle = whenIdle(preload, 2_000);
    };
    for (const event of events) {
      window.addEventListener(event, onIntent, { capture: true, passive: true });
    }
    return () => {
      for (const event of events) window.removeEventListener(event, onIntent, true);
      cancelIdle?.();
    };
  }, [preload]);
}

/**
 * Spec §2: navigating back to /sports forces a full page load. Links to it
 * already reload the document; this covers history navigation (Back/Forward).
 */
function useSportsReload(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (pathname === '/sports' && from !== '/sports') window.location.reload();
  }, [pathname]);
}
