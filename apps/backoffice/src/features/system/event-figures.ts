import type { EventSubscriberStatus } from '@casino/contracts';
import type { Tone } from '../../components/badge.tsx';

export const HEALTH_TONE: Record<EventSubscriberStatus['health'], Tone> = {
  healthy: 'positive',
  lagging: 'warning',
  failing: 'negative',
};

/** A count the server may have stopped at `max` (it then means "at least"). */
export function formatCount(value: number, max?: number): string {
  const text = value.toLocaleString('en');
  return max !== undefined && value >= max ? `≥ ${text}` : text;
}

/** How far behind, in the largest unit that reads naturally. */
export function formatLag(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  const seconds = ms / 1_000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.floor(seconds)} s`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3_600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/** The first line of an error (a stack's message), for a one-line cell. */
export const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';
