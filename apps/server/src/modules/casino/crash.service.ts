import { createHash, randomBytes } from 'node:crypto';
import { crashPoint, LIMBO_TARGET_MAX } from '@casino/games';
import { formatAmount, isMoneyError } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import { currenciesError } from '../currencies/index.ts';
import type { GateClient } from '../protection/index.ts';
import { type Wager, wagersError } from '../wagers/index.ts';
import { casinoError } from './casino.errors.ts';
import type {
  ChainRow,
  CrashBetRow,
  CrashRepository,
  CrashTx,
  RoundRow,
} from './crash.repository.ts';
import { enforceStake } from './originals.limits.ts';
import type { OriginalsDeps } from './originals.service.ts';
import type { OriginalsSettings } from './originals.settings.ts';

/** How long a round takes bets before it starts. */
export const CRASH_BETTING_MS = 7_000;
/** The pause after a crash, before the next round opens. */
export const CRASH_PAUSE_MS = 3_000;
/** The engine's step: auto cash-outs and the crash happen within this much of their moment. */
export const CRASH_TICK_MS = 50;
/** Rounds per chain (each hash is computed once at start-up; a production chain would be longer). */
export const CRASH_CHAIN_LENGTH = 10_000;
export const CRASH_HISTORY_MAX = 50;
export const CRASH_ROUND_BETS_MAX = 200;
/** The multiplier grows as e^(GROWTH × ms) (bustabit's curve): 2× after 11.6 s, 10× after 38 s. */
export const CRASH_GROWTH = 0.00006;

/** The multiplier in hundredths `ms` after the start, toward zero. */
export function multiplierAt(ms: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH * Math.max(0, ms)));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const x100 = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

export type CrashPush =
  | { type: 'round'; data: ReturnType<CrashService['roundView']> }
  | { type: 'bets'; round_id: string; data: ReturnType<CrashService['betPublic']>[] }
  | { type: 'tick'; round_id: string; multiplier: string; now: string };

/**
 * The engine's leader lease (platform/leader.ts) when several instances share the database:
 * it runs only while `isLeader`, and its round transitions commit only under `fenced`.
 */
export type CrashLeadership = {
  isLeader(): boolean;
  fenced(executor: CrashTx): Promise<boolean>;
};

export type CrashDeps = OriginalsDeps & {
  settings: OriginalsSettings;
  log: (message: string, error: unknown) => void;
  now?: () => number;
  betting_ms?: number;
  pause_ms?: number;
  /** A new chain's secret and salt (tests pin them to know the crash points); random otherwise. */
  newChain?: () => { seed: string; salt: string; length: number };
  /**
   * Tells the instance running the engine that a bet changed elsewhere (a bet or a cash-out
   * taken by an instance without the round in memory); it calls `betChanged` there.
   */
  announce?: (bet_id: bigint) => void;
};

/** A refusal about one field of the bet (its `errors` name it). */
function invalid(message: string, path = 'amount'): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

/**
 * Crash: one round for everybody. The engine opens a round (betting), starts it (the multiplier
 * rises), cashes out the bets whose limit it reaches, and crashes it at the round's point. Every
 * state change is written before it is announced; the stake, the win and any refund are ledger
 * transfers keyed by the bet, so a restart settles a round left open exactly once (`recover`).
 */
export class CrashService {
  private chain: { row: ChainRow; hashes: string[] } | null = null;
  private current: RoundRow | null = null;
  /** Bets of the current round, by player (the engine's working set). */
  private bets = new Map<bigint, CrashBetRow>();
  private nextOpenAt = 0;
  private lastTick = 0;
  private busy = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(push: CrashPush) => void>();
  private now: () => number;
  private leadership: CrashLeadership | null = null;

