import { z } from 'zod';
import { translations } from './translations.ts';

/**
 * The back-office API (`/api/admin/*`): request and response schemas shared by the
 * server (validation, OpenAPI) and apps/backoffice (types, forms). Money travels as
 * exact decimal strings in major units of the stated currency.
 */

export const STAFF_ROLES = [
  'owner',
  'admin',
  'finance',
  'compliance',
  'risk',
  'support',
  'trader',
  'marketing',
] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

export const ADJUSTMENT_REASON_CODES = [
  'correction',
  'goodwill',
  'compensation',
  'chargeback',
  'promotion',
  'test',
  'other',
] as const;
export const adjustmentReasonCode = z.enum(ADJUSTMENT_REASON_CODES);

export const PER_PAGE_MAX = 100;
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(25),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });

/** Exact signed decimal in major units, e.g. "-12.50". */
export const decimalString = z
  .string()
  .trim()
  .regex(/^-?\d{1,30}(\.\d{1,18})?$/, 'Enter an amount such as 125.50');

// --- staff sign-in ------------------------------------------------------------

export const adminLoginRequest = z.object({
  email: z.email('Enter a valid email').max(254),
  password: z.string().min(1, 'Password is required').max(128),
  /** A 6-digit TOTP code or a recovery code; omit it to learn the next step. */
  code: z.string().trim().min(6, 'Enter the 6-digit code').max(20).optional(),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const staffView = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  status: z.enum(['active', 'disabled']),
  totp_enrolled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type StaffView = z.infer<typeof staffView>;

export const staffMe = staffView.extend({
  permissions: z.array(z.string()),
  recovery_codes_left: z.number().int(),
  idle_timeout_s: z.number().int(),
  session_expires_at: z.string(),
});
export type StaffMe = z.infer<typeof staffMe>;

export const adminLoginResult = z.discriminatedUnion('step', [
  z.object({ step: z.literal('code') }),
  z.object({
    step: z.literal('enrol'),
    enrolment: z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
  }),
  z.object({
    step: z.literal('done'),
    token: z.string(),
    staff: staffMe,
    /** Shown once, right after enrolment. */
    recovery_codes: z.array(z.string()).nullable(),
  }),
]);
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const staffCreateRequest = z.object({
  email: z.email('Enter a valid email').max(254),
  name: z.string().trim().min(1, 'Name is required').max(100),
  role: staffRole,
  password: z.string().min(12, 'At least 12 characters').max(128),
});
export const staffUpdateRequest = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  role: staffRole.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

// --- players ------------------------------------------------------------------

export const playerStatus = z.enum(['active', 'blocked', 'closed']);
export const PLAYER_SORTS = ['id', 'created_at', 'email', 'username', 'name', 'status'] as const;

export const adminPlayersQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: playerStatus.optional(),
  sort: z.enum(PLAYER_SORTS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const adminPlayerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: playerStatus,
  currency_code: z.string().nullable(),
  kyc_status: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPlayerRow = z.infer<typeof adminPlayerRow>;

export const adminCurrencyRef = z.object({
  id: z.number().int(),
  code: z.string(),
  prefix: z.string(),
  scale: z.number().int(),
});

export const adminPlayerDetail = adminPlayerRow.extend({
  referral_code: z.string(),
  referred_by_code: z.string().nullable(),
  campaign_code: z.string().nullable(),
  updated_at: z.string(),
  currency: adminCurrencyRef.nullable(),
  balances: z.object({
    cash: z.string(),
    bonus: z.string(),
    withdrawable: z.string(),
    /** False until the wallet module is wired: balances then read zero. */
    live: z.boolean(),
  }),
  approval_threshold: z.string(),
});
export type AdminPlayerDetail = z.infer<typeof adminPlayerDetail>;

export const playerStatusRequest = z.object({
  status: playerStatus,
  reason: z.string().trim().min(3, 'Give a reason (3+ characters)').max(500),
});

/**
 * A player's second factors as the back office sees them (decision 0974), with how many
 * passkeys they hold.
 */
export const adminPlayerTwoFactor = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
});
export type AdminPlayerTwoFactor = z.infer<typeof adminPlayerTwoFactor>;

/** Turning a player's two-factor off for them (a lost phone and lost codes): why, for the audit. */
export const twoFactorResetRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(10, 'Give a reason (10+ characters): how the player proved who they are')
    .max(500, 'The reason is at most 500 characters'),
});

export const adminSession = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  active: z.boolean(),
});

