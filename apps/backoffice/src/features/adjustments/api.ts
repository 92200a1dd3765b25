import type { AdminAdjustment } from '@casino/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client.ts';

type Paged<T> = { items: T[]; total: number; page: number; per_page: number };

export const useAdjustments = (query: Query) =>
  useQuery({
    queryKey: ['adjustments', query],
    queryFn: async () => (await api<Paged<AdminAdjustment>>('/adjustments', { query })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useDecide = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      comment,
    }: {
      id: number;
      decision: 'approve' | 'reject';
      comment: string;
    }) =>
      api<AdminAdjustment>(`/adjustments/${id}/${decision}`, {
        json: { comment: comment || undefined },
      }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['adjustments'] });
      void client.invalidateQueries({ queryKey: ['overview'] });
      void client.invalidateQueries({ queryKey: ['player', String(result.data.player_id)] });
    },
  });
};
