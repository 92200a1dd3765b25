import { randomBytes } from 'node:crypto';
import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { currenciesError } from '../currencies/index.ts';
import { gateClient, gateRefusal, type PlayerGate } from '../protection/index.ts';
import { casinoError } from './casino.errors.ts';
import type { LobbyGameRow } from './lobby.repository.ts';
import type { LobbyService } from './lobby.service.ts';
import type { ProviderService } from './provider.service.ts';

const launchSchema = z.object({
  mode: z.enum(['real', 'demo']),
  game: z.string(),
  token: z.string().nullable().describe('The game session token (null for originals)'),
  launch_url: z.string().describe('Embed in an iframe (third-party games) or open (originals)'),
  embed: z.boolean().describe('True when the launch URL is meant for an iframe'),
  currency: z.string().describe('The wallet currency, or FUN for play money'),
  expires_at: z.string().nullable(),
});
const body = z.object({
  game: z.string().min(1).max(64).describe("The game's slug"),
  language: z.string().max(10).optional(),
});

const LANGUAGE = /^[a-z]{2}(-[A-Z]{2})?$/;

function launchUrl(base: string, params: Record<string, string>) {
  const url = new URL(base, 'http://local.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  // Same-site studios are given as paths; external ones keep their origin.
  return base.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
}

/** `games-init` (real money, signed-in) and `games-init-demo` (play money, anyone). */
export const launchRoutes =
  (deps: {
    lobby: LobbyService;
    provider: ProviderService;
    gate: PlayerGate;
    auth: PlayerAuth;
    env: string;
    playerCurrency: (player_id: bigint) => Promise<{ code: string; scale: number } | null>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    async function launchable(slug: string): Promise<LobbyGameRow> {
      const game = await deps.lobby.game(slug);
      if (!game.connected) {
        throw casinoError(
          'GAME_UNAVAILABLE',
          `${game.provider_name} is not connected on this site yet: ${game.name} cannot be opened.`,
        );
      }
      return game;
    }

    app.post(
      '/customer/casino/games-init',
      {
        preHandler: deps.auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'Open a real-money game session (token + launch URL)',
          description:
            'Refused with the player-protection code (e.g. JURISDICTION_DEMO_ONLY, 403) where real money is not allowed: offer games-init-demo instead.',
          security: [{ bearer: [] }],
          body,
          response: { 200: envelope(launchSchema) },
        },
      },
      async (request) => {
        const player = request.player!.row;
        const game = await launchable(request.body.game);
        const currency = await deps.playerCurrency(player.id);
        if (!currency) {
          throw currenciesError('NO_WALLET_CURRENCY');
        }
        const client = gateClient(request, deps.env);
        // Only the decision: nothing is staked by opening a game.
        const decision = await deps.gate.check({
          ...client,
          player_id: player.id,
          action: game.is_original ? 'casino_bet' : 'provider_debit',
          currency: currency.code,
        });
        if (!decision.allowed) {
          throw gateRefusal(decision);
        }
        const language =
          request.body.language && LANGUAGE.test(request.body.language)
            ? request.body.language
            : 'en';
        if (game.is_original) {
          return {
            status: 200,
            message: 'OK',
            data: {
              mode: 'real' as const,
              game: game.slug,
              token: null,
              launch_url: `/casino/originals/${game.slug}`,
              embed: false,
              currency: currency.code,
              expires_at: null,
            },
          };
        }
        const integration = (await deps.provider.integration(game.provider_id))!;
        const { token, session } = await deps.provider.openSession({
          player_id: player.id,
          game,
          currency: currency.code,
          client,
        });
        return {
          status: 200,
          message: 'OK',
          data: {
            mode: 'real' as const,
            game: game.slug,
            token,
            launch_url: launchUrl(integration.launch_url, {
              mode: 'real',
              token,
              player: String(player.id),
              currency: currency.code,
              game: game.provider_game_code!,
              lang: language,
            }),
            embed: true,
            currency: currency.code,
            expires_at: session.expires_at.toISOString(),
          },
        };
      },
    );

    app.post(
      '/customer/casino/games-init-demo',
      {
        schema: {
          tags: ['casino'],
          summary:
            'Open a play-money game session (no account needed; the ledger is never touched)',
          body,
          response: { 200: envelope(launchSchema) },
        },
      },
      async (request) => {
        const game = await launchable(request.body.game);
        if (!game.demo_allowed) {
          throw casinoError('DEMO_UNAVAILABLE', `${game.name} has no demo mode.`);
        }
        const language =
          request.body.language && LANGUAGE.test(request.body.language)
            ? request.body.language
            : 'en';
        if (game.is_original) {
          return {
            status: 200,
            message: 'OK',
            data: {
              mode: 'demo' as const,
              game: game.slug,
              token: null,
              launch_url: `/casino/originals/${game.slug}?mode=demo`,
              embed: false,
              currency: 'FUN',
              expires_at: null,
            },
          };
        }
        const integration = (await deps.provider.integration(game.provider_id))!;
        // The studio keeps a demo balance of its own under this token; nothing is stored here.
        const token = `demo_${randomBytes(18).toString('base64url')}`;
        return {
          status: 200,
          message: 'OK',
          data: {
            mode: 'demo' as const,
            game: game.slug,
            token,
            launch_url: launchUrl(integration.launch_url, {
              mode: 'demo',
              token,
              currency: 'FUN',
              game: game.provider_game_code!,
              lang: language,
            }),
            embed: true,
            currency: 'FUN',
            expires_at: null,
          },
        };
      },
    );
  };