export const playerNote = z.object({
  id: z.number().int(),
  body: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export const playerNoteRequest = z.object({
  body: z.string().trim().min(1, 'Write a note').max(2000),
});

export const adminMovement = z.object({
  id: z.string(),
  created_at: z.string(),
  type: z.string(),
  amount: z.string(),
  balance_after: z.string().nullable(),
  currency: z.string(),
  description: z.string().nullable(),
});
export type AdminMovement = z.infer<typeof adminMovement>;

export const movementsQuery = pageQuery.extend({
  type: z.string().trim().max(40).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

// --- balance adjustments --------------------------------------------------------

export const adjustmentStatus = z.enum(['pending', 'approved', 'rejected', 'executed', 'failed']);

export const adjustmentRequest = z.object({
  amount: decimalString.refine((value) => !/^-?0*(\.0*)?$/.test(value), 'Amount must not be zero'),
  reason_code: adjustmentReasonCode,
  comment: z.string().trim().min(3, 'Explain the adjustment (3+ characters)').max(500),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

export const adjustmentDecision = z.object({
  comment: z.string().trim().max(500).optional(),
});

export const adminAdjustment = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  player_email: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  reason_code: adjustmentReasonCode,
  comment: z.string(),
  status: adjustmentStatus,
  needs_approval: z.boolean(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }),
  requested_at: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_comment: z.string().nullable(),
  executed_at: z.string().nullable(),
  transfer_id: z.string().nullable(),
  balance_after: z.string().nullable(),
  failure_code: z.string().nullable(),
});
export type AdminAdjustment = z.infer<typeof adminAdjustment>;

export const adjustmentsQuery = pageQuery.extend({
  status: adjustmentStatus.optional(),
  player_id: z.coerce.number().int().positive().optional(),
});

// --- dashboard --------------------------------------------------------------------

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export const dashboardQuery = z.object({ period: z.enum(DASHBOARD_PERIODS).default('7d') });

export const dashboardFigures = z.object({
  registrations: z.number().int(),
  ftd: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  ggr: z.string(),
  ngr: z.string(),
  active_players: z.number().int(),
});
export const dashboard = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  from: z.string(),
  to: z.string(),
  /** Money figures are converted to this currency at the operator's rates. */
  currency: z.literal('EUR'),
  figures: dashboardFigures,
  series: z.array(dashboardFigures.extend({ date: z.string() })),
  /** Which sources are live; a missing one reads zero, never invented. */
  sources: z.object({ ledger: z.boolean() }),
});
export type Dashboard = z.infer<typeof dashboard>;

// --- audit --------------------------------------------------------------------------

export const auditQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  actor_type: z.enum(['player', 'staff', 'system']).optional(),
  actor_id: z.string().trim().max(40).optional(),
  action: z.string().trim().max(80).optional(),
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(40).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const auditEntry = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor_type: z.enum(['player', 'staff', 'system']),
  actor_id: z.string().nullable(),
  actor_role: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  metadata: z.unknown(),
  hash: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditVerifyResult = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  problem: z.string().nullable(),
  entry_id: z.string().nullable(),
});

// --- settings, currencies, gateways -------------------------------------------------

export const adminCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  prefix: z.string(),
  scale: z.number().int(),
  is_crypto: z.boolean(),
  enabled: z.boolean(),
  rate_to_eur: z.string().nullable(),
  approval_threshold: z.string(),
});
export type AdminCurrency = z.infer<typeof adminCurrency>;

export const currencyUpdateRequest = z
  .object({
    rate_to_eur: z
      .string()
      .trim()
      .regex(/^\d{1,20}(\.\d{1,18})?$/, 'Enter a positive rate such as 90.25')
      .nullable()
      .optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Name a field to change: rate_to_eur or enabled');
export const thresholdUpdateRequest = z.object({
  approval_threshold: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, 'Enter an amount such as 1000'),
});

export const adminGateway = z.object({
  id: z.number().int(),
  name: z.string(),
  uniquename: z.string(),
  fee_percent: z.string(),
  enabled: z.boolean(),
  /** The operator's expected payout time in minutes; null: the method's default. */
  payout_expected_minutes: z.number().int().nullable(),
  /** What the player is told: the operator's time or the method's default. */
  payout_minutes: z.number().int(),
  /** The name in other languages; players in a language missing here see `name`. */
  name_translations: z.record(z.string(), z.string()),
});
export type AdminGateway = z.infer<typeof adminGateway>;
export const gatewayUpdateRequest = z
  .object({
    name: z.string().trim().min(1).max(60).optional(),
    fee_percent: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,4})?$/, 'Enter a percentage from 0 to 99.9999')
      .optional(),
    enabled: z.boolean().optional(),
    payout_expected_minutes: z
      .number()
      .int('Enter whole minutes')
      .min(1, 'At least 1 minute')
      .max(43_200, 'At most 43200 minutes (30 days)')
      .nullable()
      .optional(),
    /** Replaces the translations: a language left out or empty falls back to `name`. */
    name_translations: translations(60).optional(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'Name a field to change: name, name_translations, fee_percent, enabled or payout_expected_minutes',
  );

export const staffListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  role: staffRole.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
