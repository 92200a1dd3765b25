import { PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from '@casino/contracts/customer';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';

export type PasswordChangeInput = { current: string; next: string; confirm: string };

/** Mirrors the server: 8–128 characters; the confirmation must match. */
export const makePasswordChangeSchema = (t: TFunction) =>
  z
    .object({
      current: z.string().min(1, t('account.validation.currentRequired')).max(256),
      next: z
        .string()
        .min(PASSWORD_LENGTH_MIN, t('auth.validation.passwordMin', { min: PASSWORD_LENGTH_MIN }))
        .max(PASSWORD_LENGTH_MAX, t('auth.validation.passwordMax', { max: PASSWORD_LENGTH_MAX })),
      confirm: z.string(),
    })
    .refine((v) => v.next === v.confirm, {
      path: ['confirm'],
      message: t('auth.validation.passwordsMismatch'),
    });

/** Other sessions end on the server; this one stays. */
export async function changePassword(input: {
  current_password: string;
  new_password: string;
}): Promise<{ message: string }> {
  return (await request('/customer/me/password-change', { json: input })) as { message: string };
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
