import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CardsIcon, LockIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { type Launch, launchGame, useGame, useJurisdiction } from '../api/lobby.ts';

type Mode = 'real' | 'demo';

/**
 * /casino/game/<slug>: a third-party game in an iframe, in real money (signed in, where the
 * jurisdiction allows it) or demo (play money kept by the studio; the wallet is never touched).
 */
export function GamePage() {
  const { t, i18n } = useTranslation();
  const { slug } = useParams();
  const auth = useAuth();
  const game = useGame(slug);
  const jurisdiction = useJurisdiction();
  const realAllowed = auth.isAuthenticated && jurisdiction.data?.real_money !== false;
  const [chosen, setChosen] = useState<Mode | null>(null);
  const mode: Mode =
    chosen === 'real' && realAllowed
      ? 'real'
      : chosen === 'demo'
        ? 'demo'
        : realAllowed
          ? 'real'
          : 'demo';
  const [launch, setLaunch] = useState<Launch | null>(null);
  const [error, setError] = useState<string | null>(null);

  const playable = game.data?.playable && !game.data.is_original;
  const ready =
    playable && (mode === 'demo' ? game.data?.demo_allowed : true) && !jurisdiction.isPending;
  // A new sign-in (token) opens a new session: the old one belonged to no one or someone else.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is a trigger, not an input
  useEffect(() => {
    if (!ready || !slug) return;
    let cancelled = false;
    setLaunch(null);
    setError(null);
    launchGame(slug, mode, i18n.language)
      .then((next) => !cancelled && setLaunch(next))
      .catch((failure: unknown) => !cancelled && setError(errorMessage(failure)));
    return () => {
      cancelled = true;
    };
  }, [ready, slug, mode, i18n.language, auth.authUserToken]);

  if (game.data?.is_original) return <Navigate to={game.data.url} replace />;
  const title = game.data?.name ?? '…';
  const frame = {
    title,
    breadcrumbs: [
      { label: t('nav.casino'), to: '/casino/home' },
      { label: t('pages.allGames.title'), to: '/casino/all-games?page=1' },
      { label: title },
    ],
  };
  if (game.isError) {
    return (
      <PageFrame {...frame} title={t('pages.notFound.title')}>
        <EmptyState
          icon={<CardsIcon size={26} />}
          title={t('pages.notFound.emptyTitle')}
          body={errorMessage(game.error)}
        />
      </PageFrame>
    );
  }
  const data = game.data;
  return (
    <PageFrame
      {...frame}
      subtitle={
        data && (
          <span className="text-[13px] text-fg-subtle">
            {data.provider.name} · {t('lobby.rtp', { rtp: data.rtp })} ·{' '}
            {t(`lobby.volatility.${data.volatility}`)} ·{' '}
            {t('lobby.betRange', {
              min: data.min_bet,
              max: data.max_bet,
              currency: data.bet_currency,
            })}
          </span>
        )
      }
    >
      {data && !data.playable ? (
        <EmptyState
          icon={<CardsIcon size={26} />}
          title={t('lobby.unavailableTitle')}
          body={t('lobby.unavailableBody', { provider: data.provider.name })}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div
              className="grid w-full grid-cols-2 gap-1 rounded-lg bg-ink-900 p-1 sm:w-72"
              role="radiogroup"
              aria-label={t('originals.mode')}
            >
              {(['real', 'demo'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={mode === m}
                  disabled={m === 'real' ? !realAllowed : !data?.demo_allowed}
                  onClick={() => setChosen(m)}
                  className={cn(
                    'h-9 rounded-md text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40',
                    mode === m
                      ? m === 'demo'
                        ? 'bg-warning/20 text-warning'
                        : 'bg-accent-500 text-white'
                      : 'text-fg-muted hover:text-fg',
                  )}
                  data-testid={`game-mode-${m}`}
                >
                  {t(`originals.${m}`)}
                </button>
              ))}
            </div>
            {!auth.isAuthenticated && (
              <Button
                variant="secondary"
                onClick={() => openModal('signIn')}
                data-testid="game-sign-in"
              >
                {t('originals.signInForReal')}
              </Button>
            )}
          </div>
          <p
            className={cn(
              'flex items-start gap-2 rounded-lg px-3 py-2 text-[13px] font-medium',
              mode === 'demo' ? 'bg-warning/10 text-warning' : 'bg-accent-500/10 text-accent-300',
            )}
            data-testid="game-mode-note"
          >
            {mode === 'demo' ? t('lobby.demoNote') : t('lobby.realNote')}
          </p>
          {auth.isAuthenticated && jurisdiction.data?.real_money === false && (
            <p
              className="flex items-start gap-2 rounded-lg bg-ink-850 px-3 py-2 text-[13px] text-fg-muted"
              data-testid="game-demo-only"
            >
              <LockIcon size={16} className="mt-0.5 shrink-0 text-warning" />
              {jurisdiction.data.message ?? t('lobby.demoOnly')}
            </p>
          )}
          <div className="relative aspect-[5/8] w-full overflow-hidden rounded-2xl border border-ink-700 bg-ink-950 sm:aspect-auto sm:h-[min(74vh,640px)]">
            {launch ? (
              <iframe
                key={launch.launch_url}
                src={launch.launch_url}
                title={title}
                className="absolute inset-0 size-full"
                allow="autoplay; fullscreen"
                data-testid="game-frame"
              />
            ) : error ? (
              <div
                className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-negative"
                role="alert"
                data-testid="game-error"
              >
                {error}
              </div>
            ) : (
              <div className="absolute inset-0 flex items-center justify-center">
                <Spinner />
              </div>
            )}
          </div>
        </div>
      )}
    </PageFrame>
  );
}
