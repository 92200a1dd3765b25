import type { TestApp } from './harness.ts';
import { CLEARING, key, SYSTEM } from './ledger-support.ts';

/** A deposit the cashier has credited, followed by its hook (as the webhook does). */
export async function creditDeposit(
  t: TestApp,
  player_id: bigint,
  amount_minor: bigint,
  coupon: string | null,
  ref = key('dep'),
  first = true,
) {
  await t.modules.ledger.service.transfer({
    idempotency_key: `deposit:${ref}`,
    debit: CLEARING,
    credit: { player_id, wallet: 'cash' },
    amount_minor,
    currency: 'EUR',
    reason_code: 'deposit',
    object: { type: 'payment', id: ref },
    actor: SYSTEM,
  });
  return t.modules.bonus.service.onDepositCredited({
    player_id,
    deposit_ref: ref,
    amount_minor,
    currency: 'EUR',
    coupon,
    first_deposit: first,
  });
}
