import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { withAllStrings } from '../i18n/index.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './route-error.tsx';
import { BlankSkeleton } from './routes/page-skeleton.tsx';

/**
 * Route pages are split out of the initial chunk; `AppLayout` holds the Suspense
 * boundary around its outlet. A page chunk is small and, on a cold load, arrives
 * while the 2 s loading screen still covers the app. A page waits for the rest of the
 * strings with its code (decision 0990), so it never draws a raw key.
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return firstScreenPage(withAllStrings(load), name);
}

/**
 * A page a first visit lands on: its strings are in the shell (i18n/string-groups.ts
 * `FIRST_SCREEN_MODULES`, held by its test), so it waits for its code only.
 */
function firstScreenPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const component = lazy(async () => ({
    default: (await load())[name] as unknown as ComponentType<unknown>,
  }));
  return component as unknown as M[K];
}

const HomePage = firstScreenPage(() => import('./routes/home-page.tsx'), 'HomePage');
const pages = () => import('./routes/pages.tsx');
const lobby = () => import('../features/lobby/components/lobby-pages.tsx');
const CasinoHomePage = firstScreenPage(lobby, 'CasinoHomePage');
const AllGamesPage = firstScreenPage(lobby, 'AllGamesPage');
const ProvidersPage = firstScreenPage(lobby, 'ProvidersPage');
const CategoryPage = firstScreenPage(lobby, 'CategoryPage');
const GamePage = page(() => import('../features/lobby/components/game-page.tsx'), 'GamePage');
const SportsPage = firstScreenPage(
  () => import('../features/sports/components/sports-page.tsx'),
  'SportsPage',
);
const PromotionsPage = page(
  () => import('../features/promotions/components/promotions-page.tsx'),
  'PromotionsPage',
);
const ReferralPage = page(
  () => import('../features/affiliate/components/affiliate-page.tsx'),
  'AffiliatePage',
);
const VipPage = page(() => import('../features/vip/components/vip-page.tsx'), 'VipPage');
const ResponsibleGamingPage = page(
  () => import('../features/protection/components/responsible-gaming-page.tsx'),
  'ResponsibleGamingPage',
);
const SelfExclusionPolicyPage = page(
  () => import('../features/protection/components/self-exclusion-policy.tsx'),
  'SelfExclusionPolicyPage',
);
const PolicyPage = page(pages, 'PolicyPage');
const NotFoundPage = page(pages, 'NotFoundPage');
const originals = () => import('../features/originals/components/dice-page.tsx');
const DicePage = page(originals, 'DicePage');
const LimboPage = page(
  () => import('../features/originals/components/limbo-page.tsx'),
  'LimboPage',
);
const MinesPage = page(
  () => import('../features/originals/components/mines-page.tsx'),
  'MinesPage',
);
const PlinkoPage = page(
  () => import('../features/originals/components/plinko-page.tsx'),
  'PlinkoPage',
);
const CrashPage = page(
  () => import('../features/originals/components/crash-page.tsx'),
  'CrashPage',
);
const KenoPage = page(() => import('../features/originals/components/keno-page.tsx'), 'KenoPage');
const WheelPage = page(
  () => import('../features/originals/components/wheel-page.tsx'),
  'WheelPage',
);
const RoulettePage = page(
  () => import('../features/originals/components/roulette-page.tsx'),
  'RoulettePage',
);
const BaccaratPage = page(
  () => import('../features/originals/components/baccarat-page.tsx'),
  'BaccaratPage',
);
const DragonTigerPage = page(
  () => import('../features/originals/components/dragon-tiger-page.tsx'),
  'DragonTigerPage',
);
const TeenPattiPage = page(
  () => import('../features/originals/components/teen-patti-page.tsx'),
  'TeenPattiPage',
);
const AndarBaharPage = page(
  () => import('../features/originals/components/andar-bahar-page.tsx'),
  'AndarBaharPage',
);
const HiloPage = page(() => import('../features/originals/components/hilo-page.tsx'), 'HiloPage');
const BlackjackPage = page(
  () => import('../features/originals/components/blackjack-page.tsx'),
  'BlackjackPage',
);
const ProvablyFairPage = page(
  () => import('../features/originals/components/provably-fair-page.tsx'),
  'ProvablyFairPage',
);
// The games that register their own drawing and check load with the page.
const BetPage = page(async () => {
  const [module] = await Promise.all([
    import('../features/bets/components/bet-page.tsx'),
    import('./bet-games.ts'),
  ]);
  return module;
}, 'BetPage');
const TransactionsPage = page(() => import('./routes/transactions-page.tsx'), 'TransactionsPage');
const settings = () => import('./routes/settings-page.tsx');
const SettingsPage = page(settings, 'SettingsPage');
const VerifyPage = page(
  () => import('../features/kyc/components/verify-settings-page.tsx'),
  'VerifyPage',
);
const SecurityPage = page(() => import('./routes/security-page.tsx'), 'SecurityPage');
const standalone = () => import('./routes/standalone.tsx');
const ResetPasswordPage = page(standalone, 'ResetPasswordPage');
const VerificationPage = page(
  () => import('../features/kyc/components/verification-page.tsx'),
  'VerificationPage',
);

