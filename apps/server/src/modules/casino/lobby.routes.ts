import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, type PlayerAuth } from '../../platform/http/guards.ts';
import {
  GAMES_PAGE_SIZE_DEFAULT,
  GAMES_PAGE_SIZE_MAX,
  gameView,
  type LobbyService,
} from './lobby.service.ts';

export const gameSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  provider: z.object({ id: z.number().int(), name: z.string() }),
  category: z.string(),
  thumbnail: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
  rtp: z.string().describe('Stated return to player, percent ("96.50")'),
  volatility: z.enum(['low', 'medium', 'high']),
  min_bet: z.string(),
  max_bet: z.string(),
  bet_currency: z.string().describe('The currency of min_bet and max_bet (EUR; others convert)'),
  demo_allowed: z.boolean(),
  is_original: z.boolean(),
  featured: z.boolean(),
  tags: z.array(z.string()),
  playable: z.boolean().describe('False while the studio is not connected on this install'),
  url: z.string().describe("The player site's page for the game"),
});

export const lobbyRoutes =
  (service: LobbyService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/casino/home-games',
      {
        schema: {
          tags: ['casino'],
          summary: "The casino home's rows: featured, new, popular, and the player's recent games",
          description:
            'Public; with a bearer token `continue_playing` lists the games the player played last.',
          response: {
            200: envelope(
              z.object({
                featured: z.array(gameSchema),
                new: z.array(gameSchema),
                popular: z.array(gameSchema),
                continue_playing: z.array(gameSchema),
              }),
            ),
          },
        },
      },
      async (request) => {
        const token = bearerToken(request.headers.authorization);
        const player = token ? await auth.peek(token) : null;
        return { status: 200, message: 'OK', data: await service.home(player?.row.id ?? null) };
      },
    );
    app.get(
      '/customer/casino/games',
      {
        schema: {
          tags: ['casino'],
          summary: 'The game catalogue, paged; filter by provider name, category or name',
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            per_page: z.coerce
              .number()
              .int()
              .min(1)
              .max(GAMES_PAGE_SIZE_MAX)
              .default(GAMES_PAGE_SIZE_DEFAULT),
            provider: z.string().max(80).optional(),
            category: z.string().max(40).optional(),
            q: z.string().max(80).optional(),
          }),
          response: {
            200: envelope(
              z.object({
                games: z.array(gameSchema),
                page: z.number().int(),
                per_page: z.number().int(),
                total: z.number().int(),
                pages: z.number().int(),
              }),
            ),
          },
        },
      },
      async (request) => ({ status: 200, message: 'OK', data: await service.games(request.query) }),
    );
    app.get(
      '/customer/casino/games/:slug',
      {
        schema: {
          tags: ['casino'],
          summary: 'One game of the catalogue',
          params: z.object({ slug: z.string().max(64) }),
          response: { 200: envelope(gameSchema) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: gameView(await service.game(request.params.slug)),
      }),
    );
    app.get(
      '/customer/casino/provider-summaries',
      {
        schema: {
          tags: ['casino'],
          summary: 'The providers page: each menu provider with its number of games',
          response: {
            200: envelope(
              z.array(
                z.object({ id: z.number().int(), name: z.string(), games: z.number().int() }),
              ),
            ),
          },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.providerSummaries() }),
    );
    app.get(
      '/customer/casino/categories',
      {
        schema: {
          tags: ['casino'],
          summary:
            'The lobby categories that have games a player can open, with how many (empty ones are left out)',
          response: {
            200: envelope(z.array(z.object({ category: z.string(), games: z.number().int() }))),
          },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.categories() }),
    );
    app.get(
      '/casino/thumbs/:file',
      {
        schema: {
          tags: ['casino'],
          summary: "A game's generated tile art (SVG, 240×320)",
          params: z.object({ file: z.string().regex(/^[a-z0-9-]{2,64}\.svg$/) }),
        },
      },
      async (request, reply) => {
        const svg = await service.thumbnail(request.params.file.slice(0, -4));
        if (svg === null) return reply.status(404).send({ status: 404, message: 'No such game' });
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .send(svg);
      },
    );
  };
