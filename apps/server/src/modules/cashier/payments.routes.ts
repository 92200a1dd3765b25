import {
  depositRequest,
  envelope,
  gatewayOption,
  inrDepositCreated,
  payment,
  paymentStatus,
  paymentsPage,
  paymentsQuery,
  withdrawRequest,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { languageOf } from '../../platform/http/request-client.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { gateClient } from '../protection/index.ts';
import { staffActor, staffErrors } from '../staff/index.ts';
import type { CashierService } from './cashier.service.ts';
import type { PaymentsService } from './payments.service.ts';

const WEBHOOK_BYTES_MAX = 16 * 1024;
const paymentId = z.string().regex(/^(dp|wd)_[0-9a-f]{24}$/, 'must be a payment id such as dp_…');
const withdrawalId = z.string().regex(/^wd_[0-9a-f]{24}$/, 'must be a withdrawal id such as wd_…');
const security = [{ bearer: [] }];

export const paymentsRoutes =
  (
    payments: PaymentsService,
    cashier: CashierService,
    auth: PlayerAuth,
    env: string,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/deposit/create',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'deposit' },
        schema: {
          tags: ['payments'],
          summary: 'Start a fiat deposit: a pending payment and the gateway page to pay on',
          description:
            'multipart/form-data (as the wallet sends it) or JSON, spec §3: `amount` (exact, in the wallet ' +
            'currency), `currency` (id), `payment_gateway` (id), `redirect_url` (ignored: the player ' +
            'always returns to this product), the gateway’s extra fields (`bank_name` for 3 and 4, ' +
            '`acc_name` for 5 and 10, `acc_number` and `network` for 7), `coupon`. INR wallets may send ' +
            '`payment_mode` (upi or netbanking) instead of a gateway: the INR flow. The wallet is ' +
            'credited only when the gateway’s signed webhook reports the payment approved.',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: depositRequest,
          response: { 200: inrDepositCreated.partial({ res_data: true }) },
        },
      },
      async (request) => {
        const { payment: created, url } = await payments.createDeposit(
          request.player!.row,
          request.body,
          gateClient(request, env),
          'fiat',
        );
        const data = { ...created, payment_response: { payment: { url } } };
        return {
          status: 200,
          message: 'Continue to the payment page',
          data,
          ...(created.payment_mode
            ? { res_data: { transactions: { id: created.id, payment_options_url: url } } }
            : {}),
        };
      },
    );

    app.post(
      '/customer/deposit/flow-transect/create',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'deposit' },
        schema: {
          tags: ['payments'],
          summary: 'INR deposit (UPI or Netbanking)',
          description:
            'For INR wallets: `amount` (at least 500: "Minimum amount should be greater than 500"), ' +
            '`payment_mode` (upi or netbanking), optional `coupon`. Answers ' +
            '`res_data.transactions.payment_options_url`, the page the player pays on.',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: depositRequest,
          response: { 200: inrDepositCreated },
        },
      },
      async (request) => {
        const { payment: created, url } = await payments.createDeposit(
          request.player!.row,
          request.body,
          gateClient(request, env),
          'inr',
        );
        return {
          status: 200,
          message: 'Continue to the payment page',
          data: { ...created, payment_response: { payment: { url } } },
          res_data: { transactions: { id: created.id, payment_options_url: url } },
        };
      },
    );

    app.post(
      '/customer/withdraw/create',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'withdrawal' },
        schema: {
          tags: ['payments'],
          summary: 'Request a fiat withdrawal: the amount is held at once, paid after review',
          description:
            'multipart/form-data or JSON, spec §3: `amount`, `currency` (id), `payment_gateway` (id), ' +
            '`acc_name`, `acc_number`, `bank_name` (required for gateways 3 and 4). Needs approved ' +
            'KYC and a withdrawable amount above 0.',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: withdrawRequest,
          response: { 200: envelope(payment) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Withdrawal requested',
        data: await payments.requestWithdrawal(
          request.player!.row,
          request.body,
          gateClient(request, env),
          'fiat',
        ),
      }),
    );

    app.post(
      '/customer/withdraw/flow-transect/create',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'withdrawal' },
        schema: {
          tags: ['payments'],
          summary: 'INR withdrawal (UPI or bank account)',
          description:
            '`amount` (at least 500), `payment_mode` (upi or netbanking), `account_holder_name`; ' +
            'upi: `upi_id` (name@handle); netbanking: `account_number`, `bank_name`, `ifsc_code` ' +
            '(4 letters, a 0, 6 letters or digits).',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: withdrawRequest,
          response: { 200: envelope(payment) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Withdrawal requested',
        data: await payments.requestWithdrawal(
          request.player!.row,
          request.body,
          gateClient(request, env),
          'inr',
        ),
      }),
    );

    app.post(
      '/customer/withdraw/:id/cancel',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['payments'],
          summary: 'Cancel a withdrawal still pending review (the held amount returns)',
          security,
          params: z.object({ id: withdrawalId }),
          response: { 200: envelope(payment) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Withdrawal cancelled',
        data: await payments.cancelWithdrawal(request.player!.row.id, request.params.id),
      }),
    );

    app.get(
      '/customer/payments',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['payments'],
          summary: "The player's deposits or withdrawals, newest first",
          security,
          querystring: paymentsQuery,
          response: { 200: envelope(paymentsPage) },
        },
      },
      async (request) => {
        const { direction, status, page, per_page } = request.query;
        const result = await payments.list({
          direction,
          player_id: request.player!.row.id,
          status: status ? [status] : undefined,
          limit: per_page,
          offset: (page - 1) * per_page,
        });
        return { status: 200, message: 'OK', data: { ...result, page, per_page } };
      },
    );

    app.get(
      '/payment/gateway/list',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['payments'],
          summary: "Payment gateways for the player's currency, with their fee",
          description: 'With `withdraw=true`, the gateways that pay out.',
          security,
          querystring: z.object({ withdraw: z.enum(['true', 'false']).optional() }),
          response: { 200: envelope(z.array(gatewayOption)) },
        },
      },
      async (request) => {
        const currencies = await cashier.listCurrencies(
          request.query.withdraw === 'true' ? 'withdraw' : 'deposit',
          languageOf(request.headers['accept-language']),
        );
        const mine = currencies.find((c) => c.id === request.player!.row.currency_id);
        return { status: 200, message: 'OK', data: mine?.payment_gateways ?? [] };
      },
    );

    // Provider webhooks need the exact body they signed: parsed here as text.
    await app.register(async (hooks) => {
      hooks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: WEBHOOK_BYTES_MAX },
        (_request, body, done) => done(null, body),
      );
      hooks.post(
        '/payments/webhook/:provider',
        {
          schema: {
            tags: ['payments'],
            summary: 'A payment provider’s signed webhook',
            description:
              'Authenticated by the provider’s signature over the raw body and a timestamp ' +
              '(`x-cashier-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, 5-minute ' +
              'window). Idempotent by provider event id and payment reference: redeliveries and ' +
              'reordered events credit once. 401 forged or stale, 404 unknown payment, 422 amount ' +
              'or currency other than the payment’s.',
            params: z.object({ provider: z.string().regex(/^[a-z_]{2,32}$/) }),
          },
        },
        async (request) => {
          const { provider } = request.params as { provider: string };
          const result = await payments.handleWebhook(
            provider,
            request.headers,
            typeof request.body === 'string' ? request.body : '',
          );
          return { status: 200, message: result.outcome };
        },
      );
    });
  };

