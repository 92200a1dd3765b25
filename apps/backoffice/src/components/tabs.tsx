import { useRef } from 'react';
import { cn } from './cn.ts';

/** WAI-ARIA tabs: arrow keys move between tabs. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: Array<{ id: T; label: string; count?: number }>;
  value: T;
  onChange: (id: T) => void;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  return (
    <div role="tablist" className="flex gap-1 overflow-x-auto border-b border-ink-700">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          tabIndex={tab.id === value ? 0 : -1}
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            const next = (index + step + tabs.length) % tabs.length;
            refs.current[next]?.focus();
            onChange(tabs[next]!.id);
          }}
          className={cn(
            '-mb-px flex h-9 items-center gap-1.5 border-b-2 px-3 text-[13px] font-medium whitespace-nowrap transition-colors',
            tab.id === value
              ? 'border-accent-500 text-fg'
              : 'border-transparent text-fg-muted hover:text-fg',
          )}
        >
          {tab.label}
          {tab.count !== undefined && (
            <span className="rounded bg-ink-700 px-1.5 text-[11px] text-fg-muted">{tab.count}</span>
          )}
        </button>
      ))}
    </div>
  );
}
