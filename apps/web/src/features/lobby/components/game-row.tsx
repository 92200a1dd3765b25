import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import type { Game } from '../api/lobby.ts';
import { GameCard, GameCardSkeleton } from './game-card.tsx';

/** A titled row of games that scrolls sideways (arrows on wide screens, swipe on phones). */
export function GameRow({
  id,
  title,
  games,
  loading,
  more,
  icon,
  primary = false,
}: {
  id: string;
  title: string;
  games: Game[] | undefined;
  loading?: boolean;
  more?: string;
  icon?: React.ReactNode;
  /** Its cards carry the plain `game-<slug>` test id (one row per page). */
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLUListElement>(null);
  if (!loading && (!games || games.length === 0)) return null;
  const scroll = (direction: 1 | -1) =>
    scroller.current?.scrollBy({
      left: direction * scroller.current.clientWidth * 0.8,
      behavior: 'smooth',
    });
  return (
    <section
      aria-labelledby={`row-${id}`}
      className="flex flex-col gap-3"
      data-testid={`row-${id}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`row-${id}`} className="flex items-center gap-2 text-lg font-bold text-fg">
          {icon && <span className="text-accent-400">{icon}</span>}
          {title}
        </h2>
        <div className="flex items-center gap-1.5">
          {more && (
            <Link
              to={more}
              className="mr-1 rounded-md px-2 py-1 text-[13px] font-semibold text-fg-muted hover:bg-ink-800 hover:text-fg"
            >
              {t('lobby.seeAll')}
            </Link>
          )}
          <button
            type="button"
            onClick={() => scroll(-1)}
            aria-label={t('lobby.scrollLeft')}
            className="hidden size-8 items-center justify-center rounded-lg bg-ink-800 text-fg-muted hover:bg-ink-700 hover:text-fg sm:flex"
          >
            <ChevronLeftIcon size={16} />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            aria-label={t('lobby.scrollRight')}
            className="hidden size-8 items-center justify-center rounded-lg bg-ink-800 text-fg-muted hover:bg-ink-700 hover:text-fg sm:flex"
          >
            <ChevronRightIcon size={16} />
          </button>
        </div>
      </div>
      <ul
        ref={scroller}
        className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pb-2 [scrollbar-width:none]"
      >
        {(loading && !games ? Array.from({ length: 8 }, () => null) : (games ?? [])).map(
          (game, index) => (
            <li
              key={game?.slug ?? `skeleton-${index}`}
              className="w-[calc((100%-2*0.75rem)/3)] shrink-0 snap-start sm:w-[calc((100%-4*0.75rem)/5)] lg:w-[calc((100%-6*0.75rem)/7)] 2xl:w-[calc((100%-8*0.75rem)/9)]"
            >
              {game ? (
                <GameCard
                  game={game}
                  eager={index < 4}
                  testId={primary ? `game-${game.slug}` : `${id}-game-${game.slug}`}
                />
              ) : (
                <GameCardSkeleton />
              )}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
