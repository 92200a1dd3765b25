import {
  forwardRef,
  type InputHTMLAttributes,
  useEffect,
  useImperativeHandle,
  useRef,
} from 'react';
import { cn } from './cn.ts';
import { controlClasses } from './field.tsx';
import { SearchIcon } from './icons.tsx';

/** A search input that `/` focuses from anywhere on the page (unless typing elsewhere). */
export const SearchBox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function SearchBox({ className, ...props }, ref) {
    const input = useRef<HTMLInputElement>(null);
    useImperativeHandle(ref, () => input.current!);
    useEffect(() => {
      const onKey = (event: KeyboardEvent) => {
        if (event.key !== '/' || event.metaKey || event.ctrlKey) return;
        const target = event.target as HTMLElement;
        if (target.closest('input, textarea, select, [contenteditable=true], [role=dialog]'))
          return;
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      };
      document.addEventListener('keydown', onKey);
      return () => document.removeEventListener('keydown', onKey);
    }, []);
    return (
      <div className={cn('relative', className)}>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-subtle" />
        <input
          ref={input}
          type="search"
          className={cn(controlClasses, 'h-8 pr-8 pl-8')}
          {...props}
        />
        <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-ink-600 px-1 font-mono text-[10px] text-fg-subtle">
          /
        </kbd>
      </div>
    );
  },
);
