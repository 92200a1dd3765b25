import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { CASINO_ERRORS, PROVIDER_API_CODES, ProviderError } from './casino.errors.ts';
import type { IntegrationRow } from './provider.repository.ts';
import type { ProviderService } from './provider.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    provider?: IntegrationRow;
  }
}

const id = (what: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .describe(what);
const session = {
  session_token: z.string().min(1).max(200).describe('The token from the launch URL'),
  player_id: id('The player id the balance call returned'),
  currency: z.string().min(3).max(10).describe("The player's wallet currency"),
  game_code: id("The studio's game code"),
};
const money = z
  .string()
  .max(40)
  .describe('A decimal string in the currency, at most its number of decimals ("1.50")');
const ok = (extra: Record<string, z.ZodType>) =>
  z.object({
    status: z.literal(200),
    code: z.literal('OK'),
    balance: z.string().describe("The player's cash balance after the call"),
    bonus_balance: z
      .string()
      .describe(
        'Bonus money a bet may stake besides the cash (the operator plays "bonus first": a round whose first bet it covers is staked from it; 0.00 under "cash first")',
      ),
    currency: z.string(),
    ...extra,
  });

const errorCodes = PROVIDER_API_CODES.map(
  (code) => `\`${code}\` (${CASINO_ERRORS[code].status})`,
).join(', ');
const description = (text: string) =>
  `${text}\n\nSigned: \`X-Timestamp\` (Unix ms) and \`X-Signature\` = hex HMAC-SHA256(secret, "<X-Timestamp>.<raw body>"). ` +
  `Errors: {status, code, message, balance?, currency?}; codes ${errorCodes}, and the player-protection gate's 403 codes on bets. See docs/provider-api.md.`;

/**
 * The seamless-wallet API third-party studios call (prefix /api/provider/v1). Each request
 * is verified on its raw bytes before it is parsed for anything else.
 */
export const providerRoutes =
  (service: ProviderService): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes sent: keep them (this plugin only).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('MALFORMED_BODY', 'The body is not valid JSON'), undefined);
      }
    });
    app.addHook('preValidation', async (request) => {
      const params = request.params as { provider: string };
      request.provider = await service.authenticate(
        params.provider,
        {
          timestamp: header(request.headers['x-timestamp']),
          signature: header(request.headers['x-signature']),
        },
        request.rawBody ?? '',
      );
    });
    app.setErrorHandler(async (error, _request, reply) => {
      if (error instanceof ProviderError) {
        return reply.status(error.status).send({
          status: error.status,
          code: error.code,
          message: error.message,
          ...(error.balance !== null ? { balance: error.balance, currency: error.currency } : {}),
        });
      }
      throw error;
    });

    const params = z.object({ provider: z.string().regex(/^[a-z0-9_]{2,32}$/) });
    const tags = ['provider API'];
    app.post(
      '/:provider/balance',
      {
        schema: {
          tags,
          summary: "The player's balance (and the session check a studio does on launch)",
          description: description(
            'Answers the cash balance and the player’s free spins for the game; also validates the session.',
          ),
          params,
          body: z.object(session),
          response: {
            200: ok({
              free_rounds: z
                .array(
                  z.object({
                    grant_id: z.string(),
                    spins_total: z.number().int(),
                    spins_left: z.number().int(),
                    bet: z.string(),
                    win: z.string(),
                    expires_at: z.string(),
                  }),
                )
                .describe('Free spins the player has for this game (play them with free-round)'),
            }),
          },
        },
      },
      async (request) => ({
        status: 200 as const,
        code: 'OK' as const,
        ...(await service.balance(request.provider!, request.body)),
      }),
    );
    app.post(
      '/:provider/free-round',
      {
        schema: {
          tags,
          summary:
            'Report one free spin played against a free-rounds grant (idempotent by transaction_id)',
          description: description(
            'The grants come with `balance` (`free_rounds`: grant_id, spins_left, bet). Nothing is staked: the operator pays for the spins. `win` (may be "0") is added to the grant; the last spin ends it and the total win becomes a bonus with the promotion’s wagering. The same transaction_id with the same body answers the same; with another body `DUPLICATE_TRANSACTION`. `FREE_ROUNDS_NOT_FOUND` (404): no such grant of this player for this game; `FREE_ROUNDS_FINISHED` (409): used up or expired.',
          ),
          params,
          body: z.object({
            ...session,
            grant_id: id('The grant from `free_rounds`'),
            round_id: id("The studio's round id"),
            transaction_id: id("The studio's unique transaction id"),
            win: money,
          }),
          response: {
            200: ok({
              transaction_id: z.string(),
              grant_id: z.string(),
              spins_total: z.number().int(),
              spins_left: z.number().int(),
              win: z.string().describe('The grant’s total win so far'),
              finished: z.boolean(),
            }),
          },
        },
      },
      async (request) => ({
        status: 200 as const,
        code: 'OK' as const,
        ...(await service.freeRound(request.provider!, request.body)),
      }),
    );
    app.post(
      '/:provider/bet',
      {
        config: { moneyAction: 'provider_debit' },
        schema: {
          tags,
          summary: 'Debit a bet (idempotent by transaction_id)',
          description: description(
            'Moves `amount` from the player to the round. The same transaction_id with the same body answers the same; with another body `DUPLICATE_TRANSACTION`; after a rollback of that id `TRANSACTION_ROLLED_BACK`.',
          ),
          params,
          body: z.object({
            ...session,
            round_id: id("The studio's round id"),
            transaction_id: id("The studio's unique transaction id"),
            amount: money,
          }),
          response: { 200: ok({ transaction_id: z.string() }) },
        },
      },
      async (request) => ({
        status: 200 as const,
        code: 'OK' as const,
        ...(await service.bet(request.provider!, request.body)),
      }),
    );
    app.post(
      '/:provider/win',
      {
        schema: {
          tags,
          summary: 'Credit a win to a round that has a bet (idempotent by transaction_id)',
          description: description(
            'Never refused because the session expired. A win for a round without a bet is `ROUND_NOT_FOUND`. `round_closed: true` also ends the round.',
          ),
          params,
          body: z.object({
            ...session,
            session_token: session.session_token.optional(),
            round_id: id("The studio's round id"),
            transaction_id: id("The studio's unique transaction id"),
            amount: money,
            round_closed: z.boolean().optional(),
          }),
          response: { 200: ok({ transaction_id: z.string() }) },
        },
      },
      async (request) => ({
        status: 200 as const,
        code: 'OK' as const,
        ...(await service.win(request.provider!, {
          ...request.body,
          session_token: request.body.session_token ?? '',
        })),
      }),
    );
    app.post(
      '/:provider/rollback',
      {
        schema: {
          tags,
          summary: 'Undo a bet (idempotent by transaction_id)',
          description: description(
            'Refunds the bet `reference_transaction_id`. Unknown bets are remembered, so the bet is refused if it arrives later. A second rollback of the same bet is `ALREADY_ROLLED_BACK`.',
          ),
          params,
          body: z.object({
            player_id: session.player_id,
            currency: session.currency,
            round_id: id("The studio's round id"),
            transaction_id: id("The rollback's own unique transaction id"),
            reference_transaction_id: id('The bet to undo'),
          }),
          response: { 200: ok({ transaction_id: z.string() }) },
        },
      },
      async (request) => ({
        status: 200 as const,
        code: 'OK' as const,
        ...(await service.rollback(request.provider!, request.body)),
      }),
    );
    app.post(
      '/:provider/round-end',
      {
        schema: {
          tags,
          summary: 'Close a round (no more wins or bets on it)',
          description: description('Idempotent; the round then counts toward bonus wagering.'),
          params,
          body: z.object({
            player_id: session.player_id,
            currency: session.currency,
            round_id: id("The studio's round id"),
          }),
          response: { 200: ok({ round_id: z.string() }) },
        },
      },
      async (request) => ({
        status: 200 as const,
        code: 'OK' as const,
        ...(await service.roundEnd(request.provider!, request.body)),
      }),
    );
  };

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
