import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from './cn.ts';

export const controlClasses =
  'w-full rounded-md border border-ink-600 bg-ink-900 px-2.5 text-[13px] text-fg placeholder:text-fg-subtle outline-none transition-colors hover:border-ink-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/25 disabled:opacity-60 aria-[invalid=true]:border-negative';

type FieldShell = { label?: ReactNode; error?: string; hint?: ReactNode; className?: string };

function Shell({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {label && (
        <label htmlFor={id} className="text-xs font-medium text-fg-muted">
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-negative">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-fg-subtle">{hint}</p>
      ) : null}
    </div>
  );
}

export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & FieldShell
>(function TextField({ label, error, hint, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Shell id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cn(controlClasses, 'h-8')}
        {...props}
      />
    </Shell>
  );
});

export const TextArea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & FieldShell
>(function TextArea({ label, error, hint, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Shell id={inputId} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        className={cn(controlClasses, 'min-h-20 py-1.5 leading-relaxed')}
        {...props}
      />
    </Shell>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & FieldShell
>(function SelectField({ label, error, hint, className, id, children, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Shell id={inputId} label={label} error={error} hint={hint} className={className}>
      <select
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        className={cn(controlClasses, 'h-8 pr-7')}
        {...props}
      >
        {children}
      </select>
    </Shell>
  );
});
