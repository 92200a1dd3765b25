import type {
  LoyaltyAdminLevels,
  LoyaltyAdminPlayer,
  LoyaltyClaim,
  LoyaltyHostView,
  LoyaltyLevelInput,
  LoyaltyOverview,
} from '@casino/contracts';
import type { DomainEventPayload } from '@casino/contracts/events';
import { formatAmount, parseAmount, parseRate, type Rate } from '@casino/money';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrencyRow } from '../currencies/index.ts';
import type { LedgerActor, TransferInput } from '../ledger/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import { loyaltyError } from './loyalty.errors.ts';
import type {
  ClaimRow,
  CountedBet,
  LevelRow,
  LoyaltyRepository,
  RewardRow,
} from './loyalty.repository.ts';

/** EUR's scale: volume, thresholds and cash rewards are EUR minor units. */
const EUR_SCALE = 2;
/** Rakeback is kept in millionths of a minor unit. */
const MICRO = 1_000_000n;
/** Basis points in one. */
const BP = 10_000n;
/** Rewards and claims the sweep re-sends per run. */
export const LOYALTY_SWEEP_BATCH = 200;
/** A claim younger than this may still be in flight: the sweep leaves it to its request. */
const CLAIM_IN_FLIGHT_MS = 60_000;
/** Claims and rewards the back office lists per player. */
const ADMIN_LIST_MAX = 50;
/** Players the VIP host's view lists. */
export const HOST_PLAYERS_MAX = 100;
const DAY_MS = 86_400_000;
/** The ledger's house account that pays loyalty (sharded like every house purpose). */
const LOYALTY_HOUSE = { house: 'bonus_cost', purpose: 'loyalty' } as const;
const SYSTEM: LedgerActor = { type: 'system', id: 'loyalty' };

type BetSettled = DomainEventPayload<'BetSettled'>;

/** What loyalty needs to know of a game's house edge (the casino module's settings and catalogue). */
export type HouseEdges = {
  /** The originals' (and Crash's) edges, basis points by game. */
  originals(): Promise<Record<string, number>>;
  /** A studio game's edge (100 % − its stated RTP), basis points; null when unknown. */
  studioGame(slug: string): Promise<number | null>;
};

export type LoyaltyDeps = {
  repository: LoyaltyRepository;
  ledger: { transfer(input: TransferInput): Promise<{ id: bigint }> };
  currencies: { all(): Promise<readonly CurrencyRow[]> };
  edges: HouseEdges;
  /** Level-up rewards paid as a bonus: the bonus engine grants its promotion, once per source. */
  bonus: {
    grantPromotion(
      promotion_id: bigint,
      player_id: bigint,
      currency: string,
      source_ref: string,
    ): Promise<{ id: bigint } | null>;
  };
  gate: Pick<PlayerGate, 'check'>;
  /** Whether the operator may send the player marketing (protection's consent and exclusions). */
  marketing: { mayMarketTo(player_id: bigint): Promise<boolean> };
  /** The player's completed deposits (the VIP host's view). */
  cashFlow(
    player_id: bigint,
  ): Promise<Array<{ currency: string; reason_code: string; amount_minor: bigint }>>;
  audit: Pick<AuditService, 'record'>;
  log: (message: string, error: unknown) => void;
};

/** Exact rate and scale of each currency, read once per batch. */
type Units = Map<string, { scale: number; rate: Rate | null }>;

/**
 * VIP levels and rakeback (README.md). Everything here runs off the bet path: bets are counted
 * from `BetSettled` events, at least once each, and counted once (the bet's reference).
 */
