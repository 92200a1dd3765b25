import { envelope } from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import { ALERT_STATUSES, RULE_CODES } from './compliance.repository.ts';
import type { ComplianceService, StaffRef } from './compliance.service.ts';

const security = [{ bearer: [] }];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const status = z.enum(ALERT_STATUSES);
const alertView = z.object({
  id: z.string(),
  rule_code: z.enum(RULE_CODES),
  player_id: z.string(),
  summary: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  status,
  assigned_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
const sofView = z.object({
  id: z.string(),
  message: z.string(),
  status: z.enum(['requested', 'answered', 'closed']),
  response: z.string().nullable(),
  requested_at: z.string(),
  answered_at: z.string().nullable(),
});
const caseView = z.object({
  alert: alertView,
  player: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    currency: z.string().nullable(),
    withdrawals_frozen: z.object({
      frozen: z.boolean(),
      since: z.string().nullable(),
      reason: z.string().nullable(),
    }),
    source_of_funds: sofView.nullable(),
    other_alerts: z.array(alertView),
  }),
  notes: z.array(
    z.object({
      id: z.string(),
      author: z.string(),
      body: z.string(),
      status_from: z.string().nullable(),
      status_to: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
const playerComplianceView = z.object({
  withdrawals_frozen: z.boolean(),
  frozen_since: z.string().nullable(),
  frozen_reason: z.string().nullable(),
  source_of_funds: z.array(sofView),
  alerts: z.array(alertView),
});
const ruleView = z.object({
  code: z.enum(RULE_CODES),
  enabled: z.boolean(),
  window_minutes: z.number(),
  min_count: z.number(),
  percent: z.number(),
  thresholds: z.record(z.string(), z.string()),
  updated_at: z.string(),
});
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim().length > 0, 'must not be empty');

const staffRef = (request: FastifyRequest): StaffRef => ({
  id: request.staff!.row.id,
  actor: staffActor(request.staff!, metaOf(request)),
});

/** The player's side: a source-of-funds request to read and answer; whether withdrawals are held. */
export const complianceRoutes =
  (service: ComplianceService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const view = z.object({ withdrawals_frozen: z.boolean(), source_of_funds: sofView.nullable() });
    app.get(
      '/customer/compliance',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['compliance'],
          summary: 'A source-of-funds request for the player, and whether withdrawals are on hold',
          security,
          response: { 200: envelope(view) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.playerView(request.player!.row.id),
      }),
    );
    app.post(
      '/customer/compliance/source-of-funds',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['compliance'],
          summary: 'Answer a source-of-funds request (where the money comes from)',
          security,
          body: z.object({ response: text(2000) }),
          response: { 200: envelope(view) },
        },
      },
      async (request) => {
        const player_id = request.player!.row.id;
        return {
          status: 200,
          message: 'Thank you: our team will review your answer',
          data: await service.answerSourceOfFunds(player_id, request.body.response, {
            type: 'player',
            id: player_id,
            ...metaOf(request),
          }),
        };
      },
    );
  };

/** The back office's Compliance screen: the alerts queue, cases, freeze, source of funds, rules. */
export const complianceAdminRoutes =
  (service: ComplianceService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    const tags = ['admin: compliance'];
    app.get(
      '/compliance/alerts',
      {
        ...staff.guard('compliance.read'),
        schema: {
          tags,
          summary: 'The alerts queue (newest first), with counts by status',
          security,
          querystring: z.object({
            status: z.union([status, z.literal('active')]).optional(),
            player_id: id.optional(),
            rule: z.enum(RULE_CODES).optional(),
            before_id: id.optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: ok(
            z.object({
              counts: z.record(z.string(), z.number()),
              alerts: z.array(alertView.extend({ username: z.string() })),
            }),
          ),
        },
      },
      async (request) => {
        const q = request.query;
        return {
          status: 200,
          message: 'OK',
          data: await service.alerts({
            limit: q.limit,
            ...(q.status ? { status: q.status } : {}),
            ...(q.player_id ? { player_id: BigInt(q.player_id) } : {}),
            ...(q.rule ? { rule_code: q.rule } : {}),
            ...(q.before_id ? { before_id: BigInt(q.before_id) } : {}),
          }),
        };
      },
    );
    app.get(
      '/compliance/alerts/:id',
      {
        ...staff.guard('compliance.read'),
        schema: {
          tags,
          summary: 'A case: the alert, its evidence, the player, the notes',
          security,
          params: z.object({ id }),
          response: ok(caseView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.alertCase(BigInt(request.params.id)),
      }),
    );
    app.post(
      '/compliance/alerts/:id/status',
      {
        ...staff.guard('compliance.write'),
        schema: {
          tags,
          summary:
            'Move a case: open → investigating → cleared / reported (a note is required to close)',
          security,
          params: z.object({ id }),
          body: z.object({ status, note: z.string().max(2000).optional() }),
          response: ok(caseView),
        },
      },
      async (request) => ({
        status: 200,
        message: `Case ${request.body.status}`,
        data: await service.setStatus(
          BigInt(request.params.id),
          request.body.status,
          request.body.note,
          staffRef(request),
        ),
      }),
    );
    app.post(
      '/compliance/alerts/:id/notes',
      {
        ...staff.guard('compliance.write'),
        schema: {
          tags,
          summary: 'Add a note to a case',
          security,
          params: z.object({ id }),
          body: z.object({ body: text(2000) }),
          response: ok(caseView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Note added',
        data: await service.addNote(
          BigInt(request.params.id),
          request.body.body,
          staffRef(request),
        ),
      }),
    );
    app.get(
      '/compliance/players/:id',
      {
        ...staff.guard('compliance.read'),
        schema: {
          tags,
          summary: "A player's withdrawal freeze, source-of-funds requests and alerts",
          security,
          params: z.object({ id }),
          response: ok(playerComplianceView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.playerCompliance(BigInt(request.params.id)),
      }),
    );
    app.post(
      '/compliance/players/:id/freeze',
      {
        ...staff.guard('compliance.write'),
        schema: {
          tags,
          summary: "Freeze or unfreeze a player's withdrawals (the gate refuses them while frozen)",
          security,
          params: z.object({ id }),
          body: z.object({ frozen: z.boolean(), reason: text(500) }),
          response: ok(playerComplianceView),
        },
      },
      async (request) => ({
        status: 200,
        message: request.body.frozen ? 'Withdrawals frozen' : 'Withdrawals unfrozen',
        data: await service.setFreeze(
          BigInt(request.params.id),
          request.body.frozen,
          request.body.reason,
          staffRef(request),
        ),
      }),
    );
    app.post(
      '/compliance/players/:id/source-of-funds',
      {
        ...staff.guard('compliance.write'),
        schema: {
          tags,
          summary: 'Ask the player where their money comes from (shown on their account page)',
          security,
          params: z.object({ id }),
          body: z.object({ message: text(1000) }),
          response: ok(playerComplianceView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Source of funds requested',
        data: await service.requestSourceOfFunds(
          BigInt(request.params.id),
          request.body.message,
          staffRef(request),
        ),
      }),
    );
    app.post(
      '/compliance/players/:id/source-of-funds/close',
      {
        ...staff.guard('compliance.write'),
        schema: {
          tags,
          summary: 'Close the open source-of-funds request (reviewed)',
          security,
          params: z.object({ id }),
          response: ok(playerComplianceView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Source-of-funds request closed',
        data: await service.closeSourceOfFunds(BigInt(request.params.id), staffRef(request)),
      }),
    );
    app.get(
      '/compliance/rules',
      {
        ...staff.guard('compliance.read'),
        schema: {
          tags,
          summary: 'The monitoring rules',
          security,
          response: ok(z.array(ruleView)),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.rules() }),
    );
    app.put(
      '/compliance/rules/:code',
      {
        ...staff.guard('compliance.rules'),
        schema: {
          tags,
          summary: 'Change a rule (thresholds in major units per currency; audited)',
          security,
          params: z.object({ code: z.enum(RULE_CODES) }),
          body: z.object({
            enabled: z.boolean().optional(),
            window_minutes: z.number().int().min(1).max(525_600).optional(),
            min_count: z.number().int().min(1).max(1000).optional(),
            percent: z.number().int().min(0).max(100).optional(),
            thresholds: z
              .record(
                z.string().regex(/^[A-Z]{3,5}$/, 'a currency code'),
                z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'an amount such as 2000 or 1999.99'),
              )
              .optional(),
          }),
          response: ok(ruleView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Rule saved',
        data: await service.updateRule(
          request.params.code,
          request.body,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.post(
      '/compliance/sweep',
      {
        ...staff.guard('compliance.rules'),
        schema: {
          tags,
          summary: 'Run the rules now over the last 24 hours of activity',
          security,
          response: ok(z.object({ players: z.number() })),
        },
      },
      async () => ({
        status: 200,
        message: 'Rules run',
        data: { players: await service.sweep(new Date(Date.now() - 24 * 3_600_000)) },
      }),
    );
  };