  constructor(
    private readonly repository: CrashRepository,
    private readonly deps: CrashDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** Tests: their own clock, phase lengths and a pinned chain. */
  configure(options: Partial<Pick<CrashDeps, 'now' | 'betting_ms' | 'pause_ms' | 'newChain'>>) {
    Object.assign(this.deps, options);
    if (options.now) this.now = options.now;
  }

  /** The round in play (tests). */
  get round(): RoundRow | null {
    return this.current;
  }

  /** Whether this instance runs the round now (else it reads the round from the database). */
  get engine(): boolean {
    if (this.leadership) return this.timer !== null && this.leadership.isLeader();
    // Unelected (one instance, or tests stepping the engine by hand): whoever opened the round.
    return this.timer !== null || this.current !== null;
  }

  private async roundNow(): Promise<RoundRow | null> {
    return this.engine ? this.current : this.repository.openRound();
  }

  /**
   * Another instance took a bet or a cash-out on the running round: the engine learns it (for
   * its automatic cash-outs and the bets push). Launch and crash re-read the bets anyway, so a
   * lost announcement changes no money.
   */
  async betChanged(bet_id: bigint): Promise<void> {
    if (!this.engine || !this.current) return;
    const bet = await this.repository.bet(bet_id);
    if (!bet || bet.round_id !== this.current?.id) return;
    this.bets.set(bet.player_id, bet);
    this.pushBets();
  }

  /** The bets of the round in play as the database has them (bets taken by other instances). */
  private async reloadBets(round: RoundRow) {
    const rows = await this.repository.roundBets(round.id);
    if (this.current?.id !== round.id) return;
    for (const bet of rows) this.bets.set(bet.player_id, bet);
  }

  onPush(listener: (push: CrashPush) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private push(message: CrashPush) {
    for (const listener of this.listeners) listener(message);
  }

  /**
   * Settles what a previous process (or leader) left open, then runs the rounds every
   * CRASH_TICK_MS. Under a leader lease, only while it holds it.
   */
  async start(leadership: CrashLeadership | null = null) {
    this.leadership = leadership;
    this.stop();
    await this.recover();
    this.timer = setInterval(() => void this.tick(), CRASH_TICK_MS);
  }

  /** Stops the rounds; what is in play stays in the database for the next leader's `recover`. */
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.current = null;
    this.bets.clear();
  }

  /** A round transition, committed only while this instance still leads (when it is elected). */
  private async fencedWrite<T>(write: (tx: CrashTx | null) => Promise<T>): Promise<T | null> {
    const leadership = this.leadership;
    if (!leadership) return write(null);
    return this.repository.transaction(async (tx) =>
      (await leadership.fenced(tx)) ? write(tx) : null,
    );
  }

  private async ensureChain(): Promise<{ row: ChainRow; hashes: string[] }> {
    const latest = this.chain?.row ?? (await this.repository.latestChain());
    if (latest) {
      const last = await this.repository.lastRound(latest.id);
      if ((last?.chain_round ?? 0) < latest.length) {
        if (this.chain?.row.id !== latest.id)
          this.chain = { row: latest, hashes: this.hashes(latest) };
        return this.chain!;
      }
    }
    const spec = this.deps.newChain?.() ?? {
      seed: randomBytes(32).toString('hex'),
      salt: randomBytes(32).toString('hex'),
      length: CRASH_CHAIN_LENGTH,
    };
    const hashes = this.hashes({ seed: spec.seed, length: spec.length });
    const row = await this.repository.insertChain({
      seed: spec.seed,
      salt: spec.salt,
      length: spec.length,
      terminating_hash: hashes[spec.length]!,
    });
    this.chain = { row, hashes };
    return this.chain;
  }

  /** chain[0] = seed, chain[i + 1] = SHA256(chain[i]) (hex text), up to chain[length]. */
  private hashes(chain: { seed: string; length: number }): string[] {
    const out = [chain.seed];
    for (let i = 0; i < chain.length; i++) out.push(sha256(out[i]!));
    return out;
  }

  /** Opens the next round of the chain: its hash and crash point are fixed now, shown at the end. */
  async openRound(): Promise<RoundRow | null> {
    const chain = await this.ensureChain();
    const last = await this.repository.lastRound(chain.row.id);
    const chain_round = (last?.chain_round ?? 0) + 1;
    const hash = chain.hashes[chain.row.length - chain_round]!;
    const edge_bp = await this.deps.settings.edge('crash');
    const crash_point_x100 = await crashPoint(hash, chain.row.salt, edge_bp);
    const round = await this.fencedWrite((tx) =>
      this.repository.insertRound(
        {
          chain_id: chain.row.id,
          chain_round,
          hash,
          crash_point_x100,
          edge_bp,
          betting_ends_at: new Date(this.now() + (this.deps.betting_ms ?? CRASH_BETTING_MS)),
          started_at: null,
          ended_at: null,
        },
        tx,
      ),
    );
    if (!round) return null;
    this.current = round;
    this.bets.clear();
    this.push({ type: 'round', data: this.roundView(round) });
    return round;
  }

  /** Betting closes; the multiplier starts rising. */
  async launch(): Promise<void> {
    const round = this.current;
    if (round?.status !== 'betting') return;
    const started_at = new Date(this.now());
    if (
      !(await this.fencedWrite((tx) =>
        this.repository.setRound(tx, round.id, 'betting', { status: 'running', started_at }),
      ))
    )
      return;
    this.current = { ...round, status: 'running', started_at };
    await this.reloadBets(this.current);
    this.push({ type: 'round', data: this.roundView(this.current) });
    this.pushBets();
  }

  /** One engine step (the interval calls it; tests call it with their own clock). */
  async tick(): Promise<void> {
    if (this.busy) return;
    // A leader whose lease ran out stops at once; the next one recovers the round.
    if (this.leadership && !this.leadership.isLeader()) return;
    this.busy = true;
    try {
      const now = this.now();
      const round = this.current;
      if (!round) {
        if (now >= this.nextOpenAt) await this.openRound();
        return;
      }
      if (round.status === 'betting') {
        if (now >= round.betting_ends_at.getTime()) await this.launch();
        return;
      }
      if (round.status !== 'running' || !round.started_at) return;
      const m = multiplierAt(now - round.started_at.getTime());
      const reached = Math.min(m, round.crash_point_x100);
      for (const bet of [...this.bets.values()]) {
        if (bet.status === 'active' && bet.limit_x100 <= reached)
          await this.cashOutAt(bet, bet.limit_x100);
      }
      if (m > round.crash_point_x100) await this.crash();
      else if (now - this.lastTick >= 500) {
        this.lastTick = now;
        this.push({
          type: 'tick',
          round_id: String(round.id),
          multiplier: x100(m),
          now: new Date(now).toISOString(),
        });
      }
    } catch (error) {
      this.deps.log('crash engine', error);
    } finally {
      this.busy = false;
    }
  }

  private async crash(): Promise<void> {
    const round = this.current!;
    // Every limit up to the crash point was reached, including bets this instance heard of late.
    for (const bet of await this.repository.roundBets(round.id)) {
      if (bet.status === 'active' && bet.limit_x100 <= round.crash_point_x100)
        await this.cashOutAt(bet, bet.limit_x100);
    }
    const ended_at = new Date(this.now());
    const leadership = this.leadership;
    const crashed = await this.repository.crash(
      round.id,
      ended_at,
      leadership ? (tx) => leadership.fenced(tx) : undefined,
    );
    if (!crashed && leadership) return;
    this.current = null;
    this.nextOpenAt = this.now() + (this.deps.pause_ms ?? CRASH_PAUSE_MS);
    const bets = await this.repository.roundBets(round.id);
    this.bets.clear();
    this.push({ type: 'round', data: this.roundView({ ...round, status: 'crashed', ended_at }) });
    this.push({
      type: 'bets',
      round_id: String(round.id),
      data: bets.map((b) => this.betPublic(b)),
    });
    await this.payUnpaid();
  }

  /** The bet as the bet path (modules/wagers) knows it. */
  private wager(bet: CrashBetRow): Wager {
    return {
      bet_ref: `crash:${bet.id}`,
      product: 'crash',
      game: 'crash',
      category: 'originals',
      player_id: bet.player_id,
      currency: bet.currency,
      house: { kind: 'wagers', purpose: 'originals' },
      funding: bet.bonus_id === null ? 'cash' : 'bonus',
      bonus_id: bet.bonus_id,
      object_id: `crash:${bet.id}`,
      actor: { type: 'player', id: String(bet.player_id) },
      settle_actor: { type: 'system', id: 'crash' },
    };
  }

  /** Fixes a cash-out in the database (if the round still runs), then pays it. */
  private async cashOutAt(bet: CrashBetRow, at_x100: number): Promise<CrashBetRow | null> {
    const payout = (bet.stake_minor * BigInt(at_x100)) / 100n;
    const cashed = await this.repository.cashOut(bet.id, at_x100, payout);
    if (!cashed) return null;
    this.bets.set(bet.player_id, cashed);
    this.pushBets();
    await this.pay(cashed);
    return cashed;
  }

  /**
   * Settles a bet that is over through the bet path: a cashed one is paid its win, a lost one
   * settles with nothing; `BetSettled` goes with it. Then marked paid (a crash in between leaves
   * it to `payUnpaid`, and the keys make the second settlement move nothing more).
   */
  private async pay(bet: CrashBetRow) {
    await this.deps.wagers.settle(this.wager(bet), {
      stake_minor: bet.stake_minor,
      payout_minor: bet.status === 'cashed' ? bet.payout_minor : 0n,
      payout_key: `crash-win:${bet.id}`,
    });
    await this.repository.setBet(bet.id, [bet.status], { paid: true });
  }

  private async payUnpaid() {
    for (const bet of await this.repository.unpaid(1000)) await this.pay(bet);
  }

  /**
   * Takes the stake through the bet path; false when refused (the bet is marked refused). A
   * bonus that can no longer stake it leaves the bet to cash, recorded before the cash moves.
   */
  private async takeStake(bet: CrashBetRow): Promise<boolean> {
    const staked = await this.deps.wagers.stake(this.wager(bet), {
      key: `crash-bet:${bet.id}`,
      amount_minor: bet.stake_minor,
      cash_fallback: true,
    });
    if (!staked.ok) {
      await this.repository.setBet(bet.id, ['placing'], { status: 'refused' });
      return false;
    }
    if (staked.bonus_id !== bet.bonus_id) {
      await this.repository.setBet(bet.id, ['placing'], { bonus_id: null });
      bet.bonus_id = null;
    }
    return true;
  }

  /** A bet whose round will not run (cancelled, or ended while its stake was taken): its stake back. */
  private async refund(bet: CrashBetRow) {
    if (bet.status === 'placing' && !(await this.takeStake(bet))) return;
    await this.deps.wagers.void(this.wager(bet), {
      stake_minor: bet.stake_minor,
      key: `crash-refund:${bet.id}`,
    });
    await this.repository.setBet(bet.id, ['placing', 'active'], { status: 'refunded' });
  }

  /**
   * A round a previous process left open, settled the same way whenever it runs:
   * - still betting: cancelled, every stake refunded;
   * - running: a bet whose limit (auto cash-out or max payout) is at most the crash point is
   *   paid at its limit (the multiplier reaches it whatever the timing); a bet still riding
   *   without one is refunded (the player lost the chance to cash out); cash-outs already
   *   fixed are paid. Every transfer is keyed by the bet, so a second recovery moves nothing.
   */
  async recover(): Promise<number> {
    const rounds = await this.repository.unfinishedRounds();
    for (const round of rounds) {
      const bets = await this.repository.roundBets(round.id);
      if (round.status === 'running') {
        for (const bet of bets) {
          if (bet.status === 'active' && bet.limit_x100 <= round.crash_point_x100) {
            await this.repository.cashOut(
              bet.id,
              bet.limit_x100,
              (bet.stake_minor * BigInt(bet.limit_x100)) / 100n,
            );
          }
        }
      }
      for (const bet of await this.repository.roundBets(round.id)) {
        if (bet.status === 'placing' || bet.status === 'active') await this.refund(bet);
      }
      if (round.status === 'running')
        await this.repository.setRound(null, round.id, 'running', {
          status: 'crashed',
          ended_at: new Date(this.now()),
        });
      else
        await this.repository.setRound(null, round.id, 'betting', {
          status: 'cancelled',
          ended_at: new Date(this.now()),
        });
    }
    await this.payUnpaid();
    this.current = null;
    this.bets.clear();
    return rounds.length;
  }

  /** A bet on the round taking bets now. */
  async placeBet(
    player: { id: bigint; currency_id: number | null },
    input: { amount: string; auto_cashout?: string | null; idempotency_key: string },
    client: GateClient,
  ) {
    const currency = await this.deps.currencyOf(player.currency_id);
    if (!currency) throw currenciesError('NO_WALLET_CURRENCY', undefined, 'amount');
    const existing = await this.repository.betByKey(player.id, input.idempotency_key);
    if (existing) {
      if (existing.status === 'refused')
        throw wagersError('INSUFFICIENT_FUNDS', undefined, 'amount');
      return this.betView(existing, currency.scale);
    }
    let stake = 0n;
    try {
      stake = parseAmountInput(input.amount.trim(), currency.scale);
    } catch (error) {
      if (isMoneyError(error)) invalid(`amount: ${error.message}`);
      throw error;
    }
    if (stake <= 0n) invalid('amount: the bet must be more than 0');
    let auto: number | null = null;
    if (input.auto_cashout) {
      const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(input.auto_cashout.trim());
      auto = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
      if (!(auto >= 101 && auto <= LIMBO_TARGET_MAX))
        invalid(
          'auto_cashout: a multiplier from 1.01 to 1000000.00 with at most 2 decimals',
          'auto_cashout',
        );
    }
    const limits = enforceStake(
      await this.deps.settings.gameLimits('crash', currency.code, currency.scale),
      currency,
      stake,
      null,
    );
    // The max payout becomes a cash-out the engine makes itself (Stake's "max profit").
    const byPayout = Number((limits.max_payout_minor * 100n) / stake);
    const limit_x100 = Math.min(auto ?? LIMBO_TARGET_MAX, byPayout, LIMBO_TARGET_MAX);
    if (limit_x100 < 101)
      throw casinoError(
        'PAYOUT_OVER_LIMIT',
        `The bet is too large for the maximum payout of ${formatAmount(limits.max_payout_minor, currency.scale)} ${currency.code}.`,
        'amount',
      );
    const reference = `crash:${player.id}:${input.idempotency_key}`;
    const admitted = await this.deps.wagers.admit({
      player_id: player.id,
      currency: currency.code,
      scale: currency.scale,
      amount_minor: stake,
      action: 'casino_bet',
      reference,
      client,
      bonus_funding: true,
    });
    // The round is checked after the gate (the gate sees every attempt) and again under a lock.
    const round = await this.roundNow();
    if (round?.status !== 'betting' || round.betting_ends_at.getTime() <= this.now()) {
      await this.deps.wagers.release(reference);
      throw casinoError('BETTING_CLOSED', undefined, 'round');
    }
    const inserted = await this.repository.insertBet(
      {
        bonus_id: admitted.bonus_id,
        round_id: round.id,
        player_id: player.id,
        currency: currency.code,
        stake_minor: stake,
        auto_cashout_x100: auto,
        limit_x100,
        idempotency_key: input.idempotency_key,
      },
      new Date(this.now()),
    );
    if (inserted === 'closed' || inserted === 'duplicate') {
      await this.deps.wagers.release(reference);
      if (inserted === 'closed') throw casinoError('BETTING_CLOSED', undefined, 'round');
      throw casinoError('ALREADY_BET', undefined, 'round');
    }
    if (!(await this.takeStake(inserted))) {
      await this.deps.wagers.release(reference);
      throw wagersError('INSUFFICIENT_FUNDS');
    }
    const active =
      (await this.repository.setBet(inserted.id, ['placing'], { status: 'active' })) ?? inserted;
    const open = this.engine
      ? this.current?.id === round.id
      : ['betting', 'running'].includes((await this.repository.round(round.id))?.status ?? '');
    if (open && this.engine) {
      this.bets.set(player.id, active);
      this.pushBets();
    } else if (open) {
      this.deps.announce?.(active.id);
    } else {
      // The round ended while the stake was being taken (a very slow request): the stake back.
      await this.refund(active);
    }
    return this.betView(active, currency.scale);
  }

  /** The player's manual cash-out at the current multiplier. */
  async cashOut(player: { id: bigint; currency_id: number | null }) {
    const currency = await this.deps.currencyOf(player.currency_id);
    const engine = this.engine;
    const round = await this.roundNow();
    const bet = engine
      ? this.bets.get(player.id)
      : round && (await this.repository.activeBet(round.id, player.id));
    if (round?.status !== 'running' || !round.started_at || bet?.status !== 'active')
      throw casinoError('NO_ACTIVE_BET', undefined, 'round');
    const m = multiplierAt(this.now() - round.started_at.getTime());
    if (m > round.crash_point_x100) throw casinoError('TOO_LATE', undefined, 'round');
    const cashed = engine
      ? await this.cashOutAt(bet, Math.min(m, bet.limit_x100))
      : await this.cashOutElsewhere(bet, Math.min(m, bet.limit_x100));
    if (!cashed) throw casinoError('TOO_LATE', undefined, 'round');
    return this.betView(cashed, currency?.scale ?? 2);
  }

  /** A cash-out taken without the round in memory: fixed, announced to the engine, then paid. */
  private async cashOutElsewhere(bet: CrashBetRow, at_x100: number) {
    const cashed = await this.repository.cashOut(
      bet.id,
      at_x100,
      (bet.stake_minor * BigInt(at_x100)) / 100n,
    );
    if (!cashed) return null;
    this.deps.announce?.(cashed.id);
    await this.pay(cashed);
    return cashed;
  }

  private pushBets() {
    if (!this.current) return;
    this.push({
      type: 'bets',
      round_id: String(this.current.id),
      data: [...this.bets.values()].slice(0, CRASH_ROUND_BETS_MAX).map((b) => this.betPublic(b)),
    });
  }

  roundView(round: RoundRow) {
    const over = round.status === 'crashed' || round.status === 'cancelled';
    return {
      id: String(round.id),
      chain_round: round.chain_round,
      status: round.status,
      betting_ends_at: round.betting_ends_at.toISOString(),
      started_at: round.started_at?.toISOString() ?? null,
      ended_at: round.ended_at?.toISOString() ?? null,
      /** Shown once the round is over: the hash proves the previous round's, the point follows from it. */
      hash: over ? round.hash : null,
      crash_point: over ? x100(round.crash_point_x100) : null,
      edge_bp: round.edge_bp,
    };
  }

  betPublic(bet: CrashBetRow) {
    return {
      /** Lets a player's page find its own bet (an auto cash-out happens on the server). */
      id: String(bet.id),
      player: `Player ${String(bet.player_id).padStart(4, '0').slice(-4)}`,
      currency: bet.currency,
      amount: formatAmount(bet.stake_minor, 2),
      cashout: bet.cashout_x100 === null ? null : x100(bet.cashout_x100),
      status: bet.status,
    };
  }

  betView(bet: CrashBetRow, scale: number) {
    return {
      id: String(bet.id),
      round_id: String(bet.round_id),
      currency: bet.currency,
      amount: formatAmount(bet.stake_minor, scale),
      auto_cashout: bet.auto_cashout_x100 === null ? null : x100(bet.auto_cashout_x100),
      cashout: bet.cashout_x100 === null ? null : x100(bet.cashout_x100),
      payout: formatAmount(bet.payout_minor, scale),
      status: bet.status,
      created_at: bet.created_at.toISOString(),
    };
  }

  /** Everything a page needs on load: the round, its bets, the recent rounds, the chain's commitment. */
  async state() {
    const chain = this.chain?.row ?? (await this.repository.latestChain());
    const history = await this.repository.history(20);
    const engine = this.engine;
    const round = await this.roundNow();
    const bets = engine
      ? [...this.bets.values()]
      : round
        ? await this.repository.roundBets(round.id)
        : [];
    return {
      now: new Date(this.now()).toISOString(),
      round: round ? this.roundView(round) : null,
      bets: bets.slice(0, CRASH_ROUND_BETS_MAX).map((b) => this.betPublic(b)),
      history: history.map((r) => this.roundView(r)),
      chain: chain
        ? {
            id: String(chain.id),
            terminating_hash: chain.terminating_hash,
            salt: chain.salt,
            length: chain.length,
          }
        : null,
    };
  }

  async history(limit: number) {
    return (await this.repository.history(Math.min(limit, CRASH_HISTORY_MAX))).map((r) =>
      this.roundView(r),
    );
  }

  async playerBets(player: { id: bigint; currency_id: number | null }) {
    const currency = await this.deps.currencyOf(player.currency_id);
    const rows = await this.repository.playerBets(player.id, 20);
    return rows.map((row) => {
      const over = row.round_status === 'crashed' || row.round_status === 'cancelled';
      return {
        ...this.betView(row, currency?.scale ?? 2),
        round_hash: over ? row.hash : null,
        crash_point: over ? x100(row.crash_point_x100) : null,
      };
    });
  }

  /**
   * One of the player's Crash bets for its detail page, or null when it is not theirs. The
   * round's hash, the chain's salt and the edge verify the crash point, once the round is over.
   */
  async playerBet(player: { id: bigint; currency_id: number | null }, id: bigint) {
    const row = await this.repository.playerBet(player.id, id);
    if (!row) return null;
    const currency = await this.deps.currencyOf(player.currency_id);
    const over = row.round_status === 'crashed' || row.round_status === 'cancelled';
    return {
      ...this.betView(row, currency?.scale ?? 2),
      round_status: row.round_status,
      round_hash: over ? row.hash : null,
      crash_point: over ? x100(row.crash_point_x100) : null,
      salt: row.salt,
      edge_bp: row.edge_bp,
      ended_at: row.ended_at?.toISOString() ?? null,
    };
  }
}
