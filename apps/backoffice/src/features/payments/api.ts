import type { AdminCurrency, AdminGateway, Payment, PaymentsPage } from '@casino/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client.ts';

/** A fiat / INR payment as the desk's detail shows it: with the webhook deliveries behind it. */
export type PaymentDetail = Payment & {
  webhooks: { event_id: string; event: string; outcome: string; received_at: string }[];
};

/** A crypto withdrawal (the crypto module's admin view). */
export type CryptoWithdrawal = {
  tracking_id: string;
  status: 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';
  amount: string;
  currency: string;
  coin: string;
  network: string;
  pay_amount: string;
  address: string;
  extra_id: string | null;
  tx_hash: string | null;
  reason: string | null;
  created_at: string;
  paid_at: string | null;
  player_id: string;
};

/** The desk refreshes on its own: new requests arrive while staff work the queue. */
const REFRESH_MS = 20_000;

export const usePayments = (query: Query, enabled: boolean) =>
  useQuery({
    queryKey: ['payments', query],
    queryFn: async () => (await api<PaymentsPage>('/payments', { query })).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    enabled,
  });

export const useQueueCounts = () =>
  useQuery({
    queryKey: ['payments', 'queue'],
    queryFn: async () =>
      (await api<{ deposits_pending: number; withdrawals_pending: number }>('/payments/queue'))
        .data,
    refetchInterval: REFRESH_MS,
  });

export const usePayment = (id: string | null) =>
  useQuery({
    queryKey: ['payments', 'detail', id],
    queryFn: async () => (await api<PaymentDetail>(`/payments/${id}`)).data,
    enabled: id !== null,
  });

export const useCryptoWithdrawals = (status: string, enabled: boolean) =>
  useQuery({
    queryKey: ['payments', 'crypto', status],
    queryFn: async () =>
      (
        await api<CryptoWithdrawal[]>('/crypto/withdrawals', {
          query: { status: status || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    enabled,
  });

export type DeskAction =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'paid'; provider_reference: string; utr?: string };

/** Approve / reject / mark paid, for a fiat payment (`dp_`/`wd_`) or a crypto one (`cw_`). */
export const useDeskAction = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DeskAction }) => {
      const crypto = id.startsWith('cw_');
      const base = crypto ? `/crypto/withdrawals/${id}` : `/payments/${id}`;
      if (action.kind === 'approve') return api<unknown>(`${base}/approve`, { json: {} });
      if (action.kind === 'reject')
        return api<unknown>(`${base}/reject`, { json: { reason: action.reason } });
      return api<unknown>(
        `${base}/paid`,
        crypto
          ? { json: { tx_hash: action.provider_reference } }
          : {
              json: {
                provider_reference: action.provider_reference,
                utr: action.utr || undefined,
              },
            },
      );
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['payments'] }),
  });
};

/** The filters' choices (read with settings.read; without it the desk takes a typed code). */
export const useFilterChoices = (enabled: boolean) => ({
  currencies: useQuery({
    queryKey: ['settings', 'currencies'],
    queryFn: async () => (await api<AdminCurrency[]>('/currencies')).data,
    enabled,
  }),
  gateways: useQuery({
    queryKey: ['settings', 'gateways'],
    queryFn: async () => (await api<AdminGateway[]>('/gateways')).data,
    enabled,
  }),
});
