import type { SbEventState, SbMarket } from '@casino/contracts/sportsbook';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE } from '../../lib/api-client.ts';
import { type Position, StreamPositions } from '../../lib/stream-position.ts';
import { applyPush } from './api.ts';
import { slipStore } from './slip-store.ts';

type Push = Position &
  (
    | { type: 'market'; event_id: string; data: SbMarket }
    | { type: 'event'; event_id: string; data: SbEventState }
  );

/**
 * Live odds: one socket while the sports page is open, subscribed to the events on
 * screen and in the slip. Pushes patch the query cache (lists, event page) and the slip;
 * the socket reconnects with back-off. Each event's pushes are numbered: after a reconnect
 * (maybe to another instance) or a skipped number the lists and the event are read again.
 */
export function useLiveOdds(eventIds: string[]) {
  const client = useQueryClient();
  const socketRef = useRef<WebSocket | null>(null);
  const idsRef = useRef<string[]>([]);
  const key = [...new Set(eventIds)].sort().join('|');

  useEffect(() => {
    idsRef.current = key ? key.split('|') : [];
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ type: 'subscribe', events: idsRef.current.slice(0, 60) }));
  }, [key]);

  useEffect(() => {
    let closed = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const positions = new StreamPositions();
    const reread = (event_id?: string) => {
      void client.invalidateQueries({ queryKey: ['sports', 'events'] });
      void client.invalidateQueries({
        queryKey: event_id ? ['sports', 'event', event_id] : ['sports', 'event'],
      });
    };
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${window.location.host}${API_BASE}/sports/ws`);
      socketRef.current = socket;
      socket.onopen = () => {
        retry = 0;
        positions.clear();
        if (opened) reread();
        opened = true;
        socket.send(JSON.stringify({ type: 'subscribe', events: idsRef.current.slice(0, 60) }));
      };
      socket.onmessage = (message) => {
        let push: Push;
        try {
          push = JSON.parse(String(message.data)) as Push;
        } catch {
          return;
        }
        if (push.type !== 'market' && push.type !== 'event') return;
        const step = positions.accept(push.event_id, push);
        if (step === 'stale') return;
        if (step === 'gap') reread(push.event_id);
        applyPush(client, push);
        if (push.type === 'market') slipStore.applyMarket(push.data);
      };
      socket.onclose = () => {
        // A superseded socket closing late must not forget the current one.
        if (socketRef.current === socket) socketRef.current = null;
        if (closed) return;
        retry += 1;
        timer = setTimeout(connect, Math.min(10_000, 500 * 2 ** retry));
      };
    };
    connect();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socketRef.current?.close();
    };
  }, [client]);
}
