import type {
  AdjustmentRequest,
  AdminAdjustment,
  AdminMovement,
  AdminPlayerDetail,
  AdminPlayerRow,
} from '@casino/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client.ts';

type Paged<T> = { items: T[]; total: number; page: number; per_page: number };
export type Session = {
  id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  active: boolean;
};
export type Note = {
  id: number;
  body: string;
  staff: { id: number; name: string };
  created_at: string;
};

export const usePlayers = (query: Query) =>
  useQuery({
    queryKey: ['players', query],
    queryFn: async () => (await api<Paged<AdminPlayerRow>>('/players', { query })).data,
    placeholderData: keepPreviousData,
  });

export const usePlayer = (id: string) =>
  useQuery({
    queryKey: ['player', id],
    queryFn: async () => (await api<AdminPlayerDetail>(`/players/${id}`)).data,
  });

export const useMovements = (id: string, query: Query, enabled: boolean) =>
  useQuery({
    queryKey: ['player', id, 'movements', query],
    queryFn: async () =>
      (await api<Paged<AdminMovement>>(`/players/${id}/movements`, { query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSessions = (id: string) =>
  useQuery({
    queryKey: ['player', id, 'sessions'],
    queryFn: async () => (await api<Session[]>(`/players/${id}/sessions`)).data,
  });

export const useNotes = (id: string) =>
  useQuery({
    queryKey: ['player', id, 'notes'],
    queryFn: async () => (await api<Note[]>(`/players/${id}/notes`)).data,
  });

export const usePlayerAdjustments = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['player', id, 'adjustments'],
    queryFn: async () =>
      (
        await api<Paged<AdminAdjustment>>('/adjustments', {
          query: { player_id: id, per_page: 100 },
        })
      ).data,
    enabled,
  });

/** Every player mutation refreshes that player's views (and the pending counter). */
function usePlayerMutation<I, O>(
  id: string,
  run: (input: I) => Promise<{ data: O; message: string }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['player', id] });
      void client.invalidateQueries({ queryKey: ['players'] });
      void client.invalidateQueries({ queryKey: ['overview'] });
      void client.invalidateQueries({ queryKey: ['adjustments'] });
    },
  });
}

export const useSetStatus = (id: string) =>
  usePlayerMutation(id, (input: { status: string; reason: string }) =>
    api<AdminPlayerDetail>(`/players/${id}/status`, { json: input }),
  );

export const useRevokeSessions = (id: string) =>
  usePlayerMutation(id, () =>
    api<{ revoked: number }>(`/players/${id}/sessions/revoke`, { method: 'POST' }),
  );

export const useRevokeSession = (id: string) =>
  usePlayerMutation(id, (session_id: number) =>
    api<unknown>(`/players/${id}/sessions/${session_id}/revoke`, { method: 'POST' }),
  );

export const useAddNote = (id: string) =>
  usePlayerMutation(id, (body: string) => api<Note>(`/players/${id}/notes`, { json: { body } }));

export const useRequestAdjustment = (id: string) =>
  usePlayerMutation(id, (input: AdjustmentRequest) =>
    api<AdminAdjustment>(`/players/${id}/adjustments`, { json: input }),
  );
