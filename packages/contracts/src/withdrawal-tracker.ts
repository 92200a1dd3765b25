import { z } from 'zod';
import { payment } from './payments.ts';

/** The steps a withdrawal goes through, in order; `rejected` and `cancelled` end it early. */
export const WITHDRAWAL_STEPS = [
  'requested',
  'first_approved',
  'approved',
  'sent',
  'paid',
  'rejected',
  'cancelled',
] as const;
export const withdrawalStep = z.enum(WITHDRAWAL_STEPS);
export type WithdrawalStep = z.infer<typeof withdrawalStep>;

export const timelineEntry = z.object({
  step: withdrawalStep,
  /** When the step happened (ISO); null while it has not. */
  at: z.string().nullable(),
  /** done: happened; current: what the withdrawal waits for; upcoming; stopped: ended it. */
  state: z.enum(['done', 'current', 'upcoming', 'stopped']),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** What the player does about a blocker: a page of the site, or the support chat. */
export const blockerAction = z.object({
  kind: z.enum(['verify_identity', 'bonus', 'contact_support', 'wait']),
  /** The site's path for the action (null: no page, e.g. the support chat or waiting). */
  href: z.string().nullable(),
});

export const BLOCKER_CODES = [
  'kyc_unverified',
  'bonus_wagering',
  'limit_review',
  'compliance_hold',
] as const;

/** Something that stops a withdrawal now, in plain words, with what unblocks it. */
export const withdrawalBlocker = z.object({
  code: z.enum(BLOCKER_CODES),
  /** English text for API clients; the site shows its own words from `code` and the fields. */
  message: z.string(),
  /** bonus_wagering: the bonus named, and what is left to wager on it. */
  bonus: z.object({ id: z.string(), title: z.string() }).nullable(),
  amount_left: z.string().nullable(),
  /** limit_review: the amount above which a second person checks each withdrawal. */
  limit: z.string().nullable(),
  currency: z.string().nullable(),
  action: blockerAction,
});
export type WithdrawalBlocker = z.infer<typeof withdrawalBlocker>;

/** One withdrawal as the tracker shows it (fiat, INR or crypto). */
export const trackedWithdrawal = z.object({
  id: z.string(),
  kind: z.enum(['fiat', 'crypto']),
  status: z.enum(['pending', 'approved', 'paid', 'rejected', 'cancelled']),
  amount: z.string(),
  currency: z.string(),
  /** The method's name (UPI, Bank Transfer, USDT · TRC20…). */
  method: z.string(),
  created_at: z.string(),
  reason: z.string().nullable(),
  timeline: z.array(timelineEntry),
  /** The operator's expected time for this method, request to money received. */
  expected_minutes: z.number().int(),
  /** created_at + expected_minutes while the withdrawal is open; null once it ended. */
  expected_by: z.string().nullable(),
  /** Once paid: the bank's UTR (INR), the chain's transaction hash (crypto) or the payout reference. */
  paid_reference: z
    .object({ kind: z.enum(['utr', 'tx_hash', 'payout_reference']), value: z.string() })
    .nullable(),
  blockers: z.array(withdrawalBlocker),
  /** Fiat and INR: the cashier's own read of the payment, its fields unchanged. */
  payment: payment.nullable(),
});
export type TrackedWithdrawal = z.infer<typeof trackedWithdrawal>;

/** A payout method and the operator's expected time for it. */
export const expectedTime = z.object({
  gateway_id: z.number().int(),
  name: z.string(),
  expected_minutes: z.number().int(),
});

/** The tracker's overview: what blocks a new withdrawal now, the methods' times, open ones. */
export const withdrawalOverview = z.object({
  blockers: z.array(withdrawalBlocker),
  expected: z.array(expectedTime),
  open: z.array(trackedWithdrawal),
});
export type WithdrawalOverview = z.infer<typeof withdrawalOverview>;

export const trackedWithdrawalId = z
  .string()
  .regex(/^(wd|cw)_[0-9a-f]{24}$/, 'A withdrawal id looks like wd_… or cw_… with 24 hex digits');
