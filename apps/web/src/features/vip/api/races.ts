import { envelope } from '@casino/contracts/envelope';
import { type RaceBoard, raceBoard, raceList } from '@casino/contracts/races';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE, parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export type { RaceBoard, RaceStanding, RaceSummary } from '@casino/contracts/races';

const listResponse = envelope(raceList);
const boardResponse = envelope(raceBoard);
/** A dropped socket is opened again after this long (then twice as long, up to the maximum). */
const RECONNECT_MS_MIN = 500;
const RECONNECT_MS_MAX = 10_000;
/** The list is read again this often: a race ends, the next edition starts. */
const LIST_REFRESH_MS = 30_000;

/** Running and upcoming races, and the last ones ended. */
export function useRaces() {
  return useQuery({
    queryKey: ['races'],
    queryFn: async () => parseResponse(listResponse, await request('/races'), 'races').data.races,
    refetchInterval: LIST_REFRESH_MS,
  });
}

const boardKey = (race_id: string, token: string | null) => ['race-board', race_id, token] as const;

/**
 * A race's leaderboard: read over HTTP first, then replaced by every push of the race socket
 * (top 100 and the reader's own place). A reconnect reads the whole board again.
 */
export function useRaceBoard(race_id: string | null) {
  const { authUserToken: token } = useAuth();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: boardKey(race_id ?? '', token),
    queryFn: async () =>
      parseResponse(
        boardResponse,
        await request(`/races/${race_id}/leaderboard`),
        'race leaderboard',
      ).data,
    enabled: race_id !== null,
  });
  useEffect(() => {
    if (race_id === null) return;
    let socket: WebSocket | null = null;
    let closed = false;
    let delay = RECONNECT_MS_MIN;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${API_BASE}/races/ws`);
      socket.onopen = () => {
        delay = RECONNECT_MS_MIN;
        socket?.send(JSON.stringify({ type: 'watch', race_id, ...(token ? { token } : {}) }));
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; data?: unknown };
        if (message.type !== 'leaderboard') return;
        const parsed = raceBoard.safeParse(message.data);
        if (parsed.success) client.setQueryData<RaceBoard>(boardKey(race_id, token), parsed.data);
      };
      socket.onclose = () => {
        if (closed) return;
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, RECONNECT_MS_MAX);
      };
    };
    open();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [race_id, token, client]);
  return query;
}
