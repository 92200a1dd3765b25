import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { signOut } from '../../../lib/api/logout.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { type SessionFigures, useSessionFigures } from '../api/protection.ts';

const POLL_MS = 60_000;
const ackKey = (figures: SessionFigures) => `reality-check:${figures.started_at}`;

/** How many reality checks are due in this session (one every N minutes of it). */
export function checksDue(figures: SessionFigures, now = Date.now()): number {
  if (!figures.reality_check_minutes) return 0;
  const minutes = (now - new Date(figures.started_at).getTime()) / 60_000;
  return Math.floor(minutes / figures.reality_check_minutes);
}

function acknowledged(figures: SessionFigures): number {
  try {
    return Number(sessionStorage.getItem(ackKey(figures)) ?? '0');
  } catch {
    return 0;
  }
}

/**
 * The reality check (UKGC RTS 13): every N minutes of a sign-in session, a modal with the time
 * played and the net result (the server's figures); the player continues or logs out. Which
 * checks were seen is kept per session in sessionStorage, so a reload does not repeat one.
 */
export function RealityCheck() {
  const { t } = useTranslation();
  const auth = useAuth();
  const session = useSessionFigures(auth.isAuthenticated ? POLL_MS : false);
  const [due, setDue] = useState(0);
  const figures = session.data;
  useEffect(() => {
    if (!figures?.reality_check_minutes) return;
    const tick = () => {
      const count = checksDue(figures);
      if (count > acknowledged(figures)) {
        setDue(count);
        void session.refetch();
      }
    };
    tick();
    const timer = window.setInterval(tick, 15_000);
    return () => window.clearInterval(timer);
  }, [figures, session.refetch]);
  if (!figures || due === 0 || due <= acknowledged(figures)) return null;
  const minutes = Math.max(figures.minutes_played, due * (figures.reality_check_minutes ?? 0));
  const net = figures.net;
  const negative = net.startsWith('-');
  const carryOn = () => {
    try {
      sessionStorage.setItem(ackKey(figures), String(due));
    } catch {
      // Without storage the check shows again at the next interval only.
    }
    setDue(0);
  };
  return (
    <Modal
      open
      onClose={carryOn}
      title={t('compliance.realityTitle')}
      description={t('compliance.realityBody', { count: minutes })}
      testId="reality-check"
    >
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl border border-ink-700 bg-ink-950/50 p-3">
          <dt className="text-[12px] text-fg-subtle">{t('compliance.realityTime')}</dt>
          <dd className="mt-1 text-lg font-semibold text-fg tabular-nums">
            {t('compliance.minutesShort', { count: minutes })}
          </dd>
        </div>
        <div className="rounded-xl border border-ink-700 bg-ink-950/50 p-3">
          <dt className="text-[12px] text-fg-subtle">{t('compliance.realityStaked')}</dt>
          <dd className="mt-1 text-lg font-semibold text-fg tabular-nums">
            {figures.staked} <span className="text-xs text-fg-muted">{figures.currency}</span>
          </dd>
        </div>
        <div className="rounded-xl border border-ink-700 bg-ink-950/50 p-3">
          <dt className="text-[12px] text-fg-subtle">{t('compliance.realityNet')}</dt>
          <dd
            className={`mt-1 text-lg font-semibold tabular-nums ${negative ? 'text-negative' : 'text-positive'}`}
            data-testid="reality-net"
          >
            {negative ? net : `+${net}`}{' '}
            <span className="text-xs text-fg-muted">{figures.currency}</span>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-[13px] leading-relaxed text-fg-muted">
        {t('compliance.realityHint')}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void signOut()}>
          {t('compliance.realityLogout')}
        </Button>
        <Button onClick={carryOn} data-testid="reality-continue">
          {t('compliance.realityContinue')}
        </Button>
      </div>
    </Modal>
  );
}
