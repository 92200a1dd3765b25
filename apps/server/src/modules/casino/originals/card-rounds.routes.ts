import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../../platform/http/guards.ts';
import { gateClient } from '../../protection/index.ts';
import { betView, idempotencyKey } from '../originals.routes.ts';
import type { CardRoundsService } from './card-rounds.ts';

const security = [{ bearer: [] }];
const start = z.object({ amount: z.string().max(40), idempotency_key: idempotencyKey });
/** The number of decisions already made in the round as the player saw it (see STALE_ACTION). */
const step = z
  .number()
  .int()
  .min(0, 'step: 0 to 60')
  .max(60, 'step: 0 to 60')
  .optional()
  .describe(
    'The number of moves already made in the round as you saw it (details.step). When sent and the round has moved on, 409 STALE_ACTION: a double click acts once.',
  );
const CARDS =
  'Cards: float k of the bet (HMAC-SHA256(server seed, "client seed:nonce:⌊k/8⌋")) is card k, ' +
  'floor(f × 52) in the order ♦2, ♥2, ♠2, ♣2, ♦3 … ♣A (an infinite deck), at most 52 a round.';

/**
 * The card originals that take several requests a round: HiLo and Blackjack. A round survives a
 * reload and a restart (GET …/active); the seeds cannot be rotated while one is open.
 */
export const cardRoundsRoutes =
  (service: CardRoundsService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/casino/originals/hilo/start',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Start a HiLo round with real money (provably fair)',
          description: `${CARDS} Card 0 is the start card. Ranks run ace (low) to king. One round at a time.`,
          security,
          body: start,
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.hiloStart(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/hilo/guess',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            'Guess the next card of the HiLo round: higher, lower, the same rank, or skip it',
          description:
            'A guess that k of the 13 ranks win has chance k / 13; the round multiplier becomes (1 − edge) × 13ⁿ / (k₁ ⋯ kₙ) over ' +
            'the n won guesses. A miss ends the round. 409 ACTION_NOT_ALLOWED: higher than a king, lower than an ace.',
          security,
          body: z.object({ guess: z.enum(['higher', 'lower', 'same', 'skip']), step }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.hiloGuess(request.player!.row, request.body.guess, request.body.step),
      }),
    );
    app.post(
      '/customer/casino/originals/hilo/cashout',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'Cash out the HiLo round at its multiplier (after at least one won guess)',
          security,
          body: z.object({ step }).default({}),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.hiloCashout(request.player!.row, request.body.step),
      }),
    );
    app.get(
      '/customer/casino/originals/hilo/active',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'The HiLo round in progress, or null',
          security,
          response: { 200: envelope(betView.nullable()) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.hiloActive(request.player!.row),
      }),
    );
    app.post(
      '/customer/casino/originals/blackjack/start',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Deal a Blackjack hand with real money (provably fair)',
          description:
            `${CARDS} Dealt in the order shown: player, dealer, player, dealer (hole), then each card when needed. ` +
            'Dealer stands on all 17s; blackjack pays 3:2; the dealer peeks on an ace or a ten; insurance (half the stake, pays 2:1) ' +
            'on an ace; double on any first two cards; one split of a pair; split aces take one card each; no double after a split. ' +
            'The max payout must cover 4 × the stake (two hands won, or a double won).',
          security,
          body: start,
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.blackjackStart(
          request.player!.row,
          request.body,
          gateClient(request, env),
        ),
      }),
    );
    app.post(
      '/customer/casino/originals/blackjack/action',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'A move on the Blackjack hand in progress',
          description:
            'hit, stand, double, split, insurance or no_insurance (details.legal lists the moves allowed now). double and split ' +
            'stake the first stake again, insurance half of it. 409 ACTION_NOT_ALLOWED: out of turn or against the rules; ' +
            '409 NO_ACTIVE_ROUND: the hand is over; 409 ACTION_IN_PROGRESS: a previous move is still staking.',
          security,
          body: z.object({
            action: z.enum(['hit', 'stand', 'double', 'split', 'insurance', 'no_insurance']),
            step,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.blackjackAction(
          request.player!.row,
          request.body.action,
          request.body.step,
          gateClient(request, env),
        ),
      }),
    );
    app.get(
      '/customer/casino/originals/blackjack/active',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'The Blackjack hand in progress, or null',
          security,
          response: { 200: envelope(betView.nullable()) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.blackjackActive(request.player!.row),
      }),
    );
  };
