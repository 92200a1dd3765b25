import type { Customer } from '@casino/contracts';

export type WithdrawGate = 'verify' | 'nothing' | 'open';

/**
 * Spec §2 Withdraw tab, in its order: KYC null or PENDING asks to verify; otherwise nothing
 * withdrawable (withdrawable_amount <= 0: a wagering lock, a hold or an empty wallet — the
 * tracker's blockers say which) blocks; else the form. A REJECTED verification
 * also asks to verify again: the server pays out to approved identities only (decision 0402).
 */
export function withdrawGate(me: Pick<Customer, 'kyc' | 'withdrawable_amount'>): WithdrawGate {
  if (me.kyc === null || me.kyc.status !== 'APPROVED') return 'verify';
  if (me.withdrawable_amount <= 0) return 'nothing';
  return 'open';
}
