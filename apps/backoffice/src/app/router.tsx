import { createBrowserRouter, Navigate } from 'react-router';
import { AccountPage } from '../features/account/account-page.tsx';
import { ApprovalsPage } from '../features/adjustments/approvals-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { PlayerPage } from '../features/players/player-page.tsx';
import { PlayersPage } from '../features/players/players-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { ConsoleLayout } from './layout/console-layout.tsx';
import { Guard, HomeRedirect } from './layout/guard.tsx';
import { RouteError } from './route-error.tsx';

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
        { path: 'account', element: <AccountPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);
