import { randomBytes } from 'node:crypto';
import { envelope } from '@casino/contracts';
import { formatAmount } from '@casino/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { AuditService } from '../audit/index.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import { casinoError } from './casino.errors.ts';
import type { LobbyRepository, StudioRow } from './lobby.repository.ts';

const security = [{ bearer: [] }];
/** A report covers at most this long a period (it scans the rounds of the period). */
const REPORT_DAYS_MAX = 366;

const adminGame = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  provider: z.string(),
  category: z.string(),
  rtp: z.string(),
  enabled: z.boolean(),
  featured: z.boolean(),
  sort_order: z.number().int(),
  demo_allowed: z.boolean(),
  playable: z.boolean(),
});
const reportRow = z.object({
  game: z.string(),
  name: z.string(),
  provider: z.string(),
  currency: z.string(),
  rounds: z.number().int(),
  stake: z.string().describe('Minor units'),
  payout: z.string().describe('Minor units'),
  ggr: z.string().describe('stake − payout, minor units'),
  rtp_actual: z.string().nullable().describe('payout / stake, percent'),
  rtp_theoretical: z.string(),
});

const studio = z.object({
  code: z.string(),
  name: z.string(),
  launch_url: z.string(),
  enabled: z.boolean(),
  /** The last 4 characters of the shared secret: enough to tell which one the studio holds. */
  secret_hint: z.string(),
  /** Ships with the product: its URL and secret come from the server's configuration. */
  built_in: z.boolean(),
  games: z.number().int(),
  updated_at: z.string(),
});
/** A launch URL: https, or a path on this site (the built-in studio). */
const LAUNCH_URL = /^(https:\/\/[^\s]+|\/[^\s]*)$/;

