import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { gateClient } from '../protection/index.ts';
import type { OriginalsService } from './originals.service.ts';

const security = [{ bearer: [] }];
export const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII');
const fairness = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** The SHA-256 of the server seed the next rotation will use, committed before it is paired. */
  next_server_seed_hash: z.string(),
});
export const betView = z.object({
  id: z.string(),
  game: z.enum([
    'dice',
    'limbo',
    'mines',
    'plinko',
    'keno',
    'wheel',
    'roulette',
    'baccarat',
    'dragon-tiger',
    'teen-patti',
    'andar-bahar',
    'hilo',
    'blackjack',
  ]),
  /** active: a Mines round still being played. */
  state: z.enum(['active', 'settled']),
  currency: z.string(),
  amount: z.string(),
  payout: z.string(),
  multiplier: z.string(),
  /** Dice: the target roll; Limbo: the target multiplier. */
  target: z.string().optional(),
  direction: z.enum(['over', 'under']).optional(),
  /** Dice: the roll. */
  roll: z.string().optional(),
  won: z.boolean(),
  /** The house edge the bet was played at, in basis points (the verifier needs it). */
  edge_bp: z.number().int(),
  /** Per game: Limbo {result}; Plinko {rows, risk, path, bucket}; Mines {mines, revealed, busted, mine_positions, next_multiplier}; Keno {picks, risk, drawn, hits}; Wheel {segments, risk, segment}; Roulette {pocket, color, chips: [{type, numbers?, index?, amount, payout}]}; the card tables {chips: [{spot, amount, payout}], and their cards as indices 0–51 — Baccarat {player, banker, player_total, banker_total, winner, player_pair, banker_pair}, Dragon Tiger {dragon, tiger, winner}, Teen Patti {player, dealer, player_hand, dealer_hand, winner}, Andar Bahar {joker, andar, bahar, winner, dealt}}.; HiLo and Blackjack: see their routes. */
  details: z.record(z.string(), z.unknown()),
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  created_at: z.string(),
});

