import {
  adminPromotion,
  adminPromotionInput,
  adminPromotionPatch,
  envelope,
  playerBonus,
  playerFreeBet,
  playerFreeSpins,
  promotion,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { currenciesError } from '../currencies/index.ts';
import { gateClient } from '../protection/index.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import type { NewPromotion, PromotionRow, RiskFlagRow } from './bonus.repository.ts';
import type { BonusService } from './bonus.service.ts';

const security = [{ bearer: [] }];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const LANGUAGE = /^(en|pt|bn|zh-TW|th|ms|fr|es)$/;

/** The reader's language: `?lang=`, else the first of Accept-Language the product speaks. */
function languageOf(query: string | undefined, header: string | undefined): string {
  if (query && LANGUAGE.test(query)) return query;
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (LANGUAGE.test(tag)) return tag;
    const base = tag.split('-')[0]!;
    if (LANGUAGE.test(base)) return base;
  }
  return 'en';
}

export type PlayerCurrency = (
  player_id: bigint,
  currency_id: number | null,
) => Promise<string | null>;

export const bonusRoutes =
  (
    service: BonusService,
    auth: PlayerAuth,
    currencyOf: PlayerCurrency,
    env: string,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const playerCurrency = async (row: { id: bigint; currency_id: number | null }) => {
      const currency = await currencyOf(row.id, row.currency_id);
      if (!currency) throw currenciesError('NO_WALLET_CURRENCY');
      return currency;
    };

    app.get(
      '/promotions-list',
      {
        schema: {
          tags: ['promotions'],
          summary: 'The running promotions, in the reader’s language',
          description:
            'Public. With a player session, amounts are in the player’s currency and offers for other currencies are left out; `currency` does the same for guests (default EUR).',
          querystring: z.object({
            lang: z.string().max(8).optional(),
            currency: z
              .string()
              .regex(/^[A-Z]{3,5}$/)
              .optional(),
          }),
          response: { 200: envelope(z.array(promotion)) },
        },
      },
      async (request) => {
        const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const player = token ? await auth.authenticate(token) : null;
        const currency = player
          ? await currencyOf(player.row.id, player.row.currency_id)
          : (request.query.currency ?? 'EUR'); // guests: euros unless `?currency=`
        return {
          status: 200,
          message: 'OK',
          data: await service.livePromotions(
            languageOf(request.query.lang, request.headers['accept-language']),
            currency,
            // A player sees only the offers of their declared country; guests see all.
            player ? { country: player.row.country ?? null } : undefined,
          ),
        };
      },
    );

    app.get(
      '/customer/promotions/coupon/:code',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['promotions'],
          summary: 'Check a deposit coupon before paying',
          description:
            'Answers the promotion when the code can be used now (with `amount`, also its minimum deposit); otherwise 404 unknown, 422 expired / not eligible / deposit too small, or 409 already used, each with a message for the player.',
          security,
          params: z.object({ code: z.string().min(1).max(40) }),
          querystring: z.object({
            amount: z
              .string()
              .regex(/^\d{1,15}(\.\d{1,2})?$/, 'must be an amount such as 100 or 100.50')
              .optional(),
          }),
          response: { 200: envelope(promotion) },
        },
      },
      async (request) => {
        const player = request.player!.row;
        const currency = await playerCurrency(player);
        const amount = request.query.amount;
        const amount_minor =
          amount === undefined
            ? undefined
            : BigInt(amount.split('.')[0]!) * 100n +
              BigInt(`${amount.split('.')[1] ?? ''}00`.slice(0, 2));
        return {
          status: 200,
          message: 'This coupon can be used.',
          data: await service.validateCoupon(
            { id: player.id, currency },
            request.params.code,
            amount_minor,
          ),
        };
      },
    );

    app.post(
      '/customer/promotions/:id/claim',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'bonus_claim' },
        schema: {
          tags: ['promotions'],
          summary: 'Claim a no-deposit, free-bet or free-spins promotion',
          description:
            'A no-deposit offer answers the bonus with its wagering; a free-bet offer answers the token (`free_bet: true`) to stake on a sports bet; free spins answer the grant (`free_spins: true`) to play in its games.',
          security,
          params: z.object({ id }),
          response: { 200: envelope(z.union([playerFreeBet, playerFreeSpins, playerBonus])) },
        },
      },
      async (request) => {
        const player = request.player!.row;
        const currency = await playerCurrency(player);
        const data = await service.claim(
          { id: player.id, currency },
          BigInt(request.params.id),
          gateClient(request, env),
        );
        return {
          status: 200,
          message:
            'free_bet' in data
              ? 'Free bet added'
              : 'free_spins' in data
                ? 'Free spins added'
                : 'Bonus added',
          data,
        };
      },
    );

    app.get(
      '/customer/free-spins',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['promotions'],
          summary: "The player's free spins, active ones first",
          security,
          response: { 200: envelope(z.array(playerFreeSpins)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.freeSpinsOf(
          request.player!.row.id,
          languageOf(undefined, request.headers['accept-language']),
        ),
      }),
    );

    app.get(
      '/customer/free-bets',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['promotions'],
          summary: "The player's free-bet tokens, available ones first",
          security,
          response: { 200: envelope(z.array(playerFreeBet)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.freeBetsOf(
          request.player!.row.id,
          languageOf(undefined, request.headers['accept-language']),
        ),
      }),
    );

    app.get(
      '/customer/bonuses',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['promotions'],
          summary: "The player's bonuses with their wagering progress",
          security,
          querystring: z.object({ lang: z.string().max(8).optional() }),
          response: { 200: envelope(z.array(playerBonus)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.bonusesOf(
          request.player!.row.id,
          languageOf(request.query.lang, request.headers['accept-language']),
        ),
      }),
    );

    app.post(
      '/customer/bonuses/:id/forfeit',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['promotions'],
          summary:
            'Give up an active bonus (its bonus money goes back; the deposit is free to withdraw)',
          security,
          params: z.object({ id }),
          response: { 200: envelope(playerBonus) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Bonus forfeited',
        data: await service.forfeit(request.player!.row.id, BigInt(request.params.id)),
      }),
    );
  };

