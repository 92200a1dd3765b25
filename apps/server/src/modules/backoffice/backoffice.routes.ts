import {
  adjustmentDecision,
  adjustmentRequest,
  adjustmentsQuery,
  adminAdjustment,
  adminCurrency,
  adminGateway,
  adminMovement,
  adminPlayerDetail,
  adminPlayerRow,
  adminPlayersQuery,
  adminPlayerTwoFactor,
  adminSession,
  auditEntry,
  auditQuery,
  auditVerifyResult,
  currencyUpdateRequest,
  dashboard,
  dashboardQuery,
  envelope,
  gatewayUpdateRequest,
  movementsQuery,
  okBody,
  paged,
  playerNote,
  playerNoteRequest,
  playerStatusRequest,
  thresholdUpdateRequest,
  twoFactorResetRequest,
} from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { payoutMinutes } from '../cashier/index.ts';
import { operatorSettings, operatorSettingsPatch } from '../settings/index.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import type { BackofficeService } from './backoffice.service.ts';

const security = [{ bearer: [] }];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idParams = z.object({ id });
const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });

/** `/api/admin/*`: every route names the permission it needs (staff.permissions.ts). */
export const backofficeRoutes =
  (service: BackofficeService, auth: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const actor = (request: FastifyRequest) => staffActor(request.staff!, metaOf(request));

    // --- players ---------------------------------------------------------------
    app.get(
      '/players',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: 'Search players by id, email, username, phone or name',
          security,
          querystring: adminPlayersQuery,
          response: ok(paged(adminPlayerRow)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.players(request.query),
      }),
    );

    app.get(
      '/players/:id',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: 'A player’s profile with currency and balances',
          security,
          params: idParams,
          response: ok(adminPlayerDetail),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.player(BigInt(request.params.id)),
      }),
    );

    app.get(
      '/players/:id/movements',
      {
        ...auth.guard('balance.read'),
        schema: {
          tags: ['admin: players'],
          summary: 'Ledger movements of a player, newest first',
          security,
          params: idParams,
          querystring: movementsQuery,
          response: ok(paged(adminMovement)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.movements(BigInt(request.params.id), request.query),
      }),
    );

    app.get(
      '/players/:id/sessions',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: 'A player’s sessions, newest first',
          security,
          params: idParams,
          response: ok(z.array(adminSession)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.sessions(BigInt(request.params.id)),
      }),
    );

    app.post(
      '/players/:id/sessions/revoke',
      {
        ...auth.guard('players.sessions.revoke'),
        schema: {
          tags: ['admin: players'],
          summary: 'Force logout: end every session of the player',
          security,
          params: idParams,
          response: ok(z.object({ revoked: z.number().int() })),
        },
      },
      async (request) => ({
        status: 200,
        message: 'The player is signed out everywhere',
        data: {
          revoked: await service.revokeSessions(BigInt(request.params.id), actor(request)),
        },
      }),
    );

    app.post(
      '/players/:id/sessions/:session_id/revoke',
      {
        ...auth.guard('players.sessions.revoke'),
        schema: {
          tags: ['admin: players'],
          summary: 'End one session of the player',
          security,
          params: z.object({ id, session_id: id }),
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await service.revokeSession(
          BigInt(request.params.id),
          BigInt(request.params.session_id),
          actor(request),
        );
        return { status: 200, message: 'Session ended' };
      },
    );

    app.get(
      '/players/:id/two-factor',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: 'A player’s second factors: authenticator app, recovery codes left, passkeys',
          description: '`passkeys` is null when this installation keeps no passkeys.',
          security,
          params: idParams,
          response: ok(adminPlayerTwoFactor),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.twoFactor(BigInt(request.params.id)),
      }),
    );

    app.post(
      '/players/:id/two-factor/reset',
      {
        ...auth.guard('players.two_factor.reset'),
        schema: {
          tags: ['admin: players'],
          summary: 'Turn off a player’s two-factor authentication (lost phone and recovery codes)',
          description:
            'Removes the authenticator secret and every recovery code (passkeys stay), records ' +
            'the reason in the audit log and mails the player. 409 `TWO_FACTOR_NOT_ENABLED` ' +
            'when it is already off.',
          security,
          params: idParams,
          body: twoFactorResetRequest,
          response: ok(adminPlayerTwoFactor),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Two-factor authentication is off for this player; they have been emailed',
        data: await service.resetTwoFactor(
          BigInt(request.params.id),
          request.body.reason,
          actor(request),
        ),
      }),
    );

    app.post(
      '/players/:id/status',
      {
        ...auth.guard('players.block'),
        schema: {
          tags: ['admin: players'],
          summary: 'Block, unblock or close a player; sessions end unless active',
          security,
          params: idParams,
          body: playerStatusRequest,
          response: ok(adminPlayerDetail),
        },
      },
      async (request) => ({
        status: 200,
        message: `Player is now ${request.body.status}`,
        data: await service.setStatus(
          BigInt(request.params.id),
          request.body.status,
          request.body.reason,
          actor(request),
        ),
      }),
    );

    app.get(
      '/players/:id/notes',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: 'Staff notes on a player, newest first',
          security,
          params: idParams,
          response: ok(z.array(playerNote)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.notes(BigInt(request.params.id)),
      }),
    );

    app.post(
      '/players/:id/notes',
      {
        ...auth.guard('players.notes.write'),
        schema: {
          tags: ['admin: players'],
          summary: 'Add a note to a player (notes are never edited)',
          security,
          params: idParams,
          body: playerNoteRequest,
          response: ok(playerNote),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Note added',
        data: await service.addNote(BigInt(request.params.id), request.body.body, actor(request)),
      }),
    );

    // --- balance adjustments -------------------------------------------------------
    app.post(
      '/players/:id/adjustments',
      {
        ...auth.guard('balance.adjust.request'),
        schema: {
          tags: ['admin: adjustments'],
          summary: 'Adjust a balance through the ledger (four eyes above the threshold)',
          description:
            '`amount` is signed, in major units of the player’s currency. At or below the currency’s threshold it executes at once; above it, it waits for another staff member’s approval.',
          security,
          params: idParams,
          body: adjustmentRequest,
          response: ok(adminAdjustment),
        },
      },
      async (request) => {
        const row = await service.requestAdjustment(
          BigInt(request.params.id),
          request.body,
          actor(request),
        );
        return {
          status: 200,
          message:
            row.status === 'pending'
              ? 'Adjustment requested; another staff member must approve it'
              : 'Balance adjusted',
          data: row,
        };
      },
    );

    app.get(
      '/adjustments',
      {
        ...auth.guard('balance.read'),
        schema: {
          tags: ['admin: adjustments'],
          summary: 'Adjustment requests, newest first',
          security,
          querystring: adjustmentsQuery,
          response: ok(paged(adminAdjustment)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.adjustments(request.query),
      }),
    );

    app.post(
      '/adjustments/:id/approve',
      {
        ...auth.guard('balance.adjust.approve'),
        schema: {
          tags: ['admin: adjustments'],
          summary: 'Approve a pending adjustment (not your own); it executes at once',
          security,
          params: idParams,
          body: adjustmentDecision.optional(),
          response: ok(adminAdjustment),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Adjustment approved and executed',
        data: await service.approveAdjustment(
          BigInt(request.params.id),
          request.body?.comment || null,
          actor(request),
        ),
      }),
    );

    app.post(
      '/adjustments/:id/reject',
      {
        ...auth.guard('balance.adjust.approve'),
        schema: {
          tags: ['admin: adjustments'],
          summary: 'Reject a pending adjustment (not your own); no money moves',
          security,
          params: idParams,
          body: adjustmentDecision.optional(),
          response: ok(adminAdjustment),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Adjustment rejected',
        data: await service.rejectAdjustment(
          BigInt(request.params.id),
          request.body?.comment || null,
          actor(request),
        ),
      }),
    );

    // --- dashboard -------------------------------------------------------------------
    app.get(
      '/dashboard',
      {
        ...auth.guard('dashboard.read'),
        schema: {
          tags: ['admin: dashboard'],
          summary: 'Registrations, FTD, deposits, withdrawals, GGR, NGR, active players',
          security,
          querystring: dashboardQuery,
          response: ok(dashboard),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.dashboard(request.query.period),
      }),
    );

    app.get(
      '/overview',
      {
        ...auth.guard('session'),
        schema: {
          tags: ['admin: dashboard'],
          summary: 'Counters for the navigation (pending approvals)',
          security,
          response: ok(z.object({ pending_adjustments: z.number().int() })),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: { pending_adjustments: await service.pendingAdjustments() },
      }),
    );

    // --- audit -----------------------------------------------------------------------
    app.get(
      '/audit',
      {
        ...auth.guard('audit.read'),
        schema: {
          tags: ['admin: audit'],
          summary: 'Search the audit log (read-only: no route edits or deletes an entry)',
          security,
          querystring: auditQuery,
          response: ok(paged(auditEntry)),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.auditLog(request.query),
      }),
    );

    app.post(
      '/audit/verify',
      {
        ...auth.guard('audit.read'),
        schema: {
          tags: ['admin: audit'],
          summary: 'Walk the hash chain and report the first broken entry',
          security,
          response: ok(auditVerifyResult),
        },
      },
      async (request) => {
        const result = await service.verifyAudit(actor(request));
        return {
          status: 200,
          message: result.ok ? 'The audit chain is intact' : 'The audit chain is broken',
          data: result,
        };
      },
    );

    // --- settings and catalogue -----------------------------------------------------------
    app.get(
      '/settings',
      {
        ...auth.guard('settings.read'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Operator settings',
          security,
          response: ok(operatorSettings),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.settings() }),
    );

    app.patch(
      '/settings',
      {
        ...auth.guard('settings.write'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Change operator settings (audited; the player site shows it at once)',
          security,
          body: operatorSettingsPatch,
          response: ok(operatorSettings),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Settings saved',
        data: await service.updateSettings(request.body, actor(request)),
      }),
    );

    app.get(
      '/currencies',
      {
        ...auth.guard('settings.read'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Currencies with rates to EUR and approval thresholds',
          security,
          response: ok(z.array(adminCurrency)),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.currencies() }),
    );

    app.patch(
      '/currencies/:id',
      {
        ...auth.guard('currencies.write'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Change a currency’s rate to EUR or enable/disable it (audited)',
          security,
          params: idParams,
          body: currencyUpdateRequest,
          response: ok(adminCurrency),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Currency saved',
        data: await service.updateCurrency(request.params.id, request.body, actor(request)),
      }),
    );

    app.put(
      '/currencies/:id/threshold',
      {
        ...auth.guard('balance.thresholds.write'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Set the amount above which an adjustment needs approval (audited)',
          security,
          params: idParams,
          body: thresholdUpdateRequest,
          response: ok(adminCurrency),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Threshold saved',
        data: await service.setThreshold(
          request.params.id,
          request.body.approval_threshold,
          actor(request),
        ),
      }),
    );

    app.get(
      '/gateways',
      {
        ...auth.guard('settings.read'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Payment gateways with their fees',
          security,
          response: ok(z.array(adminGateway)),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: (await service.gateways()).map(gatewayView),
      }),
    );

    app.patch(
      '/gateways/:id',
      {
        ...auth.guard('gateways.write'),
        schema: {
          tags: ['admin: settings'],
          summary: 'Change a gateway’s name, fee, availability or expected payout time (audited)',
          security,
          params: idParams,
          body: gatewayUpdateRequest,
          response: ok(adminGateway),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Gateway saved',
        data: gatewayView(
          await service.updateGateway(request.params.id, request.body, actor(request)),
        ),
      }),
    );
  };

function gatewayView(row: {
  id: number;
  name: string;
  uniquename: string;
  fee_percent: string;
  enabled: boolean;
  payout_expected_minutes: number | null;
  name_translations: Record<string, string>;
}) {
  return {
    ...row,
    payout_minutes: payoutMinutes(row),
    fee_percent: row.fee_percent.includes('.')
      ? row.fee_percent.replace(/\.?0+$/, '')
      : row.fee_percent,
  };
}
