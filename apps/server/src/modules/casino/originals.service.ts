import { randomBytes } from 'node:crypto';
import {
  type DiceDirection,
  diceMultiplier,
  dicePayout,
  diceRoll,
  diceWins,
  isValidDiceTarget,
  sha256Hex,
} from '@casino/games';
import { formatAmount, isMoneyError, parseAmount } from '@casino/money';
import { AppError } from '../../platform/http/errors.ts';
import { isLedgerError, type LedgerService } from '../ledger/index.ts';
import type { GateClient, PlayerGate } from '../protection/index.ts';
import type { BetRow, OriginalsRepository, SeedRow } from './originals.repository.ts';

/** House edge of the originals, in basis points (1 %: the large crypto casinos' figure). */
export const HOUSE_EDGE_BP = 100;
/** A stake whose best win would pass this many units of the wallet currency is refused (max payout). */
export const MAX_PAYOUT_MAJOR = 100_000n;
export const BET_HISTORY_MAX = 50;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** A settled real-money casino bet (the bonus engine's wagering hook listens). */
export type CasinoBetSettled = {
  player_id: bigint;
  bet_id: bigint;
  game: string;
  category: 'originals';
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
};

export type OriginalsDeps = {
  currencyOf: (currency_id: number | null) => Promise<{ code: string; scale: number } | null>;
  /** The most a single bet may stake while a bonus is wagered (null: no cap). */
  maxBet: (player_id: bigint, currency: string) => Promise<bigint | null>;
  onSettled: (event: CasinoBetSettled) => void;
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
  ) {}

  private async newSeedValues(player_id: bigint, client_seed?: string) {
    const server_seed = randomBytes(32).toString('hex');
    return {
      player_id,
      server_seed,
      server_seed_hash: await sha256Hex(server_seed),
      client_seed: client_seed ?? randomBytes(8).toString('hex'),
    };
  }

  private async ensureSeed(player_id: bigint): Promise<SeedRow> {
    const active = await this.repository.activeSeed(null, player_id);
    if (active) return active;
    await this.repository.insertSeed(null, await this.newSeedValues(player_id));
    return (await this.repository.activeSeed(null, player_id))!;
  }

  /** What the player sees before betting: the hashed server seed, their client seed, the next nonce. */
  async fairness(player_id: bigint) {
    const seed = await this.ensureSeed(player_id);
    return {
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce: seed.nonce,
    };
  }

  /** New pair: the old server seed is revealed (so every bet made with it can be verified). */
  async rotate(player_id: bigint, client_seed: string | undefined) {
    if (client_seed !== undefined && !CLIENT_SEED.test(client_seed)) {
      fail(
        'VALIDATION_FAILED',
        'client_seed: 1 to 64 printable characters without spaces',
        'client_seed',
      );
    }
    await this.ensureSeed(player_id);
    const values = await this.newSeedValues(player_id, client_seed);
    const previous = await this.repository.transaction(async (tx) => {
      const active = await this.repository.activeSeed(tx, player_id, true);
      if (active) await this.repository.retireSeed(tx, active.id);
      await this.repository.insertSeed(tx, values);
      return active;
    });
    return {
      previous: previous
        ? {
            server_seed: previous.server_seed,
            server_seed_hash: previous.server_seed_hash,
            client_seed: previous.client_seed,
            nonces_used: previous.nonce,
          }
        : null,
      active: {
        server_seed_hash: values.server_seed_hash,
        client_seed: values.client_seed,
        nonce: 0,
      },
    };
  }

  /**
   * A Dice bet with real money: the gate, then the outcome fixed under the seed's row lock
   * (nonce + 1), then the stake and any win through the ledger, each keyed by the bet's id.
   * The same idempotency key returns the first bet.
   */
  async diceBet(
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; target: string; direction: DiceDirection; idempotency_key: string },
    client: GateClient,
  ) {
    const currency = await this.deps.currencyOf(player.currency_id);
    if (!currency)
      throw new AppError('NO_WALLET_CURRENCY', 'Your account has no wallet currency', {
        status: 409,
      });
    const existing = await this.repository.betByKey(player.id, input.idempotency_key);
    if (existing) {
      if (existing.status === 'refused')
        throw new AppError('INSUFFICIENT_FUNDS', 'Your balance is too low for this bet.', {
          status: 409,
        });
      return this.view(existing, currency.scale);
    }
    let stake: bigint;
    try {
      stake = parseAmount(input.amount.trim(), currency.scale);
    } catch (error) {
      if (isMoneyError(error)) fail('VALIDATION_FAILED', `amount: ${error.message}`, 'amount');
      throw error;
    }
    if (stake <= 0n) fail('VALIDATION_FAILED', 'amount: the bet must be more than 0', 'amount');
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
    const bestPayout = dicePayout(stake, target, input.direction, HOUSE_EDGE_BP);
    if (bestPayout > MAX_PAYOUT_MAJOR * 10n ** BigInt(currency.scale)) {
      fail(
        'PAYOUT_OVER_LIMIT',
        `The win could exceed the maximum payout of ${MAX_PAYOUT_MAJOR} ${currency.code}: lower the amount or the multiplier.`,
        'amount',
      );
    }
    const cap = await this.deps.maxBet(player.id, currency.code);
    if (cap !== null && stake > cap) {
      fail(
        'BONUS_MAX_BET',
        `While a bonus is wagered, a bet may be at most ${formatAmount(cap, currency.scale)} ${currency.code}.`,
        'amount',
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
    const bet = await this.repository.transaction(async (tx) => {
      const seed = (await this.repository.activeSeed(tx, player.id, true))!;
      const roll = await diceRoll({
        serverSeed: seed.server_seed,
        clientSeed: seed.client_seed,
        nonce: seed.nonce,
      });
      const won = diceWins(roll, target, input.direction);
      await this.repository.bumpNonce(tx, seed.id);
      return this.repository.insertBet(tx, {
        player_id: player.id,
        game: 'dice',
        currency: currency.code,
        stake_minor: stake,
        payout_minor: won ? bestPayout : 0n,
        multiplier: diceMultiplier(target, input.direction, HOUSE_EDGE_BP),
        params: { target, direction: input.direction },
        outcome: { roll, won },
        seed_id: seed.id,
        nonce: seed.nonce,
        idempotency_key: input.idempotency_key,
      });
    });
    const settled = await this.settle(bet);
    if (!settled) {
      await this.gate.release(reference);
      throw new AppError('INSUFFICIENT_FUNDS', 'Your balance is too low for this bet.', {
        status: 409,
      });
    }
    return this.view(bet, currency.scale);
  }

  /** Moves the money of a fixed outcome; repeatable (keys). False when the stake was refused. */
  private async settle(bet: BetRow): Promise<boolean> {
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
      if (isLedgerError(error, 'INSUFFICIENT_FUNDS')) {
        await this.repository.setStatus(bet.id, 'refused');
        return false;
      }
      throw error;
    }
    if (bet.payout_minor > 0n) {
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
    const params = bet.params as { target: number; direction: DiceDirection };
    const outcome = bet.outcome as { roll: number; won: boolean };
    const hundredths = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
    return {
      id: String(bet.id),
      game: bet.game,
      currency: bet.currency,
      amount: formatAmount(bet.stake_minor, scale),
      payout: formatAmount(bet.payout_minor, scale),
      multiplier: bet.multiplier,
      target: hundredths(params.target),
      direction: params.direction,
      roll: hundredths(outcome.roll),
      won: outcome.won,
      nonce: bet.nonce,
      client_seed: seed?.client_seed ?? '',
      server_seed_hash: seed?.server_seed_hash ?? '',
      /** Only once the pair is rotated. */
      server_seed: seed?.status === 'retired' ? seed.server_seed : null,
      created_at: bet.created_at.toISOString(),
    };
  }
}
