import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { CLEARING, key, SYSTEM } from './ledger-support.ts';
import type { StaffMember } from './staff-helpers.ts';

let promotions = 0;
/**
 * A deposit-match promotion made by marketing through the back office: 100 % up to 100.00 EUR,
 * wagering 2 × the bonus, every category counting whole unless `overrides` say otherwise.
 */
export async function createPromotion(
  t: TestApp,
  marketing: StaffMember,
  overrides: Record<string, unknown> = {},
) {
  promotions += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: marketing.headers,
    payload: {
      code: `PROMO${process.pid}X${promotions}`,
      kind: 'deposit_match',
      title: { en: 'Test offer' },
      percent: '100',
      max_bonus: { EUR: 100_00 },
      wagering_multiplier: 2,
      wagering_base: 'bonus',
      per_player_limit: 1000,
      contributions: { slots: 100, originals: 100, table: 100, live: 100, sports: 100 },
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; code: string };
}

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