const deskQuery = z.object({
  direction: z.enum(['deposit', 'withdrawal']).default('withdrawal'),
  status: z
    .string()
    .max(200)
    .regex(/^[a-z]+(,[a-z]+)*$/, 'must be statuses separated by commas')
    .optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
  gateway_id: z.coerce.number().int().min(1).max(1_000_000).optional(),
  q: z.string().trim().min(1).max(128).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

const DAY_MS = 86_400_000;

export const paymentsAdminRoutes =
  (payments: PaymentsService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...staffErrors });
    app.get(
      '/payments',
      {
        ...staff.guard('payments.read'),
        schema: {
          tags: ['admin: payments'],
          summary: 'The payments desk: deposits or withdrawals, newest first, filtered',
          description:
            '`status` takes one or more statuses separated by commas; `q` finds a payment id, a ' +
            'provider reference, a UTR or a player id; `from`/`to` are UTC days (inclusive).',
          security,
          querystring: deskQuery,
          response: ok(paymentsPage),
        },
      },
      async (request) => {
        const query = request.query;
        const statuses = query.status?.split(',') ?? [];
        for (const status of statuses) {
          if (!paymentStatus.safeParse(status).success) {
            throw new AppError('VALIDATION_FAILED', `status: unknown status ${status}`, {
              errors: [{ path: 'querystring.status', message: `unknown status ${status}` }],
            });
          }
        }
        const result = await payments.list({
          direction: query.direction,
          status: statuses as never,
          currency: query.currency,
          gateway_id: query.gateway_id,
          q: query.q,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(new Date(query.to).getTime() + DAY_MS) : undefined,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        });
        return {
          status: 200,
          message: 'OK',
          data: { ...result, page: query.page, per_page: query.per_page },
        };
      },
    );
    app.get(
      '/payments/queue',
      {
        ...staff.guard('payments.read'),
        schema: {
          tags: ['admin: payments'],
          summary: 'How many deposits and withdrawals are pending',
          security,
          response: ok(
            z.object({ deposits_pending: z.number().int(), withdrawals_pending: z.number().int() }),
          ),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await payments.queueCounts() }),
    );
    app.get(
      '/payments/:id',
      {
        ...staff.guard('payments.read'),
        schema: {
          tags: ['admin: payments'],
          summary: 'One payment with the webhook deliveries behind it',
          security,
          params: z.object({ id: paymentId }),
          response: ok(
            payment.extend({
              webhooks: z.array(
                z.object({
                  event_id: z.string(),
                  event: z.string(),
                  outcome: z.string(),
                  received_at: z.string(),
                }),
              ),
            }),
          ),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await payments.detail(request.params.id),
      }),
    );
    app.post(
      '/payments/:id/approve',
      {
        ...staff.guard('payments.approve'),
        schema: {
          tags: ['admin: payments'],
          summary: 'Approve a withdrawal (above the four-eyes threshold, a second person approves)',
          security,
          params: z.object({ id: withdrawalId }),
          response: ok(payment),
        },
      },
      async (request) => {
        const data = await payments.approveWithdrawal(
          request.params.id,
          staffActor(request.staff!, metaOf(request)),
        );
        return {
          status: 200,
          message: data.status === 'approved' ? 'Approved' : 'First approval recorded',
          data,
        };
      },
    );
    app.post(
      '/payments/:id/reject',
      {
        ...staff.guard('payments.approve'),
        schema: {
          tags: ['admin: payments'],
          summary: 'Reject a withdrawal with the reason the player sees (the hold is released)',
          security,
          params: z.object({ id: withdrawalId }),
          body: z.object({ reason: z.string().max(500) }),
          response: ok(payment),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Rejected',
        data: await payments.rejectWithdrawal(
          request.params.id,
          request.body.reason,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.post(
      '/payments/:id/paid',
      {
        ...staff.guard('payments.approve'),
        schema: {
          tags: ['admin: payments'],
          summary:
            'Mark an approved withdrawal paid with the payout reference (the hold is posted)',
          security,
          params: z.object({ id: withdrawalId }),
          body: z.object({
            provider_reference: z.string().max(128),
            utr: z.string().max(64).optional(),
          }),
          response: ok(payment),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Marked paid',
        data: await payments.markWithdrawalPaid(
          request.params.id,
          request.body,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
  };
