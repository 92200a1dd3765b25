import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api, type Query, tokenStore } from '../../lib/api-client.ts';

export type KycState = 'started' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'expired';

export type Verification = {
  id: string;
  player_id: string;
  player_name: string;
  player_email: string;
  provider: string;
  status: KycState;
  document_type: string | null;
  reason: string | null;
  reviewed_by: string | null;
  created_at: string;
  submitted_at: string | null;
  reviewed_at: string | null;
};
export type KycDocument = {
  id: string;
  kind: 'document' | 'selfie';
  mime: string;
  size_bytes: number;
  sha256: string;
};
type Paged<T> = { items: T[]; total: number; page: number; per_page: number };

export const useVerifications = (query: Query) =>
  useQuery({
    queryKey: ['kyc', query],
    queryFn: async () => (await api<Paged<Verification>>('/kyc', { query })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useVerification = (id: string | null) =>
  useQuery({
    queryKey: ['kyc-detail', id],
    queryFn: async () =>
      (await api<Verification & { documents: KycDocument[] }>(`/kyc/${id}`)).data,
    enabled: Boolean(id),
  });

/**
 * A document's bytes through the authenticated admin route (an <img src> cannot carry the
 * staff token). Images become data: URLs, which the site's CSP allows for images; a PDF
 * stays a Blob for download.
 */
export const useDocumentFile = (verification: string, document: KycDocument) =>
  useQuery({
    queryKey: ['kyc-file', verification, document.id],
    queryFn: async () => {
      const token = tokenStore.get();
      const response = await fetch(`${API_BASE}/kyc/${verification}/documents/${document.id}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new ApiError(response.status, body?.message ?? 'The document could not be loaded');
      }
      const blob = await response.blob();
      if (!document.mime.startsWith('image/')) return { blob, dataUrl: null };
      const dataUrl = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
      return { blob, dataUrl };
    },
    // Identity documents are not kept in memory longer than the review needs.
    gcTime: 60_000,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDecideKyc = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'approve' | 'reject';
      reason?: string;
    }) =>
      api<Verification>(
        `/kyc/${id}/${decision}`,
        decision === 'reject' ? { json: { reason } } : { method: 'POST' },
      ),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: ['kyc'] });
      void client.invalidateQueries({ queryKey: ['kyc-detail', result.data.id] });
      void client.invalidateQueries({ queryKey: ['player', result.data.player_id] });
    },
  });
};
