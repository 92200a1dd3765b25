import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';

export const makeForgotPasswordSchema = (t: TFunction) =>
  z.object({ email: z.string().trim().min(1, t('auth.validation.emailInvalid')).max(254) });

export async function forgotPassword(input: { email: string }) {
  return (await request('/customer/forgot-password', { json: input, token: null })) as {
    message: string;
  };
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
