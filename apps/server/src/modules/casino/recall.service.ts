import { formatAmount } from '@casino/money';
import { casinoError } from './casino.errors.ts';
import type { CrashService } from './crash.service.ts';
import type { OriginalsService } from './originals.service.ts';
import { ORIGINAL_GAMES } from './originals.settings.ts';
import type { GameName, RecallRepository, StudioRoundRow } from './recall.repository.ts';

/** GLI-19 game recall asks for the last 10 rounds of each game at least. */
export const RECALL_PER_GAME_DEFAULT = 10;
export const RECALL_PER_GAME_MAX = 50;

/**
 * A casino bet's public reference: an original's bet id (`123`, the history's id), a Crash
 * bet (`crash-45`) or a studio round (`round-67`): three tables, one page address.
 */
export const BET_REF = /^(?:(crash|round)-)?([1-9]\d{0,17})$/;
/** A studio round as the ledger's movements name it: `provider:<studio code>:<round ref>`. */
export const STUDIO_REF = /^provider:([a-z0-9_]{2,32}):(.{1,100})$/;

export type BetDetail = {
  id: string;
  kind: 'original' | 'crash' | 'studio';
  game: string;
  game_name: string;
  category: string;
  provider: string;
  state: string;
  currency: string;
  amount: string;
  payout: string;
  multiplier: string | null;
  won: boolean;
  created_at: string;
  /** What the game draws (per game; see the web's renderer registry). */
  details: Record<string, unknown>;
  fairness:
    | {
        scheme: 'seed_pair';
        server_seed_hash: string;
        server_seed: string | null;
        client_seed: string;
        nonce: number;
        edge_bp: number;
      }
    | {
        scheme: 'crash_chain';
        round_hash: string | null;
        salt: string;
        edge_bp: number;
        crash_point: string | null;
      }
    | null;
  /** Studio rounds: the record the operator holds (the studio keeps the reels). */
  round: {
    ref: string;
    status: string;
    bonus_funded: boolean;
    closed_at: string | null;
    transactions: Array<{
      ref: string;
      kind: string;
      amount: string | null;
      status: string;
      at: string;
    }>;
  } | null;
};

type Player = { id: bigint; currency_id: number | null };
type Scale = (code: string) => Promise<number>;

export class RecallService {
  constructor(
    private readonly deps: {
      repository: RecallRepository;
      originals: OriginalsService;
      crash: CrashService;
      scaleOf: Scale;
    },
  ) {}

  private async names(): Promise<Map<string, GameName>> {
    return new Map((await this.deps.repository.gameNames()).map((g) => [g.slug, g]));
  }

  /** One of the player's bets; BET_NOT_FOUND for any other (another player's included). */
  async bet(player: Player, ref: string): Promise<BetDetail> {
    const studio = STUDIO_REF.exec(ref);
    if (studio) {
      const round = await this.deps.repository.studioRoundByRef(player.id, studio[1]!, studio[2]!);
      if (round) return this.studioDetail(round, true);
      throw casinoError('BET_NOT_FOUND', 'No such round');
    }
    const match = BET_REF.exec(ref);
    if (!match) throw casinoError('BET_NOT_FOUND', `No bet "${ref.slice(0, 40)}"`);
    const id = BigInt(match[2]!);
    const names = await this.names();
    if (match[1] === 'crash') {
      const bet = await this.deps.crash.playerBet(player, id);
      if (bet) return crashDetail(bet, names);
    } else if (match[1] === 'round') {
      const round = await this.deps.repository.studioRound(player.id, id);
      if (round) return this.studioDetail(round, true);
    } else {
      const bet = await this.deps.originals.playerBet(player.id, player.currency_id, id);
      if (bet) return originalDetail(bet, names);
    }
    throw casinoError('BET_NOT_FOUND', `No bet "${ref}"`);
  }

  /**
   * Names and pages of the player's casino bets named by the ledger's object ids (`casino:12`,
   * `crash:8`, `provider:<studio>:<round>`): one read per kind for the whole list. Ids that are
   * not the player's casino bets are left out.
   */
  async betNames(
    player_id: bigint,
    object_ids: readonly string[],
  ): Promise<
    Map<string, { name: string; product: 'original' | 'crash' | 'studio'; href: string }>
  > {
    const originals: bigint[] = [];
    const crash: bigint[] = [];
    const studio: Array<{ code: string; round_ref: string }> = [];
    for (const id of object_ids) {
      const simple = /^(casino|crash):([1-9]\d{0,17})$/.exec(id);
      if (simple) (simple[1] === 'casino' ? originals : crash).push(BigInt(simple[2]!));
      const round = STUDIO_REF.exec(id);
      if (round) studio.push({ code: round[1]!, round_ref: round[2]! });
    }
    const out = new Map<
      string,
      { name: string; product: 'original' | 'crash' | 'studio'; href: string }
    >();
    if (originals.length + crash.length + studio.length === 0) return out;
    const [names, games, crashIds, rounds] = await Promise.all([
      originals.length + crash.length > 0 ? this.names() : new Map<string, GameName>(),
      this.deps.repository.originalGames(player_id, originals),
      this.deps.repository.crashBetIds(player_id, crash),
      this.deps.repository.studioRoundNames(player_id, studio),
    ]);
    for (const bet of games)
      out.set(`casino:${bet.id}`, {
        name: names.get(bet.game)?.name ?? bet.game,
        product: 'original',
        href: `/casino/bets/${bet.id}`,
      });
    for (const id of crashIds)
      out.set(`crash:${id}`, {
        name: names.get('crash')?.name ?? 'Crash',
        product: 'crash',
        href: `/casino/bets/crash-${id}`,
      });
    for (const round of rounds) {
      const ref = `provider:${round.code}:${round.round_ref}`;
      out.set(ref, {
        name: round.game_name,
        product: 'studio',
        href: `/casino/bets/${encodeURIComponent(ref)}`,
      });
    }
    return out;
  }

