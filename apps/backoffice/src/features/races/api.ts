import type { RaceAdmin, RaceInput } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type { RaceAdmin, RaceInput };
export type RaceStandings = {
  race: RaceAdmin;
  standings: Array<{
    place: number;
    player_id: string;
    username: string | null;
    hidden: boolean;
    score: string;
    prize: string | null;
    paid: boolean;
  }>;
};

export function useRaces() {
  return useQuery({
    queryKey: ['races'],
    queryFn: async () => (await api<{ races: RaceAdmin[] }>('/races')).data.races,
    refetchInterval: 10_000,
  });
}

export function useStandings(id: string | null) {
  return useQuery({
    queryKey: ['races', id, 'standings'],
    queryFn: async () => (await api<RaceStandings>(`/races/${id}/standings`)).data,
    enabled: id !== null,
    refetchInterval: 5_000,
  });
}
