import type { SbFeedSettings } from '@casino/contracts/sportsbook';
import { Badge, type Tone } from '../../../components/badge.tsx';

const TONES: Record<SbFeedSettings['health']['state'], Tone> = {
  ok: 'positive',
  starting: 'neutral',
  failing: 'warning',
  stale: 'negative',
  disabled: 'negative',
  stopped: 'neutral',
};

const ago = (iso: string | null | undefined) => {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  return s < 90
    ? `${s} s ago`
    : s < 5400
      ? `${Math.round(s / 60)} min ago`
      : `${Math.round(s / 3600)} h ago`;
};

/** The desk's feed line: is the feed delivering, how much quota is left, what last went wrong. */
export function FeedHealthLine({ health }: { health: SbFeedSettings['health'] }) {
  const stale = health.sports?.filter((s) => s.stale).map((s) => s.key) ?? [];
  return (
    <div
      className="space-y-1.5 px-3 py-2 text-[12px]"
      data-testid="feed-health"
      data-state={health.state}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={TONES[health.state]}>{health.state}</Badge>
        <span className="text-fg-muted">{health.provider.replace('_', ' ')}</span>
        {health.last_success_at !== undefined && (
          <span>
            <span className="text-fg-subtle">last success </span>
            {ago(health.last_success_at)}
          </span>
        )}
        {health.requests_remaining !== undefined && (
          <span>
            <span className="text-fg-subtle">requests left </span>
            <span className="font-mono">{health.requests_remaining ?? '—'}</span>
            <span className="text-fg-subtle"> · used </span>
            <span className="font-mono">{health.requests_used ?? '—'}</span>
          </span>
        )}
        {(health.unknown_markets ?? 0) + (health.unpriced_markets ?? 0) > 0 && (
          <span className="text-fg-subtle">
            {health.unknown_markets} unknown · {health.unpriced_markets} unpriced markets
          </span>
        )}
      </div>
      {stale.length > 0 && (
        <div className="text-negative">Markets suspended, data stale: {stale.join(', ')}</div>
      )}
      {health.last_error && (
        <div className="break-words text-warning">
          {ago(health.last_error.at)}: {health.last_error.kind.replace('_', ' ')} —{' '}
          {health.last_error.message}
        </div>
      )}
    </div>
  );
}
