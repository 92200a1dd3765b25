import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '@casino/contracts/customer';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';

export const makeResetPasswordSchema = (t: TFunction) =>
  z
    .object({
      password: z
        .string()
        .min(PASSWORD_LENGTH_MIN, t('auth.validation.passwordMin', { min: PASSWORD_LENGTH_MIN }))
        .max(PASSWORD_LENGTH_MAX, t('auth.validation.passwordMax', { max: PASSWORD_LENGTH_MAX })),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, {
      path: ['confirm'],
      message: t('auth.validation.passwordsMismatch'),
    });

export async function resetPassword(input: { token: string; password: string }) {
  return (await request('/customer/reset-password', { json: input, token: null })) as {
    message: string;
  };
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
