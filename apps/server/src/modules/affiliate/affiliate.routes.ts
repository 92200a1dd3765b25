import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import type { AffiliateService } from './affiliate.service.ts';

const security = [{ bearer: [] }];

const campaign = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  link: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  first_deposits: z.number().int(),
  created_at: z.string(),
});
const referral = z.object({
  player: z.string(),
  signed_up_at: z.string(),
  campaign: z.string().nullable(),
  status: z.enum(['registered', 'deposited', 'active']),
});
const overview = z.object({
  referral_code: z.string(),
  referral_link: z.string(),
  revenue_share_percent: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  first_deposits: z.number().int(),
  active: z.number().int(),
  commissions: z.array(
    z.object({
      period: z.string(),
      currency: z.string(),
      ngr: z.string(),
      commission: z.string(),
      paid: z.boolean(),
    }),
  ),
});
const campaignCreate = z.object({
  name: z.string().trim().min(1, 'Name the campaign').max(80),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, 'Use 3 to 32 letters, digits, - or _'),
});
const program = z.object({
  revenue_share_percent: z.string(),
  negative_carryover: z.boolean(),
  updated_at: z.string(),
});
const programView = (row: {
  revenue_share_percent: string;
  negative_carryover: boolean;
  updated_at: Date;
}) => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
});

export const affiliateRoutes =
  (service: AffiliateService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/affiliate/overview',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['affiliate'],
          summary: "The player's referral link, figures and commissions",
          security,
          response: { 200: envelope(overview) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.overview(request.player!.row),
      }),
    );
    app.get(
      '/customer/affiliate/campaign',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['affiliate'],
          summary: "The player's campaigns with clicks, sign-ups and first deposits",
          security,
          response: { 200: envelope(z.array(campaign)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.campaigns(request.player!.row),
      }),
    );
    app.post(
      '/customer/affiliate/campaign/create',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['affiliate'],
          summary: 'Create a campaign: its link is the site with ?c=<code>',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: campaignCreate,
          response: { 200: envelope(campaign) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Campaign created',
        data: await service.createCampaign(request.player!.row, request.body),
      }),
    );
    app.get(
      '/customer/affiliate/referrals',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['affiliate'],
          summary: 'Players who signed up through the player, with their status',
          security,
          response: { 200: envelope(z.array(referral)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.referrals(request.player!.row),
      }),
    );
    app.post(
      '/affiliate/click',
      {
        schema: {
          tags: ['affiliate'],
          summary: 'The site was opened with ?c=<code>: count a click for that campaign',
          description: 'Public; at most 60 counted per address and hour.',
          body: z.object({ code: z.string().trim().min(1).max(64) }),
          response: { 200: envelope(z.object({ counted: z.boolean() })) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: { counted: await service.click(request.body.code, request.ip) },
      }),
    );
  };

/** First deposits and NGR (stakes − wins − converted bonuses) of a group of referred players. */
const groupFigures = {
  first_deposits: z.number(),
  ngr: z.array(
    z.object({
      currency: z.string(),
      total_minor: z.string(),
      month_minor: z.string(),
      month_commission_minor: z.string(),
    }),
  ),
};