  /** The player's last `perGame` rounds of every game they played, newest first per game. */
  async recall(player: Player, perGame: number) {
    const names = await this.names();
    const games: Array<{ game: string; game_name: string; bets: BetDetail[] }> = [];
    const add = (game: string, bets: BetDetail[]) => {
      if (bets.length > 0)
        games.push({
          game,
          game_name: names.get(game)?.name ?? game,
          bets: bets.slice(0, perGame),
        });
    };
    for (const game of ORIGINAL_GAMES) {
      if (game === 'crash') {
        const bets = await this.deps.crash.playerBets(player);
        const details = await Promise.all(
          bets.slice(0, perGame).map((bet) => this.deps.crash.playerBet(player, BigInt(bet.id))),
        );
        add(
          'crash',
          details.flatMap((bet) => (bet ? [crashDetail(bet, names)] : [])),
        );
      } else {
        const bets = await this.deps.originals.gameHistory(
          player.id,
          player.currency_id,
          game,
          perGame,
        );
        add(
          game,
          bets.map((bet) => originalDetail(bet, names)),
        );
      }
    }
    const rounds = await this.deps.repository.studioRecall(player.id, perGame);
    const bySlug = new Map<string, StudioRoundRow[]>();
    for (const round of rounds)
      bySlug.set(round.game_slug, [...(bySlug.get(round.game_slug) ?? []), round]);
    for (const [slug, list] of bySlug)
      add(slug, await Promise.all(list.map((round) => this.studioDetail(round, false))));
    return { per_game: perGame, games };
  }

  private async studioDetail(round: StudioRoundRow, withTransactions: boolean): Promise<BetDetail> {
    const scale = await this.deps.scaleOf(round.currency);
    const stake = BigInt(round.stake_minor);
    const payout = BigInt(round.payout_minor);
    const transactions = withTransactions
      ? await this.deps.repository.studioTransactions(round.id)
      : [];
    return {
      id: `round-${round.id}`,
      kind: 'studio',
      game: round.game_slug,
      game_name: round.game_name,
      category: round.category,
      provider: round.provider_name,
      state: round.status,
      currency: round.currency,
      amount: formatAmount(stake, scale),
      payout: formatAmount(payout, scale),
      // Two decimals, rounded down: what the stake was multiplied by.
      multiplier: stake > 0n ? formatAmount((payout * 100n) / stake, 2) : null,
      won: payout > stake,
      created_at: round.created_at.toISOString(),
      details: {},
      fairness: null,
      round: {
        ref: round.round_ref,
        status: round.status,
        bonus_funded: round.bonus_id !== null,
        closed_at: round.closed_at?.toISOString() ?? null,
        transactions: transactions.map((txn) => ({
          ref: txn.txn_ref,
          kind: txn.kind,
          amount: txn.amount_minor === null ? null : formatAmount(BigInt(txn.amount_minor), scale),
          status: txn.status,
          at: txn.created_at.toISOString(),
        })),
      },
    };
  }
}

type OriginalView = NonNullable<Awaited<ReturnType<OriginalsService['playerBet']>>>;
type CrashView = NonNullable<Awaited<ReturnType<CrashService['playerBet']>>>;

function named(names: Map<string, GameName>, slug: string) {
  const game = names.get(slug);
  return {
    game_name: game?.name ?? slug,
    category: game?.category ?? 'arcade',
    provider: game?.provider_name ?? '',
  };
}

function originalDetail(bet: OriginalView, names: Map<string, GameName>): BetDetail {
  const view = bet as OriginalView & { target?: string; direction?: string; roll?: string };
  const extra: Record<string, unknown> = {};
  if (view.target !== undefined) extra.target = view.target;
  if (view.direction !== undefined) extra.direction = view.direction;
  if (view.roll !== undefined) extra.roll = view.roll;
  return {
    id: view.id,
    kind: 'original',
    game: view.game,
    ...named(names, view.game),
    state: view.state,
    currency: view.currency,
    amount: view.amount,
    payout: view.payout,
    multiplier: view.multiplier,
    won: view.won,
    created_at: view.created_at,
    details: { ...view.details, ...extra },
    fairness: {
      scheme: 'seed_pair',
      server_seed_hash: view.server_seed_hash,
      server_seed: view.server_seed,
      client_seed: view.client_seed,
      nonce: view.nonce,
      edge_bp: view.edge_bp,
    },
    round: null,
  };
}

function crashDetail(bet: CrashView, names: Map<string, GameName>): BetDetail {
  return {
    id: `crash-${bet.id}`,
    kind: 'crash',
    game: 'crash',
    ...named(names, 'crash'),
    state: bet.status,
    currency: bet.currency,
    amount: bet.amount,
    payout: bet.payout,
    multiplier: bet.cashout,
    won: bet.status === 'cashed',
    created_at: bet.created_at,
    details: {
      round_id: bet.round_id,
      cashout: bet.cashout,
      auto_cashout: bet.auto_cashout,
      crash_point: bet.crash_point,
      round_status: bet.round_status,
    },
    fairness: {
      scheme: 'crash_chain',
      round_hash: bet.round_hash,
      salt: bet.salt,
      edge_bp: bet.edge_bp,
      crash_point: bet.crash_point,
    },
    round: null,
  };
}
