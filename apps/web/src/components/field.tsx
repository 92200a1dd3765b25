import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export const controlClasses = (invalid: boolean) =>
  cn(
    'h-11 w-full rounded-lg border bg-ink-950/60 px-3.5 text-[15px] text-fg placeholder:text-fg-subtle transition-colors',
    'focus:outline-none focus:ring-2 focus:ring-accent-500/40',
    invalid
      ? 'border-negative/70 focus:border-negative'
      : 'border-ink-600 hover:border-ink-500 focus:border-accent-500',
  );

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
};

export function FieldFrame({ id, label, error, hint, optional, children }: FieldFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-fg-muted">
        {label}
        {optional && (
          <span className="ml-1 font-normal text-fg-subtle">({t('common.optional')})</span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-[13px] text-negative">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-[13px] text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, optional, id, className, type = 'text', ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} optional={optional}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
          className={cn(controlClasses(Boolean(error)), isPassword && 'pr-11', className)}
          {...props}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-fg-subtle hover:text-fg"
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        )}
      </div>
    </FieldFrame>
  );
});
