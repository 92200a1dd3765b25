import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './route-error.tsx';
import { HomePage } from './routes/home-page.tsx';
import {
  AllGamesPage,
  CasinoHomePage,
  CategoryPage,
  NotFoundPage,
  PolicyPage,
  PromotionsPage,
  ProvidersPage,
  ReferralPage,
  ResponsibleGamingPage,
  SettingsPage,
  SportsPage,
  TransactionsPage,
  VerifyPage,
} from './routes/pages.tsx';
import { ResetPasswordPage, VerificationPage } from './routes/standalone.tsx';

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
      { path: 'casino/:category', element: <CategoryPage /> },
      { path: 'sports', element: <SportsPage /> },
      { path: 'promotions', element: <PromotionsPage /> },
      { path: 'affiliate/overview', element: <ReferralPage /> },
      { path: 'responsible-gaming', element: <ResponsibleGamingPage /> },
      { path: 'transactions/deposits', element: <TransactionsPage /> },
      { path: 'settings/general', element: <SettingsPage /> },
      { path: 'settings/verify', element: <VerifyPage /> },
      { path: 'policies/privacy', element: <PolicyPage policy="privacy" /> },
      { path: 'policies/terms', element: <PolicyPage policy="terms" /> },
      { path: 'policies/anti-money-laundering', element: <PolicyPage policy="aml" /> },
      { path: 'policies/self-exclusion', element: <PolicyPage policy="selfExclusion" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: 'reset-password', element: <ResetPasswordPage />, errorElement: <RouteError /> },
  { path: 'verification', element: <VerificationPage />, errorElement: <RouteError /> },
]);
