import {
  cryptoDeposit,
  cryptoDepositRequest,
  cryptoPriceEstimate,
  cryptoSimulation,
  envelope,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, type PlayerAuth, type StaffAuth } from '../../platform/http/guards.ts';
import { loopbackOnly } from '../../platform/http/loopback.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { gateClient } from '../protection/index.ts';
import { staffActor, staffErrors } from '../staff/index.ts';
import { ADDRESS_LENGTH_MAX } from './crypto.address.ts';
import { cryptoError } from './crypto.errors.ts';
import type { CryptoService } from './crypto.service.ts';
import type { CryptoWithdrawals } from './crypto.withdrawals.ts';

const CALLBACK_BYTES_MAX = 16 * 1024;
const trackingId = z.string().regex(/^cd_[0-9a-f]{24}$/, 'must be a tracking id such as cd_…');
const coinCode = z.string().min(1).max(16);
const networkQuery = z.object({ network: z.string().max(10).optional() });

export const cryptoRoutes =
  (crypto: CryptoService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/crypto/price-estimation/:code/:amount',
      {
        schema: {
          tags: ['crypto'],
          summary: 'How much of a coin pays an amount of the wallet currency',
          description:
            "`amount` is in the signed-in player's wallet currency (EUR without a session), " +
            "converted at the operator's rates (`roe.rate`), exactly, rounded toward zero. " +
            '`code` is a coin code (BTC), a currency id (12) or a pay code (usdttrc20); `network` picks USDT’s chain.',
          params: z.object({ code: coinCode, amount: z.string().max(64) }),
          querystring: networkQuery,
          response: { 200: envelope(cryptoPriceEstimate) },
        },
      },
      async (request) => {
        const token = bearerToken(request.headers.authorization);
        const player = token ? await auth.authenticate(token) : null;
        return {
          status: 200,
          message: 'OK',
          data: await crypto.estimate(
            request.params.code,
            request.params.amount,
            player?.row.currency_id ?? null,
            request.query.network,
          ),
        };
      },
    );

    app.get(
      '/customer/crypto/validate-address/:address/:code',
      {
        schema: {
          tags: ['crypto'],
          summary: 'Whether an address is valid on the coin’s network',
          description:
            '200 when valid, 422 when not (a wrong chain included). Checksums are verified by per-chain libraries.',
          params: z.object({ address: z.string().min(1).max(ADDRESS_LENGTH_MAX), code: coinCode }),
          querystring: networkQuery,
          response: { 200: envelope(z.object({ valid: z.literal(true) })) },
        },
      },
      async (request) => {
        const valid = await crypto.validateAddress(
          request.params.address,
          request.params.code,
          request.query.network,
        );
        if (!valid) {
          throw cryptoError('ADDRESS_INVALID', undefined, [
            { path: 'params.address', message: 'is not an address on this network' },
          ]);
        }
        return {
          status: 200,
          message: 'Payment Address is valid!',
          data: { valid: true as const },
        };
      },
    );

    app.post(
      '/customer/crypto/deposit/create',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'deposit' },
        schema: {
          tags: ['crypto'],
          summary: 'Start a crypto deposit: an address, an amount to send and its QR code',
          description:
            'multipart/form-data (as the wallet sends it) or JSON. The wallet is credited in its own ' +
            'currency once the provider reports the payment finished, for what actually arrived.',
          consumes: ['multipart/form-data', 'application/json'],
          security: [{ bearer: [] }],
          body: cryptoDepositRequest,
          response: { 200: envelope(cryptoDeposit) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Send the amount to the address shown',
        data: await crypto.createDeposit(
          request.player!.row,
          request.body,
          gateClient(request, env),
        ),
      }),
    );

    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/customer/crypto/deposit/verify-public/:tracking_id',
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['crypto'],
          summary: 'A crypto deposit’s status (the wallet polls it every 15 s)',
          description:
            '`data.status`: processing, deposited, expired or failed. GET and POST answer alike (the spec names both).',
          security: [{ bearer: [] }],
          params: z.object({ tracking_id: trackingId }),
          response: { 200: envelope(cryptoDeposit) },
        },
        handler: async (request) => {
          const { tracking_id } = request.params as { tracking_id: string };
          const data = await crypto.status(request.player!.row.id, tracking_id);
          return { status: 200, message: data.status, data };
        },
      });
    }

    app.get(
      '/customer/crypto/deposits',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['crypto'],
          summary: "The player's latest crypto deposits",
          security: [{ bearer: [] }],
          response: { 200: envelope(z.array(cryptoDeposit)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await crypto.recent(request.player!.row.id),
      }),
    );

    // Provider callbacks need the exact body they signed: parsed here as text.
    await app.register(async (callbacks) => {
      callbacks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: CALLBACK_BYTES_MAX },
        (_request, body, done) => done(null, body),
      );
      callbacks.post(
        '/crypto/ipn/:provider',
        {
          schema: {
            tags: ['crypto'],
            summary: 'A crypto provider’s signed status callback (IPN)',
            description:
              'Authenticated by the provider’s signature (NOWPayments: `x-nowpayments-sig`, HMAC-SHA512 of the ' +
              'JSON with sorted keys). Idempotent: a redelivery or an out-of-order status changes nothing twice.',
            params: z.object({ provider: z.string().regex(/^[a-z_]{2,32}$/) }),
          },
        },
        async (request) => {
          const { provider } = request.params as { provider: string };
          const result = await crypto.handleCallback(
            provider,
            request.headers,
            typeof request.body === 'string' ? request.body : '',
          );
          return { status: 200, message: result.duplicate ? 'duplicate' : result.outcome };
        },
      );
    });

    if (crypto.sandbox) {
      app.post(
        '/sandbox/crypto/:tracking_id/simulate',
        {
          // A pretend chain: only for someone on the server's own machine.
          onRequest: loopbackOnly,
          preHandler: auth.requirePlayer,
          schema: {
            tags: ['crypto'],
            summary: 'SANDBOX: the simulated chain pays (or lets expire) a sandbox deposit',
            description:
              'Sends the sandbox processor’s signed IPNs through the real callback path. Not in production.',
            security: [{ bearer: [] }],
            params: z.object({ tracking_id: trackingId }),
            body: cryptoSimulation,
            response: { 200: envelope(cryptoDeposit.extend({ outcome: z.string() })) },
          },
        },
        async (request) => {
          const { tracking_id } = request.params as { tracking_id: string };
          const { outcome } = request.body as {
            outcome: 'paid' | 'partial' | 'overpaid' | 'expired';
          };
          const data = await crypto.simulate(request.player!.row.id, tracking_id, outcome);
          return { status: 200, message: data.status, data };
        },
      );
    }
  };

const withdrawalView = z.object({
  tracking_id: z.string(),
  status: z.enum(['pending', 'approved', 'paid', 'rejected', 'cancelled']),
  amount: z.string(),
  currency: z.string(),
  coin: z.string(),
  network: z.string(),
  pay_amount: z.string(),
  address: z.string(),
  extra_id: z.string().nullable(),
  tx_hash: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
const withdrawalTracking = z.object({
  tracking_id: z.string().regex(/^cw_[0-9a-f]{24}$/, 'must be a withdrawal id such as cw_…'),
});

export const cryptoWithdrawalRoutes =
  (withdrawals: CryptoWithdrawals, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/crypto/withdraw/create',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'withdrawal' },
        schema: {
          tags: ['crypto'],
          summary: 'Request a crypto withdrawal: the amount is held at once, paid after review',
          description:
            'multipart/form-data or JSON: `amount` (wallet currency), `converted_amount`, `currency` (coin id or code), `payment_address` (XRP: `address?dt=tag`), `network` (USDT). Needs approved KYC and a withdrawable amount; the spec’s §5 messages word for word. With two-factor on, an address (and tag) the player never withdrew to also needs `two_factor_code` (a code from the app or a recovery code): 403 `TWO_FACTOR_REQUIRED` without it, 422 `TWO_FACTOR_CODE_INVALID` for a wrong one.',
          consumes: ['multipart/form-data', 'application/json'],
          security: [{ bearer: [] }],
          body: z.object({
            amount: z.string().max(64).optional(),
            converted_amount: z.string().max(64).optional(),
            currency: z.string().max(16).optional(),
            payment_address: z.string().max(200).optional(),
            network: z.string().max(10).optional(),
            two_factor_code: z.string().max(32).optional(),
          }),
          response: { 200: envelope(withdrawalView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Withdrawal requested',
        data: await withdrawals.request(
          request.player!.row,
          request.body,
          gateClient(request, env),
        ),
      }),
    );
    app.get(
      '/customer/crypto/withdrawals',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['crypto'],
          summary: "The player's latest crypto withdrawals",
          security: [{ bearer: [] }],
          response: { 200: envelope(z.array(withdrawalView)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await withdrawals.mine(request.player!.row.id),
      }),
    );
    app.post(
      '/customer/crypto/withdraw/:tracking_id/cancel',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['crypto'],
          summary: 'Cancel a withdrawal still pending review (the held amount returns)',
          security: [{ bearer: [] }],
          params: withdrawalTracking,
          response: { 200: envelope(withdrawalView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Withdrawal cancelled',
        data: await withdrawals.cancel(request.player!.row.id, request.params.tracking_id),
      }),
    );
  };

export const cryptoAdminRoutes =
  (withdrawals: CryptoWithdrawals, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...staffErrors });
    const security = [{ bearer: [] }];
    app.get(
      '/crypto/withdrawals',
      {
        ...staff.guard('payments.read'),
        schema: {
          tags: ['admin: payments'],
          summary: 'Crypto withdrawals, newest first',
          security,
          querystring: z.object({
            status: z.enum(['pending', 'approved', 'paid', 'rejected', 'cancelled']).optional(),
          }),
          response: ok(z.array(withdrawalView.extend({ player_id: z.string() }))),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await withdrawals.list(request.query.status),
      }),
    );
    for (const decision of ['approve', 'reject'] as const) {
      app.post(
        `/crypto/withdrawals/:tracking_id/${decision}`,
        {
          ...staff.guard('payments.approve'),
          schema: {
            tags: ['admin: payments'],
            summary:
              decision === 'approve'
                ? 'Approve a crypto withdrawal for payout'
                : 'Reject a crypto withdrawal (the hold is released)',
            security,
            params: withdrawalTracking,
            body: z.object({ reason: z.string().max(500).optional() }).default({}),
            response: ok(withdrawalView),
          },
        },
        async (request) => ({
          status: 200,
          message: decision === 'approve' ? 'Approved' : 'Rejected',
          data: await withdrawals.decide(
            request.params.tracking_id,
            decision,
            request.body.reason,
            staffActor(request.staff!, metaOf(request)),
          ),
        }),
      );
    }
    app.post(
      '/crypto/withdrawals/:tracking_id/paid',
      {
        ...staff.guard('payments.approve'),
        schema: {
          tags: ['admin: payments'],
          summary:
            'Mark an approved crypto withdrawal paid with its chain transaction (the hold is posted)',
          security,
          params: withdrawalTracking,
          body: z.object({ tx_hash: z.string().max(200) }),
          response: ok(withdrawalView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Marked paid',
        data: await withdrawals.markPaid(
          request.params.tracking_id,
          request.body.tx_hash,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
  };
