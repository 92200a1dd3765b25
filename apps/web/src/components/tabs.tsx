import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from './cn.ts';

export type TabItem = { id: string; label: ReactNode; icon?: ReactNode };

type TabsProps = {
  items: TabItem[];
  selected: number;
  onSelect: (index: number) => void;
  label: string;
  children: ReactNode;
};

/** WAI-ARIA tabs: arrow keys move between tabs, the panel follows selection. */
export function Tabs({ items, selected, onSelect, label, children }: TabsProps) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-2 gap-1 rounded-xl bg-ink-950/70 p-1 sm:grid-cols-4"
      >
        {items.map((item, index) => {
          const active = index === selected;
          return (
            <button
              key={item.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(index)}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                'flex min-h-10 items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-center text-[13px] leading-tight font-semibold transition-colors',
                active ? 'bg-ink-700 text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
              )}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        className="pt-5"
      >
        {children}
      </div>
    </div>
  );
}
