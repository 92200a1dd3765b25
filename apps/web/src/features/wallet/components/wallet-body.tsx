import type { Customer } from '@casino/contracts';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AlertIcon, IdIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useMe } from '../../../lib/api/get-me.ts';
import { formatBalance, formatMoney } from '../../../lib/format.ts';
import { closeModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { withdrawGate } from '../utils/withdraw-gate.ts';
import { VerificationPanel } from './verification-panel.tsx';
import { BonusBlockers, TrackWithdrawalsLink, WithdrawBlocked } from './withdraw-blocked.tsx';

/**
 * The tabs' forms load on demand: the wallet's frame, balances and the tab opened draw first, and
 * a tab never opened costs nothing (its code, its schemas). The deposit tab, the one the wallet
 * opens on, is fetched with this module (wallet-modal.tsx).
 */
const loadFiatTabs = () => import('./fiat-tabs.tsx');
const loadCryptoTabs = () => import('./crypto-tabs.tsx');
const FiatDepositTab = lazy(async () => ({ default: (await loadFiatTabs()).FiatDepositTab }));
const FiatWithdrawTab = lazy(async () => ({ default: (await loadFiatTabs()).FiatWithdrawTab }));
const CryptoDepositTab = lazy(async () => ({ default: (await loadCryptoTabs()).CryptoDepositTab }));
const CryptoWithdrawTab = lazy(async () => ({
  default: (await loadCryptoTabs()).CryptoWithdrawTab,
}));

/** Spec §2: Deposit (0), Withdraw (1), Crypto Deposit (2), Crypto Withdraw (3). */
export const WALLET_TABS = ['deposit', 'withdraw', 'cryptoDeposit', 'cryptoWithdraw'] as const;

/** The wallet's content, loaded on first open. */
export function WalletBody() {
  const { t } = useTranslation();
  const auth = useAuth();
  const me = useMe();
  const [tab, setTab] = useState(0);
  const { refetch } = me;

  // Spec §4: the profile is fetched whenever the wallet opens while authenticated. A fetch
  // already under way (the layout's, when the wallet opens with the page) is that fetch: it is
  // joined, not cancelled and sent again (one request and one re-render fewer; issue 20).
  useEffect(() => {
    if (auth.isAuthenticated) void refetch({ cancelRefetch: false });
  }, [auth.isAuthenticated, refetch]);

  const customer = me.data ?? auth.authUserCustomerMe ?? auth.authUserCustomerData;
  if (!customer) {
    return (
      <div className="flex justify-center py-16 text-fg-muted">
        {me.isError ? t('wallet.loadFailed') : <Spinner className="size-6" />}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <BalanceSummary customer={customer} />
      <VerificationPanel customer={customer} />
      <Tabs
        label={t('wallet.tabs')}
        selected={tab}
        // A transition: the open tab stays until the next one's code has loaded.
        onSelect={(next) => startTransition(() => setTab(next))}
        items={WALLET_TABS.map((id) => ({ id, label: t(`wallet.${id}`) }))}
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-16 text-fg-muted">
              <Spinner className="size-6" />
            </div>
          }
        >
          <WalletTab tab={WALLET_TABS[tab] ?? 'deposit'} customer={customer} />
        </Suspense>
      </Tabs>
      <p className="flex gap-2 text-xs leading-relaxed text-fg-subtle">
        <AlertIcon size={14} className="mt-0.5 shrink-0" />
        {t('wallet.note')}
      </p>
    </div>
  );
}

function BalanceSummary({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const symbol = customer.currency?.prefix ?? customer.wallet_default.symbol;
  const wallet = customer.wallet_default;
  const items: { label: string; value: string; testId?: string }[] = [
    {
      label: t('wallet.balance'),
      value: formatBalance(customer, i18n.language),
      testId: 'wallet-balance',
    },
    {
      label: t('wallet.bonus'),
      value: formatMoney(
        symbol,
        wallet.bounas_balance_exact || wallet.bounas_balance,
        i18n.language,
      ),
    },
    {
      label: t('wallet.withdrawable'),
      value: formatMoney(symbol, Math.max(0, customer.withdrawable_amount), i18n.language),
    },
  ];
  return (
    <dl className="grid grid-cols-3 divide-x divide-ink-700 rounded-xl border border-ink-700 bg-ink-900/70">
      {items.map((item) => (
        <div key={item.label} className="min-w-0 px-3 py-3 sm:px-4">
          <dt className="text-xs leading-tight font-medium text-fg-subtle">{item.label}</dt>
          <dd
            className="mt-1 truncate font-mono text-sm font-semibold text-fg tabular-nums sm:text-[15px]"
            data-testid={item.testId}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function WalletTab({ tab, customer }: { tab: (typeof WALLET_TABS)[number]; customer: Customer }) {
  const { t } = useTranslation();
  if (tab === 'withdraw' || tab === 'cryptoWithdraw') {
    const gate = withdrawGate(customer);
    if (gate === 'verify') {
      return (
        <Notice
          icon={<IdIcon size={26} />}
          title={t('wallet.verifyTitle')}
          body={t('wallet.verifyBody')}
          action={
            <Link to="/settings/verify" onClick={closeModal} className={buttonClasses({})}>
              {t('wallet.verifyNow')}
            </Link>
          }
        />
      );
    }
    // Nothing withdrawable: the tracker says why by name (or that the balance is empty).
    if (gate === 'nothing') return <WithdrawBlocked />;
    return (
      <div className="flex flex-col gap-4">
        <BonusBlockers />
        {tab === 'cryptoWithdraw' ? (
          <CryptoWithdrawTab customer={customer} />
        ) : (
          <FiatWithdrawTab customer={customer} />
        )}
        <TrackWithdrawalsLink />
      </div>
    );
  }
  if (tab === 'cryptoDeposit') return <CryptoDepositTab customer={customer} />;
  return <FiatDepositTab customer={customer} />;
}

function Notice({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: ReactNode;
}) {
  return <EmptyState compact icon={icon} title={title} body={body} action={action} />;
}
