import { envelope, sbFeedSettings } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffAuth } from '../../../platform/http/guards.ts';
import { metaOf } from '../../../platform/http/request-meta.ts';
import { staffActor } from '../../staff/index.ts';
import type { FeedController } from './feed.controller.ts';
import { FEED_PROVIDERS } from './feed-settings.repository.ts';

const security = [{ bearer: [] }];
const listOf = (item: z.ZodString, max: number) =>
  z
    .array(item)
    .max(max, `at most ${max}`)
    .refine((xs) => new Set(xs).size === xs.length, 'lists a value twice');

const settingsBody = z.object({
  provider: z.enum(FEED_PROVIDERS),
  /** Absent: keep the stored key; null: forget it. */
  api_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, 'must be the key the provider gave (8–200 letters and digits)')
    .nullable()
    .optional(),
  regions: listOf(
    z
      .string()
      .regex(
        /^(us|us2|us_dfs|us_ex|uk|eu|au|fr|se)$/,
        'must be a region: us, us2, uk, eu, au, fr, se',
      ),
    9,
  ).refine((xs) => xs.length > 0, 'name at least one region'),
  sports: listOf(
    z
      .string()
      .regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'must be a sport key such as soccer_epl')
      .max(60),
    20,
  ),
  monthly_budget: z.number().int().min(10).max(10_000_000),
  margin_bp: z.number().int().min(0).max(3_000),
  stale_ms: z.number().int().min(30_000).max(3_600_000),
});

/** The odds feed's choice and health under /api/admin/sportsbook/feed. */
export const feedAdminRoutes =
  (controller: FeedController, auth: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sportsbook/feed',
      {
        ...auth.guard('sportsbook.read'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary: "The odds feed's provider, settings (the key's last four characters) and health",
          description:
            "health: last success, requests remaining and used (the provider's quota headers), the last error, unknown and unpriced markets counted, each sport's next poll. Shown by the instance that runs the feed; another says `stopped`.",
          security,
          response: { 200: envelope(sbFeedSettings) },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await controller.view() }),
    );

    app.put(
      '/sportsbook/feed',
      {
        ...auth.guard('sportsbook.feed'),
        schema: {
          tags: ['admin', 'sportsbook'],
          summary:
            'Choose the odds feed: simulator, The Odds API (key, regions, sports, monthly request budget), its local fake outside production, or none',
          description:
            'api_key absent keeps the stored key, null forgets it; never returned whole. Audited (`sportsbook.feed.settings`). 422 FEED_SETTINGS_INVALID: The Odds API without a key or a sport, the fake in production.',
          security,
          body: settingsBody,
          response: { 200: envelope(sbFeedSettings) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await controller.update(staffActor(request.staff!, metaOf(request)), request.body),
      }),
    );
  };
