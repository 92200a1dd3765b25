import { cn } from './cn.ts';

type BrandLogoProps = {
  name: string;
  logoUrl?: string;
  className?: string;
  /** On narrow screens show only the mark, leaving the top bar to the balance. */
  compact?: boolean;
};

/** The operator's logo, or its name set as a wordmark when no logo is configured. */
export function BrandLogo({ name, logoUrl, className, compact = false }: BrandLogoProps) {
  if (logoUrl) {
    // A fixed box, the image fitted inside it: the top bar does not move when the operator's
    // logo (of a width we cannot know) arrives after the first paint (issue 20).
    return (
      <img
        src={logoUrl}
        alt={name}
        width={160}
        height={32}
        className={cn('h-8 w-[160px] max-w-full object-contain object-left', className)}
      />
    );
  }
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <defs>
          <linearGradient id="brand-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8cc2ff" />
            <stop offset="1" stopColor="#2f8cff" />
          </linearGradient>
        </defs>
        <path
          d="M16 3l11 6.5v13L16 29 5 22.5v-13z"
          fill="none"
          stroke="url(#brand-mark)"
          strokeWidth="2.6"
          strokeLinejoin="round"
        />
        <circle cx="16" cy="16" r="4.2" fill="url(#brand-mark)" />
      </svg>
      <span
        className={cn(
          'truncate text-[19px] font-extrabold tracking-tight text-fg italic',
          compact && 'hidden sm:inline',
        )}
      >
        {name}
      </span>
    </span>
  );
}
