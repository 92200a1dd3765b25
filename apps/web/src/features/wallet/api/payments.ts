import { useQuery } from '@tanstack/react-query';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

/**
 * The payments' schemas, loaded by the first call that needs one: the wallet draws its frame and
 * its deposit tab without zod, which arrives while the player fills the form. A command loads
 * them before it sends its request: a chunk that fails to load must not follow a request the
 * server carried out (the player would see an error for a withdrawal that was made).
 */
async function schemas() {
  const [{ envelope }, payments, { z }] = await Promise.all([
    import('@casino/contracts/envelope'),
    import('@casino/contracts/payments'),
    import('zod'),
  ]);
  return { envelope, z, ...payments };
}

function form(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

/** Spec §7 fiat deposit (multipart) → `data.payment_response.payment.url`. */
export async function createDeposit(fields: Record<string, string | undefined>) {
  const { envelope, depositCreated } = await schemas();
  const payload = await request('/customer/deposit/create', { form: form(fields) });
  return parseResponse(envelope(depositCreated), payload, 'deposit').data;
}

/** The INR flow → `res_data.transactions.payment_options_url`. */
export async function createInrDeposit(fields: Record<string, string | undefined>) {
  const { inrDepositCreated } = await schemas();
  const payload = await request('/customer/deposit/flow-transect/create', { form: form(fields) });
  return parseResponse(inrDepositCreated, payload, 'INR deposit');
}

export async function createWithdrawal(fields: Record<string, string | undefined>, inr: boolean) {
  const { envelope, payment } = await schemas();
  const payload = await request(
    inr ? '/customer/withdraw/flow-transect/create' : '/customer/withdraw/create',
    { form: form(fields) },
  );
  return parseResponse(envelope(payment), payload, 'withdrawal').data;
}

export async function cancelWithdrawal(id: string) {
  const { envelope, payment } = await schemas();
  const payload = await request(`/customer/withdraw/${id}/cancel`, { method: 'POST' });
  return parseResponse(envelope(payment), payload, 'cancel withdrawal').data;
}

export async function getPayments(query: {
  direction: 'deposit' | 'withdrawal';
  page?: number;
  per_page?: number;
  status?: string;
}) {
  const [payload, { envelope, paymentsPage }] = await Promise.all([
    request('/customer/payments', { query }),
    schemas(),
  ]);
  return parseResponse(envelope(paymentsPage), payload, 'payments').data;
}

/** The player's latest withdrawals (the Withdraw tab lists the pending ones with Cancel). */
export function useRecentWithdrawals() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['payments', auth.authUserToken, 'withdrawal', 'recent'],
    queryFn: () => getPayments({ direction: 'withdrawal', per_page: 5 }),
    enabled: auth.isAuthenticated,
  });
}

/** Spec §7: `POST /customer/kyc-verification` (empty body) → status, message, redirect. */
export async function startKycVerification() {
  const { z } = await schemas();
  const payload = await request('/customer/kyc-verification', { method: 'POST' });
  return parseResponse(
    z.object({ status: z.number(), message: z.string(), redirect: z.string() }),
    payload,
    'kyc verification',
  );
}
