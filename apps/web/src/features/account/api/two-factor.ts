import type { TotpEnrolment, TwoFactorStatus } from '@casino/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/** One file per resource: the player's authenticator app and recovery codes. */

export const twoFactorQueryKey = (token: string | null) => ['two-factor', token] as const;

type Envelope<T> = { message: string; data: T };

export function useTwoFactorStatus() {
  const { authUserToken } = useAuth();
  return useQuery({
    queryKey: twoFactorQueryKey(authUserToken),
    queryFn: async () =>
      ((await request('/customer/me/two-factor')) as Envelope<TwoFactorStatus>).data,
    enabled: Boolean(authUserToken),
  });
}

/** Every change answers fresh state: the status is fetched again after it. */
function useTwoFactorMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['two-factor'] }),
  });
}

export const useEnrolTwoFactor = () =>
  useTwoFactorMutation(
    async () =>
      (
        (await request('/customer/me/two-factor/enrol', {
          method: 'POST',
        })) as Envelope<TotpEnrolment>
      ).data,
  );

export type RecoveryCodesAnswer = Envelope<{ recovery_codes: string[] }>;

export const useConfirmTwoFactor = () =>
  useTwoFactorMutation(
    async (code: string) =>
      (await request('/customer/me/two-factor/confirm', { json: { code } })) as RecoveryCodesAnswer,
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation(
    async (code: string) =>
      (await request('/customer/me/two-factor/disable', { json: { code } })) as { message: string },
  );

export const useNewRecoveryCodes = () =>
  useTwoFactorMutation(
    async (code: string) =>
      (await request('/customer/me/two-factor/recovery-codes', {
        json: { code },
      })) as RecoveryCodesAnswer,
  );
