import type { WithdrawalBlocker } from '@casino/contracts/withdrawal-tracker';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { closeModal, openModal } from '../lib/modal-store.ts';
import { buttonClasses } from './button.tsx';
import { GiftIcon, HeadsetIcon, IdIcon, ShieldIcon } from './icons.tsx';

const ICONS: Record<WithdrawalBlocker['code'], ReactNode> = {
  kyc_unverified: <IdIcon size={18} />,
  bonus_wagering: <GiftIcon size={18} />,
  limit_review: <ShieldIcon size={18} />,
  compliance_hold: <HeadsetIcon size={18} />,
};

/**
 * What holds a withdrawal, one card per blocker in plain words, each with the button that
 * unblocks it (verify, the bonus page, support); the wallet and the withdrawal sheet share it.
 */
export function WithdrawalBlockers({ blockers }: { blockers: readonly WithdrawalBlocker[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2.5" data-testid="withdrawal-blockers">
      {blockers.map((blocker) => (
        <li
          key={`${blocker.code}:${blocker.bonus?.id ?? ''}`}
          className="flex gap-3 rounded-xl border border-warning/30 bg-warning/5 p-3.5"
          data-testid={`blocker-${blocker.code}`}
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-800 text-warning">
            {ICONS[blocker.code]}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="text-sm font-semibold text-fg">
              {t(`withdrawalTracker.blocker.${blocker.code}.title`, {
                bonus: blocker.bonus?.title ?? '',
              })}
            </p>
            <p className="text-[13px] leading-relaxed text-fg-muted">
              {t(`withdrawalTracker.blocker.${blocker.code}.body`, {
                amount: `${blocker.amount_left ?? ''} ${blocker.currency ?? ''}`.trim(),
                limit: `${blocker.limit ?? ''} ${blocker.currency ?? ''}`.trim(),
              })}
            </p>
            <BlockerAction blocker={blocker} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function BlockerAction({ blocker }: { blocker: WithdrawalBlocker }) {
  const { t } = useTranslation();
  const label = t(`withdrawalTracker.blocker.${blocker.code}.action`);
  const classes = buttonClasses({
    size: 'sm',
    variant: 'secondary',
    className: 'mt-1.5 self-start',
  });
  if (blocker.action.kind === 'contact_support') {
    return (
      <button type="button" className={classes} onClick={() => openModal('support')}>
        {label}
      </button>
    );
  }
  if (blocker.action.href) {
    return (
      <Link to={blocker.action.href} onClick={closeModal} className={classes}>
        {label}
      </Link>
    );
  }
  return null;
}