function adminView(row: PromotionRow) {
  return {
    ...row,
    id: String(row.id),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toNewPromotion(input: z.infer<typeof adminPromotionInput>): NewPromotion {
  return {
    code: input.code ?? null,
    kind: input.kind,
    title: input.title,
    terms: input.terms ?? {},
    percent: input.percent ?? null,
    max_bonus: input.max_bonus ?? {},
    min_deposit: input.min_deposit ?? {},
    fixed_amount: input.fixed_amount ?? {},
    max_bet: input.max_bet ?? {},
    cashback_period: input.kind === 'cashback' ? (input.cashback_period ?? 'weekly') : null,
    min_loss: input.min_loss ?? {},
    free_spins: input.kind === 'free_spins' ? (input.free_spins ?? null) : null,
    free_spin_games: input.kind === 'free_spins' ? (input.free_spin_games ?? null) : null,
    wagering_multiplier: input.wagering_multiplier,
    wagering_base: input.wagering_base,
    contributions: input.contributions ?? {
      slots: 100,
      originals: 100,
      table: 10,
      live: 10,
      sports: 100,
    },
    max_conversion_multiplier: input.max_conversion_multiplier ?? null,
    expiry_days: input.expiry_days,
    per_player_limit: input.per_player_limit,
    total_limit: input.total_limit ?? null,
    countries: input.countries ?? null,
    currencies: input.currencies ?? null,
    auto_first_deposit: input.auto_first_deposit,
    starts_at: input.starts_at ? new Date(input.starts_at) : new Date(),
    ends_at: input.ends_at ? new Date(input.ends_at) : null,
    enabled: input.enabled,
    sort_order: input.sort_order,
  };
}

/** `/api/admin/promotions`: role marketing (and owner, admin) edits; every change audited. */
export const bonusAdminRoutes =
  (service: BonusService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    app.get(
      '/promotions',
      {
        ...staff.guard('promotions.read'),
        schema: {
          tags: ['admin: promotions'],
          summary: 'Every promotion',
          security,
          response: ok(z.array(adminPromotion)),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: (await service.allPromotions()).map(adminView) as never,
      }),
    );
    app.post(
      '/promotions',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: promotions'],
          summary: 'Create a promotion',
          security,
          body: adminPromotionInput,
          response: ok(adminPromotion),
        },
      },
      async (request) => {
        if (request.body.kind === 'free_spins') {
          const missing = !request.body.free_spins
            ? ['free_spins', 'how many spins']
            : !request.body.free_spin_games?.length
              ? ['free_spin_games', 'the games they play on']
              : Object.keys(request.body.fixed_amount ?? {}).length === 0
                ? ['fixed_amount', 'the bet per spin in at least one currency']
                : null;
          if (missing)
            throw new AppError(
              'VALIDATION_FAILED',
              `${missing[0]}: free spins need ${missing[1]}`,
              {
                errors: [{ path: `body.${missing[0]}`, message: `is required for free spins` }],
              },
            );
        }
        if (
          request.body.kind === 'free_bet' &&
          Object.keys(request.body.fixed_amount ?? {}).length === 0
        ) {
          throw new AppError(
            'VALIDATION_FAILED',
            'fixed_amount: a free bet needs its value in at least one currency',
            {
              errors: [{ path: 'body.fixed_amount', message: 'is required for a free bet' }],
            },
          );
        }
        if (request.body.kind === 'cashback') {
          if (!request.body.percent) {
            throw new AppError('VALIDATION_FAILED', 'percent: cashback needs a percent', {
              errors: [{ path: 'body.percent', message: 'is required for cashback' }],
            });
          }
          if (request.body.wagering_base === 'bonus_plus_deposit') {
            throw new AppError(
              'VALIDATION_FAILED',
              'wagering_base: cashback has no deposit; wager the bonus only',
              {
                errors: [{ path: 'body.wagering_base', message: 'must be bonus for cashback' }],
              },
            );
          }
        }
        if (request.body.kind === 'deposit_match' && !request.body.percent) {
          throw new AppError('VALIDATION_FAILED', 'percent: a deposit match needs a percent', {
            errors: [{ path: 'body.percent', message: 'is required for a deposit match' }],
          });
        }
        if (
          !request.body.code &&
          !request.body.auto_first_deposit &&
          request.body.kind === 'deposit_match'
        ) {
          throw new AppError(
            'VALIDATION_FAILED',
            'code: a deposit match needs a code or automatic first-deposit eligibility',
            {
              errors: [{ path: 'body.code', message: 'is required unless auto_first_deposit' }],
            },
          );
        }
        const created = await service.createPromotion(
          toNewPromotion(request.body),
          staffActor(request.staff!, metaOf(request)),
        );
        return { status: 200, message: 'Promotion created', data: adminView(created) as never };
      },
    );
    app.patch(
      '/promotions/:id',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: promotions'],
          summary: 'Change a promotion (e.g. enable, end date, texts)',
          security,
          params: z.object({ id }),
          // A promotion's kind is fixed once created (its grants were made under it).
          body: adminPromotionPatch,
          response: ok(adminPromotion),
        },
      },
      async (request) => {
        const patch = Object.fromEntries(
          Object.entries(request.body).filter(([, value]) => value !== undefined),
        );
        const converted: Partial<NewPromotion> = {
          ...(patch as Partial<NewPromotion>),
          ...(request.body.starts_at ? { starts_at: new Date(request.body.starts_at) } : {}),
          ...(request.body.ends_at !== undefined
            ? { ends_at: request.body.ends_at ? new Date(request.body.ends_at) : null }
            : {}),
        };
        const updated = await service.updatePromotion(
          BigInt(request.params.id),
          converted,
          staffActor(request.staff!, metaOf(request)),
        );
        return { status: 200, message: 'Promotion updated', data: adminView(updated) as never };
      },
    );
    const flag = z.object({
      id: z.string(),
      player_id: z.string(),
      bonus_id: z.string().nullable(),
      promotion_id: z.string().nullable(),
      kind: z.enum(['duplicate_person', 'shared_address', 'both_sides']),
      evidence: z.record(z.string(), z.unknown()),
      created_at: z.string(),
      reviewed_at: z.string().nullable(),
      reviewed_by: z.string().nullable(),
      review_note: z.string().nullable(),
    });
    const flagView = (row: RiskFlagRow) => ({
      ...row,
      id: String(row.id),
      player_id: String(row.player_id),
      bonus_id: row.bonus_id === null ? null : String(row.bonus_id),
      promotion_id: row.promotion_id === null ? null : String(row.promotion_id),
      created_at: row.created_at.toISOString(),
      reviewed_at: row.reviewed_at?.toISOString() ?? null,
      reviewed_by: row.reviewed_by === null ? null : String(row.reviewed_by),
    });
    app.get(
      '/bonus-flags',
      {
        ...staff.guard('bonus.risk.read'),
        schema: {
          tags: ['admin: promotions'],
          summary: 'Bonus abuse flags: one offer per person, covering both sides (newest first)',
          security,
          querystring: z.object({ status: z.enum(['open', 'all']).default('open') }),
          response: ok(z.array(flag)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: (await service.riskFlags(request.query.status === 'open')).map(flagView),
      }),
    );
    app.post(
      '/bonus-flags/:id/review',
      {
        ...staff.guard('bonus.risk.review'),
        schema: {
          tags: ['admin: promotions'],
          summary: 'Close a flag with what was decided (audited)',
          security,
          params: z.object({ id }),
          body: z.object({
            note: z.string().trim().min(3, 'Say what was decided (3 to 500 characters)').max(500),
          }),
          response: ok(flag),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Flag reviewed',
        data: flagView(
          await service.reviewFlag(
            BigInt(request.params.id),
            request.body.note,
            staffActor(request.staff!, metaOf(request)),
          ),
        ),
      }),
    );
    const bonusSettings = z.object({
      spending_order: z.enum(['cash_first', 'bonus_first']),
    });
    app.get(
      '/bonus-settings',
      {
        ...staff.guard('promotions.read'),
        schema: {
          tags: ['admin: promotions'],
          summary:
            'The order of spending: stakes from cash first (bonus money waits, locked, until wagered) or from bonus money first (decision 0805)',
          security,
          response: ok(bonusSettings),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: { spending_order: await service.spendingOrder() },
      }),
    );
    app.put(
      '/bonus-settings',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: promotions'],
          summary:
            'Change the order of spending (audited). New bets follow it; bets already placed settle the way they were staked.',
          security,
          body: bonusSettings,
          response: ok(bonusSettings),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Bonus settings updated',
        data: {
          spending_order: await service.setSpendingOrder(
            request.body.spending_order,
            staffActor(request.staff!, metaOf(request)),
          ),
        },
      }),
    );
    app.get(
      '/players/:id/bonuses',
      {
        ...staff.guard('promotions.read'),
        schema: {
          tags: ['admin: promotions'],
          summary: "A player's bonuses",
          security,
          params: z.object({ id }),
          response: ok(z.array(playerBonus)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.playerBonuses(BigInt(request.params.id)),
      }),
    );
  };
