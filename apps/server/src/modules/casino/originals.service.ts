import { createHmac, randomBytes } from 'node:crypto';
import {
  type DiceDirection,
  diceMultiplier,
  dicePayout,
  diceRollFromFloat,
  diceWins,
  floatsSync,
  isValidDiceTarget,
  isValidLimboTarget,
  isValidMines,
  isValidPlinko,
  limboFromFloat,
  limboPayout,
  limboWins,
  MINES_TILES,
  minesFromFloats,
  minesMultiplier,
  minesPayout,
  plinkoBucket,
  plinkoMultiplier_x100,
  plinkoPathFromFloats,
  plinkoPayout,
  plinkoTable,
  sha256Hex,
} from '@casino/games';
import { formatAmount, isMoneyError } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import { currenciesError } from '../currencies/index.ts';
import type { GateClient } from '../protection/index.ts';
import { type Wager, type WagersService, wagersError } from '../wagers/index.ts';
import { casinoError } from './casino.errors.ts';
import { type CardSlipInput, cardSlip } from './originals/card-bets.ts';
import { CARD_TABLES, type CardGame } from './originals/card-tables.ts';
import { blackjackDetails, hiloDetails } from './originals/card-views.ts';
import { type KenoInput, kenoDetails, kenoPlan } from './originals.keno.ts';
import { enforceStake } from './originals.limits.ts';
import type { Plan } from './originals.plan.ts';
import {
  type BetRow,
  isStateful,
  type OriginalsRepository,
  type SeedRow,
  type StatefulGame,
} from './originals.repository.ts';
import {
  type RouletteChipInput,
  rouletteDetails,
  roulettePlan,
  rouletteSlip,
} from './originals.roulette.ts';
import { ORIGINAL_GAMES, type OriginalGame, type OriginalsSettings } from './originals.settings.ts';
import { type WheelInput, wheelDetails, wheelPlan } from './originals.wheel.ts';

export const BET_HISTORY_MAX = 50;

type MinesParams = { mines: number; edge_bp: number };
type MinesOutcome = {
  positions: number[];
  revealed: number[];
  finished: boolean;
  busted: boolean;
  won: boolean;
  max_payout_minor: string;
};

