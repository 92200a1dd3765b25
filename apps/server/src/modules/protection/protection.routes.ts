import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, type PlayerAuth, type StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import { gateClient } from './protection.gate.ts';
import { message } from './protection.messages.ts';
import { ANONYMISER_MODES, type LocationPolicy, MISMATCH_MODES } from './protection.repository.ts';
import type { ProtectionService } from './protection.service.ts';

const security = [{ bearer: [] }];
const amount = z.union([
  z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'an amount such as 100 or 250.50'),
  z.null(),
]);
const policy = z.enum(['real_money', 'demo_only', 'blocked']);
const jurisdictionView = z.object({
  country: z.string().nullable(),
  policy,
  real_money: z.boolean(),
  message: z.string().nullable(),
});
const periods = z.object({
  daily: z.string().nullable(),
  weekly: z.string().nullable(),
  monthly: z.string().nullable(),
});
const periodsInput = z.object({
  daily: amount.optional(),
  weekly: amount.optional(),
  monthly: amount.optional(),
});
const statusView = z.object({
  currency: z.string().nullable(),
  limits: periods,
  loss_limits: periods,
  wager_limits: periods,
  session_limit_minutes: z.number().nullable(),
  reality_check_minutes: z.number().nullable(),
  marketing_opt_out: z.boolean(),
  pending: z
    .object({ effective_at: z.string(), limits: z.record(z.string(), z.string().nullable()) })
    .nullable(),
  timeout_until: z.string().nullable(),
  self_excluded: z.boolean(),
  self_excluded_until: z.string().nullable(),
  self_excluded_permanent: z.boolean(),
  jurisdiction: z.object({ country: z.string().nullable(), policy, real_money: z.boolean() }),
});

export const protectionRoutes =
  (service: ProtectionService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/jurisdiction',
      {
        schema: {
          tags: ['protection'],
          summary: 'Whether real-money play is open where the visitor is (for the site banner)',
          description:
            'From the declared country (with a session) and the address’s country, under the operator’s location policy (a country mismatch, anonymising networks); `message` says why real money is off.',
          response: { 200: envelope(jurisdictionView) },
        },
      },
      async (request) => {
        const token = bearerToken(request.headers.authorization);
        const player = token ? await auth.authenticate(token) : null;
        const client = gateClient(request, env);
        const status = player ? await service.status(player.row.id, client) : null;
        const place = await service.jurisdictionOf(client, player ? player.row.country : null);
        const real_money = status ? status.jurisdiction.real_money : place.policy === 'real_money';
        return {
          status: 200,
          message: 'OK',
          data: {
            country: place.country,
            policy: place.policy,
            real_money,
            message:
              real_money || !place.reason
                ? null
                : message(place.reason, client.language, {
                    country: place.country ?? '',
                    declared: place.declared ?? '',
                    address: place.request_country ?? '',
                  }),
          },
        };
      },
    );

    app.get(
      '/customer/responsible-gaming',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['protection'],
          summary: "The player's limits, time-out and self-exclusion",
          security,
          response: { 200: envelope(statusView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.status(request.player!.row.id, gateClient(request, env)),
      }),
    );

    app.post(
      '/customer/responsible-gaming/limits',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['protection'],
          summary:
            'Set limits: deposit (daily, weekly, monthly), loss, wager, session time, reality check',
          description:
            'Amounts in major units, minutes as integers; null removes. A tighter setting applies at once; a looser one or a removal after 24 hours (shown as pending).',
          security,
          body: periodsInput.extend({
            loss: periodsInput.optional(),
            wager: periodsInput.optional(),
            session_limit_minutes: z.number().int().min(5).max(1440).nullable().optional(),
            reality_check_minutes: z.number().int().min(5).max(240).nullable().optional(),
          }),
          response: { 200: envelope(statusView) },
        },
      },
      async (request) => {
        const id = request.player!.row.id;
        await service.setLimits(id, request.body, { type: 'player', id, ...metaOf(request) });
        return {
          status: 200,
          message: 'Limits saved',
          data: await service.status(id, gateClient(request, env)),
        };
      },
    );

    app.get(
      '/customer/responsible-gaming/session',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['protection'],
          summary: 'The reality check: this session’s time played, stakes, returns and net result',
          security,
          response: {
            200: envelope(
              z.object({
                started_at: z.string(),
                minutes_played: z.number(),
                currency: z.string().nullable(),
                staked: z.string(),
                returned: z.string(),
                net: z.string(),
                reality_check_minutes: z.number().nullable(),
                session_limit_minutes: z.number().nullable(),
                session_ends_at: z.string().nullable(),
              }),
            ),
          },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.session(request.player!.row.id, request.player!.session.created_at),
      }),
    );

    app.post(
      '/customer/responsible-gaming/marketing',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['protection'],
          summary: 'Opt out of (or back into) marketing messages',
          security,
          body: z.object({ opt_out: z.boolean() }),
          response: { 200: envelope(statusView) },
        },
      },
      async (request) => {
        const id = request.player!.row.id;
        await service.setMarketingOptOut(id, request.body.opt_out, {
          type: 'player',
          id,
          ...metaOf(request),
        });
        return {
          status: 200,
          message: 'Saved',
          data: await service.status(id, gateClient(request, env)),
        };
      },
    );

    app.post(
      '/customer/responsible-gaming/timeout',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['protection'],
          summary: 'Take a break from real-money play (1 to 42 days); it cannot be shortened',
          security,
          body: z.object({ days: z.number().int().min(1).max(42) }),
          response: { 200: envelope(statusView) },
        },
      },
      async (request) => {
        const id = request.player!.row.id;
        await service.timeout(id, request.body.days, { type: 'player', id, ...metaOf(request) });
        return {
          status: 200,
          message: 'Time-out started',
          data: await service.status(id, gateClient(request, env)),
        };
      },
    );

    app.post(
      '/customer/responsible-gaming/self-exclusion',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['protection'],
          summary: 'Self-exclude for 6 months to 5 years, or permanently; nobody can shorten it',
          security,
          body: z.object({
            months: z.union([z.number().int().min(6).max(60), z.literal('permanent')]),
          }),
          response: { 200: envelope(statusView) },
        },
      },
      async (request) => {
        const id = request.player!.row.id;
        await service.selfExclude(id, request.body.months, {
          type: 'player',
          id,
          ...metaOf(request),
        });
        return {
          status: 200,
          message: 'Self-exclusion started',
          data: await service.status(id, gateClient(request, env)),
        };
      },
    );
  };

