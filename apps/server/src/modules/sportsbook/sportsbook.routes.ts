import {
  envelope,
  sbBet,
  sbBetsQuery,
  sbBuilderQuote,
  sbBuilderQuoteRequest,
  sbCashout,
  sbEventDetail,
  sbEventSummary,
  sbEventsQuery,
  sbPlaceBet,
  sbPreferences,
  sbTree,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import { gateClient } from '../protection/index.ts';
import { sportsbookError } from './sportsbook.errors.ts';
import { oddsText, type SportsbookService } from './sportsbook.service.ts';

const security = [{ bearer: [] }];
const betId = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a bet id') });

/** Player and public sportsbook routes under /api/v1. */
export const sportsbookRoutes =
  (deps: {
    service: SportsbookService;
    auth: PlayerAuth;
    currencies: CurrenciesService;
    env: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, auth, currencies } = deps;

    const playerCurrency = async (currency_id: number | null) => {
      const currency = currency_id === null ? null : await currencies.byId(currency_id);
      if (!currency)
        throw sportsbookError('CURRENCY_NOT_SUPPORTED', 'Choose a currency for your account first');
      return currency;
    };

    app.get(
      '/sports',
      {
        schema: {
          tags: ['sportsbook'],
          summary: 'Sports and competitions with live and upcoming event counts',
          response: { 200: envelope(sbTree) },
        },
      },
      async () => {
        const [tree, delays] = await Promise.all([service.tree(), service.live.delays()]);
        return {
          status: 200,
          message: 'OK',
          data: {
            ...tree,
            sports: tree.sports.map((s) => ({ ...s, live_delay_ms: delays.get(s.id) })),
            live_delay_ms: service.liveDelayMs,
          },
        };
      },
    );

    app.get(
      '/sports/events',
      {
        schema: {
          tags: ['sportsbook'],
          summary: 'Live and upcoming events with their main market',
          querystring: sbEventsQuery,
          response: { 200: envelope(z.array(sbEventSummary)) },
        },
      },
      async (request) => {
        const q = request.query;
        const data = await service.events({
          sport: q.sport,
          competition: q.competition,
          live: q.when === 'live' ? true : q.when === 'upcoming' ? false : undefined,
          limit: 100,
        });
        return { status: 200, message: 'OK', data };
      },
    );

    app.get(
      '/sports/events/:id',
      {
        schema: {
          tags: ['sportsbook'],
          summary: 'One event with every open or suspended market',
          params: z.object({ id: z.string().min(1).max(80) }),
          response: { 200: envelope(sbEventDetail) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.event(request.params.id),
      }),
    );

    app.get(
      '/customer/sportsbook/preferences',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer', 'sportsbook'],
          summary: "The signed-in player's sportsbook preferences",
          description: 'The odds format prices are shown in (decimal until the player chooses).',
          security,
          response: { 200: envelope(sbPreferences) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: { odds_format: await service.oddsFormat(request.player!.row.id) },
      }),
    );

    app.post(
      '/customer/sportsbook/preferences',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer', 'sportsbook'],
          summary: 'Remember the odds format for the signed-in player',
          security,
          body: sbPreferences,
          response: { 200: envelope(sbPreferences) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Preferences saved',
        data: {
          odds_format: await service.setOddsFormat(
            request.player!.row.id,
            request.body.odds_format,
          ),
        },
      }),
    );

    app.get(
      '/customer/sportsbook',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer', 'sportsbook'],
          summary: "The signed-in player's sports bets",
          description:
            "Newest first. `status=open` lists pending and open bets (with today's cash-out offer), `settled` the settled and cashed-out ones. Amounts are minor units as digit strings.",
          security,
          querystring: sbBetsQuery,
          response: { 200: envelope(z.array(sbBet)) },
        },
      },
      async (request) => {
        const q = request.query;
        const data = await service.playerBets(request.player!.row.id, {
          open: q.status === 'open' ? true : q.status === 'settled' ? false : undefined,
          limit: q.per_page,
          offset: (q.page - 1) * q.per_page,
        });
        return { status: 200, message: 'OK', data };
      },
    );

    app.post(
      '/customer/sportsbook/bets',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'sports_bet' },
        schema: {
          tags: ['customer', 'sportsbook'],
          summary: 'Place a single, multiple or system bet',
          description:
            'The stake (per line, major units, exact decimal) is reserved from the cash wallet at once. ' +
            'A bet with a live leg waits the live delay (`GET /sports` → `live_delay_ms`) and is re-priced before acceptance. ' +
            '`accept_odds`: `none` refuses any price change, `higher` takes better prices, `any` takes the current price. ' +
            'Refusals: 409 PRICE_CHANGED (the current price in `errors`), MARKET_SUSPENDED, MARKET_CLOSED, INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT; ' +
            '422 DUPLICATE_SELECTION, CONFLICTING_SELECTIONS, STAKE_TOO_LOW, STAKE_OVER_LIMIT, PAYOUT_OVER_LIMIT, MARKET_LIMIT, BONUS_MAX_BET, FREE_BET_STAKE, FREE_BET_NOT_ALLOWED, VALIDATION_FAILED; 409 FREE_BET_UNAVAILABLE. ' +
            'With `free_bet_id` the stake is the token’s value, paid by the operator; a win pays the winnings only (stake not returned). ' +
            'The same `idempotency_key` with the same slip returns the first bet.',
          security,
          body: sbPlaceBet,
          response: { 200: envelope(sbBet) },
        },
      },
      async (request) => {
        const player = request.player!.row;
        const currency = await playerCurrency(player.currency_id);
        const body = request.body;
        const input = {
          player_id: player.id,
          currency: currency.code,
          scale: currency.scale,
          kind: body.kind,
          system_size: body.system_size,
          selections: body.selections.map((s) => ({
            selection_id: BigInt(s.selection_id),
            odds: s.odds,
          })),
          stake: body.stake,
          accept_odds: body.accept_odds,
          idempotency_key: body.idempotency_key,
          ...(body.builder_odds === undefined ? {} : { builder_odds: body.builder_odds }),
          ...(body.free_bet_id ? { free_bet_id: BigInt(body.free_bet_id) } : {}),
        };
        const { replay, view } = await service.placeBet(input, gateClient(request, deps.env));
        return { status: 200, message: replay ? 'Bet already placed' : 'Bet placed', data: view };
      },
    );

    app.post(
      '/sports/builder/quote',
      {
        schema: {
          tags: ['sportsbook'],
          summary: 'Price a bet builder: picks of one event at one joint price',
          description:
            "The price comes from the book's match model (the picks' joint probability), not the product of their prices, with the bet builder's margin. " +
            'It is offered until `expires_at`; placement (`kind: builder`, `builder_odds`) prices again and applies `accept_odds`. ' +
            'Refusals, 422 with the reason: BUILDER_SAME_MARKET, BUILDER_INCOMPATIBLE (the picks cannot all happen), BUILDER_MARKET_NOT_SUPPORTED, BUILDER_TOO_UNLIKELY, BUILDER_PRICE_OUT_OF_RANGE, BUILDER_TOO_MANY_LEGS, BUILDER_NOT_OFFERED, DUPLICATE_SELECTION; 409 MARKET_SUSPENDED, MARKET_CLOSED; 404 SELECTION_NOT_FOUND.',
          body: sbBuilderQuoteRequest,
          response: { 200: envelope(sbBuilderQuote) },
        },
      },
      async (request) => {
        const q = await service.builder.quote(request.body.event_id, request.body.selections);
        return {
          status: 200,
          message: 'OK',
          data: {
            quote_id: q.quote_id,
            event_id: q.event_id,
            odds: oddsText(q.odds_milli),
            odds_milli: q.odds_milli,
            product_odds: oddsText(q.product_odds_milli),
            probability_bp: q.probability_bp,
            margin_bp: q.margin_bp,
            samples: q.samples,
            legs: q.legs.map((l) => ({
              selection_id: l.selection_id,
              market_id: l.market_id,
              odds: oddsText(l.odds_milli),
            })),
            expires_at: q.expires_at.toISOString(),
          },
        };
      },
    );

    app.post(
      '/customer/sportsbook/bets/:id/cashout',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer', 'sportsbook'],
          summary: 'Cash out an open bet, or part of its stake, at the offer shown (or better)',
          description:
            "The offer is recomputed from current prices under the bet's lock; below `amount_minor` it is refused with 409 CASHOUT_CHANGED and the new offer in `errors`. With `stake_minor` only that part of the stake is cashed out (at least 10 % of the stake, leaving at least 10 %, whole minor units per line: else 422 CASHOUT_PART_INVALID); the rest stays on at the price taken. A suspended market: 409 CASHOUT_UNAVAILABLE.",
          security,
          params: betId,
          body: sbCashout,
          response: { 200: envelope(sbBet) },
        },
      },
      async (request) => {
        const bet = await service.cashout(
          request.player!.row.id,
          BigInt(request.params.id),
          BigInt(request.body.amount_minor),
          request.body.stake_minor === undefined ? undefined : BigInt(request.body.stake_minor),
        );
        const [view] = await service.betViews([bet]);
        return {
          status: 200,
          message: bet.status === 'cashed_out' ? 'Cashed out' : 'Partly cashed out',
          data: view!,
        };
      },
    );
  };
