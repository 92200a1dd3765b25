import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailService } from './mail.service.ts';

const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  transport: z.string(),
  created_at: z.string(),
});

/** Development only: the outbox as JSON (for tests) and as a page (for people). */
export const mailRoutes =
  (mail: MailService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Mail outbox (not available in production)',
          querystring: z.object({
            to: z.string().max(254).optional(),
            limit: z.coerce.number().int().min(1).max(100).default(50),
          }),
          response: { 200: envelope(z.array(outboxItem)) },
        },
      },
      async (request) => {
        const rows = await mail.list(request.query.to, request.query.limit);
        return {
          status: 200,
          message: 'OK',
          data: rows.map((row) => ({
            id: String(row.id),
            to: row.to_address,
            subject: row.subject,
            text: row.body_text,
            html: row.body_html,
            transport: row.transport,
            created_at: row.created_at.toISOString(),
          })),
        };
      },
    );

    app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await mail.list(undefined, 50);
      const items = rows
        .map(
          (row) => `<article><header><strong>${escapeHtml(row.subject)}</strong>
            <span>to ${escapeHtml(row.to_address)} · ${row.created_at.toISOString()} · ${row.transport}</span></header>
            <pre>${linkify(escapeHtml(row.body_text))}</pre></article>`,
        )
        .join('');
      reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
        <title>Development mail outbox</title><style>
        body{font:14px/1.5 system-ui,sans-serif;background:#0f1923;color:#e6edf3;max-width:860px;margin:2rem auto;padding:0 1rem}
        article{background:#1a2c38;border-radius:8px;padding:1rem;margin:0 0 1rem}header{display:flex;flex-direction:column;gap:.25rem}
        span{color:#8aa0b2;font-size:12px}pre{white-space:pre-wrap;font:inherit}a{color:#4ade80}</style></head>
        <body><h1>Development mail outbox</h1><p>Mail is kept here because SMTP_URL is not set. Newest first.</p>
        ${items || '<p>No mail yet.</p>'}</body></html>`);
    });
  };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkify(value: string): string {
  return value.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