export const originalsRoutes =
  (service: OriginalsService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/casino/originals/limits',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            "What the player may stake in each original, in the wallet currency: the game's own limits where the operator set them, else the currency's",
          security,
          response: {
            200: envelope(
              z.object({
                currency: z.string(),
                games: z.record(
                  z.string(),
                  z.object({
                    /** null: no minimum beyond the currency's smallest unit. */
                    min_bet: z.string().nullable(),
                    /** null: no maximum beyond the balance and the max payout. */
                    max_bet: z.string().nullable(),
                    max_payout: z.string(),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.stakeLimits(request.player!.row.currency_id),
      }),
    );
    app.get(
      '/customer/casino/fairness',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            'The active seed pair (the SHA-256 of the server seed, the client seed, the next nonce) and the SHA-256 of the next server seed',
          description:
            'The next server seed is committed before you choose the client seed it will be paired with: rotating makes it the ' +
            'active seed with the client seed you send, reveals the previous one, and commits a new next seed.',
          security,
          response: { 200: envelope(fairness) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.fairness(request.player!.row.id),
      }),
    );
    app.post(
      '/customer/casino/fairness/rotate',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            'Rotate the seed pair: reveals the active server seed; the committed next one becomes active with your client seed',
          description:
            'The new active server seed is the one whose SHA-256 was shown as `next_server_seed_hash` before this call. ' +
            'Send that hash back as `next_server_seed_hash` to be sure it is the one you saw (409 `SEEDS_CHANGED` if your ' +
            'seeds were rotated elsewhere since). Without `client_seed` a random one is chosen. 409 `ROUND_IN_PROGRESS` ' +
            'while a Mines, HiLo or Blackjack round is open; 409 `SEED_NOT_SHOWN` if no next seed had been shown yet (read the seeds first).',
          security,
          body: z
            .object({
              client_seed: z.string().max(64).optional(),
              next_server_seed_hash: z.string().max(64).optional(),
            })
            .default({}),
          response: {
            200: envelope(
              z.object({
                previous: z
                  .object({
                    server_seed: z.string(),
                    server_seed_hash: z.string(),
                    client_seed: z.string(),
                    nonces_used: z.number(),
                  })
                  // Set by every rotation; nullable in the published shape.
                  .nullable(),
                active: fairness,
              }),
            ),
          },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Seeds rotated',
        data: await service.rotate(
          request.player!.row.id,
          request.body.client_seed,
          request.body.next_server_seed_hash,
        ),
      }),
    );
    app.post(
      '/customer/casino/originals/dice/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Play Dice with real money (provably fair)',
          description:
            'Roll 0.00–100.00 = floor(f × 10001) / 100 from HMAC-SHA256(server seed, "client seed:nonce:0"). ' +
            'Wins over (or under) `target`; pays amount × 99 % / win chance. The same `idempotency_key` returns the first bet.',
          security,
          body: z.object({
            amount: z.string().max(40),
            target: z.string().max(6),
            direction: z.enum(['over', 'under']),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.diceBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/limbo/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Play Limbo with real money (provably fair)',
          description:
            'Result = floor(1e8 / (floor(f × 1e8) + 1) × (1 − edge) × 100) / 100, at least 1.00 (as Stake computes it). Wins when the result ' +
            'reaches `target` (1.01–1000000.00) and pays amount × target.',
          security,
          body: z.object({
            amount: z.string().max(40),
            target: z.string().max(12),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.limboBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/plinko/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Play Plinko with real money (provably fair)',
          description:
            'One float per row, floor(f × 2): 0 left, 1 right; the bucket is the number of rights. Multipliers: ' +
            "Stake's published table for `rows` (8–16) and `risk` (low, medium, high).",
          security,
          body: z.object({
            amount: z.string().max(40),
            rows: z.number().int().min(8, 'rows: 8 to 16').max(16, 'rows: 8 to 16'),
            risk: z.enum(['low', 'medium', 'high']),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.plinkoBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/mines/start',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Start a Mines round with real money (provably fair)',
          description:
            "The stake is taken; the mines (1–24 of 25 tiles) are the first picks of Stake's shuffle of the bet's floats. " +
            'One round at a time; it survives a reload (GET …/mines/active).',
          security,
          body: z.object({
            amount: z.string().max(40),
            mines: z.number().int().min(1, 'mines: 1 to 24').max(24, 'mines: 1 to 24'),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.minesStart(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/mines/reveal',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'Reveal a tile of the Mines round in progress (0–24, row by row)',
          description:
            'A mine ends the round; the last gem, or reaching the max payout, cashes out.',
          security,
          body: z.object({
            tile: z.number().int().min(0, 'tile: 0 to 24').max(24, 'tile: 0 to 24'),
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.minesReveal(request.player!.row, request.body.tile),
      }),
    );
    app.post(
      '/customer/casino/originals/mines/cashout',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'Cash out the Mines round in progress at its current multiplier',
          security,
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.minesCashout(request.player!.row),
      }),
    );
    app.get(
      '/customer/casino/originals/mines/active',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'The Mines round in progress, or null',
          security,
          response: { 200: envelope(betView.nullable()) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.minesActive(request.player!.row),
      }),
    );
    app.get(
      '/casino/originals/settings',
      {
        schema: {
          tags: ['casino'],
          summary: 'Public: the house edge of each original (basis points)',
          response: {
            200: envelope(z.object({ edges: z.record(z.string(), z.number().int()) })),
          },
        },
      },
      async () => ({ status: 200, message: 'OK', data: { edges: await service.edges() } }),
    );
    app.get(
      '/customer/casino/bets',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: "The player's latest casino bets with their fairness data",
          security,
          response: { 200: envelope(z.array(betView)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.history(request.player!.row.id, request.player!.row.currency_id),
      }),
    );
  };
