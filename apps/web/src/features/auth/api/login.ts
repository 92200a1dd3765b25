import { loginResponse } from '@casino/contracts/customer';
import { type TwoFactorChallenge, twoFactorChallenge } from '@casino/contracts/security';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import type { LoginResponse } from '../../../lib/root-store.ts';

export type LoginInput = { email: string; password: string };

/** Built per render so messages follow the current language. */
export const makeLoginInputSchema = (t: TFunction) =>
  z.object({
    email: z.string().trim().min(1, t('auth.validation.emailOrUsernameRequired')).max(254),
    password: z.string().min(1, t('auth.validation.passwordRequired')).max(256),
  });

/** A session, or (two-factor on) a challenge for the second step (decision 0140). */
export async function login(input: LoginInput): Promise<LoginResponse | TwoFactorChallenge> {
  const payload = await request('/customer/login', { json: input, token: null });
  if ((payload as { two_factor_required?: unknown }).two_factor_required === true)
    return parseResponse(twoFactorChallenge, payload, 'login challenge');
  return parseResponse(loginResponse, payload, 'login');
}

export const isChallenge = (
  answer: LoginResponse | TwoFactorChallenge,
): answer is TwoFactorChallenge => 'two_factor_required' in answer;

export const useLogin = () => useMutation({ mutationFn: login });

/** The second step: the challenge and a code from the app or a recovery code. */
export async function loginTwoFactor(input: {
  challenge_token: string;
  code: string;
}): Promise<LoginResponse> {
  const payload = await request('/customer/login/two-factor', { json: input, token: null });
  return parseResponse(loginResponse, payload, 'login');
}

export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor });
