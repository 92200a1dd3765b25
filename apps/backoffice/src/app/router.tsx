import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { ConsoleLayout } from './layout/console-layout.tsx';
import { Guard, HomeRedirect } from './layout/guard.tsx';
import { RouteError } from './route-error.tsx';

/** Areas other than the dashboard load on first visit, keeping the first download small. */
function page(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense
      fallback={
        <div className="flex h-40 items-center justify-center text-fg-muted">
          <Spinner />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}

const PlayersPage = () =>
  page(async () => (await import('../features/players/players-page.tsx')).PlayersPage);
const PlayerPage = () =>
  page(async () => (await import('../features/players/player-page.tsx')).PlayerPage);
const ApprovalsPage = () =>
  page(async () => (await import('../features/adjustments/approvals-page.tsx')).ApprovalsPage);
const PromotionsPage = () =>
  page(async () => (await import('../features/promotions/promotions-page.tsx')).PromotionsPage);
const LoyaltyPage = () =>
  page(async () => (await import('../features/loyalty/loyalty-page.tsx')).LoyaltyPage);
const RacesPage = () =>
  page(async () => (await import('../features/races/races-page.tsx')).RacesPage);
const AffiliatesPage = () =>
  page(async () => (await import('../features/affiliates/affiliates-page.tsx')).AffiliatesPage);
const JurisdictionsPage = () =>
  page(
    async () =>
      (await import('../features/jurisdictions/jurisdictions-page.tsx')).JurisdictionsPage,
  );
const KycReviewsPage = () =>
  page(async () => (await import('../features/kyc/kyc-reviews-page.tsx')).KycReviewsPage);
const PaymentsPage = () =>
  page(async () => (await import('../features/payments/payments-page.tsx')).PaymentsPage);
const CompliancePage = () =>
  page(async () => (await import('../features/compliance/compliance-page.tsx')).CompliancePage);
const CasePage = () =>
  page(async () => (await import('../features/compliance/case-page.tsx')).CasePage);
const OriginalsSettingsPage = () =>
  page(
    async () =>
      (await import('../features/originals/originals-settings-page.tsx')).OriginalsSettingsPage,
  );
const CasinoPage = () =>
  page(async () => (await import('../features/casino/casino-page.tsx')).CasinoPage);
const AuditPage = () =>
  page(async () => (await import('../features/audit/audit-page.tsx')).AuditPage);
const SettingsPage = () =>
  page(async () => (await import('../features/settings/settings-page.tsx')).SettingsPage);
const StaffPage = () =>
  page(async () => (await import('../features/staff/staff-page.tsx')).StaffPage);
const TradingPage = () =>
  page(async () => (await import('../features/trading/trading-page.tsx')).TradingPage);
const EventsPage = () =>
  page(async () => (await import('../features/system/events-page.tsx')).EventsPage);
const AccountPage = () =>
  page(async () => (await import('../features/account/account-page.tsx')).AccountPage);

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
    {
      element: <ConsoleLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          path: 'dashboard',
          element: (
            <Guard permission="dashboard.read">
              <DashboardPage />
            </Guard>
          ),
        },
        {
          path: 'players',
          element: (
            <Guard permission="players.read">
              <PlayersPage />
            </Guard>
          ),
        },
        {
          path: 'players/:id',
          element: (
            <Guard permission="players.read">
              <PlayerPage />
            </Guard>
          ),
        },
        {
          path: 'promotions',
          element: (
            <Guard permission="promotions.read">
              <PromotionsPage />
            </Guard>
          ),
        },
        {
          path: 'loyalty',
          element: (
            <Guard permission="promotions.read">
              <LoyaltyPage />
            </Guard>
          ),
        },
        {
          path: 'races',
          element: (
            <Guard permission="promotions.read">
              <RacesPage />
            </Guard>
          ),
        },
        {
          path: 'affiliates',
          element: (
            <Guard permission="affiliates.read">
              <AffiliatesPage />
            </Guard>
          ),
        },
        {
          path: 'originals',
          element: (
            <Guard permission="originals.read">
              <OriginalsSettingsPage />
            </Guard>
          ),
        },
        {
          path: 'casino',
          element: (
            <Guard permission="casino.read">
              <CasinoPage />
            </Guard>
          ),
        },
        {
          path: 'jurisdictions',
          element: (
            <Guard permission="jurisdictions.read">
              <JurisdictionsPage />
            </Guard>
          ),
        },
        {
          path: 'kyc',
          element: (
            <Guard permission="kyc.read">
              <KycReviewsPage />
            </Guard>
          ),
        },
        {
          path: 'compliance',
          element: (
            <Guard permission="compliance.read">
              <CompliancePage />
            </Guard>
          ),
        },
        {
          path: 'payments',
          element: (
            <Guard permission="payments.read">
              <PaymentsPage />
            </Guard>
          ),
        },
        {
          path: 'compliance/alerts/:id',
          element: (
            <Guard permission="compliance.read">
              <CasePage />
            </Guard>
          ),
        },
        {
          path: 'approvals',
          element: (
            <Guard permission="balance.read">
              <ApprovalsPage />
            </Guard>
          ),
        },
        {
          path: 'audit',
          element: (
            <Guard permission="audit.read">
              <AuditPage />
            </Guard>
          ),
        },
        {
          path: 'settings',
          element: (
            <Guard permission="settings.read">
              <SettingsPage />
            </Guard>
          ),
        },
        {
          path: 'staff',
          element: (
            <Guard permission="staff.read">
              <StaffPage />
            </Guard>
          ),
        },
        {
          path: 'trading',
          element: (
            <Guard permission="sportsbook.read">
              <TradingPage />
            </Guard>
          ),
        },
        {
          path: 'system/events',
          element: (
            <Guard permission="system.read">
              <EventsPage />
            </Guard>
          ),
        },
        { path: 'account', element: <AccountPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);