export const protectionAdminRoutes =
  (service: ProtectionService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    const row = z.object({
      country: z.string(),
      policy,
      min_age: z.number(),
      note: z.string(),
      updated_at: z.string(),
    });
    const view = (r: {
      country: string;
      policy: 'real_money' | 'demo_only' | 'blocked';
      min_age: number;
      note: string;
      updated_at: Date;
    }) => ({
      ...r,
      updated_at: r.updated_at.toISOString(),
    });
    app.get(
      '/jurisdictions',
      {
        ...staff.guard('jurisdictions.read'),
        schema: {
          tags: ['admin: protection'],
          summary: 'The per-country policy table',
          security,
          response: ok(z.array(row)),
        },
      },
      async () => ({ status: 200, message: 'OK', data: (await service.jurisdictions()).map(view) }),
    );
    const locationView = z.object({
      country_mismatch: z.enum(MISMATCH_MODES),
      anonymisers: z.enum(ANONYMISER_MODES),
      updated_at: z.string(),
      anonymiser_list: z.object({ entries: z.number().int(), source: z.string().nullable() }),
    });
    const location = (policy: LocationPolicy) => ({
      country_mismatch: policy.country_mismatch,
      anonymisers: policy.anonymisers,
      updated_at: policy.updated_at.toISOString(),
      anonymiser_list: service.anonymiserList(),
    });
    app.get(
      '/location-policy',
      {
        ...staff.guard('jurisdictions.read'),
        schema: {
          tags: ['admin: protection'],
          summary: 'What the gate does on a country mismatch and for anonymising networks',
          security,
          response: ok(locationView),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: location(await service.locationPolicy()),
      }),
    );
    app.put(
      '/location-policy',
      {
        ...staff.guard('jurisdictions.write'),
        schema: {
          tags: ['admin: protection'],
          summary: 'Set the location policy (audited)',
          description:
            'country_mismatch: stricter (the stricter country’s policy), declared, address, or demo_only. anonymisers: allow, flag (an AML alert on sign-in), or demo_only.',
          security,
          body: z
            .object({
              country_mismatch: z.enum(MISMATCH_MODES).optional(),
              anonymisers: z.enum(ANONYMISER_MODES).optional(),
            })
            .refine((body) => Object.keys(body).length > 0, 'nothing to change'),
          response: ok(locationView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Saved',
        data: location(
          await service.setLocationPolicy(
            request.body,
            staffActor(request.staff!, metaOf(request)),
          ),
        ),
      }),
    );
    app.put(
      '/jurisdictions/:country',
      {
        ...staff.guard('jurisdictions.write'),
        schema: {
          tags: ['admin: protection'],
          summary: 'Set a country’s policy (audited)',
          security,
          params: z.object({
            country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code'),
          }),
          body: z.object({
            policy,
            min_age: z.number().int().min(18).max(25).default(18),
            note: z.string().max(500).default(''),
          }),
          response: ok(row),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Saved',
        data: view(
          await service.setJurisdiction(
            { country: request.params.country, ...request.body },
            staffActor(request.staff!, metaOf(request)),
          ),
        ),
      }),
    );
    app.get(
      '/players/:id/protection',
      {
        ...staff.guard('players.read'),
        schema: {
          tags: ['admin: protection'],
          summary: "A player's limits, exclusions and their history",
          security,
          params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
          response: ok(
            statusView.extend({
              test_account: z.boolean(),
              history: z.array(z.object({ actor: z.string(), change: z.string(), at: z.string() })),
            }),
          ),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.playerProtection(BigInt(request.params.id)),
      }),
    );
  };
