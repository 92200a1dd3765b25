import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type SiteSeo = () => Promise<{
  title: string;
  description: string;
  /** The brand name on the player site's loading screen (painted by index.html). */
  brand?: string;
  /**
   * Data the page's first render needs, inlined as `<script type="application/json"
   * id="boot-data">` where index.html has `{ "__BOOT_DATA__": 0 }`, so the first paint does not wait for
   * a request (issue 20). Not executed, so the CSP's script-src does not apply.
   */
  boot?: Record<string, unknown>;
}>;

/**
 * Serves the built single-page apps: the player site at `/`, the back office at
 * `/admin`. Unknown paths that want HTML get the app's index.html (client-side
 * routing), with the SEO title and description filled in from operator settings.
 */
export async function registerStaticSites(
  app: FastifyInstance,
  sites: { webDist: string; backofficeDist: string; seo: SiteSeo; cacheTemplates?: boolean },
): Promise<void> {
  const mounted: Array<{ prefix: string; dist: string }> = [];
  if (existsSync(path.join(sites.backofficeDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: sites.backofficeDist,
      prefix: '/admin/',
      decorateReply: false,
      index: false,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      // The build writes .br and .gz copies (scripts/compress-dist.mjs); they are sent by
      // content negotiation, with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
    mounted.push({ prefix: '/admin', dist: sites.backofficeDist });
  }
  if (existsSync(path.join(sites.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: sites.webDist,
      prefix: '/',
      decorateReply: false,
      index: false,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      // The build writes .br and .gz copies (scripts/compress-dist.mjs); they are sent by
      // content negotiation, with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
    mounted.push({ prefix: '', dist: sites.webDist });
  }
  const templates = new Map<string, { html: string; preloads: RoutePreloads }>();
  app.decorate('serveSpa', async (url: string): Promise<string | null> => {
    const site = mounted.find(
      (entry) => entry.prefix === '' || url === entry.prefix || url.startsWith(`${entry.prefix}/`),
    );
    if (!site) return null;
    let template = templates.get(site.dist);
    if (template === undefined) {
      template = {
        html: await readFile(path.join(site.dist, 'index.html'), 'utf8'),
        preloads: await readRoutePreloads(site.dist),
      };
      // Re-read in development so a rebuilt app shows without a restart.
      if (sites.cacheTemplates) templates.set(site.dist, template);
    }
    const seo = await sites.seo();
    const links = routePreloadLinks(template.preloads, url.slice(site.prefix.length) || '/');
    return (
      template.html
        .replace('</head>', `${links}</head>`)
        .replaceAll('__SEO_TITLE__', escapeHtml(seo.title))
        .replaceAll('__SEO_DESCRIPTION__', escapeHtml(seo.description))
        // The player site's loading screen is in its index.html (the first paint, before scripts).
        .replaceAll('__BRAND_NAME__', escapeHtml(seo.brand ?? ''))
        .replace('{ "__BOOT_DATA__": 0 }', () => jsonForScript(seo.boot ?? {}))
    );
  });
  // The sites' roots are directories, which the file server refuses to list.
  for (const { prefix } of mounted) {
    app.get(`${prefix}/`, { schema: { hide: true } }, async (request, reply) => {
      const page = await app.serveSpa!(request.url.split('?')[0]!);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa?: (url: string) => Promise<string | null>;
  }
}

/** Vite's hashed assets never change under their name: cached for a year. Anything else: an hour. */
export function cacheHeaders(reply: FastifyReply, file: string): void {
  const hashed = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)+$/.test(file);
  reply.header(
    'cache-control',
    hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  );
}

/** Route pattern (react-router's, `:name` for one segment) → the chunks its page needs. */
type RoutePreloads = Array<{ segments: string[]; files: string[] }>;

/**
 * `route-preloads.json`, written by the player site's build (apps/web/vite.config.ts): the code
 * of each route's page beyond what index.html loads. Missing or unreadable: no preloads.
 */
async function readRoutePreloads(dist: string): Promise<RoutePreloads> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dist, 'route-preloads.json'), 'utf8'));
  } catch {
    return [];
  }
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, unknown>).flatMap(([pattern, files]) =>
    Array.isArray(files) && files.every((f) => typeof f === 'string' && /^\/[\w./-]+$/.test(f))
      ? [{ segments: pattern.split('/').filter(Boolean), files: files as string[] }]
      : [],
  );
}

/**
 * `<link rel="modulepreload">` for the page at `pathname`, so a cold load fetches the page's
 * code alongside the main bundle instead of after it has run (issue 20). A literal pattern wins
 * over one with a `:param` (as in the router: `/casino/home` before `/casino/:category`).
 */
export function routePreloadLinks(preloads: RoutePreloads, pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const params = (route: { segments: string[] }) =>
    route.segments.filter((s) => s.startsWith(':')).length;
  const match = preloads
    .filter(
      (route) =>
        route.segments.length === segments.length &&
        route.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
    )
    .sort((a, b) => params(a) - params(b))[0];
  return (match?.files ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end or confuse it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
