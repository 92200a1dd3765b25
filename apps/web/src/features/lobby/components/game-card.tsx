import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/cn.ts';
import type { Game } from '../api/lobby.ts';

/**
 * A game tile. The art's size is set (and its box reserves a 3:4 space before it loads), so
 * lazy-loaded images never shift the page.
 */
export function GameCard({
  game,
  eager = false,
  testId = `game-${game.slug}`,
}: {
  game: Game;
  eager?: boolean;
  /** Unique on the page: rows other than the primary one prefix theirs. */
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={game.url}
      className="group flex min-w-0 flex-col gap-1.5 outline-none"
      data-testid={testId}
    >
      <div className="relative aspect-[3/4] overflow-hidden rounded-xl bg-ink-800 ring-1 ring-ink-700 transition duration-200 group-hover:-translate-y-1 group-hover:ring-accent-500 group-focus-visible:ring-2 group-focus-visible:ring-accent-400">
        <img
          src={game.thumbnail}
          width={game.thumbnail_width}
          height={game.thumbnail_height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          alt=""
          className={cn('size-full object-cover', !game.playable && 'opacity-60 grayscale-[35%]')}
        />
        <div className="absolute inset-0 flex items-center justify-center bg-ink-950/55 opacity-0 transition-opacity duration-200 group-hover:opacity-100">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-500 text-white shadow-lg">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          </span>
        </div>
        {!game.playable && (
          <span className="absolute top-2 left-2 rounded-md bg-ink-950/80 px-1.5 py-0.5 text-[11px] font-semibold text-fg-muted">
            {t('lobby.comingSoon')}
          </span>
        )}
        {game.playable && game.is_original && (
          <span className="absolute top-2 left-2 rounded-md bg-accent-500/90 px-1.5 py-0.5 text-[11px] font-semibold text-white">
            {t('lobby.original')}
          </span>
        )}
      </div>
      <div className="min-w-0 px-0.5">
        <div className="truncate text-[13px] font-semibold text-fg">{game.name}</div>
        <div className="truncate text-[12px] text-fg-subtle">{game.provider.name}</div>
      </div>
    </Link>
  );
}

/** The same box as a card, while the list loads. */
export function GameCardSkeleton() {
  return (
    <div className="flex flex-col gap-1.5" aria-hidden="true">
      <div className="aspect-[3/4] animate-pulse rounded-xl bg-ink-800" />
      <div className="h-3.5 w-3/4 animate-pulse rounded bg-ink-800" />
      <div className="h-3 w-1/2 animate-pulse rounded bg-ink-800" />
    </div>
  );
}

/** A responsive grid of cards (or skeletons while loading). */
export function GameGrid({ games, loading }: { games: Game[] | undefined; loading?: boolean }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8">
      {loading && !games
        ? Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <GameCardSkeleton />
            </li>
          ))
        : games?.map((game, index) => (
            <li key={game.slug}>
              <GameCard game={game} eager={index < 6} />
            </li>
          ))}
    </ul>
  );
}
