import type { SbTracker } from '@casino/contracts/sports-tracker';
import type { SbEventDetail } from '@casino/contracts/sportsbook';
import { useTranslation } from 'react-i18next';
import { CricketTracker } from './tracker/cricket-tracker.tsx';
import { FootballTracker } from './tracker/football-tracker.tsx';
import { TennisTracker } from './tracker/tennis-tracker.tsx';

/**
 * The live match tracker under the scoreboard: cricket ball by ball, football's timeline,
 * tennis points. The socket's event pushes carry each new state, so it moves with the match.
 */
export function MatchTracker({ event, tracker }: { event: SbEventDetail; tracker: SbTracker }) {
  const { t } = useTranslation();
  return (
    <section
      className="rounded-2xl border border-ink-700 bg-ink-900 p-4"
      data-testid="match-tracker"
      data-sport={tracker.sport}
      aria-label={t('sbTracker.title')}
    >
      {tracker.sport === 'cricket' ? (
        <CricketTracker tracker={tracker} home={event.home} away={event.away} />
      ) : tracker.sport === 'football' ? (
        <FootballTracker tracker={tracker} home={event.home} away={event.away} />
      ) : (
        <TennisTracker tracker={tracker} home={event.home} away={event.away} />
      )}
    </section>
  );
}
