import { loginResponse } from '@casino/contracts/customer';
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

export async function login(input: LoginInput): Promise<LoginResponse> {
  const payload = await request('/customer/login', { json: input, token: null });
  return parseResponse(loginResponse, payload, 'login');
}

export const useLogin = () => useMutation({ mutationFn: login });
