import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type Tone = 'neutral' | 'positive' | 'negative' | 'warning' | 'accent';
const tones: Record<Tone, string> = {
  neutral: 'bg-ink-700 text-fg-muted',
  positive: 'bg-positive/12 text-positive',
  negative: 'bg-negative/12 text-negative',
  warning: 'bg-warning/12 text-warning',
  accent: 'bg-accent-500/15 text-accent-300',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex h-5 items-center rounded px-1.5 text-[11px] font-semibold tracking-wide uppercase',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const STATUS_TONES: Record<string, Tone> = {
  active: 'positive',
  executed: 'positive',
  blocked: 'negative',
  rejected: 'negative',
  failed: 'negative',
  disabled: 'negative',
  closed: 'neutral',
  pending: 'warning',
  approved: 'accent',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{status}</Badge>;
}
