import type { PlayerSession } from '@casino/contracts/security';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button.tsx';
import { cn } from '../../../../components/cn.ts';
import { MonitorIcon } from '../../../../components/icons.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';
import { useSessions, useSignOutOthers, useSignOutSession } from '../../api/sessions.ts';
import { SettingsCard } from '../settings-card.tsx';
import { relativeTime } from './relative-time.ts';

/** Settings → Security: where the account is signed in, and signing devices out. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  const endOthers = async () => {
    try {
      toast.success((await signOutOthers.mutateAsync()).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <SettingsCard
      icon={<MonitorIcon size={20} />}
      title={t('security.sessions.title')}
      description={t('security.sessions.description')}
      testId="sessions-card"
    >
      {sessions.isPending ? (
        <span aria-hidden="true" className="h-16 animate-pulse rounded-lg bg-ink-800/70" />
      ) : (
        <ul className="flex flex-col divide-y divide-ink-700/70">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {!sessions.isPending && others === 0 && (
        <p className="text-sm text-fg-subtle">{t('security.sessions.none')}</p>
      )}
      {others > 0 && (
        <div className="flex justify-end border-t border-ink-700/70 pt-4">
          <Button
            variant="secondary"
            onClick={endOthers}
            loading={signOutOthers.isPending}
            data-testid="sign-out-others"
          >
            {t('security.sessions.signOutOthers')}
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}

function SessionRow({ session }: { session: PlayerSession }) {
  const { t, i18n } = useTranslation();
  const signOut = useSignOutSession();
  const { browser, os } = session.device;
  const name =
    browser && os
      ? t('security.sessions.browserOn', { browser, os })
      : (browser ?? os ?? t('security.sessions.unknownDevice'));
  const end = async () => {
    try {
      toast.success((await signOut.mutateAsync(session.id)).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="session-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
          <span className="truncate">{name}</span>
          {session.current && (
            <span
              className={cn(
                'rounded-full border border-positive/30 bg-positive/10 px-2 py-0.5 text-[11px] font-semibold text-positive',
              )}
            >
              {t('security.sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-[13px] text-fg-subtle">
          {[
            session.ip,
            t('security.sessions.lastSeen', {
              time: relativeTime(session.last_seen_at, i18n.language),
            }),
            t('security.sessions.started', {
              time: relativeTime(session.created_at, i18n.language),
            }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!session.current && (
        <Button variant="ghost" size="sm" onClick={end} loading={signOut.isPending}>
          {t('security.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
