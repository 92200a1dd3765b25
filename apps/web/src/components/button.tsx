import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary:
    'bg-accent-500 text-white shadow-[0_6px_20px_-8px_rgb(47_140_255/0.7)] hover:bg-accent-600 active:bg-accent-700 disabled:bg-accent-700 disabled:text-white/70',
  secondary: 'bg-ink-700 text-fg hover:bg-ink-600 active:bg-ink-750 disabled:text-fg-subtle',
  outline:
    'border border-ink-600 text-fg hover:border-ink-500 hover:bg-ink-800 disabled:text-fg-subtle',
  ghost: 'text-fg-muted hover:bg-ink-800 hover:text-fg disabled:text-fg-subtle',
  // Ink on the negative red: white on it reads below 4.5:1.
  danger: 'bg-negative text-ink-950 hover:bg-negative/90 disabled:opacity-60',
};

const sizes: Record<Size, string> = {
  sm: 'h-9 px-3.5 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-5 text-base gap-2',
};

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  className?: string;
}) {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors duration-150 disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    block && 'w-full',
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant,
  size,
  block,
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
      className={buttonClasses({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
}
