import { z } from 'zod';

export const kycStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);

export const customerCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  prefix: z.string(),
  /** Digits after the decimal point in this currency's minor unit. */
  scale: z.number().int(),
});

/** The customer object of `POST /customer/login` and `GET /customer/me` (spec §3). */
export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'blocked', 'closed']),
  currency_id: z.number().int().nullable(),
  currency: customerCurrency.nullable(),
  wallet_default: z.object({
    /** Cash balance in major units, as the spec's clients expect a number. */
    balance: z.number(),
    /** Bonus balance; the misspelling is the published contract. */
    bounas_balance: z.number(),
    symbol: z.string(),
    /** The same balances as exact decimal strings, for clients that must not round. */
    balance_exact: z.string(),
    bounas_balance_exact: z.string(),
  }),
  withdrawable_amount: z.number(),
  kyc: z.object({ status: kycStatus }).nullable(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const loginRequest = z.object({
  email: z.string().trim().min(1, 'Email or username is required').max(254),
  password: z.string().min(1, 'Password is required').max(256),
});

/** Spec §3: `data` is the token itself; the customer rides beside it. */
export const loginResponse = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.string(),
  customer,
});

export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 128;

export const signupRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: z.email('Email is not a valid address').max(254),
  password: z
    .string()
    .min(PASSWORD_LENGTH_MIN, `Password must be at least ${PASSWORD_LENGTH_MIN} characters`)
    .max(PASSWORD_LENGTH_MAX, `Password must be at most ${PASSWORD_LENGTH_MAX} characters`),
  currency_id: z.coerce
    .number({ error: 'Currency is required' })
    .int('Currency is required')
    .positive('Currency is required'),
  referral_code: z.string().trim().max(64).optional().default(''),
  campaign_code: z.string().trim().max(64).optional().default(''),
  /** Country of residence, ISO 3166-1 alpha-2; checked against the jurisdiction policy. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'Country must be a two-letter country code')
    .optional()
    .transform((value) => value || undefined),
  /**
   * Date of birth (YYYY-MM-DD). Optional on the API so older clients keep working; the web
   * form requires it. Sign-up refuses players under 18 or their country's higher minimum age.
   */
  date_of_birth: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Date of birth must be a date such as 1990-04-21')
    .refine(
      (value) => value === '' || isCalendarDate(value),
      'Date of birth must be a real date in the past',
    )
    .optional()
    .transform((value) => value || undefined),
});
export type SignupRequest = z.infer<typeof signupRequest>;

/** A real calendar date (no 2021-02-30), after 1900 and not in the future. */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getUTCFullYear() > 1900 &&
    date.getTime() <= Date.now()
  );
}

/** Full years between a date of birth (YYYY-MM-DD) and `on` (UTC). */
export function ageOn(date_of_birth: string, on = new Date()): number {
  const [y, m, d] = date_of_birth.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  const month = on.getUTCMonth() + 1;
  if (month < m || (month === m && on.getUTCDate() < d)) age -= 1;
  return age;
}

export const forgotPasswordRequest = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
});

export const resetPasswordRequest = z.object({
  token: z.string().min(1, 'Reset token is required').max(200),
  password: signupRequest.shape.password,
});

export const passwordChangeRequest = z.object({
  current_password: z.string().min(1, 'Current password is required').max(256),
  new_password: signupRequest.shape.password,
});

export const profileUpdateRequest = z
  .object({
    name: signupRequest.shape.name.optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,24}$/, 'Phone must be a phone number such as +44 20 7946 0000')
      .optional(),
  })
  .refine((value) => value.name !== undefined || value.phone !== undefined, 'Nothing to update');
