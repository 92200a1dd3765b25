import type { Customer } from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { meQueryKey } from '../../../lib/api/get-me.ts';
import { request } from '../../../lib/api-client.ts';
import { rootStore, storeMe } from '../../../lib/root-store.ts';

/** The server's rules (contracts `profileUpdateRequest`): name 1–100, phone pattern. */
export const NAME_LENGTH_MAX = 100;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,24}$/;

export type ProfileInput = { name: string; phone: string };

/** Built per render so messages follow the current language. An empty phone is left unchanged. */
export const makeProfileSchema = (t: TFunction) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, t('auth.validation.nameRequired'))
      .max(NAME_LENGTH_MAX, t('account.validation.nameMax', { max: NAME_LENGTH_MAX })),
    phone: z
      .string()
      .trim()
      .refine((value) => value === '' || PHONE_PATTERN.test(value), t('account.validation.phone')),
  });

/** Only the fields that changed are sent; the server needs at least one. */
export function profilePatch(
  input: ProfileInput,
  saved: ProfileInput,
): { name?: string; phone?: string } {
  const patch: { name?: string; phone?: string } = {};
  const name = input.name.trim();
  const phone = input.phone.trim();
  if (name !== saved.name.trim()) patch.name = name;
  if (phone !== '' && phone !== saved.phone.trim()) patch.phone = phone;
  return patch;
}

export type UpdateProfileResponse = { status: number; message: string; data: Customer };

export async function updateProfile(patch: {
  name?: string;
  phone?: string;
}): Promise<UpdateProfileResponse> {
  return (await request('/customer/me/update', { json: patch })) as UpdateProfileResponse;
}

/** On success the cached `me` (and its persisted copy) takes the server's answer, then refetches. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (response) => {
      const key = meQueryKey(rootStore.get().auth.authUserToken);
      queryClient.setQueryData<Customer>(key, (previous) =>
        previous ? { ...previous, ...response.data } : response.data,
      );
      storeMe(queryClient.getQueryData<Customer>(key) ?? response.data);
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
