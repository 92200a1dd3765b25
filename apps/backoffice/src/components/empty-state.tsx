import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-ink-600 px-4 py-8 text-center">
      <p className="text-sm font-medium">{title}</p>
      {children && <p className="mt-1 text-[13px] text-fg-muted">{children}</p>}
    </div>
  );
}
