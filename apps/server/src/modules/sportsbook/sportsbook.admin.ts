import {
  envelope,
  sbBet,
  sbBuilderSettings,
  sbCashoutSettings,
  sbEarlyPayoutSettings,
  sbWriteOff,
  sbWriteOffRequest,
} from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffActor } from '../staff/index.ts';
import { BUILDER_BOUNDS } from './sportsbook.builder.ts';
import { CASHOUT_BOUNDS } from './sportsbook.cashout-settings.ts';
import { EARLY_PAYOUT_LEAD_MAX, EARLY_PAYOUT_MARKET_TYPES } from './sportsbook.early-payout.ts';
import { LIVE_DELAY_MS_MAX, LIVE_TOLERANCE_BP_MAX } from './sportsbook.live.ts';
import { PRICING_BOUNDS } from './sportsbook.pricing.ts';
import { parseOdds, type SportsbookService } from './sportsbook.service.ts';

const security = [{ bearer: [] }];
const eventParams = z.object({ id: z.string().min(1).max(80) });
const numericId = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be an id') });
const reason = z.string().trim().min(3, 'give a reason (3 characters or more)').max(500);
const sportParams = z.object({ id: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be a sport id') });
/** Set after a BOOK_UNDER_MARGIN refusal: the trader accepts that the book rebalances. */
const confirmBook = z.boolean().default(false);
const bounded = (key: keyof typeof PRICING_BOUNDS) =>
  z.number().int().min(PRICING_BOUNDS[key][0]).max(PRICING_BOUNDS[key][1]);

const builderBounded = (key: keyof typeof BUILDER_BOUNDS) =>
  z.number().int().min(BUILDER_BOUNDS[key][0]).max(BUILDER_BOUNDS[key][1]);

/** The trading desk under /api/admin/sportsbook (role trader; see staff.permissions.ts). */
export const sportsbookAdminRoutes =
  (service: SportsbookService, auth: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const actor = (request: FastifyRequest) => staffActor(request.staff!, metaOf(request));
    const ok = { status: 200, message: 'OK' };

    app.get(
      '/sportsbook/events',
      {
        ...auth.guard('sportsbook.read'),
        schema: { tags: ['admin', 'sportsbook'], summary: 'Events with live state', security },
      },
      async () => ({
        ...ok,
        data: await service.traderEvents(),
      }),
    );

    app.get(
      '/sportsbook/events/:id',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'An event with markets, prices and liability per selection',
          security,
          params: eventParams,
        },
      },
      async (request) => ({
        ...ok,
        data: await service.traderEvent(request.params.id),
      }),
    );

    app.post(
      '/sportsbook/events/:id/suspend',
      {
        ...auth.guard('sportsbook.trade'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'Suspend or resume a whole event',
          security,
          params: eventParams,
          body: z.object({ suspended: z.boolean(), reason }),
        },
      },
      async (request) => {
        await service.traderSuspendEvent(
          actor(request),
          request.params.id,
          request.body.suspended,
          request.body.reason,
        );
        return { ...ok, data: await service.traderEvent(request.params.id) };
      },
    );

    app.post(
      '/sportsbook/events/:id/margin',
      {
        ...auth.guard('sportsbook.trade'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Extra margin over the feed's prices (basis points)",
          security,
          params: eventParams,
          body: z.object({
            margin_bp: z.number().int().min(-2000).max(5000),
            confirm_book: confirmBook,
          }),
        },
      },
      async (request) => {
        await service.traderMargin(
          actor(request),
          request.params.id,
          request.body.margin_bp,
          request.body.confirm_book,
        );
        return { ...ok, data: await service.traderEvent(request.params.id) };
      },
    );

    app.post(
      '/sportsbook/markets/:id/suspend',
      {
        ...auth.guard('sportsbook.trade'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Suspend or resume a market (the trader's stop overrides the feed)",
          security,
          params: numericId,
          body: z.object({ suspended: z.boolean(), reason }),
        },
      },
      async (request) => {
        const market = await service.traderSuspendMarket(
          actor(request),
          BigInt(request.params.id),
          request.body.suspended,
          request.body.reason,
        );
        return {
          ...ok,
          data: { id: String(market.id), trader_suspended: market.trader_suspended },
        };
      },
    );

    app.post(
      '/sportsbook/markets/:id/settle',
      {
        ...auth.guard('sportsbook.settle'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'Settle a market by hand (one winner) or void it, with a reason',
          security,
          params: numericId,
          body: z.object({
            winner_selection_id: z
              .string()
              .regex(/^\d{1,18}$/)
              .nullable()
              .default(null),
            void: z.boolean().default(false),
            reason,
          }),
        },
      },
      async (request) => {
        const body = request.body;
        if (!body.void && body.winner_selection_id === null) {
          throw new AppError('VALIDATION_FAILED', 'Name the winning selection or void the market', {
            errors: [{ path: 'body.winner_selection_id', message: 'required unless void' }],
          });
        }
        await service.traderSettle(
          actor(request),
          BigInt(request.params.id),
          {
            winner_selection_id:
              body.winner_selection_id === null ? null : BigInt(body.winner_selection_id),
            void: body.void,
          },
          body.reason,
        );
        return { ...ok, data: { settled: true } };
      },
    );

    app.post(
      '/sportsbook/selections/:id/price',
      {
        ...auth.guard('sportsbook.trade'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary:
            "Fix a selection's price (null returns it to the feed); a price that breaks the book is refused unless confirm_book",
          security,
          params: numericId,
          body: z.object({ odds: z.string().max(12).nullable(), confirm_book: confirmBook }),
        },
      },
      async (request) => {
        const odds = request.body.odds === null ? null : parseOdds(request.body.odds);
        if (request.body.odds !== null && odds === null) {
          throw new AppError(
            'VALIDATION_FAILED',
            'odds must be a decimal between 1.001 and 1000 with at most 3 decimals',
            { errors: [{ path: 'body.odds', message: 'invalid odds' }] },
          );
        }
        const s = await service.traderPrice(
          actor(request),
          BigInt(request.params.id),
          odds,
          request.body.confirm_book,
        );
        return {
          ...ok,
          data: {
            id: String(s.id),
            trader_odds_milli: s.trader_odds_milli,
            // The price now offered: the book may have moved the market's other prices too.
            odds_milli: service.effectiveOdds(s),
          },
        };
      },
    );

    app.get(
      '/sportsbook/builder',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Each sport's bet builder settings (margin, most picks, longest price)",
          security,
          response: { 200: envelope(z.array(sbBuilderSettings)) },
        },
      },
      async () => ({ ...ok, data: await service.builder.allSettings() }),
    );

    app.put(
      '/sportsbook/builder/:id',
      {
        ...auth.guard('sportsbook.limits'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Set a sport's bet builder settings",
          description:
            'margin_bp: the least margin a builder price carries (the picks’ own margins when they add up to more); legs_max: most picks; odds_max_milli: the longest builder price (also within the sport’s range). 422 BUILDER_SETTINGS_INVALID.',
          security,
          params: sportParams,
          body: z.object({
            enabled: z.boolean(),
            margin_bp: builderBounded('margin_bp'),
            legs_max: builderBounded('legs_max'),
            odds_max_milli: builderBounded('odds_max_milli'),
          }),
          response: { 200: envelope(sbBuilderSettings) },
        },
      },
      async (request) => {
        const before = await service.builder.settings(request.params.id);
        const after = await service.builder.setSettings(request.params.id, request.body);
        await service.auditBuilder(actor(request), request.params.id, before, after);
        return { ...ok, data: { sport_id: request.params.id, ...after } };
      },
    );

    app.get(
      '/sportsbook/sports',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Each sport's price range, margin floor and near-certainty threshold",
          security,
        },
      },
      async () => ({ ...ok, data: await service.sportsPricing() }),
    );

    app.put(
      '/sportsbook/sports/:id/pricing',
      {
        ...auth.guard('sportsbook.limits'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Set a sport's pricing; every market of the sport still offered is repriced",
          security,
          params: sportParams,
          body: z.object({
            odds_min_milli: bounded('odds_min_milli'),
            odds_max_milli: bounded('odds_max_milli'),
            margin_min_bp: bounded('margin_min_bp'),
            favourite_max_bp: bounded('favourite_max_bp'),
          }),
        },
      },
      async (request) => ({
        ...ok,
        data: await service.setSportPricing(actor(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/sportsbook/live-settings',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Each sport's in-play bet delay and the price change its check absorbs",
          security,
        },
      },
      async () => ({ ...ok, data: await service.live.settings() }),
    );

    app.put(
      '/sportsbook/sports/:id/live',
      {
        ...auth.guard('sportsbook.limits'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Set a sport's in-play bet delay (null: the default) and price tolerance",
          security,
          params: sportParams,
          body: z.object({
            delay_ms: z.number().int().min(0).max(LIVE_DELAY_MS_MAX).nullable(),
            tolerance_bp: z.number().int().min(0).max(LIVE_TOLERANCE_BP_MAX),
          }),
        },
      },
      async (request) => ({
        ...ok,
        data: await service.live.set(actor(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/sportsbook/held-corrections',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'Corrections held because the player cannot repay a wrong win (decision 0621)',
          description:
            'Each bet with its player, what was paid, what its results now say is due (null: open again), the shortfall the house carries until the correction applies, the reason and the picks.',
          security,
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(100) }),
        },
      },
      async (request) => ({ ...ok, data: await service.heldCorrections(request.query.limit) }),
    );

    app.post(
      '/sportsbook/held-corrections/:id/retry',
      {
        ...auth.guard('sportsbook.settle'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'Apply a held correction again (after the player deposited, say)',
          description:
            'Still short: it stays held (held: true). Audited as sportsbook.correction.retry. 409 CORRECTION_NOT_HELD when the bet has none.',
          security,
          params: numericId,
        },
      },
      async (request) => ({
        ...ok,
        data: await service.deskRetry(actor(request), BigInt(request.params.id)),
      }),
    );

    app.post(
      '/sportsbook/held-corrections/:id/write-off',
      {
        ...auth.guard('sportsbook.write_off'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'Write a held correction off: the house takes the loss (decision 0643)',
          description:
            "The house makes up what the correction would take from the player (a transfer from its bet write-off account, keyed by the bet's version); the bet shows its corrected result and the player's balance is not touched. Once, however many clicks: a second, or a retry after it, is 409 CORRECTION_NOT_HELD; 409 CORRECTION_NOT_SHORT when the correction would pay the player. Audited as sportsbook.correction.write_off with the reason.",
          security,
          params: numericId,
          body: sbWriteOffRequest,
          response: { 200: envelope(sbWriteOff) },
        },
      },
      async (request) => ({
        ...ok,
        data: await service.deskWriteOff(
          actor(request),
          BigInt(request.params.id),
          request.body.reason,
        ),
      }),
    );

    app.get(
      '/sportsbook/cashout-settings',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Each sport's cash-out: offered, margin, least partial share",
          security,
          response: { 200: envelope(z.array(sbCashoutSettings)) },
        },
      },
      async () => ({ ...ok, data: await service.cashoutSettings.settings() }),
    );

    app.put(
      '/sportsbook/sports/:id/cashout',
      {
        ...auth.guard('sportsbook.limits'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Set a sport's cash-out",
          description:
            'enabled: offers shown and cash-outs taken; margin_bp: the share of the fair value the book keeps (0–5,000); partial_min_bp: the least share of the stake a partial cash-out takes and leaves (100–5,000). A bet over several sports takes the strictest. Audited as sportsbook.sport.cashout.',
          security,
          params: sportParams,
          body: z.object({
            enabled: z.boolean(),
            margin_bp: z
              .number()
              .int()
              .min(CASHOUT_BOUNDS.margin_bp[0])
              .max(CASHOUT_BOUNDS.margin_bp[1]),
            partial_min_bp: z
              .number()
              .int()
              .min(CASHOUT_BOUNDS.partial_min_bp[0])
              .max(CASHOUT_BOUNDS.partial_min_bp[1]),
          }),
          response: { 200: envelope(sbCashoutSettings) },
        },
      },
      async (request) => ({
        ...ok,
        data: await service.cashoutSettings.set(actor(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/sportsbook/early-payout',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Each sport's early payout rule (the lead that pays a pre-match bet as won)",
          security,
          response: { 200: envelope(z.array(sbEarlyPayoutSettings)) },
        },
      },
      async () => ({ ...ok, data: await service.early.settings() }),
    );

    app.put(
      '/sportsbook/sports/:id/early-payout',
      {
        ...auth.guard('sportsbook.limits'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Set a sport's early payout rule",
          description:
            'A pre-match leg on a market of these types is paid as won once its side leads by `lead` (the score’s unit: goals, sets). Applies to bets placed before the event starts; a paid leg is never taken back. Audited as sportsbook.sport.early_payout.',
          security,
          params: sportParams,
          body: z.object({
            enabled: z.boolean(),
            market_types: z.array(z.enum(EARLY_PAYOUT_MARKET_TYPES)).max(10),
            lead: z.number().int().min(1).max(EARLY_PAYOUT_LEAD_MAX),
          }),
          response: { 200: envelope(sbEarlyPayoutSettings) },
        },
      },
      async (request) => {
        if (request.body.enabled && request.body.market_types.length === 0) {
          throw new AppError('VALIDATION_FAILED', 'Name the market types the rule pays', {
            errors: [{ path: 'body.market_types', message: 'required when enabled' }],
          });
        }
        return {
          ...ok,
          data: await service.early.set(actor(request), request.params.id, request.body),
        };
      },
    );

    app.get(
      '/sportsbook/bets',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: 'Bet ticker: newest bets, optionally for one player or event',
          security,
          querystring: z.object({
            player_id: z
              .string()
              .regex(/^\d{1,18}$/)
              .optional(),
            event_id: z.string().max(80).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: envelope(z.array(sbBet)) },
        },
      },
      async (request) => {
        const q = request.query;
        return {
          ...ok,
          data: await service.ticker({
            player_id: q.player_id ? BigInt(q.player_id) : undefined,
            event_id: q.event_id,
            limit: q.limit,
          }),
        };
      },
    );

    app.get(
      '/sportsbook/players/:id/limits',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "A player's stake factor",
          security,
          params: numericId,
        },
      },
      async (request) => ({
        ...ok,
        data: {
          player_id: request.params.id,
          stake_factor_milli: await service.stakeFactor(BigInt(request.params.id)),
        },
      }),
    );

    app.put(
      '/sportsbook/players/:id/limits',
      {
        ...auth.guard('sportsbook.limits'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "Set a player's stake factor (1000 = ×1, 0 = no betting)",
          security,
          params: numericId,
          body: z.object({ stake_factor_milli: z.number().int().min(0).max(100_000) }),
        },
      },
      async (request) => {
        await service.traderStakeFactor(
          actor(request),
          BigInt(request.params.id),
          request.body.stake_factor_milli,
        );
        return {
          ...ok,
          data: {
            player_id: request.params.id,
            stake_factor_milli: request.body.stake_factor_milli,
          },
        };
      },
    );
  };