/** Spec §2 routes, plus /reset-password and /verification (both without the layout). */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'casino/home', element: <CasinoHomePage /> },
      { path: 'casino/all-games', element: <AllGamesPage /> },
      { path: 'casino/providers', element: <ProvidersPage /> },
      { path: 'casino/originals/dice', element: <DicePage /> },
      { path: 'casino/originals/limbo', element: <LimboPage /> },
      { path: 'casino/originals/mines', element: <MinesPage /> },
      { path: 'casino/originals/plinko', element: <PlinkoPage /> },
      { path: 'casino/originals/crash', element: <CrashPage /> },
      { path: 'casino/originals/keno', element: <KenoPage /> },
      { path: 'casino/originals/wheel', element: <WheelPage /> },
      { path: 'casino/originals/roulette', element: <RoulettePage /> },
      { path: 'casino/originals/baccarat', element: <BaccaratPage /> },
      { path: 'casino/originals/dragon-tiger', element: <DragonTigerPage /> },
      { path: 'casino/originals/teen-patti', element: <TeenPattiPage /> },
      { path: 'casino/originals/andar-bahar', element: <AndarBaharPage /> },
      { path: 'casino/originals/hilo', element: <HiloPage /> },
      { path: 'casino/originals/blackjack', element: <BlackjackPage /> },
      { path: 'casino/game/:slug', element: <GamePage /> },
      { path: 'casino/bets/:id', element: <BetPage /> },
      { path: 'provably-fair', element: <ProvablyFairPage /> },
      { path: 'casino/:category', element: <CategoryPage /> },
      { path: 'sports', element: <SportsPage /> },
      { path: 'promotions', element: <PromotionsPage /> },
      { path: 'vip', element: <VipPage /> },
      { path: 'affiliate/overview', element: <ReferralPage /> },
      { path: 'responsible-gaming', element: <ResponsibleGamingPage /> },
      { path: 'transactions/deposits', element: <TransactionsPage /> },
      { path: 'transactions/:tab', element: <TransactionsPage /> },
      { path: 'settings/general', element: <SettingsPage /> },
      { path: 'settings/verify', element: <VerifyPage /> },
      { path: 'settings/security', element: <SecurityPage /> },
      { path: 'policies/privacy', element: <PolicyPage policy="privacy" /> },
      { path: 'policies/terms', element: <PolicyPage policy="terms" /> },
      { path: 'policies/anti-money-laundering', element: <PolicyPage policy="aml" /> },
      { path: 'policies/self-exclusion', element: <SelfExclusionPolicyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'reset-password',
    element: (
      <Suspense fallback={<BlankSkeleton />}>
        <ResetPasswordPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    path: 'verification',
    element: (
      <Suspense fallback={<BlankSkeleton />}>
        <VerificationPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
]);
