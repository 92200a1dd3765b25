import { envelope } from '@casino/contracts/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export const complianceView = z.object({
  withdrawals_frozen: z.boolean(),
  source_of_funds: z
    .object({
      id: z.string(),
      message: z.string(),
      status: z.enum(['requested', 'answered', 'closed']),
      response: z.string().nullable(),
      requested_at: z.string(),
      answered_at: z.string().nullable(),
    })
    .nullable(),
});
export type ComplianceView = z.infer<typeof complianceView>;
const response = envelope(complianceView);

/** A source-of-funds request from the operator, and whether withdrawals are on hold. */
export function useCompliance() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['compliance', auth.authUserToken],
    queryFn: async () =>
      parseResponse(response, await request('/customer/compliance'), 'compliance').data,
    enabled: auth.isAuthenticated,
  });
}

export function useAnswerSourceOfFunds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answer: string) =>
      parseResponse(
        response,
        await request('/customer/compliance/source-of-funds', { json: { response: answer } }),
        'source of funds',
      ).data,
    onSuccess: (data) => client.setQueriesData({ queryKey: ['compliance'] }, data),
  });
}
