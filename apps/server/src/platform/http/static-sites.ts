import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type SiteSeo = () => Promise<{ title: string; description: string }>;

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
  const templates = new Map<string, string>();
  app.decorate('serveSpa', async (url: string): Promise<string | null> => {
    const site = mounted.find(
      (entry) => entry.prefix === '' || url === entry.prefix || url.startsWith(`${entry.prefix}/`),
    );
    if (!site) return null;
    let template = templates.get(site.dist);
    if (template === undefined) {
      template = await readFile(path.join(site.dist, 'index.html'), 'utf8');
      // Re-read in development so a rebuilt app shows without a restart.
      if (sites.cacheTemplates) templates.set(site.dist, template);
    }
    const seo = await sites.seo();
    return template
      .replaceAll('__SEO_TITLE__', escapeHtml(seo.title))
      .replaceAll('__SEO_DESCRIPTION__', escapeHtml(seo.description));
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

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
