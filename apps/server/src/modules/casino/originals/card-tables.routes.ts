import {
  andarBaharBetRequest,
  baccaratBetRequest,
  dragonTigerBetRequest,
  envelope,
  teenPattiBetRequest,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { PlayerAuth } from '../../../platform/http/guards.ts';
import { gateClient } from '../../protection/index.ts';
import { betView } from '../originals.routes.ts';
import type { OriginalsService } from '../originals.service.ts';
import type { CardGame } from './card-tables.ts';

const security = [{ bearer: [] }];

const TABLES: { game: CardGame; body: z.ZodType; summary: string; description: string }[] = [
  {
    game: 'baccarat',
    body: baccaratBetRequest,
    summary: 'Play Baccarat (Punto Banco) with real money (provably fair)',
    description:
      "Stake's mapping: an infinite deck, card = floor(f × 52) (♦2, ♥2, ♠2, ♣2 … ♣A), dealt Player, Player, Banker, " +
      'Banker, then third cards by the standard tableau, from the next floats (6 at most). Chips on `player` (1:1), ' +
      '`banker` (0.95:1), `tie` (8:1; Player and Banker returned on a tie), `player_pair`, `banker_pair` (11:1).',
  },
  {
    game: 'dragon-tiger',
    body: dragonTigerBetRequest,
    summary: 'Play Dragon Tiger with real money (provably fair)',
    description:
      'An infinite deck: Dragon = floor(f₀ × 52), Tiger = floor(f₁ × 52); the higher rank wins, aces low, suits ignored. ' +
      'Chips on `dragon`, `tiger` (1:1; half back on a tie) and `tie` (11:1).',
  },
  {
    game: 'teen-patti',
    body: teenPattiBetRequest,
    summary: 'Play Teen Patti against the dealer with real money (provably fair)',
    description:
      "One 52-card deck dealt by the splice (draw i takes remaining[floor(f_i × remaining.length)]): the Player's hand " +
      "is draws 1–3, the Dealer's 4–6. `ante`: the better hand wins, paying 2 × (1 − edge) for 1, a tie returns it. " +
      "`pair_plus`: Trail 40:1, Pure sequence 30:1, Sequence 6:1, Colour 4:1, Pair 1:1 on the Player's hand.",
  },
  {
    game: 'andar-bahar',
    body: andarBaharBetRequest,
    summary: 'Play Andar Bahar with real money (provably fair)',
    description:
      'One 52-card deck dealt by the splice: the first card is the Joker, then Andar, Bahar, Andar … until a card ' +
      "matches the Joker's rank (50 floats at most). `andar` pays 0.9:1, `bahar` 1:1; the count spots (`1-5`, `6-10`, " +
      '`11-15`, `16-25`, `26-30`, `31-35`, `36-40`, `41-49`) win when that many cards are dealt after the Joker.',
  },
];

/** Baccarat, Dragon Tiger, Teen Patti and Andar Bahar: one request, one deal each. */
export const cardTablesRoutes =
  (service: OriginalsService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    for (const table of TABLES) {
      app.post(
        `/customer/casino/originals/${table.game}/bet`,
        {
          preHandler: auth.requirePlayer,
          config: { moneyAction: 'casino_bet' },
          schema: {
            tags: ['casino'],
            summary: table.summary,
            description: `${table.description} The same \`idempotency_key\` returns the first bet.`,
            security,
            body: table.body,
            response: { 200: envelope(betView) },
          },
        },
        async (request) => ({
          status: 200,
          message: 'OK',
          data: await service.cardBet(
            table.game,
            request.player!.row,
            request.body as z.infer<typeof baccaratBetRequest>,
            gateClient(request, env),
          ),
        }),
      );
    }
  };
