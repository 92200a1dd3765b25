import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
type Size = 'xs' | 'sm' | 'md';

const variants: Record<Variant, string> = {
  primary:
    'bg-accent-500 text-white hover:bg-accent-600 active:bg-accent-700 disabled:bg-accent-700 disabled:text-white/60',
  secondary: 'bg-ink-700 text-fg hover:bg-ink-600 disabled:text-fg-subtle',
  outline:
    'border border-ink-600 text-fg hover:border-ink-500 hover:bg-ink-800 disabled:text-fg-subtle',
  ghost: 'text-fg-muted hover:bg-ink-800 hover:text-fg disabled:text-fg-subtle',
  danger:
    'bg-negative/15 text-negative border border-negative/40 hover:bg-negative/25 disabled:opacity-60',
};
const sizes: Record<Size, string> = {
  xs: 'h-7 px-2.5 text-xs gap-1',
  sm: 'h-8 px-3 text-[13px] gap-1.5',
  md: 'h-9 px-4 text-sm gap-2',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant = 'secondary',
  size = 'sm',
  loading = false,
  icon,
  className,
  children,
  type = 'button',
  disabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed',
        variants[variant],
        sizes[size],
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
}
