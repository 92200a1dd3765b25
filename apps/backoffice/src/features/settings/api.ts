import type { AdminCurrency, AdminGateway, PublicSettings } from '@casino/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The legal texts in the languages other than English (English is the main field). */
export type LegalTranslations = {
  licence_text?: Record<string, string>;
  company_text?: Record<string, string>;
};
export type OperatorSettings = PublicSettings & {
  cors_origins: string[];
  translations: LegalTranslations;
};

export const useSettings = () =>
  useQuery({
    queryKey: ['settings'],
    queryFn: async () => (await api<OperatorSettings>('/settings')).data,
  });
export const useCurrencies = () =>
  useQuery({
    queryKey: ['settings', 'currencies'],
    queryFn: async () => (await api<AdminCurrency[]>('/currencies')).data,
  });
export const useGateways = () =>
  useQuery({
    queryKey: ['settings', 'gateways'],
    queryFn: async () => (await api<AdminGateway[]>('/gateways')).data,
  });

function useSettingsMutation<I, O>(run: (input: I) => Promise<{ data: O; message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['settings'] }),
  });
}

export const useSaveSettings = () =>
  useSettingsMutation((patch: Partial<OperatorSettings>) =>
    api<OperatorSettings>('/settings', { method: 'PATCH', json: patch }),
  );
export const useSaveCurrency = () =>
  useSettingsMutation(
    ({ id, ...patch }: { id: number; rate_to_eur?: string | null; enabled?: boolean }) =>
      api<AdminCurrency>(`/currencies/${id}`, { method: 'PATCH', json: patch }),
  );
export const useSaveThreshold = () =>
  useSettingsMutation(({ id, approval_threshold }: { id: number; approval_threshold: string }) =>
    api<AdminCurrency>(`/currencies/${id}/threshold`, {
      method: 'PUT',
      json: { approval_threshold },
    }),
  );
export const useSaveGateway = () =>
  useSettingsMutation(
    ({
      id,
      ...patch
    }: {
      id: number;
      name?: string;
      name_translations?: Record<string, string>;
      fee_percent?: string;
      enabled?: boolean;
      payout_expected_minutes?: number | null;
    }) => api<AdminGateway>(`/gateways/${id}`, { method: 'PATCH', json: patch }),
  );
