import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from './cn.ts';
import { CheckIcon } from './icons.tsx';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string;
};

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, id, className, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 flex size-5 shrink-0">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className={cn(
              'peer size-5 cursor-pointer appearance-none rounded-md border bg-ink-950/60 transition-colors checked:border-accent-500 checked:bg-accent-500',
              error ? 'border-negative/70' : 'border-ink-500 hover:border-fg-subtle',
            )}
            {...props}
          />
          <CheckIcon
            size={14}
            strokeWidth={3}
            className="pointer-events-none absolute top-[3px] left-[3px] text-white opacity-0 peer-checked:opacity-100"
          />
        </span>
        <label htmlFor={inputId} className="cursor-pointer text-sm leading-snug text-fg-muted">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="pl-8 text-[13px] text-negative">
          {error}
        </p>
      )}
    </div>
  );
});
