import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { signWebhook } from '../src/modules/cashier/index.ts';
import { bearer, type TestApp } from './harness.ts';

export const SANDBOX_SECRET = 'sandbox-webhook-secret';
export const EUR = 1;
export const INR = 3;

/** Multipart, as the wallet sends it. */
export function form(fields: Record<string, string>) {
  const boundary = `----cashier${randomBytes(8).toString('hex')}`;
  const body = Object.entries(fields)
    .map(
      ([key, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function createDeposit(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  url = '/api/v1/customer/deposit/create',
) {
  const multipart = form(fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...multipart.headers },
    payload: multipart.payload,
  });
}

/** A pending EUR deposit through Bank Transfer (gateway 4, 1 % fee). */
export async function pendingDeposit(t: TestApp, token: string, amount = '100.00') {
  const response = await createDeposit(t, token, {
    amount,
    currency: String(EUR),
    payment_gateway: '4',
    bank_name: 'ING',
    redirect_url: 'https://example.com/',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: string;
    provider_reference: string;
    amount: string;
    currency: string;
    fee: string;
    net_amount: string;
    status: string;
  };
}

export type Outcome = 'approved' | 'declined' | 'abandoned' | 'pending';
const TYPES: Record<Outcome, string> = {
  approved: 'payment.approved',
  declined: 'payment.declined',
  abandoned: 'payment.abandoned',
  pending: 'payment.pending',
};

/** A sandbox gateway event body (what the provider would POST). */
export function eventBody(
  reference: string,
  outcome: Outcome,
  amount: string,
  currency = 'EUR',
  event_id = `evt_${randomBytes(12).toString('hex')}`,
  utr?: string,
): string {
  return JSON.stringify({
    id: event_id,
    type: TYPES[outcome],
    data: { reference, amount, currency, ...(utr ? { utr } : {}) },
  });
}

/** Delivers a webhook body, signed with `secret` at `at`. */
export function deliver(
  t: TestApp,
  body: string,
  options: { secret?: string; at?: Date; signature?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-cashier-signature':
        options.signature ?? signWebhook(options.secret ?? SANDBOX_SECRET, body, options.at),
    },
    payload: body,
  });
}

export async function paymentRow(t: TestApp, public_id: string) {
  const result = await sql<{
    status: string;
    transfer_id: string | null;
    utr: string | null;
    coupon: string | null;
  }>`select status, transfer_id, utr, coupon from payments where public_id = ${public_id}`.execute(
    t.db,
  );
  return result.rows[0];
}

export async function countPayments(t: TestApp, player_id: bigint): Promise<number> {
  const result = await sql<{
    n: string;
  }>`select count(*) as n from payments where player_id = ${player_id}`.execute(t.db);
  return Number(result.rows[0]!.n);
}

/** Every ledger transfer that names a payment, by reason. */
export async function paymentTransfers(t: TestApp, public_id: string) {
  const result = await sql<{
    reason_code: string;
    amount_minor: string;
    kind: string;
  }>`select reason_code, amount_minor::text, kind from ledger_transfers where object_type = 'payment' and object_id = ${public_id} order by id`.execute(
    t.db,
  );
  return result.rows;
}

export const cash = async (t: TestApp, player_id: bigint, currency = 'EUR') =>
  (await t.modules.ledger.service.playerBalances(player_id, currency)).cash;