export const affiliateAdminRoutes =
  (service: AffiliateService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    app.get(
      '/affiliates',
      {
        ...staff.guard('affiliates.read'),
        schema: {
          tags: ['admin: affiliates'],
          summary: 'Affiliates: campaigns, sign-ups, monthly NGR and commission',
          security,
          response: ok(
            z.array(
              z.object({
                player_id: z.string(),
                username: z.string(),
                referral_code: z.string(),
                campaigns: z.array(
                  z.object({
                    code: z.string(),
                    name: z.string(),
                    clicks: z.number(),
                    signups: z.number(),
                    ...groupFigures,
                  }),
                ),
                signups: z.number(),
                ...groupFigures,
                commissions: z.array(
                  z.object({
                    period: z.string(),
                    currency: z.string(),
                    ngr_minor: z.string(),
                    commission_minor: z.string(),
                    paid: z.boolean(),
                  }),
                ),
                adjustments: z.array(
                  z.object({
                    id: z.string(),
                    currency: z.string(),
                    amount_minor: z.string(),
                    reason: z.string(),
                    staff_id: z.string(),
                    created_at: z.string(),
                  }),
                ),
              }),
            ),
          ),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.adminAffiliates() }),
    );
    app.get(
      '/affiliates/program',
      {
        ...staff.guard('affiliates.read'),
        schema: {
          tags: ['admin: affiliates'],
          summary: 'The programme’s terms',
          security,
          response: ok(program),
        },
      },
      async () => ({ status: 200, message: 'OK', data: programView(await service.program()) }),
    );
    app.patch(
      '/affiliates/program',
      {
        ...staff.guard('affiliates.write'),
        schema: {
          tags: ['admin: affiliates'],
          summary: 'Change the revenue share or negative carry-over (audited)',
          security,
          body: z.object({
            revenue_share_percent: z
              .string()
              .regex(
                /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/,
                'a percent from 0 to 100, at most 2 decimals',
              )
              .optional(),
            negative_carryover: z.boolean().optional(),
          }),
          response: ok(program),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Programme updated',
        data: programView(
          await service.setProgram(request.body, staffActor(request.staff!, metaOf(request))),
        ),
      }),
    );
    app.post(
      '/affiliates/:player_id/adjustments',
      {
        ...staff.guard('affiliates.write'),
        schema: {
          tags: ['admin: affiliates'],
          summary: 'A manual commission adjustment in the affiliate’s wallet currency (audited)',
          description:
            'A positive amount pays the affiliate, a negative one claws back (never below a zero ' +
            'balance). `request_id` (a UUID the form makes once) turns a resubmission into the same adjustment.',
          security,
          params: z.object({ player_id: z.string().regex(/^\d{1,18}$/, 'a player id') }),
          body: z.object({
            amount: z.string().trim().min(1, 'Enter an amount').max(32),
            reason: z.string().trim().min(3, 'Give a reason (3 to 200 characters)').max(200),
            request_id: z.uuid('request_id must be a UUID'),
          }),
          response: ok(z.object({ id: z.string(), duplicate: z.boolean() })),
        },
      },
      async (request) => {
        const result = await service.adjust(
          { player_id: BigInt(request.params.player_id), ...request.body },
          staffActor(request.staff!, metaOf(request)),
        );
        return {
          status: 200,
          message: result.duplicate ? 'Already recorded' : 'Adjustment booked',
          data: result,
        };
      },
    );
    app.post(
      '/affiliates/commissions/run',
      {
        ...staff.guard('affiliates.write'),
        schema: {
          tags: ['admin: affiliates'],
          summary: 'Calculate and pay a finished month’s commissions (idempotent)',
          security,
          body: z.object({ period: z.string().regex(/^\d{4}-\d{2}$/, 'a month such as 2026-10') }),
          response: ok(z.object({ recorded: z.number(), paid: z.number() })),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Commissions calculated',
        data: await service.runCommissionsAs(
          request.body.period,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
  };

/**
 * Outside production: runs the commission job as if `period` had ended (journeys and demos
 * cannot wait for a month to pass). The same idempotent job as the scheduled one.
 */
export const affiliateDevRoutes =
  (service: AffiliateService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dev/affiliate/commissions',
      {
        schema: {
          hide: true,
          body: z.object({ period: z.string().regex(/^\d{4}-\d{2}$/, 'a month such as 2026-10') }),
        },
      },
      async (request) => {
        const [year, month] = request.body.period.split('-').map(Number) as [number, number];
        const after = new Date(Date.UTC(year, month, 1, 0, 0, 1));
        return {
          status: 200,
          message: 'OK',
          data: await service.runCommissions(request.body.period, after),
        };
      },
    );
  };
