import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon, ShieldIcon } from '../../../components/icons.tsx';
import { useMe } from '../../../lib/api/get-me.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { PasswordCard } from './password-card.tsx';
import { PrivacyCard } from './privacy-card.tsx';
import { ProfileCard } from './profile-card.tsx';

/** Sessions end after this long without activity (server `SESSION_IDLE_MS`). */
export const SESSION_IDLE_MINUTES = 30;

/** The Settings page body for a signed-in player: profile, password, a security note. */
export function AccountSettings() {
  const auth = useAuth();
  const me = useMe();
  const customer = me.data ?? auth.authUserCustomerMe ?? auth.authUserCustomerData;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      {customer ? <ProfileCard customer={customer} /> : <CardSkeleton rows={3} />}
      <div className="flex flex-col gap-6">
        <PasswordCard />
        <PrivacyCard />
        <SecurityNote />
      </div>
    </div>
  );
}

function SecurityNote() {
  const { t } = useTranslation();
  return (
    <aside
      data-testid="security-note"
      className="flex items-start gap-3 rounded-2xl border border-ink-700 bg-ink-850/60 p-4 text-sm text-fg-muted"
    >
      <ShieldIcon size={20} className="mt-0.5 shrink-0 text-accent-400" />
      <div>
        <h2 className="font-semibold text-fg">{t('account.security.title')}</h2>
        <p className="mt-1 leading-relaxed">
          {t('account.security.idle', { minutes: SESSION_IDLE_MINUTES })}{' '}
          {t('account.security.otherDevices')}
        </p>
        <Link
          to="/settings/security"
          data-testid="security-settings-link"
          className="mt-3 inline-flex items-center gap-1 font-semibold text-accent-400 hover:text-accent-300"
        >
          {t('security.manage')}
          <ChevronRightIcon size={16} />
        </Link>
      </div>
    </aside>
  );
}

/** Same frame and height as a card of `rows` field rows, so nothing moves when it fills. */
export function CardSkeleton({ rows }: { rows: number }) {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col gap-5 rounded-2xl border border-ink-700 bg-ink-900/70 p-5 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="size-10 animate-pulse rounded-xl bg-ink-800" />
        <span className="h-4 w-32 animate-pulse rounded bg-ink-800" />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <span key={i} className="h-[72px] animate-pulse rounded-lg bg-ink-800/70" />
      ))}
    </div>
  );
}
