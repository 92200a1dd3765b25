import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/cn.ts';
import {
  ChevronDownIcon,
  LogoutIcon,
  ReceiptIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/icons.tsx';
import { withAllStrings } from '../../i18n/index.ts';
import { signOut } from '../../lib/api/logout.ts';
import { openModal } from '../../lib/modal-store.ts';

/** Lazy: it reads the loyalty API with zod, which stays out of the initial chunk. */
const VipMenuCard = lazy(async () => ({
  default: (await withAllStrings(() => import('../../features/vip/components/vip-menu-card.tsx'))())
    .VipMenuCard,
}));

const itemClasses =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-fg-muted transition-colors hover:bg-ink-750 hover:text-fg focus-visible:bg-ink-750';

/** Spec §2: the username with Wallet, Referrals, Transactions, Settings, Logout. */
export function ProfileMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    // Clicking anywhere outside closes the dropdown.
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('topbar.accountMenu')}
        data-testid="profile-button"
        className={cn(
          'flex h-10 items-center gap-2 rounded-lg pr-2 pl-1.5 transition-colors',
          open ? 'bg-ink-700' : 'hover:bg-ink-800',
        )}
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-gradient-to-br from-accent-400 to-accent-700 text-white">
          <UserIcon size={16} />
        </span>
        <ChevronDownIcon
          size={16}
          className={cn('text-fg-muted transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div
          id={menuId}
          data-testid="profile-menu"
          className="absolute top-full right-0 z-40 mt-2 w-60 animate-pop-in rounded-xl border border-ink-700 bg-ink-850 p-1.5 shadow-pop"
        >
          <div className="mb-1 border-b border-ink-700 px-3 pt-2 pb-3">
            <p className="text-[11px] font-semibold tracking-wider text-fg-subtle uppercase">
              {t('topbar.signedInAs')}
            </p>
            <p className="mt-0.5 truncate font-semibold text-fg" data-testid="profile-username">
              {username}
            </p>
          </div>
          <div className="mb-1 border-b border-ink-700 pb-1">
            <Suspense fallback={<div className="h-[52px]" aria-hidden="true" />}>
              <VipMenuCard onNavigate={close} />
            </Suspense>
          </div>
          <ul className="flex flex-col gap-0.5">
            <li>
              <button
                type="button"
                className={itemClasses}
                onClick={() => {
                  close();
                  openModal('wallet');
                }}
              >
                <WalletIcon size={18} />
                {t('nav.wallet')}
              </button>
            </li>
            <li>
              <Link to="/affiliate/overview" className={itemClasses} onClick={close}>
                <UsersIcon size={18} />
                {t('nav.referrals')}
              </Link>
            </li>
            <li>
              <Link to="/transactions/deposits" className={itemClasses} onClick={close}>
                <ReceiptIcon size={18} />
                {t('nav.transactions')}
              </Link>
            </li>
            <li>
              <Link to="/settings/general" className={itemClasses} onClick={close}>
                <SettingsIcon size={18} />
                {t('nav.settings')}
              </Link>
            </li>
            <li className="mt-1 border-t border-ink-700 pt-1">
              <button
                type="button"
                className={itemClasses}
                onClick={() => {
                  close();
                  void signOut();
                }}
                data-testid="logout-button"
              >
                <LogoutIcon size={18} />
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