/** Hundredths as text with 4 decimals, the multiplier's format ("2.5000"). */
const x100Text = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}00`;
const hundredths = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
/** Node's HMAC: the same bytes as the verifier's Web Crypto, without a key import per bet. */
const hmacSha256 = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest();
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export type OriginalsDeps = {
  currencyOf: (currency_id: number | null) => Promise<{ code: string; scale: number } | null>;
  wagers: WagersService;
};

/** Seeds read per player and kept: a bet checks its nonce in its own statement (see `play`). */
const SEED_CACHE_SIZE_MAX = 100_000;
/** Settled marks are written together, this often (a crash leaves them to the sweep). */
const SETTLED_FLUSH_MS = 20;
const SETTLED_FLUSH_SIZE_MAX = 500;
/** A seed whose nonce moved under the cache (another instance) is read again this often. */
const STALE_SEED_ATTEMPTS = 3;

/** What a player is told when a round of that game is already open. */
const ROUND_OPEN: Record<StatefulGame, string> = {
  mines: 'A Mines round is already in progress: finish it first.',
  hilo: 'A HiLo round is already in progress: finish it first.',
  blackjack: 'A Blackjack hand is already in progress: finish it first.',
};
const roundOpen = (game: BetRow['game']) =>
  casinoError(
    'ROUND_IN_PROGRESS',
    `Finish your ${game === 'blackjack' ? 'Blackjack hand' : game === 'hilo' ? 'HiLo round' : 'Mines round'} before rotating the seeds.`,
  );

/** A refusal about one field of the bet (its `errors` name it). */
function invalid(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

export class OriginalsService {
  /** The active seed per player as last read or used; `nonce` is the next one to use. */
  private readonly seeds = new Map<bigint, SeedRow>();
  private readonly settledMarks: bigint[] = [];
  /** Per player, the last bet of this instance waiting for or holding the seed's next nonce. */
  private readonly turns = new Map<bigint, Promise<unknown>>();
  private settledTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: OriginalsRepository,
    private readonly deps: OriginalsDeps,
    private readonly settings: OriginalsSettings,
  ) {}

  private async drawServerSeed() {
    const server_seed = randomBytes(32).toString('hex');
    return { server_seed, server_seed_hash: await sha256Hex(server_seed) };
  }

  /** The player's data export: their bets on the originals. */
  async exportOf(player_id: bigint) {
    return { casino_bets: await this.repository.exportOf(player_id) };
  }

  /**
   * The player's active pair, and the committed next server seed beside it (both created on
   * first use). The next seed is drawn here, never in the rotation that pairs it with a client
   * seed, so its hash has been shown before the player chose that client seed.
   */
  private async ensureSeed(player_id: bigint): Promise<SeedRow> {
    let active = await this.repository.activeSeed(null, player_id);
    if (!active) {
      await this.repository.insertSeed(null, {
        player_id,
        ...(await this.drawServerSeed()),
        client_seed: randomBytes(8).toString('hex'),
      });
      active = (await this.repository.activeSeed(null, player_id))!;
    }
    if (!(await this.repository.nextSeed(null, player_id))) {
      await this.repository.insertNextSeed(null, { player_id, ...(await this.drawServerSeed()) });
    }
    return this.remember(active);
  }

  /** The seed a bet would use: from memory, or read (and then kept). */
  private async currentSeed(player_id: bigint): Promise<SeedRow> {
    return this.seeds.get(player_id) ?? this.ensureSeed(player_id);
  }

  private remember(seed: SeedRow): SeedRow {
    if (this.seeds.size >= SEED_CACHE_SIZE_MAX) {
      const oldest = this.seeds.keys().next();
      if (!oldest.done) this.seeds.delete(oldest.value);
    }
    this.seeds.set(seed.player_id, seed);
    return seed;
  }

  /**
   * What the player sees before betting: the hashed server seed, their client seed, the next
   * nonce, and the hash of the server seed the next rotation will use (shown before they choose
   * the client seed for it).
   */
  async fairness(player_id: bigint) {
    const seed = await this.ensureSeed(player_id);
    const next = await this.repository.nextSeed(null, player_id);
    return {
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce: seed.nonce,
      next_server_seed_hash: next!.server_seed_hash,
    };
  }

  /**
   * New pair: the active server seed is revealed (so every bet made with it can be verified),
   * the committed next one becomes active with the client seed sent now, and a fresh next seed
   * is committed. `next_server_seed_hash`, when sent, must be the commitment the player saw:
   * another tab may have rotated since.
   */
  async rotate(player_id: bigint, client_seed: string | undefined, next_server_seed_hash?: string) {
    if (client_seed !== undefined && !CLIENT_SEED.test(client_seed)) {
      invalid('client_seed: 1 to 64 printable characters without spaces', 'client_seed');
    }
    if (next_server_seed_hash !== undefined && !/^[0-9a-f]{64}$/.test(next_server_seed_hash)) {
      invalid(
        'next_server_seed_hash: the 64 lowercase hex characters shown as the next server seed',
        'next_server_seed_hash',
      );
    }
    // The seed would reveal where the mines (or the cards) of an open round lie.
    const open = await this.repository.anyOpenRound(player_id);
    if (open) throw roundOpen(open.game);
    // Only a seed committed before this request may be paired with the client seed it carries.
    if (!(await this.repository.nextSeed(null, player_id))) {
      await this.ensureSeed(player_id);
      throw casinoError('SEED_NOT_SHOWN');
    }
    await this.ensureSeed(player_id);
    this.seeds.delete(player_id);
    const following = await this.drawServerSeed();
    const rotated = await this.repository.transaction(async (tx) => {
      const active = await this.repository.activeSeed(tx, player_id, true);
      const next = await this.repository.nextSeed(tx, player_id, true);
      // A concurrent rotation got here first: the pair the player read is gone.
      if (
        !active ||
        !next ||
        (next_server_seed_hash !== undefined && next.server_seed_hash !== next_server_seed_hash)
      ) {
        throw casinoError('SEEDS_CHANGED');
      }
      // Again under the pair's lock: a round started since the check above would otherwise
      // have its mines or cards revealed by this rotation.
      const opened = await this.repository.anyOpenRound(player_id);
      if (opened) throw roundOpen(opened.game);
      await this.repository.retireSeed(tx, active.id);
      const promoted = await this.repository.promoteSeed(
        tx,
        next.id,
        client_seed ?? randomBytes(8).toString('hex'),
      );
      await this.repository.insertNextSeed(tx, { player_id, ...following });
      return { previous: active, promoted };
    });
    const { previous, promoted } = rotated;
    return {
      previous: {
        server_seed: previous.server_seed,
        server_seed_hash: previous.server_seed_hash,
        client_seed: previous.client_seed,
        nonces_used: previous.nonce,
      },
      active: {
        server_seed_hash: promoted.server_seed_hash,
        client_seed: promoted.client_seed,
        nonce: 0,
        next_server_seed_hash: following.server_seed_hash,
      },
    };
  }

  /** The wallet currency, or a 409 saying there is none. */
  async currency(currency_id: number | null) {
    const currency = await this.deps.currencyOf(currency_id);
    if (!currency) throw currenciesError('NO_WALLET_CURRENCY');
    return currency;
  }

  private parseStake(amount: string, scale: number, path = 'amount'): bigint {
    let stake = 0n;
    try {
      stake = parseAmountInput(amount.trim(), scale);
    } catch (error) {
      if (isMoneyError(error)) invalid(`${path}: ${error.message}`, path);
      throw error;
    }
    if (stake <= 0n) invalid(`${path}: the bet must be more than 0`, path);
    return stake;
  }

  /** The operator's limits for the game in this currency (the game's own, else the currency's). */
  limitsOf(game: OriginalGame, currency: { code: string; scale: number }) {
    return this.settings.gameLimits(game, currency.code, currency.scale);
  }

  /**
   * The operator's min bet, max bet and max payout for the game in this currency (the game's own
   * where set, else the currency's): each a clear 422 naming the limit.
   */
  private async checkLimits(
    game: OriginalGame,
    currency: { code: string; scale: number },
    stake: bigint,
    bestPayout: bigint | null,
  ) {
    const limits = await this.settings.gameLimits(game, currency.code, currency.scale);
    return enforceStake(limits, currency, stake, bestPayout);
  }

  /** The bet as the bet path (modules/wagers) knows it. */
  wager(bet: BetRow): Wager {
    return {
      bet_ref: `casino:${bet.id}`,
      product: 'originals',
      game: bet.game,
      category: 'originals',
      player_id: bet.player_id,
      currency: bet.currency,
      house: { kind: 'wagers', purpose: 'originals' },
      funding: bet.bonus_id === null ? 'cash' : 'bonus',
      bonus_id: bet.bonus_id,
      object_id: `casino:${bet.id}`,
      actor: { type: 'player', id: String(bet.player_id) },
      settle_actor: { type: 'system', id: 'originals' },
    };
  }

  /**
   * One real-money round of an original: admitted by the bet path (gate, bonus max bet, whose
   * money), then the outcome fixed and stored with the seed's nonce in one statement, then the
   * money through the bet path, keyed by the bet's id. The same idempotency key returns the
   * first bet. `plan` validates the game's own input and says how to turn the bet's floats into
   * its result.
   *
   * The seed is read from memory: the outcome is computed for the nonce the cache holds, and
   * the statement that stores the bet moves the nonce only if it still is that one (another
   * instance, a rotation, or a racing bet of the same player may have moved it), so a stale
   * cache costs a second try, never a result drawn twice from one nonce.
   */
  async play(
    game: BetRow['game'],
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; idempotency_key: string },
    client: GateClient,
    plan: (stake: bigint, edge_bp: number) => Plan,
  ) {
    const currency = await this.currency(player.currency_id);
    const stake = this.parseStake(input.amount, currency.scale);
    const edge_bp = await this.settings.edge(game);
    const planned = plan(stake, edge_bp);
    const limits = await this.checkLimits(game, currency, stake, planned.bestPayout);
    if (isStateful(game) && (await this.repository.openRound(null, player.id, game))) {
      const again = await this.repository.betByKey(player.id, input.idempotency_key);
      if (again) return this.replay(again, currency.scale);
      throw casinoError('ROUND_IN_PROGRESS', ROUND_OPEN[game], game);
    }
    const reference = `casino:${player.id}:${input.idempotency_key}`;
    let admitted: Awaited<ReturnType<WagersService['admit']>>;
    try {
      admitted = await this.deps.wagers.admit({
        player_id: player.id,
        currency: currency.code,
        scale: currency.scale,
        amount_minor: stake,
        action: 'casino_bet',
        reference,
        client,
        bonus_funding: true,
      });
    } catch (error) {
      // A retry of a bet already placed is answered with that bet, whatever the gate says now.
      const again = await this.repository.betByKey(player.id, input.idempotency_key);
      if (again) return this.replay(again, currency.scale);
      throw error;
    }

    let stored: { bet: BetRow; seed: SeedRow } | { again: BetRow };
    try {
      stored = await this.inTurn(player.id, async () => {
        for (let attempt = 1; ; attempt++) {
          const seed =
            attempt === 1 ? await this.currentSeed(player.id) : await this.ensureSeed(player.id);
          const fs = floatsSync(
            { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce },
            planned.floats,
            hmacSha256,
          );
          const result = planned.resolve(fs, limits.max_payout_minor);
          const bet = await this.repository.placeBet(seed, {
            bonus_id: admitted.bonus_id,
            player_id: player.id,
            game,
            currency: currency.code,
            stake_minor: stake,
            payout_minor: result.payout,
            multiplier: result.multiplier,
            params: { ...planned.params, edge_bp },
            outcome: result.outcome,
            idempotency_key: input.idempotency_key,
          });
          if (bet !== null) {
            // The nonce the statement used is spent: the next bet takes the next one.
            this.remember({ ...seed, nonce: seed.nonce + 1 });
            return { bet, seed };
          }
          // Not stored: the key was used before (a retry), or the seed moved under the cache
          // (another instance, a rotation).
          const again = await this.repository.betByKey(player.id, input.idempotency_key);
          if (again) return { again };
          this.seeds.delete(player.id);
          if (attempt >= STALE_SEED_ATTEMPTS) throw new Error('originals: the seed kept moving');
        }
      });
    } catch (error) {
      await this.deps.wagers.release(reference);
      // Two starts of a stateful game at once: its unique open-round index refuses the second.
      if ((error as { code?: string }).code === '23505' && isStateful(game)) {
        const again = await this.repository.betByKey(player.id, input.idempotency_key);
        if (again) return this.replay(again, currency.scale);
        throw casinoError('ROUND_IN_PROGRESS', ROUND_OPEN[game], game);
      }
      throw error;
    }
    if ('again' in stored) {
      // The first bet's usage stays counted; a refused one had given it back already.
      if (stored.again.status === 'refused') await this.deps.wagers.release(reference);
      return this.replay(stored.again, currency.scale);
    }
    const { bet, seed } = stored;
    const placed = await this.settle(bet);
    if (placed === null) {
      await this.deps.wagers.release(reference);
      throw wagersError('INSUFFICIENT_FUNDS');
    }
    return this.view(placed, currency.scale, seed);
  }

  /**
   * Runs `work` after the player's earlier bets on this instance have taken their nonces: bets
   * of one player at once would otherwise all draw from the nonce the cache holds, and all but
   * one find it moved, again and again (`STALE_SEED_ATTEMPTS`).
   */
  private async inTurn<T>(player_id: bigint, work: () => Promise<T>): Promise<T> {
    const mine = (this.turns.get(player_id) ?? Promise.resolve()).then(work);
    const done = mine.catch(() => {});
    this.turns.set(player_id, done);
    try {
      return await mine;
    } finally {
      if (this.turns.get(player_id) === done) this.turns.delete(player_id);
    }
  }

  /**
   * A bet asked for again with its key: as it stands (a refused one is refused again). One still
   * placing (its instance died before the money moved, or the first request is still moving it)
   * is settled now, under the first attempt's keys, so the money moves once and the answer is
   * never a bet the ledger does not hold.
   */
  private async replay(bet: BetRow, scale: number) {
    if (bet.status === 'refused') throw wagersError('INSUFFICIENT_FUNDS');
    if (bet.status === 'placing') {
      const settled = await this.settle(bet);
      if (!settled) throw wagersError('INSUFFICIENT_FUNDS');
      return this.view(settled, scale);
    }
    return this.view(bet, scale);
  }

  async diceBet(
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; target: string; direction: DiceDirection; idempotency_key: string },
    client: GateClient,
  ) {
    return this.play('dice', player, input, client, (stake, edge_bp) => {
      const targetMatch = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(input.target.trim());
      const target = targetMatch
        ? Number(targetMatch[1]) * 100 + Number((targetMatch[2] ?? '').padEnd(2, '0'))
        : Number.NaN;
      if (!isValidDiceTarget(target, input.direction)) {
        invalid(
          'target: choose a target that gives a win chance between 0.01 % and 98 %',
          'target',
        );
      }
      const bestPayout = dicePayout(stake, target, input.direction, edge_bp);
      return {
        bestPayout,
        floats: 1,
        params: { target, direction: input.direction },
        resolve: ([f]) => {
          const roll = diceRollFromFloat(f!);
          const won = diceWins(roll, target, input.direction);
          return {
            payout: won ? bestPayout : 0n,
            multiplier: diceMultiplier(target, input.direction, edge_bp),
            outcome: { roll, won },
          };
        },
      };
    });
  }

  /** Limbo: name a target multiplier; win stake × target when the drawn result reaches it. */
  async limboBet(
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; target: string; idempotency_key: string },
    client: GateClient,
  ) {
    return this.play('limbo', player, input, client, (stake, edge_bp) => {
      const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(input.target.trim());
      const target = match
        ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
        : Number.NaN;
      if (!isValidLimboTarget(target)) {
        invalid('target: a multiplier from 1.01 to 1000000.00 with at most 2 decimals', 'target');
      }
      const bestPayout = limboPayout(stake, target);
      return {
        bestPayout,
        floats: 1,
        params: { target },
        resolve: ([f]) => {
          const result = limboFromFloat(f!, edge_bp);
          const won = limboWins(result, target);
          return {
            payout: won ? bestPayout : 0n,
            multiplier: x100Text(target),
            outcome: { result, won },
          };
        },
      };
    });
  }

  /** Plinko: one float per row (left or right); the bucket's multiplier from the paytable. */
  async plinkoBet(
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; rows: number; risk: string; idempotency_key: string },
    client: GateClient,
  ) {
    return this.play('plinko', player, input, client, (stake, edge_bp) => {
      const { rows, risk } = input;
      if (!isValidPlinko(rows, risk)) {
        invalid('rows: 8 to 16; risk: low, medium or high', 'rows');
      }
      const top = Math.max(
        ...plinkoTable(rows, risk).map((_, b) => plinkoMultiplier_x100(rows, risk, b, edge_bp)),
      );
      return {
        bestPayout: (stake * BigInt(top)) / 100n,
        floats: rows,
        params: { rows, risk },
        resolve: (fs) => {
          const path = plinkoPathFromFloats(fs, rows);
          const bucket = plinkoBucket(path);
          const m = plinkoMultiplier_x100(rows, risk, bucket, edge_bp);
          return {
            payout: plinkoPayout(stake, rows, risk, bucket, edge_bp),
            multiplier: x100Text(m),
            outcome: { path, bucket, won: m >= 100 },
          };
        },
      };
    });
  }

  /** Keno: 1–10 squares of 40 against the 10 the bet's floats draw (originals.keno.ts). */
  async kenoBet(
    player: { id: bigint; currency_id: number | null },
    input: KenoInput & { amount: string; idempotency_key: string },
    client: GateClient,
  ) {
    return this.play('keno', player, input, client, kenoPlan(input));
  }

  /** Wheel: one float picks the segment (originals.wheel.ts). */
  async wheelBet(
    player: { id: bigint; currency_id: number | null },
    input: WheelInput & { amount: string; idempotency_key: string },
    client: GateClient,
  ) {
    return this.play('wheel', player, input, client, wheelPlan(input));
  }

  /**
   * European roulette: a slip of chips settled on one pocket (originals.roulette.ts). The stake
   * is the chips' sum; limits, the gate and the money see it as one bet.
   */
  async rouletteBet(
    player: { id: bigint; currency_id: number | null },
    input: { chips: RouletteChipInput[]; idempotency_key: string },
    client: GateClient,
  ) {
    const currency = await this.currency(player.currency_id);
    const slip = rouletteSlip(input.chips, (amount, path) =>
      this.parseStake(amount, currency.scale, path),
    );
    return this.play(
      'roulette',
      player,
      { amount: formatAmount(slip.total, currency.scale), idempotency_key: input.idempotency_key },
      client,
      roulettePlan(slip.chips),
    );
  }

  /**
   * Mines, step 1: the stake is taken and the mines are fixed by the bet's floats (Stake's
   * shuffle of the 25 tiles; the first `mines` picks). They stay secret until the round ends.
   * The max payout caps what a cash-out can pay (Stake's "max profit"), so no stake is refused
   * for it; the cap in force is stored with the round.
   */
  async minesStart(
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; mines: number; idempotency_key: string },
    client: GateClient,
  ) {
    return this.play('mines', player, input, client, () => {
      if (!isValidMines(input.mines)) {
        invalid('mines: a whole number from 1 to 24', 'mines');
      }
      return {
        bestPayout: null,
        floats: MINES_TILES - 1,
        params: { mines: input.mines },
        resolve: (fs, max_payout_minor) => ({
          payout: 0n,
          multiplier: '1.0000',
          outcome: {
            positions: minesFromFloats(fs, input.mines),
            revealed: [],
            finished: false,
            busted: false,
            won: false,
            max_payout_minor: String(max_payout_minor),
          },
        }),
      };
    });
  }

  /** The player's Mines round in progress (null when none): what a reload shows. */
  async minesActive(player: { id: bigint; currency_id: number | null }) {
    const currency = await this.currency(player.currency_id);
    const open = await this.repository.openMines(player.id);
    return open && open.status === 'active' ? this.view(open, currency.scale) : null;
  }

  /** Mines, step 2: reveal one tile. A mine ends the round (no payout); the last gem cashes out. */
  async minesReveal(player: { id: bigint; currency_id: number | null }, tile: number) {
    if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)
      invalid('tile: a whole number from 0 to 24', 'tile');
    return this.minesStep(player, (bet, outcome, params) => {
      if (outcome.revealed.includes(tile)) invalid(`tile: ${tile} is already revealed`, 'tile');
      if (outcome.positions.includes(tile)) {
        return { ...outcome, revealed: [...outcome.revealed, tile], finished: true, busted: true };
      }
      const revealed = [...outcome.revealed, tile];
      const payout = minesPayout(bet.stake_minor, params.mines, revealed.length, params.edge_bp);
      const cap = BigInt(outcome.max_payout_minor);
      // Every gem found, or the max payout reached: nothing more to win, the round cashes out.
      const done = revealed.length === MINES_TILES - params.mines || payout >= cap;
      return { ...outcome, revealed, finished: done, won: done };
    });
  }

  /** Mines, step 3: take the current multiplier's win (at least one gem revealed). */
  async minesCashout(player: { id: bigint; currency_id: number | null }) {
    return this.minesStep(player, (_bet, outcome) => {
      if (outcome.revealed.length === 0)
        invalid('Reveal at least one tile before cashing out.', 'tile');
      return { ...outcome, finished: true, won: true };
    });
  }

  /**
   * Changes the open round under its row lock (a double click cannot reveal twice); a finished
   * round's payout is fixed in the same statement, then moved through the ledger (the sweep
   * finishes it if the process dies in between).
   */
  private async minesStep(
    player: { id: bigint; currency_id: number | null },
    change: (bet: BetRow, outcome: MinesOutcome, params: MinesParams) => MinesOutcome,
  ) {
    const currency = await this.currency(player.currency_id);
    const bet = await this.repository.transaction(async (tx) => {
      const open = await this.repository.openMinesForUpdate(tx, player.id);
      if (open?.status !== 'active') throw casinoError('NO_ACTIVE_ROUND');
      const params = open.params as MinesParams;
      const next = change(open, open.outcome as MinesOutcome, params);
      const gems = next.revealed.length - (next.busted ? 1 : 0);
      let payout = 0n;
      let multiplier = minesMultiplier(params.mines, gems, params.edge_bp);
      if (next.finished && !next.busted) {
        const cap = BigInt(next.max_payout_minor);
        payout = minesPayout(open.stake_minor, params.mines, gems, params.edge_bp);
        if (payout > cap) payout = cap;
      }
      if (next.busted) multiplier = '0.0000';
      return this.repository.updateRound(tx, open.id, {
        outcome: next,
        payout_minor: payout,
        multiplier,
        status: next.finished ? 'placing' : 'active',
      });
    });
    const settled = bet.status === 'placing' ? ((await this.settle(bet)) ?? bet) : bet;
    return this.roundView(settled, currency.scale);
  }

  /**
   * Moves the money of a fixed outcome through the bet path; repeatable (keys). Returns the bet
   * as it now stands, or null when the stake was refused (the bet is marked refused). An instant
   * game's stake, payout and `BetSettled` go in one ledger batch; its settled mark is written
   * with others a moment later (the sweep finishes any a crash left placing).
   */
  async settle(bet: BetRow): Promise<BetRow | null> {
    const wager = this.wager(bet);
    const opening = isStateful(bet.game) && !(bet.outcome as { finished: boolean }).finished;
    if (opening || bet.bonus_id !== null) {
      const staked = await this.deps.wagers.stake(wager, {
        key: `casino-bet:${bet.id}`,
        amount_minor: bet.stake_minor,
        cash_fallback: true,
      });
      if (!staked.ok) {
        await this.repository.setStatus(bet.id, 'refused');
        return null;
      }
      if (staked.bonus_id !== bet.bonus_id) {
        // Its bonus could not stake it after all: cash took it, and its returns go to cash.
        await this.repository.clearBonus(bet.id);
        bet = { ...bet, bonus_id: null };
      }
      if (opening) {
        await this.repository.setStatus(bet.id, 'active');
        return { ...bet, status: 'active' };
      }
      await this.deps.wagers.settle(this.wager(bet), {
        stake_minor: bet.stake_minor,
        payout_minor: bet.payout_minor,
        payout_key: `casino-win:${bet.id}`,
      });
    } else if (isStateful(bet.game)) {
      // A round that ends (Mines, HiLo, Blackjack): its stakes were taken as it went.
      await this.deps.wagers.settle(wager, {
        stake_minor: bet.stake_minor,
        payout_minor: bet.payout_minor,
        payout_key: `casino-win:${bet.id}`,
      });
    } else {
      const played = await this.deps.wagers.play(wager, {
        stake_minor: bet.stake_minor,
        payout_minor: bet.payout_minor,
        stake_key: `casino-bet:${bet.id}`,
        payout_key: `casino-win:${bet.id}`,
      });
      if (!played.ok) {
        await this.repository.setStatus(bet.id, 'refused');
        return null;
      }
      this.markSettled(bet.id);
      return { ...bet, status: 'settled' };
    }
    await this.repository.setStatus(bet.id, 'settled');
    return { ...bet, status: 'settled' };
  }

  /** Queues a settled mark; marks go out together (one statement) every SETTLED_FLUSH_MS. */
  private markSettled(id: bigint) {
    this.settledMarks.push(id);
    if (this.settledMarks.length >= SETTLED_FLUSH_SIZE_MAX) {
      void this.flushSettled();
      return;
    }
    if (this.settledTimer) return;
    this.settledTimer = setTimeout(() => void this.flushSettled(), SETTLED_FLUSH_MS);
    this.settledTimer.unref();
  }

  /** Writes the queued settled marks (also on shutdown; a crash leaves them to the sweep). */
  async flushSettled(): Promise<void> {
    if (this.settledTimer) clearTimeout(this.settledTimer);
    this.settledTimer = null;
    const ids = this.settledMarks.splice(0, this.settledMarks.length);
    if (ids.length === 0) return;
    try {
      await this.repository.markSettled(ids);
    } catch {
      // The sweep settles them again (the money is keyed): marks are a cache of the ledger.
    }
  }

  /**
   * The card tables — Baccarat, Dragon Tiger, Teen Patti, Andar Bahar (originals/*.ts): chips on
   * the table's spots, settled by one deal. The stake is the chips' sum; limits, the gate and
   * the money see it as one bet.
   */
  async cardBet(
    game: CardGame,
    player: { id: bigint; currency_id: number | null },
    input: { bets: CardSlipInput; idempotency_key: string },
    client: GateClient,
  ) {
    const currency = await this.currency(player.currency_id);
    const table = CARD_TABLES[game];
    const slip = cardSlip(input.bets, table.spots, (amount, path) =>
      this.parseStake(amount, currency.scale, path),
    );
    return this.play(
      game,
      player,
      { amount: formatAmount(slip.total, currency.scale), idempotency_key: input.idempotency_key },
      client,
      table.plan(slip.chips),
    );
  }

  /** The house edge of every original (public: the pages show the multipliers it gives). */
  async edges(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const game of ORIGINAL_GAMES) out[game] = await this.settings.edge(game);
    return out;
  }

  /**
   * What the player may stake in each original, in their wallet currency, as the bet panels
   * show it (decimal amounts); null: no such limit.
   */
  async stakeLimits(currency_id: number | null) {
    const currency = await this.currency(currency_id);
    const limits = await this.settings.gameLimitsIn(currency.code, currency.scale);
    const show = (minor: bigint | null) =>
      minor === null ? null : formatAmount(minor, currency.scale);
    const games: Record<
      string,
      { min_bet: string | null; max_bet: string | null; max_payout: string }
    > = {};
    for (const [game, l] of Object.entries(limits)) {
      games[game] = {
        min_bet: show(l.min_bet_minor),
        max_bet: show(l.max_bet_minor),
        max_payout: formatAmount(l.max_payout_minor, currency.scale),
      };
    }
    return { currency: currency.code, games };
  }

  /**
   * Finishes bets a crash left with their outcome fixed but their money unmoved, and the extra
   * stakes (a double, a split, insurance) a crash left half done (`sweepRounds`).
   */
  async sweep(now = new Date()) {
    const rows = await this.repository.placing(new Date(now.getTime() - 10_000), 100);
    for (const row of rows) await this.settle(row);
    return rows.length + ((await this.sweepRounds?.(now)) ?? 0);
  }

  /** Set by the card games' service (originals/card-rounds.ts). */
  sweepRounds: ((now: Date) => Promise<number>) | null = null;

  async history(player_id: bigint, currency_id: number | null) {
    const currency = await this.deps.currencyOf(currency_id);
    const rows = await this.repository.bets(player_id, BET_HISTORY_MAX);
    return Promise.all(rows.map((row) => this.view(row, currency?.scale ?? 2)));
  }

  /** One of the player's bets as the history shows it (round recall), or null. */
  async playerBet(player_id: bigint, currency_id: number | null, id: bigint) {
    const row = await this.repository.betOf(player_id, id);
    if (!row) return null;
    const currency = await this.deps.currencyOf(currency_id);
    return this.view(row, currency?.scale ?? 2);
  }

  /** The player's last `limit` finished bets of one game (round recall). */
  async gameHistory(player_id: bigint, currency_id: number | null, game: string, limit: number) {
    const currency = await this.deps.currencyOf(currency_id);
    const rows = await this.repository.gameBets(player_id, game, limit);
    return Promise.all(rows.map((row) => this.view(row, currency?.scale ?? 2)));
  }

  /**
   * A round as the player sees it after one of their steps. Its pair cannot have been rotated
   * while the round was open (a rotation refuses), so the seed this instance holds for the
   * player is the round's when the ids match: a step then costs no read of the seed.
   */
  roundView(bet: BetRow, scale: number) {
    const held = this.seeds.get(bet.player_id);
    return this.view(bet, scale, held?.id === bet.seed_id ? held : undefined);
  }

  /** A bet as the player sees it; `seed` when the caller has it (the bet just placed). */
  async view(bet: BetRow, scale: number, seed?: SeedRow) {
    seed ??= (await this.repository.seed(bet.seed_id)) ?? undefined;
    const params = bet.params as Record<string, unknown> & { edge_bp?: number };
    const outcome = bet.outcome as Record<string, unknown> & { won?: boolean };
    const common = {
      id: String(bet.id),
      game: bet.game,
      state: bet.status === 'active' ? ('active' as const) : ('settled' as const),
      currency: bet.currency,
      amount: formatAmount(bet.stake_minor, scale),
      payout: formatAmount(bet.payout_minor, scale),
      multiplier: bet.multiplier,
      won: outcome.won === true,
      edge_bp: params.edge_bp ?? 100,
      nonce: bet.nonce,
      client_seed: seed?.client_seed ?? '',
      server_seed_hash: seed?.server_seed_hash ?? '',
      /** Only once the pair is rotated. */
      server_seed: seed?.status === 'retired' ? seed.server_seed : null,
      created_at: bet.created_at.toISOString(),
    };
    switch (bet.game) {
      case 'dice':
        return {
          ...common,
          target: hundredths(params.target as number),
          direction: params.direction as DiceDirection,
          roll: hundredths(outcome.roll as number),
          details: {},
        };
      case 'limbo':
        return {
          ...common,
          target: hundredths(params.target as number),
          details: { result: hundredths(outcome.result as number) },
        };
      case 'plinko':
        return {
          ...common,
          details: {
            rows: params.rows,
            risk: params.risk,
            path: outcome.path,
            bucket: outcome.bucket,
          },
        };
      case 'keno':
        return { ...common, details: kenoDetails(bet) };
      case 'wheel':
        return { ...common, details: wheelDetails(bet) };
      case 'roulette':
        return { ...common, details: rouletteDetails(bet, scale) };
      case 'hilo':
        return { ...common, details: hiloDetails(bet, scale) };
      case 'blackjack':
        return { ...common, details: blackjackDetails(bet, scale) };
      case 'mines': {
        const m = outcome as unknown as MinesOutcome;
        const mines = params.mines as number;
        const gems = m.revealed.length - (m.busted ? 1 : 0);
        return {
          ...common,
          details: {
            mines,
            revealed: m.revealed,
            busted: m.busted,
            // Secret while the round is open; shown once it is over.
            mine_positions: m.finished ? m.positions : null,
            next_multiplier:
              m.finished || gems >= MINES_TILES - mines
                ? null
                : minesMultiplier(mines, gems + 1, common.edge_bp),
          },
        };
      }
      case 'baccarat':
      case 'dragon-tiger':
      case 'teen-patti':
      case 'andar-bahar':
        return { ...common, details: CARD_TABLES[bet.game].details(bet, scale) };
    }
  }
}
