import type { Customer } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { Button } from '../../components/button.tsx';
import { WalletIcon } from '../../components/icons.tsx';
import { formatBalance, formatBonusBalance } from '../../lib/format.ts';
import { openModal } from '../../lib/modal-store.ts';
import { ProfileMenu } from './profile-menu.tsx';

type TopBarProps = {
  brandName: string;
  logoUrl: string;
  isAuthenticated: boolean;
  customer: Customer | null;
};

export function TopBar({ brandName, logoUrl, isAuthenticated, customer }: TopBarProps) {
  const { t, i18n } = useTranslation();
  const bonus = formatBonusBalance(customer, i18n.language);
  return (
    <header
      data-testid="top-bar"
      className="sticky top-0 z-20 border-b border-ink-800 bg-ink-900/90 backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 shrink items-center"
          aria-label={brandName || undefined}
        >
          {brandName ? (
            <BrandLogo name={brandName} logoUrl={logoUrl} compact={isAuthenticated} />
          ) : (
            <span className="h-7 w-28 animate-pulse rounded-md bg-ink-800" />
          )}
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {isAuthenticated ? (
            <>
              <div className="flex h-10 items-center overflow-hidden rounded-lg border border-ink-700 bg-ink-950/70">
                <span className="flex flex-col items-end px-3 leading-none sm:px-3.5">
                  <span
                    className="font-mono text-sm font-semibold text-fg tabular-nums"
                    data-testid="balance-badge"
                    title={t('topbar.balance')}
                  >
                    {formatBalance(customer, i18n.language)}
                  </span>
                  {bonus && (
                    <span
                      className="mt-1 font-mono text-[10px] font-semibold text-accent-300 tabular-nums"
                      data-testid="balance-bonus"
                      title={t('topbar.bonus')}
                    >
                      {t('topbar.bonusLine', { amount: bonus })}
                    </span>
                  )}
                </span>
                <Button
                  size="md"
                  className="rounded-none rounded-r-[7px] px-3 sm:px-4"
                  onClick={() => openModal('wallet')}
                  icon={<WalletIcon size={18} />}
                  aria-label={t('topbar.wallet')}
                  data-testid="wallet-button"
                >
                  <span className="hidden sm:inline">{t('topbar.wallet')}</span>
                </Button>
              </div>
              <ProfileMenu username={customer?.username ?? ''} />
            </>
          ) : (
            <>
              <Button
                variant="secondary"
                onClick={() => openModal('signIn')}
                data-testid="login-button"
              >
                {t('topbar.login')}
              </Button>
              <Button onClick={() => openModal('register')} data-testid="register-button">
                {t('topbar.register')}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
