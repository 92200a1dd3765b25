import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export const kycStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type KycStatus = z.infer<typeof kycStatus>;

const latest = z.object({
  status: kycStatus.nullable(),
  reason: z.string().nullable(),
  document_type: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type KycLatest = z.infer<typeof latest>;

/** The player's latest verification, with a rejection's reason. */
export function useKycLatest() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['kyc', auth.authUserToken],
    queryFn: async () =>
      parseResponse(envelope(latest), await request('/customer/kyc-verification'), 'kyc').data,
    enabled: auth.isAuthenticated,
  });
}

const started = z.object({ status: z.number(), message: z.string(), redirect: z.string() });

/**
 * Spec §4 "KYC Verify button: checking, then redirect to the URL the server returns". The
 * redirect is followed only when it stays on this site (it is ours; a tampered answer must not
 * send the player elsewhere).
 */
export function useStartVerification() {
  return useMutation({
    mutationFn: async () => {
      const body = parseResponse(
        started,
        await request('/customer/kyc-verification', { method: 'POST' }),
        'kyc start',
      );
      const target = new URL(body.redirect, window.location.origin);
      window.location.assign(
        target.origin === window.location.origin
          ? `${target.pathname}${target.search}`
          : '/settings/verify',
      );
      return body;
    },
  });
}

export const documentType = z.enum(['passport', 'national_id', 'driving_licence']);
export type DocumentType = z.infer<typeof documentType>;

const session = z.object({
  status: z.string(),
  expired: z.boolean(),
  expires_at: z.string(),
  name: z.string(),
  document_types: z.array(z.string()),
  file_bytes_max: z.number(),
});
export type KycSession = z.infer<typeof session>;

/** The Verification page's session, authenticated by the link's token. */
export function useKycSession(token: string) {
  return useQuery({
    queryKey: ['kyc-session', token],
    queryFn: async () =>
      parseResponse(
        envelope(session),
        await request(`/kyc/sessions/${encodeURIComponent(token)}`, { token: null }),
        'kyc session',
      ).data,
    enabled: token.length > 0,
    retry: false,
  });
}

export function useSubmitDocuments(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { document_type: DocumentType; document: File; selfie: File }) => {
      const form = new FormData();
      // Fields before files: the server reads the parts in order.
      form.append('document_type', input.document_type);
      form.append('document', input.document);
      form.append('selfie', input.selfie);
      return request(`/kyc/sessions/${encodeURIComponent(token)}/documents`, {
        form,
        token: null,
      });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['kyc'] });
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
