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
});
export type SignupRequest = z.infer<typeof signupRequest>;

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
