import { randomBytes } from 'node:crypto';
import {
  type DiceDirection,
  diceMultiplier,
  dicePayout,
  diceRollFromFloat,
  diceWins,
  floats,
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
import { isLedgerError, type LedgerService } from '../ledger/index.ts';
import type { GateClient, PlayerGate } from '../protection/index.ts';
import type { BetRow, OriginalsRepository, SeedRow } from './originals.repository.ts';
import { ORIGINAL_GAMES, type OriginalsSettings } from './originals.settings.ts';

export const BET_HISTORY_MAX = 50;

/** How a game turns a bet's floats into its result (see `play`). */
type Plan = {
  /** The most the bet can win (checked against the max payout), or null when capped instead. */
  bestPayout: bigint | null;
  floats: number;
  params: Record<string, unknown>;
  resolve: (
    fs: number[],
    max_payout_minor: bigint,
  ) => { payout: bigint; multiplier: string; outcome: Record<string, unknown> };
};
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
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** A settled real-money casino bet (the bonus engine's wagering hook listens). */
export type CasinoBetSettled = {
  player_id: bigint;
  /** casino_bets ids, or crash_bets ids when `game` is crash. */
  bet_id: bigint;
  game: string;
  category: 'originals';
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
};

/**
 * Bonus money a casino bet may stake (decision 0805: the operator's "bonus first" spending order).
 * The bonus module implements it. `pick` names the bonus that would fund a stake (null: cash, as
 * always under "cash first"). A bet (`bet_ref`: an original's bet, a studio round) then takes its
 * stakes from that bonus to wagers:<house_purpose> (`stake`: false when the bonus cannot cover
 * it now, and the bet is refused), pays its returns back into it (`credit`: wins, refunds) and
 * ends with `close`, after which its bonus may end. `settle` is credit + close for a bet with one
 * stake. Each is idempotent by its reference (`move_ref` names one stake or return of the bet).
 */
export type BonusStakes = {
  pick(player_id: bigint, currency: string, amount_minor: bigint): Promise<bigint | null>;
  /** Bonus money bets may stake now: what running bonuses have left (bonus first), else 0. */
  stakeable(player_id: bigint, currency: string): Promise<bigint>;
  stake(input: {
    bet_ref: string;
    /** This stake (a round has several); default `<bet_ref>:stake`. */
    move_ref?: string;
    bonus_id: bigint;
    player_id: bigint;
    currency: string;
    amount_minor: bigint;
    house_purpose: string;
  }): Promise<boolean>;
  credit(input: { bet_ref: string; move_ref: string; amount_minor: bigint }): Promise<boolean>;
  close(bet_ref: string): Promise<void>;
  settle(input: { bet_ref: string; payout_minor: bigint }): Promise<void>;
};

/** Cash only: what a module without a bonus engine (and every test that needs none) uses. */
export const CASH_ONLY: BonusStakes = {
  pick: async () => null,
  stakeable: async () => 0n,
  stake: async () => false,
  credit: async () => false,
  close: async () => {},
  settle: async () => {},
};

export type OriginalsDeps = {
  currencyOf: (currency_id: number | null) => Promise<{ code: string; scale: number } | null>;
  /** The most a single bet may stake while a bonus is wagered (null: no cap). */
  maxBet: (player_id: bigint, currency: string) => Promise<bigint | null>;
  onSettled: (event: CasinoBetSettled) => void;
  /** Bonus-first spending (decision 0805); cash only when absent. */
  bonusStakes?: BonusStakes;
};

function fail(code: string, message: string, path: string, status = 422): never {
  throw new AppError(code, message, { status, errors: [{ path, message }] });
}

export class OriginalsService {
  constructor(
    private readonly repository: OriginalsRepository,
    private readonly ledger: LedgerService,
    private readonly gate: PlayerGate,
    private readonly deps: OriginalsDeps,
    private readonly settings: OriginalsSettings,
  ) {}

  private async drawServerSeed() {
    const server_seed = randomBytes(32).toString('hex');
    return { server_seed, server_seed_hash: await sha256Hex(server_seed) };
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
    return active;
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
      fail(
        'VALIDATION_FAILED',
        'client_seed: 1 to 64 printable characters without spaces',
        'client_seed',
      );
    }
    if (next_server_seed_hash !== undefined && !/^[0-9a-f]{64}$/.test(next_server_seed_hash)) {
      fail(
        'VALIDATION_FAILED',
        'next_server_seed_hash: the 64 lowercase hex characters shown as the next server seed',
        'next_server_seed_hash',
      );
    }
    // The seed would reveal where the mines of an open round lie.
    if (await this.repository.openMines(player_id)) {
      throw new AppError(
        'ROUND_IN_PROGRESS',
        'Finish your Mines round before rotating the seeds.',
        { status: 409 },
      );
    }
    // Only a seed committed before this request may be paired with the client seed it carries.
    if (!(await this.repository.nextSeed(null, player_id))) {
      await this.ensureSeed(player_id);
      throw new AppError(
        'SEED_NOT_SHOWN',
        'Your next server seed had not been shown yet: read your seeds, then rotate.',
        { status: 409 },
      );
    }
    await this.ensureSeed(player_id);
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
        throw new AppError(
          'SEEDS_CHANGED',
          'Your seeds were rotated elsewhere since you read them: read them again, then rotate.',
          { status: 409 },
        );
      }
      // Again under the pair's lock: a Mines round started since the check above would otherwise
      // have its mines revealed by this rotation.
      if (await this.repository.openMines(player_id)) {
        throw new AppError(
          'ROUND_IN_PROGRESS',
          'Finish your Mines round before rotating the seeds.',
          { status: 409 },
        );
      }
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
  private async currency(currency_id: number | null) {
    const currency = await this.deps.currencyOf(currency_id);
    if (!currency)
      throw new AppError('NO_WALLET_CURRENCY', 'Your account has no wallet currency', {
        status: 409,
      });
    return currency;
  }

  private parseStake(amount: string, scale: number): bigint {
    let stake = 0n;
    try {
      stake = parseAmountInput(amount.trim(), scale);
    } catch (error) {
      if (isMoneyError(error)) fail('VALIDATION_FAILED', `amount: ${error.message}`, 'amount');
      throw error;
    }
    if (stake <= 0n) fail('VALIDATION_FAILED', 'amount: the bet must be more than 0', 'amount');
    return stake;
  }

  /** The operator's max bet and max payout, then the bonus max bet: each a clear 422. */
  private async checkLimits(
    player_id: bigint,
    currency: { code: string; scale: number },
    stake: bigint,
    bestPayout: bigint | null,
  ) {
    const limits = await this.settings.limits(currency.code, currency.scale);
    if (limits.max_bet_minor !== null && stake > limits.max_bet_minor) {
      fail(
        'BET_OVER_LIMIT',
        `amount: the maximum bet is ${formatAmount(limits.max_bet_minor, currency.scale)} ${currency.code}`,
        'amount',
      );
    }
    if (bestPayout !== null && bestPayout > limits.max_payout_minor) {
      fail(
        'PAYOUT_OVER_LIMIT',
        `The win could exceed the maximum payout of ${formatAmount(limits.max_payout_minor, currency.scale)} ${currency.code}: lower the amount or the multiplier.`,
        'amount',
      );
    }
    const cap = await this.deps.maxBet(player_id, currency.code);
    if (cap !== null && stake > cap) {
      fail(
        'BONUS_MAX_BET',
        `While a bonus is wagered, a bet may be at most ${formatAmount(cap, currency.scale)} ${currency.code}.`,
        'amount',
      );
    }
    return limits;
  }

  /**
   * One real-money round of an original: the gate, then the outcome fixed under the seed's row
   * lock (nonce + 1), then the stake and any win through the ledger, each keyed by the bet's id.
   * The same idempotency key returns the first bet. `plan` validates the game's own input and
   * says how to turn the bet's floats into its result.
   */
  private async play(
    game: BetRow['game'],
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; idempotency_key: string },
    client: GateClient,
    plan: (stake: bigint, edge_bp: number) => Plan,
  ) {
    const currency = await this.currency(player.currency_id);
    const existing = await this.repository.betByKey(player.id, input.idempotency_key);
    if (existing) {
      if (existing.status === 'refused')
        throw new AppError('INSUFFICIENT_FUNDS', 'Your balance is too low for this bet.', {
          status: 409,
        });
      return this.view(existing, currency.scale);
    }
    const stake = this.parseStake(input.amount, currency.scale);
    const edge_bp = await this.settings.edge(game);
    const planned = plan(stake, edge_bp);
    const limits = await this.checkLimits(player.id, currency, stake, planned.bestPayout);
    if (game === 'mines' && (await this.repository.openMines(player.id))) {
      fail(
        'ROUND_IN_PROGRESS',
        'A Mines round is already in progress: finish it first.',
        'mines',
        409,
      );
    }
    const reference = `casino:${player.id}:${input.idempotency_key}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'casino_bet',
      amount_minor: stake,
      currency: currency.code,
      reference,
    });

    await this.ensureSeed(player.id);
    // Which money stakes it is fixed before any moves, so a retry settles the same way.
    const bonus_id = await this.bonusStakes.pick(player.id, currency.code, stake);
    let bet: BetRow;
    try {
      bet = await this.repository.transaction(async (tx) => {
        const seed = (await this.repository.activeSeed(tx, player.id, true))!;
        const fs = await floats(
          { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce },
          planned.floats,
        );
        const result = planned.resolve(fs, limits.max_payout_minor);
        await this.repository.bumpNonce(tx, seed.id);
        return this.repository.insertBet(tx, {
          bonus_id,
          player_id: player.id,
          game,
          currency: currency.code,
          stake_minor: stake,
          payout_minor: result.payout,
          multiplier: result.multiplier,
          params: { ...planned.params, edge_bp },
          outcome: result.outcome,
          seed_id: seed.id,
          nonce: seed.nonce,
          idempotency_key: input.idempotency_key,
        });
      });
    } catch (error) {
      await this.gate.release(reference);
      // Two Mines starts at once: the unique open-round index refuses the second.
      if ((error as { code?: string }).code === '23505') {
        const again = await this.repository.betByKey(player.id, input.idempotency_key);
        if (again) return this.view(again, currency.scale);
        fail(
          'ROUND_IN_PROGRESS',
          'A Mines round is already in progress: finish it first.',
          'mines',
          409,
        );
      }
      throw error;
    }
    const settled = await this.settle(bet);
    if (!settled) {
      await this.gate.release(reference);
      throw new AppError('INSUFFICIENT_FUNDS', 'Your balance is too low for this bet.', {
        status: 409,
      });
    }
    return this.view((await this.repository.bet(bet.id)) ?? bet, currency.scale);
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
        fail(
          'VALIDATION_FAILED',
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
        fail(
          'VALIDATION_FAILED',
          'target: a multiplier from 1.01 to 1000000.00 with at most 2 decimals',
          'target',
        );
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
        fail('VALIDATION_FAILED', 'rows: 8 to 16; risk: low, medium or high', 'rows');
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
        fail('VALIDATION_FAILED', 'mines: a whole number from 1 to 24', 'mines');
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
      fail('VALIDATION_FAILED', 'tile: a whole number from 0 to 24', 'tile');
    return this.minesStep(player, (bet, outcome, params) => {
      if (outcome.revealed.includes(tile))
        fail('VALIDATION_FAILED', `tile: ${tile} is already revealed`, 'tile');
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
        fail('VALIDATION_FAILED', 'Reveal at least one tile before cashing out.', 'tile');
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
      if (open?.status !== 'active')
        throw new AppError('NO_ACTIVE_ROUND', 'You have no Mines round in progress.', {
          status: 409,
        });
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
    if (bet.status === 'placing') await this.settle(bet);
    return this.view((await this.repository.bet(bet.id)) ?? bet, currency.scale);
  }

  private get bonusStakes(): BonusStakes {
    return this.deps.bonusStakes ?? CASH_ONLY;
  }

  /**
   * Takes the stake from the bet's bonus (bonus first) or from cash; false when refused. A bonus
   * that cannot stake it after all (it ended or was spent since it was picked) leaves the bet to
   * cash, as if cash had been picked: `bet.bonus_id` is cleared before any cash moves.
   */
  private async takeStake(bet: BetRow): Promise<boolean> {
    if (bet.bonus_id !== null) {
      const taken = await this.bonusStakes.stake({
        bet_ref: `casino:${bet.id}`,
        bonus_id: bet.bonus_id,
        player_id: bet.player_id,
        currency: bet.currency,
        amount_minor: bet.stake_minor,
        house_purpose: 'originals',
      });
      if (taken) return true;
      await this.repository.clearBonus(bet.id);
      bet.bonus_id = null;
    }
    try {
      await this.ledger.transfer({
        idempotency_key: `casino-bet:${bet.id}`,
        debit: { player_id: bet.player_id, wallet: 'cash' },
        credit: { house: 'wagers', purpose: 'originals' },
        amount_minor: bet.stake_minor,
        currency: bet.currency,
        reason_code: 'bet',
        object: { type: 'bet', id: `casino:${bet.id}` },
        actor: { type: 'player', id: String(bet.player_id) },
      });
    } catch (error) {
      if (isLedgerError(error, 'INSUFFICIENT_FUNDS')) return false;
      throw error;
    }
    return true;
  }

  /** Moves the money of a fixed outcome; repeatable (keys). False when the stake was refused. */
  private async settle(bet: BetRow): Promise<boolean> {
    if (!(await this.takeStake(bet))) {
      await this.repository.setStatus(bet.id, 'refused');
      return false;
    }
    // A Mines round just started: its stake is taken, the player now reveals tiles.
    if (bet.game === 'mines' && !(bet.outcome as MinesOutcome).finished) {
      await this.repository.setStatus(bet.id, 'active');
      return true;
    }
    if (bet.bonus_id !== null) {
      // Its return (nothing for a loss) goes back to the bonus that staked it.
      await this.bonusStakes.settle({
        bet_ref: `casino:${bet.id}`,
        payout_minor: bet.payout_minor,
      });
    } else if (bet.payout_minor > 0n) {
      await this.ledger.transfer({
        idempotency_key: `casino-win:${bet.id}`,
        debit: { house: 'wagers', purpose: 'originals' },
        credit: { player_id: bet.player_id, wallet: 'cash' },
        amount_minor: bet.payout_minor,
        currency: bet.currency,
        reason_code: 'win',
        object: { type: 'bet', id: `casino:${bet.id}` },
        actor: { type: 'system', id: 'originals' },
      });
    }
    await this.repository.setStatus(bet.id, 'settled');
    this.deps.onSettled({
      player_id: bet.player_id,
      bet_id: bet.id,
      game: bet.game,
      category: 'originals',
      currency: bet.currency,
      stake_minor: bet.stake_minor,
      payout_minor: bet.payout_minor,
    });
    return true;
  }

  /** The house edge of every original (public: the pages show the multipliers it gives). */
  async edges(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const game of ORIGINAL_GAMES) out[game] = await this.settings.edge(game);
    return out;
  }

  /** Finishes bets a crash left with their outcome fixed but their money unmoved. */
  async sweep(now = new Date()) {
    const rows = await this.repository.placing(new Date(now.getTime() - 10_000), 100);
    for (const row of rows) await this.settle(row);
    return rows.length;
  }

  async history(player_id: bigint, currency_id: number | null) {
    const currency = await this.deps.currencyOf(currency_id);
    const rows = await this.repository.bets(player_id, BET_HISTORY_MAX);
    return Promise.all(rows.map((row) => this.view(row, currency?.scale ?? 2)));
  }

  private async view(bet: BetRow, scale: number) {
    const seed = await this.repository.seed(bet.seed_id);
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
    }
  }
}
