import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Modal } from '../../components/modal.tsx';
import { getMe } from '../../lib/api/get-me.ts';
import { signOut } from '../../lib/api/logout.ts';
import {
  countdownText,
  EXPIRY_WARNING_MS,
  type ExpiryPhase,
  expiryPhase,
  SESSION_IDLE_MS,
} from './expiry.ts';

/** What counts as the player being there: their own input, not the page's background polls. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** Shared by the player's tabs, so playing in one keeps the others signed in. */
const ACTIVITY_KEY = 'session-activity';
/** Storage is written at most this often: a keydown per keystroke would be wasteful. */
const SHARE_EVERY_MS = 10_000;
const TICK_MS = 1_000;

function sharedActivity(): number {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY) ?? '0') || 0;
  } catch {
    return 0;
  }
}

function shareActivity(at: number) {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Without storage each tab keeps its own clock.
  }
}

/**
 * The idle sign-out, announced (WCAG 2.2.1): two minutes before a session would end for
 * inactivity, a dialog says so and counts down; "Stay signed in" (focused, so Enter is enough)
 * extends it as often as the player likes and tells the server the player is still here. Left
 * unanswered, the player is signed out with a note saying why.
 */
export function SessionExpiryWarning() {
  const { t } = useTranslation();
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const [phase, setPhase] = useState<ExpiryPhase>({ kind: 'active' });
  const [announcement, setAnnouncement] = useState('');
  const warning = phase.kind === 'warning';
  const warningRef = useRef(warning);
  warningRef.current = warning;

  const noteActivity = (now = Date.now()) => {
    lastActivity.current = now;
    if (now - lastShared.current >= SHARE_EVERY_MS) {
      lastShared.current = now;
      shareActivity(now);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once; the refs carry state
  useEffect(() => {
    noteActivity();
    const onActivity = () => {
      // While the warning shows, only its buttons answer it: a stray touch is not a choice.
      if (!warningRef.current) noteActivity();
    };
    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, onActivity, { capture: true, passive: true });
    }
    const tick = () => {
      const last = Math.max(lastActivity.current, sharedActivity());
      const next = expiryPhase(last, Date.now());
      setPhase((previous) =>
        previous.kind === next.kind &&
        (next.kind !== 'warning' ||
          (previous.kind === 'warning' &&
            Math.ceil(previous.remaining_ms / 1000) === Math.ceil(next.remaining_ms / 1000)))
          ? previous
          : next,
      );
    };
    const timer = window.setInterval(tick, TICK_MS);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, true);
    };
  }, []);

  useEffect(() => {
    if (phase.kind !== 'expired') return;
    void signOut({ flash: t('a11y.expiry.ended', { minutes: SESSION_IDLE_MS / 60_000 }) });
  }, [phase.kind, t]);

  useEffect(() => {
    if (warning)
      setAnnouncement(
        `${t('a11y.expiry.title')} ${t('a11y.expiry.body', { time: countdownText(EXPIRY_WARNING_MS) })}`,
      );
  }, [warning, t]);

  const stay = () => {
    noteActivity();
    lastShared.current = Date.now();
    shareActivity(lastShared.current);
    setPhase({ kind: 'active' });
    setAnnouncement(t('a11y.expiry.extended'));
    // Any signed-in call counts as use on the server and restarts its idle timer too.
    getMe().catch(() => {});
  };

  return (
    <>
      <div className="sr-only" aria-live="polite" data-testid="session-expiry-status">
        {announcement}
      </div>
      <Modal
        open={warning}
        onClose={stay}
        title={t('a11y.expiry.title')}
        description={t('a11y.expiry.body', {
          time: countdownText(phase.kind === 'warning' ? phase.remaining_ms : 0),
        })}
        size="sm"
        testId="session-expiry-warning"
      >
        {/* Stay first in the DOM (the dialog focuses it); on a wide screen it sits on the right. */}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button block onClick={stay} data-testid="session-stay" className="sm:order-2">
            {t('a11y.expiry.stay')}
          </Button>
          <Button block variant="secondary" onClick={() => void signOut()}>
            {t('a11y.expiry.signOut')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
