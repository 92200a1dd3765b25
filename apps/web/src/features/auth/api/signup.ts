import {
  ageOn,
  isCalendarDate,
  PASSWORD_LENGTH_MAX,
  PASSWORD_LENGTH_MIN,
} from '@casino/contracts/customer';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';

export const makeSignupInputSchema = (t: TFunction) =>
  z.object({
    name: z.string().trim().min(1, t('auth.validation.nameRequired')).max(100),
    email: z.email(t('auth.validation.emailInvalid')).max(254),
    password: z
      .string()
      .min(PASSWORD_LENGTH_MIN, t('auth.validation.passwordMin', { min: PASSWORD_LENGTH_MIN }))
      .max(PASSWORD_LENGTH_MAX, t('auth.validation.passwordMax', { max: PASSWORD_LENGTH_MAX })),
    currency_id: z.string().min(1, t('auth.validation.currencyRequired')),
    referral_code: z.string().trim().max(64),
    country: z.string().regex(/^([A-Z]{2})?$/),
    // Required here (the API keeps it optional for older clients); the server also checks the
    // country's minimum age.
    date_of_birth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t('compliance.dobRequired'))
      .refine(isCalendarDate, t('compliance.dobRequired'))
      .refine((value) => ageOn(value) >= 18, t('compliance.dobUnderage')),
    privacy: z.boolean(),
  });

export type SignupInput = {
  name: string;
  email: string;
  password: string;
  currency_id: string;
  referral_code: string;
  campaign_code: string;
  /** Country of residence (ISO alpha-2), checked against the jurisdiction policy. */
  country?: string;
  /** YYYY-MM-DD; the server refuses under 18 or the country's minimum age. */
  date_of_birth?: string;
};

type SignupResponse = {
  status: number;
  message: string;
  data?: { id?: number; username?: string };
};

/** Spec §7: multipart form; a 200 is success and does not sign in. */
export async function signup(input: SignupInput): Promise<SignupResponse> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  form.set('password', input.password);
  form.set('referral_code', input.referral_code);
  form.set('campaign_code', input.campaign_code);
  form.set('currency_id', input.currency_id);
  if (input.country) form.set('country', input.country);
  if (input.date_of_birth) form.set('date_of_birth', input.date_of_birth);
  return (await request('/customer/signup', { form, token: null })) as SignupResponse;
}

export const useSignup = () => useMutation({ mutationFn: signup });
