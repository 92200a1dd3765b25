import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/cn.ts';

/** Spec §9: the loading screen shows for the first 2000 ms. */
export const LOADING_SCREEN_MS = 2_000;
const FADE_MS = 300;

/**
 * Drawn over the already-rendered app and faded out, so nothing moves when it
 * goes (no layout shift).
 */
export function LoadingOverlay({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'shown' | 'fading' | 'gone'>('shown');
  useEffect(() => {
    const fade = setTimeout(() => setPhase('fading'), LOADING_SCREEN_MS);
    const gone = setTimeout(() => setPhase('gone'), LOADING_SCREEN_MS + FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, []);
  if (phase === 'gone') return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      className={cn(
        'fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-ink-950 transition-opacity ease-out',
        phase === 'fading' && 'pointer-events-none opacity-0',
      )}
      style={{ transitionDuration: `${FADE_MS}ms` }}
    >
      <svg viewBox="0 0 64 64" className="size-16" aria-hidden="true">
        <defs>
          <linearGradient id="loader-grad" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8cc2ff" />
            <stop offset="1" stopColor="#2f8cff" />
          </linearGradient>
        </defs>
        <path
          d="M32 6l22 13v26L32 58 10 45V19z"
          fill="none"
          stroke="#1c3244"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path
          d="M32 6l22 13v26L32 58 10 45V19z"
          fill="none"
          stroke="url(#loader-grad)"
          strokeWidth="4"
          strokeLinejoin="round"
          strokeDasharray="40 120"
          className="animate-[dash_1.4s_linear_infinite]"
        />
        <circle cx="32" cy="32" r="7" fill="url(#loader-grad)" className="animate-pulse" />
      </svg>
      <div className="flex flex-col items-center gap-3">
        {brandName && (
          <span className="text-lg font-extrabold tracking-tight text-fg italic">{brandName}</span>
        )}
        <div className="h-1 w-40 overflow-hidden rounded-full bg-ink-800">
          <div
            className="h-full rounded-full bg-gradient-to-r from-accent-400 to-accent-600"
            style={{ animation: `loader-progress ${LOADING_SCREEN_MS}ms ease-out forwards` }}
          />
        </div>
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    </div>
  );
}
