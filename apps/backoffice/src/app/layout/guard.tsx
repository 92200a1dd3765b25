import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { NAV } from './nav.ts';

/** Hides a page the role cannot use (the server refuses it anyway). */
export function Guard({ permission, children }: { permission: string; children: ReactNode }) {
  const { can } = useAuth();
  if (!can(permission)) {
    return (
      <EmptyState title="Your role cannot open this page">
        Ask an owner or admin if you need access.
      </EmptyState>
    );
  }
  return <>{children}</>;
}

/** The first area the role may use. */
export function HomeRedirect() {
  const { can } = useAuth();
  const first = NAV.find((item) => can(item.permission));
  return <Navigate to={first?.to ?? '/account'} replace />;
}
