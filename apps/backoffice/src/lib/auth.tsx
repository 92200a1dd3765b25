import type { StaffMe } from '@casino/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { toast } from 'react-toastify';
import { api, onUnauthorised, tokenStore } from './api-client.ts';

type Auth = {
  me: StaffMe | null;
  loading: boolean;
  can: (permission: string) => boolean;
  signIn: (token: string, me: StaffMe) => void;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<Auth | null>(null);
export const ME_KEY = ['auth', 'me'] as const;

/** The signed-in staff member; the UI hides what the role cannot do (the server enforces it). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: async () => (tokenStore.get() ? (await api<StaffMe>('/auth/me')).data : null),
    staleTime: 60_000,
  });

  useEffect(() => {
    const unsubscribe = onUnauthorised((message) => {
      client.setQueryData(ME_KEY, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      toast.info(message, { toastId: 'session-ended' });
    });
    return () => {
      unsubscribe();
    };
  }, [client]);

  const signIn = useCallback(
    (token: string, staff: StaffMe) => {
      tokenStore.set(token);
      client.setQueryData(ME_KEY, staff);
    },
    [client],
  );

  const signOut = useCallback(async () => {
    await api('/auth/logout', { method: 'POST' }).catch(() => {});
    tokenStore.clear();
    client.clear();
    client.setQueryData(ME_KEY, null);
  }, [client]);

  const value = useMemo<Auth>(() => {
    const current = me.data ?? null;
    return {
      me: current,
      loading: me.isLoading,
      can: (permission) => current?.permissions.includes(permission) ?? false,
      signIn,
      signOut,
    };
  }, [me.data, me.isLoading, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