/** Back office: the games screen, the connected studios and GGR / RTP per game over a period. */
export const lobbyAdminRoutes =
  (
    repository: LobbyRepository,
    audit: AuditService,
    staff: StaffAuth,
    /** Studio codes whose URL and secret the configuration sets (the in-repo demo studio). */
    builtIn: readonly string[] = [],
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    app.get(
      '/casino/games',
      {
        ...staff.guard('casino.read'),
        schema: {
          tags: ['admin: casino'],
          summary: 'Every game, enabled or not, in lobby order',
          security,
          response: ok(z.array(adminGame)),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: (await repository.page({ includeDisabled: true }, 0, 1000)).rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          provider: row.provider_name,
          category: row.category,
          rtp: (row.rtp_bp / 100).toFixed(2),
          enabled: row.enabled,
          featured: row.featured,
          sort_order: row.sort_order,
          demo_allowed: row.demo_allowed,
          playable: row.connected,
        })),
      }),
    );
    app.put(
      '/casino/games/:id',
      {
        ...staff.guard('casino.write'),
        schema: {
          tags: ['admin: casino'],
          summary: 'Enable / disable, feature, reorder or allow demo of a game (audited)',
          security,
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: z.object({
            enabled: z.boolean().optional(),
            featured: z.boolean().optional(),
            demo_allowed: z.boolean().optional(),
            sort_order: z.number().int().min(0).max(1_000_000).optional(),
          }),
          response: ok(z.object({ id: z.number().int() })),
        },
      },
      async (request) => {
        const before = await repository.byId(request.params.id);
        if (!before) throw new AppError('NOT_FOUND', `No game ${request.params.id}`);
        await repository.update(request.params.id, request.body);
        await audit.record({
          actor: staffActor(request.staff!, metaOf(request)),
          action: 'casino.game.update',
          target: { type: 'casino_game', id: before.id },
          before: {
            enabled: before.enabled,
            featured: before.featured,
            demo_allowed: before.demo_allowed,
            sort_order: before.sort_order,
          },
          after: request.body,
        });
        return { status: 200, message: 'Game updated', data: { id: before.id } };
      },
    );
    const studioView = (row: StudioRow) => ({
      code: row.code,
      name: row.name,
      launch_url: row.launch_url,
      enabled: row.enabled,
      secret_hint: `…${row.secret.slice(-4)}`,
      built_in: builtIn.includes(row.code),
      games: row.games,
      updated_at: row.updated_at.toISOString(),
    });
    app.get(
      '/casino/studios',
      {
        ...staff.guard('casino.read'),
        schema: {
          tags: ['admin: casino'],
          summary: 'The connected game studios (seamless-wallet integrations)',
          security,
          response: ok(z.array(studio)),
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: (await repository.studios()).map(studioView),
      }),
    );
    app.patch(
      '/casino/studios/:code',
      {
        ...staff.guard('casino.write'),
        schema: {
          tags: ['admin: casino'],
          summary:
            'Switch a studio on or off, change its launch URL, or issue a new shared secret (audited; the new secret is shown once, give it to the studio: its calls signed with the old one are refused from now on)',
          security,
          params: z.object({ code: z.string().regex(/^[a-z0-9_]{2,32}$/) }),
          body: z.object({
            enabled: z.boolean().optional(),
            launch_url: z
              .string()
              .trim()
              .max(2048)
              .regex(LAUNCH_URL, 'launch_url: an https:// URL (or a path on this site)')
              .optional(),
            rotate_secret: z.literal(true).optional(),
          }),
          response: ok(studio.extend({ secret: z.string().optional() })),
        },
      },
      async (request) => {
        const { code } = request.params;
        const body = request.body;
        const before = (await repository.studios()).find((row) => row.code === code);
        if (!before) throw new AppError('NOT_FOUND', `No studio ${code}`);
        if (body.enabled === undefined && body.launch_url === undefined && !body.rotate_secret)
          throw new AppError(
            'VALIDATION_FAILED',
            'Say what to change: enabled, launch_url or rotate_secret',
          );
        if (builtIn.includes(code) && (body.launch_url !== undefined || body.rotate_secret))
          throw casinoError('BUILT_IN_STUDIO');
        const secret = body.rotate_secret ? randomBytes(32).toString('hex') : undefined;
        await repository.updateStudio(code, {
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          ...(body.launch_url !== undefined ? { launch_url: body.launch_url } : {}),
          ...(secret ? { secret } : {}),
        });
        const after = (await repository.studios()).find((row) => row.code === code)!;
        await audit.record({
          actor: staffActor(request.staff!, metaOf(request)),
          action: 'casino.studio.update',
          target: { type: 'casino_studio', id: code },
          // Never the secret: which one it was, by its last characters.
          before: {
            enabled: before.enabled,
            launch_url: before.launch_url,
            secret_hint: studioView(before).secret_hint,
          },
          after: {
            enabled: after.enabled,
            launch_url: after.launch_url,
            secret_hint: studioView(after).secret_hint,
          },
        });
        return {
          status: 200,
          message: secret
            ? 'New secret issued: copy it now, it is not shown again'
            : 'Studio updated',
          data: { ...studioView(after), ...(secret ? { secret } : {}) },
        };
      },
    );
    app.get(
      '/casino/reports/games',
      {
        ...staff.guard('casino.read'),
        schema: {
          tags: ['admin: casino'],
          summary: 'GGR and actual vs theoretical RTP per game and currency over a period',
          description:
            'From the recorded rounds: settled originals bets (casino_bets) and provider rounds (bets not rolled back, wins). `to` is exclusive.',
          security,
          querystring: z.object({ from: z.iso.date(), to: z.iso.date() }),
          response: ok(z.array(reportRow)),
        },
      },
      async (request) => {
        const from = new Date(`${request.query.from}T00:00:00Z`);
        const to = new Date(`${request.query.to}T00:00:00Z`);
        if (!(to > from) || to.getTime() - from.getTime() > REPORT_DAYS_MAX * 86_400_000) {
          throw new AppError(
            'VALIDATION_FAILED',
            `to: must be after from, at most ${REPORT_DAYS_MAX} days later`,
            { errors: [{ path: 'to', message: 'invalid period' }] },
          );
        }
        const rows = await repository.report(from, to);
        return {
          status: 200,
          message: 'OK',
          data: rows.map((row) => ({
            ...row,
            stake: row.stake.toString(),
            payout: row.payout.toString(),
            ggr: (row.stake - row.payout).toString(),
            // Basis points, truncated toward zero (the project's one rounding rule).
            rtp_actual:
              row.stake === 0n ? null : formatAmount((row.payout * 10_000n) / row.stake, 2),
            rtp_theoretical: (row.rtp_bp / 100).toFixed(2),
          })),
        };
      },
    );
  };
