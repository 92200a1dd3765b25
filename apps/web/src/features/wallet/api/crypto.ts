import { cryptoDeposit, cryptoPriceEstimate } from '@casino/contracts/crypto';
import { envelope } from '@casino/contracts/envelope';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';

/** Spec §7: price estimate `{path}/{currency_code}/{amount}` → `data.estimated_amount`. */
export async function estimate(code: string, amount: string, network?: string) {
  const payload = await request(
    `/customer/crypto/price-estimation/${encodeURIComponent(code)}/${encodeURIComponent(amount)}`,
    {
      query: { network },
    },
  );
  return parseResponse(envelope(cryptoPriceEstimate), payload, 'price estimate').data;
}

/** Spec §7: address validity `{path}/{address}/{currency_code}`; status 200 means valid. */
export async function validateAddress(
  address: string,
  code: string,
  network?: string,
): Promise<boolean> {
  try {
    await request(
      `/customer/crypto/validate-address/${encodeURIComponent(address)}/${encodeURIComponent(code)}`,
      { query: { network } },
    );
    return true;
  } catch {
    return false;
  }
}

function form(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

export async function createCryptoDeposit(fields: {
  amount: string;
  converted_amount: string;
  currency: string;
  network?: string;
}) {
  const payload = await request('/customer/crypto/deposit/create', { form: form(fields) });
  return parseResponse(envelope(cryptoDeposit), payload, 'crypto deposit').data;
}

/** The status the wallet polls every 15 s (spec §4). */
export async function cryptoDepositStatus(tracking_id: string) {
  const payload = await request(`/customer/crypto/deposit/verify-public/${tracking_id}`, {
    method: 'POST',
  });
  return parseResponse(envelope(cryptoDeposit), payload, 'crypto deposit status').data;
}

export async function simulateCryptoPayment(tracking_id: string) {
  await request(`/sandbox/crypto/${tracking_id}/simulate`, { json: { outcome: 'paid' } });
}

export async function createCryptoWithdrawal(fields: {
  amount: string;
  converted_amount: string;
  currency: string;
  payment_address: string;
  network?: string;
  /** Asked by the server for an address the player never withdrew to, with two-factor on. */
  two_factor_code?: string;
}) {
  const payload = await request('/customer/crypto/withdraw/create', { form: form(fields) });
  return parseResponse(
    envelope(z.object({ tracking_id: z.string(), status: z.string() }).passthrough()),
    payload,
    'crypto withdrawal',
  ).data;
}
