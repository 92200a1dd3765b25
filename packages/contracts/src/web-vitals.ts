import { z } from 'zod';

/**
 * The player site's route patterns (react-router's, as in apps/web/src/app/route-modules.ts)
 * that real-user Web Vitals are kept for; anything else is recorded as `other`, so a client
 * cannot create a metrics series per made-up path.
 */
export const WEB_VITALS_ROUTES = [
  '/',
  '/casino/home',
  '/casino/all-games',
  '/casino/providers',
  '/casino/originals/dice',
  '/casino/originals/limbo',
  '/casino/originals/mines',
  '/casino/originals/plinko',
  '/casino/originals/crash',
  '/casino/originals/keno',
  '/casino/originals/wheel',
  '/casino/originals/roulette',
  '/casino/originals/baccarat',
  '/casino/originals/dragon-tiger',
  '/casino/originals/teen-patti',
  '/casino/originals/andar-bahar',
  '/casino/originals/hilo',
  '/casino/originals/blackjack',
  '/casino/game/:slug',
  '/casino/bets/:id',
  '/provably-fair',
  '/casino/:category',
  '/sports',
  '/promotions',
  '/affiliate/overview',
  '/responsible-gaming',
  '/transactions/deposits',
  '/transactions/:tab',
  '/settings/general',
  '/settings/verify',
  '/settings/security',
  '/vip',
  '/policies/privacy',
  '/policies/terms',
  '/policies/anti-money-laundering',
  '/policies/self-exclusion',
  '/reset-password',
  '/verification',
] as const;

export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** Upper bounds of a believable value (ms for LCP and INP); beyond them a report is refused. */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = { LCP: 120_000, CLS: 50, INP: 60_000 };

/** `POST /api/v1/vitals`: one page view's metrics, sent with navigator.sendBeacon. */
export const webVitalsReport = z
  .object({
    route: z
      .string()
      .max(64, 'route must be at most 64 characters')
      .regex(/^\/[\w\-/:]*$/, 'route must be a route pattern such as /casino/:category'),
    device: z.enum(['mobile', 'desktop']),
    metrics: z
      .array(
        z.object({
          name: z.enum(WEB_VITAL_NAMES),
          value: z.number().finite().min(0, 'value must not be negative'),
        }),
      )
      .min(1, 'metrics must not be empty')
      .max(6, 'metrics must have at most 6 entries'),
  })
  .superRefine((report, ctx) => {
    for (const [i, metric] of report.metrics.entries()) {
      if (metric.value > WEB_VITAL_MAX[metric.name]) {
        ctx.addIssue({
          code: 'custom',
          path: ['metrics', i, 'value'],
          message: `${metric.name} must be at most ${WEB_VITAL_MAX[metric.name]}`,
        });
      }
    }
  });
export type WebVitalsReport = z.infer<typeof webVitalsReport>;

/** One row of the back office's panel: the 75th percentile of a metric on a page. */
export const webVitalsSummaryRow = z.object({
  route: z.string(),
  device: z.enum(['mobile', 'desktop']),
  samples: z.number().int(),
  lcp_p75_ms: z.number().nullable(),
  cls_p75: z.number().nullable(),
  inp_p75_ms: z.number().nullable(),
});
export type WebVitalsSummaryRow = z.infer<typeof webVitalsSummaryRow>;
