import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clearCoupon } from '../../../lib/coupon.ts';
import { toast } from '../../../lib/toast.ts';

const DEPOSIT_ID = /^dp_[0-9a-f]{24}$/;
/** Spec §9: the coupon is removed 5 s after a deposit. */
const COUPON_REMOVAL_MS = 5_000;
/**
 * Spec §9: the loading screen covers the first 2000 ms after a page load, and the toast
 * container loads lazily behind it; the result is announced once both are past.
 */
const ANNOUNCE_AFTER_MS = 2_000;
/** Deposits already announced in this page's life (the effect re-runs as parameters change). */
const handled = new Set<string>();

/**
 * The player comes back from the payment page to `/?deposit=<id>`: tell them where their
 * deposit stands (the gateway's webhook may have credited it already, or not yet), remove
 * the coupon 5 s later, and drop the parameters from the address bar.
 */
export function useDepositReturn(authenticated: boolean) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('deposit');
  useEffect(() => {
    if (!authenticated || !id || !DEPOSIT_ID.test(id) || handled.has(id)) return;
    handled.add(id);
    // Not cleared when the parameters go: the coupon goes 5 s after the deposit whatever happens.
    setTimeout(clearCoupon, COUPON_REMOVAL_MS);
    // Loaded on demand: the payments API stays out of the first page's chunk.
    const announce = () =>
      import('../api/payments.ts')
        .then(({ getPayments }) => getPayments({ direction: 'deposit', per_page: 10 }))
        .then((page) => {
          const payment = page.items.find((item) => item.id === id);
          const amount = payment ? `${payment.net_amount} ${payment.currency}` : '';
          if (payment?.status === 'credited' || payment?.status === 'crediting')
            toast.success(t('cashier.return.credited', { amount }));
          else if (payment?.status === 'declined') toast.error(t('cashier.return.declined'));
          else if (payment?.status === 'abandoned' || payment?.status === 'expired')
            toast.info(t('cashier.return.abandoned'));
          else toast.info(t('cashier.return.pending'));
        })
        .catch((failure: unknown) => console.error('deposit status', failure));
    setTimeout(() => void announce(), ANNOUNCE_AFTER_MS);
    const next = new URLSearchParams(params);
    next.delete('deposit');
    next.delete('result');
    setParams(next, { replace: true });
  }, [authenticated, id, params, setParams, t]);
}