export class LoyaltyService {
  constructor(private readonly deps: LoyaltyDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  private async units(): Promise<Units> {
    const units: Units = new Map();
    for (const row of await this.deps.currencies.all()) {
      units.set(row.code, {
        scale: row.scale,
        rate: row.code === 'EUR' ? { numerator: 1n, denominator: 1n } : safeRate(row.rate_to_eur),
      });
    }
    return units;
  }

  // --- counting settled bets ----------------------------------------------------------

  /**
   * Counts a batch of settled bets: each real-money bet (cash-funded, settled, a stake above
   * zero) adds its stake in EUR to the player's volume and stake × edge × the level's rate to
   * the rakeback, once per bet reference whatever the order or the repetitions. A level reached
   * owes its reward (once per level), paid after the batch commits.
   */
  async countSettled(events: readonly BetSettled[]): Promise<{ counted: number }> {
    const bets = new Map<string, BetSettled>();
    for (const bet of events) {
      if (bet.status !== 'settled' || bet.funding !== 'cash' || bet.stake_minor <= 0n) continue;
      if (!bets.has(bet.bet_ref)) bets.set(bet.bet_ref, bet);
    }
    if (bets.size === 0) return { counted: 0 };
    const units = await this.units();
    const edges = await this.edgesOf([...bets.values()]);
    const levels = await this.repository.levels();
    const players = [...new Set([...bets.values()].map((bet) => bet.player_id))];
    const counted = await this.repository.transaction(async (tx) => {
      const rows = await this.repository.lockPlayers(tx, players);
      const planned: CountedBet[] = [];
      for (const bet of bets.values()) {
        const unit = units.get(bet.currency);
        const edge_bp = edges.get(edgeKey(bet)) ?? 0;
        const rakeback_bp = levelOf(levels, rows.get(bet.player_id))?.rakeback_bp ?? 0;
        planned.push({
          bet_ref: bet.bet_ref,
          player_id: bet.player_id,
          currency: bet.currency,
          stake_minor: bet.stake_minor,
          wagered_eur_minor: unit ? toEur(bet.stake_minor, unit) : 0n,
          edge_bp,
          rakeback_bp,
          // stake × edge × rate in millionths of a minor unit: exact for any whole stake.
          rakeback_micro:
            (bet.stake_minor * BigInt(edge_bp) * BigInt(rakeback_bp) * MICRO) / (BP * BP),
          settled_at: new Date(bet.settled_at),
        });
      }
      const fresh = await this.repository.countBets(tx, planned);
      const byPlayer = new Map<bigint, CountedBet[]>();
      for (const bet of fresh)
        byPlayer.set(bet.player_id, [...(byPlayer.get(bet.player_id) ?? []), bet]);
      for (const [player_id, list] of byPlayer) {
        const volume = list.reduce((sum, bet) => sum + bet.wagered_eur_minor, 0n);
        const last = list.reduce(
          (a, bet) => (bet.settled_at > a ? bet.settled_at : a),
          new Date(0),
        );
        await this.repository.addVolume(tx, player_id, volume, last);
        const perCurrency = new Map<string, bigint>();
        for (const bet of list)
          perCurrency.set(bet.currency, (perCurrency.get(bet.currency) ?? 0n) + bet.rakeback_micro);
        for (const [currency, micro] of perCurrency)
          if (micro > 0n) await this.repository.addRakeback(tx, player_id, currency, micro);
        const before = rows.get(player_id)!;
        const wagered = before.wagered_eur_minor + volume;
        const reached = levels.filter((level) => level.threshold_eur_minor <= wagered);
        const rank = reached.length ? reached[reached.length - 1]!.rank : 0;
        if (rank <= before.rank) continue;
        await this.repository.setRank(tx, player_id, rank);
        for (const level of reached) {
          if (level.rank <= before.rank || level.reward_kind === 'none') continue;
          const currency = list[list.length - 1]!.currency;
          const unit = units.get(currency);
          await this.repository.addReward(tx, {
            player_id,
            rank: level.rank,
            kind: level.reward_kind,
            currency,
            amount_minor:
              level.reward_kind === 'cash' && unit ? fromEur(level.reward_eur_minor, unit) : 0n,
            promotion_id: level.reward_promotion_id,
          });
        }
      }
      return fresh.length;
    });
    await this.payRewards(players);
    return { counted };
  }

  /** The edge of every bet's game, read once per batch. */
  private async edgesOf(bets: readonly BetSettled[]): Promise<Map<string, number>> {
    const edges = new Map<string, number>();
    const needs = new Set(bets.map(edgeKey));
    if ([...needs].some((key) => key.startsWith('originals:') || key.startsWith('crash:'))) {
      const originals = await this.deps.edges.originals();
      for (const [game, edge] of Object.entries(originals)) {
        edges.set(`originals:${game}`, edge);
        edges.set(`crash:${game}`, edge);
      }
    }
    if (needs.has('sports:sports') || [...needs].some((key) => key.startsWith('sports:'))) {
      const { sports_edge_bp } = await this.repository.settings();
      for (const key of needs) if (key.startsWith('sports:')) edges.set(key, sports_edge_bp);
    }
    for (const key of needs) {
      if (!key.startsWith('provider:')) continue;
      const edge = await this.deps.edges.studioGame(key.slice('provider:'.length));
      if (edge !== null) edges.set(key, edge);
    }
    return edges;
  }

  // --- level-up rewards ---------------------------------------------------------------

  /**
   * Pays rewards owed (these players', or any when null): cash through the ledger keyed by the
   * player and level, a bonus through the bonus engine keyed the same way, so paying again —
   * after a crash, on another instance — pays nothing more. A bonus is an inducement to play:
   * a player the gate would refuse one is recorded as refused.
   */
  async payRewards(player_ids: readonly bigint[] | null): Promise<number> {
    const due = await this.repository.pendingRewards(player_ids, LOYALTY_SWEEP_BATCH);
    for (const reward of due) {
      try {
        await this.payReward(reward);
      } catch (error) {
        this.deps.log(`loyalty: reward ${reward.player_id}:${reward.rank}`, error);
      }
    }
    return due.length;
  }

  private async payReward(reward: RewardRow): Promise<void> {
    const source_ref = `vip-level:${reward.player_id}:${reward.rank}`;
    if (reward.kind === 'cash') {
      if (reward.amount_minor <= 0n) {
        await this.repository.settleReward(reward.player_id, reward.rank, { status: 'refused' });
        return;
      }
      const transfer = await this.deps.ledger.transfer({
        idempotency_key: `loyalty-level:${reward.player_id}:${reward.rank}`,
        debit: LOYALTY_HOUSE,
        credit: { player_id: reward.player_id, wallet: 'cash' },
        amount_minor: reward.amount_minor,
        currency: reward.currency,
        reason_code: 'bonus_grant',
        object: { type: 'bonus', id: source_ref },
        actor: SYSTEM,
        memo: `VIP level ${reward.rank} reward`,
      });
      await this.repository.settleReward(reward.player_id, reward.rank, {
        status: 'paid',
        transfer_id: transfer.id,
      });
      return;
    }
    const decision = await this.deps.gate.check({
      ip: '',
      player_id: reward.player_id,
      action: 'bonus_claim',
      currency: reward.currency,
      route: 'job:loyalty',
    });
    const bonus =
      decision.allowed && reward.promotion_id !== null
        ? await this.deps.bonus.grantPromotion(
            reward.promotion_id,
            reward.player_id,
            reward.currency,
            source_ref,
          )
        : null;
    await this.repository.settleReward(
      reward.player_id,
      reward.rank,
      bonus ? { status: 'paid', bonus_id: bonus.id } : { status: 'refused' },
    );
  }

  // --- the player ---------------------------------------------------------------------

  async overview(player_id: bigint, currency: string): Promise<LoyaltyOverview> {
    const [levels, player, rakeback, units, mayMarket] = await Promise.all([
      this.repository.levels(),
      this.repository.player(player_id),
      this.repository.rakebackOf(player_id),
      this.units(),
      this.deps.marketing.mayMarketTo(player_id),
    ]);
    const rank = player?.rank ?? 0;
    const wagered = player?.wagered_eur_minor ?? 0n;
    const current = levels.filter((level) => level.rank <= rank).at(-1) ?? null;
    const next = levels.find((level) => level.rank > rank) ?? null;
    const floor = current?.threshold_eur_minor ?? 0n;
    const progress =
      next === null
        ? 100
        : next.threshold_eur_minor <= floor
          ? 100
          : Number(((wagered - floor) * 10_000n) / (next.threshold_eur_minor - floor)) / 100;
    const row = rakeback.find((r) => r.currency === currency);
    const scale = units.get(currency)?.scale ?? 2;
    const claimable = row ? row.accrued_micro / MICRO - row.claimed_minor : 0n;
    return {
      level: current ? { rank: current.rank, name: current.name } : null,
      next: next
        ? { rank: next.rank, name: next.name, threshold: eur(next.threshold_eur_minor) }
        : null,
      wagered: eur(wagered),
      progress_percent: Math.max(0, Math.min(100, progress)),
      rakeback: {
        currency,
        claimable: formatAmount(claimable, scale),
        claimable_minor: String(claimable),
        claimed: formatAmount(row?.claimed_minor ?? 0n, scale),
      },
      // Responsible gaming first: no level-up message to a player who takes no marketing. The
      // entry level (a threshold of 0) is where everyone starts, not something to announce.
      notices: mayMarket
        ? levels
            .filter(
              (level) =>
                level.rank > (player?.seen_rank ?? 0) &&
                level.rank <= rank &&
                level.threshold_eur_minor > 0n,
            )
            .map((level) => ({ rank: level.rank, name: level.name }))
        : [],
      levels: levels.map(levelView),
    };
  }

  async markSeen(player_id: bigint, rank: number): Promise<void> {
    await this.repository.markSeen(player_id, rank);
  }

  /**
   * Pays everything claimable in the currency as cash. The claim is written under the
   * rakeback row's lock, so two tabs claiming at once pay once (the second finds nothing); the
   * ledger transfer is keyed by the claim.
   */
  async claim(player_id: bigint, currency: string): Promise<LoyaltyClaim> {
    const claim = await this.repository.claim(player_id, currency);
    if (!claim) throw loyaltyError('NOTHING_TO_CLAIM');
    await this.sendClaim(claim);
    const scale = (await this.units()).get(currency)?.scale ?? 2;
    return {
      claim_id: String(claim.id),
      currency,
      amount: formatAmount(claim.amount_minor, scale),
      amount_minor: String(claim.amount_minor),
    };
  }

  private async sendClaim(claim: ClaimRow): Promise<void> {
    const transfer = await this.deps.ledger.transfer({
      idempotency_key: `loyalty-rakeback:${claim.id}`,
      debit: LOYALTY_HOUSE,
      credit: { player_id: claim.player_id, wallet: 'cash' },
      amount_minor: claim.amount_minor,
      currency: claim.currency,
      reason_code: 'bonus_grant',
      object: { type: 'bonus', id: `rakeback:${claim.id}` },
      actor: SYSTEM,
      memo: 'Rakeback',
    });
    await this.repository.setClaimTransfer(claim.id, transfer.id);
  }

  /** The job: sends what a crash left unsent (claims, rewards). Idempotent; any instance. */
  async sweep(now = new Date()): Promise<{ claims: number; rewards: number }> {
    const claims = await this.repository.unsentClaims(
      new Date(now.getTime() - CLAIM_IN_FLIGHT_MS),
      LOYALTY_SWEEP_BATCH,
    );
    for (const claim of claims) await this.sendClaim(claim);
    const rewards = await this.payRewards(null);
    return { claims: claims.length, rewards };
  }

  // --- back office ----------------------------------------------------------------------

  async adminLevels(): Promise<LoyaltyAdminLevels> {
    const [levels, settings] = await Promise.all([
      this.repository.levels(),
      this.repository.settings(),
    ]);
    return {
      levels: levels.map((level) => ({
        ...levelView(level),
        threshold_eur_minor: String(level.threshold_eur_minor),
        rakeback_bp: level.rakeback_bp,
      })),
      settings: {
        sports_edge_bp: settings.sports_edge_bp,
        updated_at: settings.updated_at.toISOString(),
      },
    };
  }

  /**
   * Replaces the ladder (audited). Thresholds rise strictly with the rank. Levels players
   * already reached stay theirs: a level never drops (decision 0700).
   */
  async setLevels(input: LoyaltyLevelInput[], actor: AuditActor): Promise<LoyaltyAdminLevels> {
    const rows = input.map((level, index) => ({
      rank: index + 1,
      name: level.name,
      threshold_eur_minor: parseAmount(level.threshold, EUR_SCALE),
      rakeback_bp: level.rakeback_bp,
      reward_kind: level.reward_kind,
      reward_eur_minor:
        level.reward_kind === 'cash' ? parseAmount(level.reward_amount ?? '0', EUR_SCALE) : 0n,
      reward_promotion_id:
        level.reward_kind === 'bonus' ? BigInt(level.reward_promotion_id ?? '0') : null,
      benefits: level.benefits,
    }));
    for (let i = 1; i < rows.length; i += 1) {
      if (rows[i]!.threshold_eur_minor <= rows[i - 1]!.threshold_eur_minor)
        throw loyaltyError('LEVELS_OUT_OF_ORDER', undefined, `levels.${i}.threshold`);
    }
    const { before, after } = await this.repository.replaceLevels(rows);
    await this.deps.audit.record({
      actor,
      action: 'loyalty.levels.update',
      target: { type: 'loyalty_levels', id: 1 },
      before: before.map(auditLevel),
      after: after.map(auditLevel),
    });
    return this.adminLevels();
  }

  async setSettings(sports_edge_bp: number, actor: AuditActor): Promise<LoyaltyAdminLevels> {
    const before = await this.repository.settings();
    await this.repository.setSettings(sports_edge_bp);
    await this.deps.audit.record({
      actor,
      action: 'loyalty.settings.update',
      target: { type: 'loyalty_settings', id: 1 },
      before: { sports_edge_bp: before.sports_edge_bp },
      after: { sports_edge_bp },
    });
    return this.adminLevels();
  }

  async adminPlayer(player_id: bigint): Promise<LoyaltyAdminPlayer> {
    const [levels, player, rakeback, rewards, claims, units] = await Promise.all([
      this.repository.levels(),
      this.repository.player(player_id),
      this.repository.rakebackOf(player_id),
      this.repository.rewardsOf(player_id),
      this.repository.claimsOf(player_id, ADMIN_LIST_MAX),
      this.units(),
    ]);
    const scaleOf = (currency: string) => units.get(currency)?.scale ?? 2;
    const current = levels.filter((level) => level.rank <= (player?.rank ?? 0)).at(-1) ?? null;
    return {
      player_id: String(player_id),
      level: current ? { rank: current.rank, name: current.name } : null,
      wagered: eur(player?.wagered_eur_minor ?? 0n),
      last_bet_at: player?.last_bet_at?.toISOString() ?? null,
      rakeback: rakeback.map((row) => ({
        currency: row.currency,
        accrued: formatAmount(row.accrued_micro / MICRO, scaleOf(row.currency)),
        claimed: formatAmount(row.claimed_minor, scaleOf(row.currency)),
        claimable: formatAmount(
          row.accrued_micro / MICRO - row.claimed_minor,
          scaleOf(row.currency),
        ),
      })),
      rewards: rewards.slice(0, ADMIN_LIST_MAX).map((reward) => ({
        rank: reward.rank,
        kind: reward.kind,
        currency: reward.currency,
        amount: formatAmount(reward.amount_minor, scaleOf(reward.currency)),
        status: reward.status,
        created_at: reward.created_at.toISOString(),
      })),
      claims: claims.map((claim) => ({
        id: String(claim.id),
        currency: claim.currency,
        amount: formatAmount(claim.amount_minor, scaleOf(claim.currency)),
        created_at: claim.created_at.toISOString(),
      })),
    };
  }

  /** The VIP host's view: players per level, and the highest-level players with their play. */
  async hostView(now = new Date()): Promise<LoyaltyHostView> {
    const [levels, counts, top, units] = await Promise.all([
      this.repository.levels(),
      this.repository.playersPerLevel(),
      this.repository.topPlayers(HOST_PLAYERS_MAX, new Date(now.getTime() - 30 * DAY_MS)),
      this.units(),
    ]);
    const scaleOf = (currency: string) => units.get(currency)?.scale ?? 2;
    const claimed = await this.repository.claimedTotals(top.map((row) => row.player_id));
    const deposits = await Promise.all(top.map((row) => this.deps.cashFlow(row.player_id)));
    const nameOf = (rank: number) =>
      levels.filter((level) => level.rank <= rank).at(-1)?.name ?? String(rank);
    return {
      levels: levels.map((level) => ({
        rank: level.rank,
        name: level.name,
        players: counts.get(level.rank) ?? 0,
      })),
      players: top.map((row, index) => ({
        player_id: String(row.player_id),
        rank: row.rank,
        level: nameOf(row.rank),
        wagered: eur(row.wagered_eur_minor),
        wagered_30d: eur(row.wagered_30d),
        bets_30d: Number(row.bets_30d),
        last_bet_at: row.last_bet_at?.toISOString() ?? null,
        rakeback_claimed: claimed
          .filter((c) => c.player_id === row.player_id)
          .map((c) => ({
            currency: c.currency,
            amount: formatAmount(c.claimed_minor, scaleOf(c.currency)),
          })),
        deposits: deposits[index]!.filter((flow) => flow.reason_code === 'deposit').map((flow) => ({
          currency: flow.currency,
          amount: formatAmount(flow.amount_minor, scaleOf(flow.currency)),
        })),
      })),
    };
  }
}

/**
 * The level a player holds: the highest one reached, by the rank kept (never lowered) or by the
 * volume against today's thresholds (a first threshold of 0 holds from the first bet).
 */
function levelOf(
  levels: readonly LevelRow[],
  player: { rank: number; wagered_eur_minor: bigint } | undefined,
): LevelRow | null {
  const rank = player?.rank ?? 0;
  const wagered = player?.wagered_eur_minor ?? 0n;
  return (
    levels.filter((level) => level.rank <= rank || level.threshold_eur_minor <= wagered).at(-1) ??
    null
  );
}

/** The key a bet's edge is found under: its product and game. */
const edgeKey = (bet: BetSettled) => `${bet.product}:${bet.game}`;

const eur = (minor: bigint) => formatAmount(minor, EUR_SCALE);

function safeRate(text: string | null): Rate | null {
  if (!text) return null;
  try {
    return parseRate(text);
  } catch {
    return null;
  }
}

/** Minor units of a currency in EUR minor units at the operator's rate, toward zero (0: no rate). */
function toEur(amount_minor: bigint, unit: { scale: number; rate: Rate | null }): bigint {
  if (!unit.rate) return 0n;
  return (
    (amount_minor * unit.rate.denominator * 10n ** BigInt(EUR_SCALE)) /
    (unit.rate.numerator * 10n ** BigInt(unit.scale))
  );
}

/** EUR minor units in a currency's minor units at the operator's rate, toward zero. */
function fromEur(eur_minor: bigint, unit: { scale: number; rate: Rate | null }): bigint {
  if (!unit.rate) return 0n;
  return (
    (eur_minor * unit.rate.numerator * 10n ** BigInt(unit.scale)) /
    (unit.rate.denominator * 10n ** BigInt(EUR_SCALE))
  );
}

function levelView(level: LevelRow) {
  return {
    rank: level.rank,
    name: level.name,
    threshold: eur(level.threshold_eur_minor),
    rakeback_percent: formatAmount(BigInt(level.rakeback_bp), 2),
    reward: {
      kind: level.reward_kind,
      amount: level.reward_kind === 'cash' ? eur(level.reward_eur_minor) : null,
      promotion_id: level.reward_promotion_id === null ? null : String(level.reward_promotion_id),
    },
    benefits: level.benefits,
  };
}

const auditLevel = (level: LevelRow) => ({
  rank: level.rank,
  name: level.name,
  threshold_eur_minor: String(level.threshold_eur_minor),
  rakeback_bp: level.rakeback_bp,
  reward_kind: level.reward_kind,
  reward_eur_minor: String(level.reward_eur_minor),
  reward_promotion_id:
    level.reward_promotion_id === null ? null : String(level.reward_promotion_id),
});
