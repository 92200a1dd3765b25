import {
  RACE_DURATION_DAYS_MAX,
  RACE_PLACES_MAX,
  type RaceAdmin,
  type RaceBoard,
  type RaceInput,
  type RaceStanding,
  type RaceSummary,
} from '@casino/contracts';
import type { DomainEventPayload } from '@casino/contracts/events';
import { formatAmount, parseAmount, parseRate, type Rate } from '@casino/money';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrencyRow } from '../currencies/index.ts';
import type { LedgerActor, TransferInput } from '../ledger/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import { racesError } from './races.errors.ts';
import { nextEdition, rank, scoreOf } from './races.ranking.ts';
import type {
  EntryRow,
  PayoutRow,
  RaceDefinition,
  RaceRow,
  RacesRepository,
  ScoredBet,
} from './races.repository.ts';

const EUR_SCALE = 2;
const DAY_MS = 86_400_000;
/**
 * A race is ended this long after its end: bets settled just before the end are still on their
 * way through the outbox (delivery takes milliseconds; this covers a busy dispatcher).
 */
export const RACE_END_GRACE_MS = 3_000;
/** Entries read to fill the top places when some players are refused by the gate. */
const RANK_SLACK = 50;
/** Races the ender looks at per run. */
const ENDER_BATCH = 20;
/** Ended races players still see. */
const ENDED_LISTED_MAX = 5;
const ADMIN_LIST_MAX = 200;
const ADMIN_PLAYER_PLACES_MAX = 50;
const RACES_HOUSE = { house: 'bonus_cost', purpose: 'races' } as const;
const SYSTEM: LedgerActor = { type: 'system', id: 'races' };

type BetSettled = DomainEventPayload<'BetSettled'>;

export type RacesDeps = {
  repository: RacesRepository;
  ledger: { transfer(input: TransferInput): Promise<{ id: bigint }> };
  currencies: { all(): Promise<readonly CurrencyRow[]> };
  gate: Pick<PlayerGate, 'check'>;
  players: { usernames(ids: readonly bigint[]): Promise<Map<string, string>> };
  audit: Pick<AuditService, 'record'>;
  /** Tells every instance's sockets that these races' standings changed (after commit). */
  announce(race_ids: readonly bigint[]): Promise<void>;
  log: (message: string, error: unknown) => void;
  /** Tests: a fault injected between two prize payments (a killed leader). */
  afterPayment?: (race_id: bigint, place: number) => Promise<void>;
};

type Unit = { scale: number; rate: Rate | null };

/**
 * Races (README.md): scored from `BetSettled` off the bet path, ended and paid by whichever
 * instance holds the `races` lease (any caller may end a race: every step is idempotent).
 */
export class RacesService {
  constructor(private readonly deps: RacesDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  private async units(): Promise<Map<string, Unit>> {
    const units = new Map<string, Unit>();
    for (const row of await this.deps.currencies.all()) {
      units.set(row.code, {
        scale: row.scale,
        rate: row.code === 'EUR' ? { numerator: 1n, denominator: 1n } : safeRate(row.rate_to_eur),
      });
    }
    return units;
  }

  // --- scoring ------------------------------------------------------------------------

  /**
   * Counts a batch of settled bets in the open races covering their settlement: real-money
   * bets only (cash-funded, settled, a stake above zero), each once per race whatever the order
   * or the repetitions (`race_bets`).
   */
  async countSettled(events: readonly BetSettled[]): Promise<{ counted: number }> {
    const bets = events.filter(
      (bet) => bet.status === 'settled' && bet.funding === 'cash' && bet.stake_minor > 0n,
    );
    if (bets.length === 0) return { counted: 0 };
    const times = bets.map((bet) => new Date(bet.settled_at).getTime());
    const races = await this.repository.openAt(
      new Date(Math.min(...times)),
      new Date(Math.max(...times)),
    );
    if (races.length === 0) return { counted: 0 };
    const units = await this.units();
    const scored: ScoredBet[] = [];
    for (const bet of bets) {
      const settled_at = new Date(bet.settled_at);
      const unit = units.get(bet.currency);
      const stake_eur = unit ? toEur(bet.stake_minor, unit) : 0n;
      for (const race of races) {
        if (settled_at < race.starts_at || settled_at >= race.ends_at) continue;
        const score = scoreOf(race, bet, stake_eur);
        if (score === null) continue;
        scored.push({
          race_id: race.id,
          bet_ref: bet.bet_ref,
          player_id: bet.player_id,
          currency: bet.currency,
          score,
          settled_at,
        });
      }
    }
    const changed = await this.repository.countBets(scored);
    if (changed.length) await this.deps.announce(changed);
    return { counted: scored.length };
  }

  // --- standings ----------------------------------------------------------------------

  /** Players among these the protection gate refuses to let bet (not ranked, not paid). */
  private async refused(player_ids: readonly bigint[]): Promise<Set<bigint>> {
    const decisions = await Promise.all(
      player_ids.map((player_id) =>
        this.deps.gate
          .check({ ip: '', player_id, action: 'casino_bet', route: 'job:races' })
          .then((decision) => (decision.allowed ? null : player_id)),
      ),
    );
    return new Set(decisions.filter((id): id is bigint => id !== null));
  }

  /** The top places: entries in ranking order, refused players left out. */
  private async standings(race: RaceRow, prizes: bigint[]) {
    const ordered = await this.repository.ranked(race.id, RACE_PLACES_MAX + RANK_SLACK);
    const refused = await this.refused(ordered.map((entry) => entry.player_id));
    return { ranked: rank(ordered, refused, prizes, RACE_PLACES_MAX), refused, ordered };
  }

  async list(): Promise<{ races: RaceSummary[] }> {
    const rows = await this.repository.listed(ENDED_LISTED_MAX);
    return { races: await this.summaries(rows) };
  }

  private async summaries(rows: readonly RaceRow[]): Promise<RaceSummary[]> {
    const [prizes, units] = await Promise.all([
      this.repository.prizes(rows.map((row) => row.id)),
      this.units(),
    ]);
    const now = Date.now();
    return rows.map((row) =>
      summary(
        row,
        prizes.filter((p) => p.race_id === row.id).map((p) => p.amount_minor),
        units.get(row.currency)?.scale ?? 2,
        now,
      ),
    );
  }

  private async loaded(race_id: bigint) {
    const race = await this.repository.race(race_id);
    if (!race) throw racesError('RACE_NOT_FOUND');
    const [prizeRows, units] = await Promise.all([this.repository.prizes([race.id]), this.units()]);
    const prizes = prizeRows.map((p) => p.amount_minor);
    const scale = units.get(race.currency)?.scale ?? 2;
    return { race, prizes, scale, view: summary(race, prizes, scale, Date.now()) };
  }

  /**
   * The live leaderboard: the top 100 (hidden players anonymised) and the reader's own place.
   * An ended race shows its frozen standings.
   */
  async board(race_id: bigint, reader: bigint | null): Promise<RaceBoard> {
    return (await this.boards(race_id, [reader])).get(reader)!;
  }

  /** One leaderboard per reader, the top places read once (the socket's push to many). */
  async boards(
    race_id: bigint,
    readers: readonly (bigint | null)[],
  ): Promise<Map<bigint | null, RaceBoard>> {
    const { race, prizes, scale, view } = await this.loaded(race_id);
    const frozen = race.status === 'ending' || race.status === 'ended';
    type Row = { place: number; player_id: bigint; score: bigint; prize_minor: bigint | null };
    let top: Row[];
    let refused = new Set<bigint>();
    let ordered: EntryRow[] = [];
    let players: number;
    if (frozen) {
      const payouts = await this.repository.payouts(race.id);
      top = payouts.map((p) => ({ ...p, prize_minor: p.amount_minor }));
      players = payouts.length;
    } else {
      ({ ranked: top, refused, ordered } = await this.standings(race, prizes));
      players = Math.max(0, (await this.repository.entryCount(race.id)) - refused.size);
    }
    const mine = new Map<bigint, Row>();
    for (const reader of readers) {
      if (reader === null) continue;
      const placed = top.find((row) => row.player_id === reader);
      if (placed) {
        mine.set(reader, placed);
        continue;
      }
      if (frozen || refused.has(reader)) continue;
      const position = await this.repository.positionOf(race.id, reader);
      if (!position || (await this.refused([reader])).size > 0) continue;
      // Beyond the top places: those ahead, less the refused ones among those read ahead.
      const index = ordered.findIndex((entry) => entry.player_id === reader);
      const refusedAhead = (index < 0 ? ordered : ordered.slice(0, index)).filter((entry) =>
        refused.has(entry.player_id),
      ).length;
      mine.set(reader, {
        place: position.ahead + 1 - refusedAhead,
        player_id: reader,
        score: position.entry.score,
        prize_minor: null,
      });
    }
    const ids = [...top.map((row) => row.player_id), ...mine.keys()];
    const [names, hidden] = await Promise.all([
      this.deps.players.usernames(ids),
      this.repository.hiddenAmong(ids),
    ]);
    const standing = (row: Row, reader: bigint | null): RaceStanding => {
      const isHidden = hidden.has(row.player_id);
      return {
        place: row.place,
        name: isHidden ? null : (names.get(String(row.player_id)) ?? null),
        hidden: isHidden,
        score: formatScore(race.metric, row.score),
        prize: row.prize_minor === null ? null : formatAmount(row.prize_minor, scale),
        you: row.player_id === reader,
      };
    };
    const updated_at = new Date().toISOString();
    const boards = new Map<bigint | null, RaceBoard>();
    for (const reader of readers) {
      const own = reader === null ? undefined : mine.get(reader);
      boards.set(reader, {
        race: view,
        top: top.map((row) => standing(row, reader)),
        me: own ? standing(own, reader) : null,
        players,
        updated_at,
      });
    }
    return boards;
  }

  async privacy(player_id: bigint): Promise<{ hidden: boolean }> {
    return { hidden: (await this.repository.hiddenAmong([player_id])).has(player_id) };
  }

  async setPrivacy(player_id: bigint, hidden: boolean): Promise<{ hidden: boolean }> {
    await this.repository.setHidden(player_id, hidden);
    return { hidden };
  }

  // --- ending and paying ------------------------------------------------------------------

  /** Ends every race past its end (and the grace) and pays what is unpaid. Any instance. */
  async endDue(now = new Date()): Promise<number> {
    const due = await this.repository.due(new Date(now.getTime() - RACE_END_GRACE_MS), ENDER_BATCH);
    for (const race_id of due) {
      try {
        await this.end(race_id);
      } catch (error) {
        this.deps.log(`races: ending race ${race_id}`, error);
      }
    }
    return due.length;
  }

  /**
   * Freezes the standings (once: under the race row's lock, only from `open`), starts the
   * next edition of a recurring race, then pays each prize by a ledger transfer keyed by
   * (race, place): a second caller, a retry or another instance after a crash pays nothing more.
   */
  async end(race_id: bigint, now = new Date()): Promise<void> {
    const { race, prizes } = await this.loaded(race_id);
    if (race.status === 'open' && race.ends_at > now) return;
    if (race.status === 'open') await this.freeze(race, prizes);
    const payouts = await this.repository.payouts(race_id);
    const units = await this.units();
    for (const payout of payouts) {
      if (payout.paid_at) continue;
      await this.pay(race, payout, units);
      await this.deps.afterPayment?.(race_id, payout.place);
    }
    if (await this.repository.closeIfPaid(race_id)) await this.deps.announce([race_id]);
  }

  private async freeze(race: RaceRow, prizes: bigint[]) {
    const frozen = await this.repository.transaction(async (tx) => {
      const locked = await this.repository.race(race.id, tx, true);
      if (locked?.status !== 'open') return false;
      // Ranked under the lock: no counting batch adds to these scores any more.
      const ordered = await this.repository.ranked(race.id, RACE_PLACES_MAX + RANK_SLACK, tx);
      const refused = await this.refused(ordered.map((entry) => entry.player_id));
      const final = rank(ordered, refused, prizes, RACE_PLACES_MAX);
      await this.repository.insertPayouts(
        tx,
        final.map((row) => ({
          race_id: race.id,
          place: row.place,
          player_id: row.player_id,
          score: row.score,
          currency: row.currency,
          amount_minor: row.prize_minor ?? 0n,
        })),
      );
      await this.repository.setStatus(tx, race.id, 'ending');
      const next = nextEdition(race.recurrence, race.starts_at, race.ends_at);
      if (next)
        await this.repository.insert(
          tx,
          { ...definitionOf(race), ...next, previous_id: race.id },
          prizes,
        );
      return true;
    });
    if (frozen) await this.deps.announce([race.id]);
  }

  private async pay(race: RaceRow, payout: PayoutRow, units: Map<string, Unit>) {
    const from = units.get(race.currency);
    const to = units.get(payout.currency);
    const amount =
      payout.currency === race.currency
        ? payout.amount_minor
        : from && to
          ? convert(payout.amount_minor, from, to)
          : 0n;
    if (amount <= 0n) {
      await this.repository.markPaid(race.id, payout.place, null);
      return;
    }
    const transfer = await this.deps.ledger.transfer({
      idempotency_key: `race-prize:${race.id}:${payout.place}`,
      debit: RACES_HOUSE,
      credit: { player_id: payout.player_id, wallet: 'cash' },
      amount_minor: amount,
      currency: payout.currency,
      reason_code: 'bonus_grant',
      object: { type: 'bonus', id: `race:${race.id}:${payout.place}` },
      actor: SYSTEM,
      memo: `${race.name}: place ${payout.place}`,
    });
    await this.repository.markPaid(race.id, payout.place, transfer.id);
  }

  // --- back office ------------------------------------------------------------------------

  private async validated(input: RaceInput, units: Map<string, Unit>) {
    const unit = units.get(input.currency);
    if (!unit) throw racesError('RACE_CURRENCY_UNKNOWN', undefined, 'currency');
    const starts_at = new Date(input.starts_at);
    const ends_at = new Date(input.ends_at);
    if (ends_at.getTime() <= starts_at.getTime())
      throw racesError('RACE_DATES_INVALID', undefined, 'ends_at');
    if (ends_at.getTime() - starts_at.getTime() > RACE_DURATION_DAYS_MAX * DAY_MS)
      throw racesError(
        'RACE_DATES_INVALID',
        `ends_at: a race lasts at most ${RACE_DURATION_DAYS_MAX} days`,
        'ends_at',
      );
    if (ends_at.getTime() <= Date.now())
      throw racesError('RACE_DATES_INVALID', 'ends_at: the end is already past', 'ends_at');
    const prizes = input.prizes.map((text, index) => {
      try {
        return parseAmount(text, unit.scale);
      } catch {
        throw racesError(
          'RACE_PRIZES_INVALID',
          `prizes.${index}: at most ${unit.scale} decimals in ${input.currency}`,
          `prizes.${index}`,
        );
      }
    });
    if (prizes.every((prize) => prize === 0n))
      throw racesError('RACE_PRIZES_INVALID', 'prizes: the table pays nothing', 'prizes');
    let min_stake_eur_minor: bigint;
    try {
      min_stake_eur_minor = parseAmount(input.min_stake_eur, EUR_SCALE);
    } catch {
      throw racesError('RACE_MIN_STAKE_INVALID', undefined, 'min_stake_eur');
    }
    const definition: RaceDefinition = {
      name: input.name,
      metric: input.metric,
      recurrence: input.recurrence,
      currency: input.currency,
      starts_at,
      ends_at,
      games: [...new Set(input.games)],
      min_stake_eur_minor,
      previous_id: null,
    };
    return { definition, prizes };
  }

  async create(input: RaceInput, actor: AuditActor): Promise<RaceAdmin> {
    const { definition, prizes } = await this.validated(input, await this.units());
    const row = await this.repository.transaction(async (tx) => {
      if (
        (
          await this.repository.overlapping(
            definition.name,
            definition.starts_at,
            definition.ends_at,
            null,
            tx,
          )
        ).length
      )
        throw racesError('RACE_OVERLAPS', undefined, 'starts_at');
      return (await this.repository.insert(tx, definition, prizes))!;
    });
    await this.deps.audit.record({
      actor,
      action: 'races.create',
      target: { type: 'race', id: String(row.id) },
      before: null,
      after: auditView(definition, prizes),
    });
    return this.adminRace(row.id);
  }

  /** Edits a race not yet ended; once started, only its name, prizes and end may change. */
  async update(race_id: bigint, input: RaceInput, actor: AuditActor): Promise<RaceAdmin> {
    const { definition, prizes } = await this.validated(input, await this.units());
    const before = await this.repository.transaction(async (tx) => {
      const race = await this.repository.race(race_id, tx, true);
      if (!race) throw racesError('RACE_NOT_FOUND');
      if (race.status !== 'open') throw racesError('RACE_CLOSED');
      const started = race.starts_at.getTime() <= Date.now();
      if (
        started &&
        (definition.metric !== race.metric ||
          definition.starts_at.getTime() !== race.starts_at.getTime() ||
          definition.currency !== race.currency ||
          definition.min_stake_eur_minor !== race.min_stake_eur_minor ||
          JSON.stringify([...definition.games].sort()) !== JSON.stringify([...race.games].sort()))
      )
        throw racesError('RACE_STARTED');
      if (
        (
          await this.repository.overlapping(
            definition.name,
            definition.starts_at,
            definition.ends_at,
            race_id,
            tx,
          )
        ).length
      )
        throw racesError('RACE_OVERLAPS', undefined, 'starts_at');
      const old = (await this.repository.prizes([race_id], tx)).map((p) => p.amount_minor);
      await this.repository.update(
        tx,
        race_id,
        { ...definition, previous_id: race.previous_id },
        prizes,
      );
      return auditView(definitionOf(race), old);
    });
    await this.deps.audit.record({
      actor,
      action: 'races.update',
      target: { type: 'race', id: String(race_id) },
      before,
      after: auditView(definition, prizes),
    });
    await this.deps.announce([race_id]);
    return this.adminRace(race_id);
  }

  /** Cancels an open race: no prizes, no next edition. */
  async cancel(race_id: bigint, actor: AuditActor): Promise<RaceAdmin> {
    await this.repository.transaction(async (tx) => {
      const race = await this.repository.race(race_id, tx, true);
      if (!race) throw racesError('RACE_NOT_FOUND');
      if (race.status !== 'open') throw racesError('RACE_CLOSED');
      await this.repository.setStatus(tx, race_id, 'cancelled');
    });
    await this.deps.audit.record({
      actor,
      action: 'races.cancel',
      target: { type: 'race', id: String(race_id) },
      before: { status: 'open' },
      after: { status: 'cancelled' },
    });
    await this.deps.announce([race_id]);
    return this.adminRace(race_id);
  }

  /**
   * Ends a running race now: its end moves to this instant and the leader ends and pays it
   * after the grace (bets settled before now still count).
   */
  async endNow(race_id: bigint, actor: AuditActor): Promise<RaceAdmin> {
    const now = new Date();
    const before = await this.repository.transaction(async (tx) => {
      const race = await this.repository.race(race_id, tx, true);
      if (!race) throw racesError('RACE_NOT_FOUND');
      if (race.status !== 'open') throw racesError('RACE_CLOSED');
      if (race.starts_at >= now)
        throw racesError('RACE_DATES_INVALID', 'This race has not started: cancel it instead');
      if (race.ends_at > now) await this.repository.setEndsAt(tx, race_id, now);
      return race.ends_at;
    });
    await this.deps.audit.record({
      actor,
      action: 'races.end_now',
      target: { type: 'race', id: String(race_id) },
      before: { ends_at: before.toISOString() },
      after: { ends_at: now.toISOString() },
    });
    return this.adminRace(race_id);
  }

  async adminList(): Promise<{ races: RaceAdmin[] }> {
    const rows = await this.repository.all(ADMIN_LIST_MAX);
    return { races: await this.adminViews(rows) };
  }

  private async adminViews(rows: readonly RaceRow[]): Promise<RaceAdmin[]> {
    const ids = rows.map((row) => row.id);
    const [views, players, paid] = await Promise.all([
      this.summaries(rows),
      this.repository.entryCounts(ids),
      this.repository.paidCounts(ids),
    ]);
    return rows.map((row, index) => ({
      ...views[index]!,
      cancelled_at: row.cancelled_at?.toISOString() ?? null,
      players: players.get(row.id) ?? 0,
      paid: paid.get(row.id) ?? 0,
      created_at: row.created_at.toISOString(),
    }));
  }

  async adminRace(race_id: bigint): Promise<RaceAdmin> {
    const race = await this.repository.race(race_id);
    if (!race) throw racesError('RACE_NOT_FOUND');
    return (await this.adminViews([race]))[0]!;
  }

  /** Standings with player ids: the frozen ones once ended, else the live ranking. */
  async adminStandings(race_id: bigint) {
    const { race, prizes, scale } = await this.loaded(race_id);
    const payouts = await this.repository.payouts(race_id);
    const rows =
      payouts.length > 0
        ? payouts.map((p) => ({ ...p, prize_minor: p.amount_minor, paid: p.paid_at !== null }))
        : (await this.standings(race, prizes)).ranked.map((row) => ({ ...row, paid: false }));
    const ids = rows.map((row) => row.player_id);
    const [names, hidden] = await Promise.all([
      this.deps.players.usernames(ids),
      this.repository.hiddenAmong(ids),
    ]);
    return {
      race: await this.adminRace(race_id),
      standings: rows.map((row) => ({
        place: row.place,
        player_id: String(row.player_id),
        username: names.get(String(row.player_id)) ?? null,
        hidden: hidden.has(row.player_id),
        score: formatScore(race.metric, row.score),
        prize: row.prize_minor === null ? null : formatAmount(row.prize_minor, scale),
        paid: row.paid,
      })),
    };
  }

  async adminPlayer(player_id: bigint) {
    const [rows, units, privacy] = await Promise.all([
      this.repository.placesOf(player_id, ADMIN_PLAYER_PLACES_MAX),
      this.units(),
      this.privacy(player_id),
    ]);
    const now = Date.now();
    return {
      hidden: privacy.hidden,
      places: rows.map((row) => ({
        race_id: String(row.race_id),
        race: row.name,
        status: statusOf(row, now),
        ends_at: row.ends_at.toISOString(),
        place: row.place,
        score: formatScore(row.metric, row.score),
        prize:
          row.amount_minor === null
            ? null
            : formatAmount(row.amount_minor, units.get(row.currency)?.scale ?? 2),
        currency: row.currency,
        paid: row.paid_at !== null,
      })),
    };
  }

  /** The demo install's race: a daily wagering race running now (idempotent by name). */
  async seedDemo(now = new Date()): Promise<void> {
    const name = 'Daily Race';
    const starts_at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const ends_at = new Date(starts_at.getTime() + DAY_MS);
    await this.repository.transaction(async (tx) => {
      if ((await this.repository.overlapping(name, starts_at, ends_at, null, tx)).length) return;
      await this.repository.insert(
        tx,
        {
          name,
          metric: 'wagered',
          recurrence: 'daily',
          currency: 'EUR',
          starts_at,
          ends_at,
          games: ['all'],
          min_stake_eur_minor: 0n,
          previous_id: null,
        },
        [10_000n, 5_000n, 2_500n, 1_000n, 1_000n, 500n, 500n, 500n, 500n, 500n],
      );
    });
  }
}

function statusOf(
  row: { status: RaceRow['status']; ends_at: Date; starts_at?: Date },
  now: number,
): RaceSummary['status'] {
  if (row.status === 'cancelled' || row.status === 'ending' || row.status === 'ended')
    return row.status;
  if (row.starts_at && row.starts_at.getTime() > now) return 'scheduled';
  // Past its end, the leader is about to freeze it and pay.
  if (row.ends_at.getTime() <= now) return 'ending';
  return 'running';
}

function summary(row: RaceRow, prizes: bigint[], scale: number, now: number): RaceSummary {
  return {
    id: String(row.id),
    name: row.name,
    metric: row.metric,
    recurrence: row.recurrence,
    status: statusOf(row, now),
    currency: row.currency,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    games: row.games,
    min_stake_eur: formatAmount(row.min_stake_eur_minor, EUR_SCALE),
    prizes: prizes.map((amount, index) => ({
      place: index + 1,
      amount: formatAmount(amount, scale),
    })),
    prize_total: formatAmount(
      prizes.reduce((sum, amount) => sum + amount, 0n),
      scale,
    ),
  };
}

function definitionOf(race: RaceRow): RaceDefinition {
  return {
    name: race.name,
    metric: race.metric,
    recurrence: race.recurrence,
    currency: race.currency,
    starts_at: race.starts_at,
    ends_at: race.ends_at,
    games: race.games,
    min_stake_eur_minor: race.min_stake_eur_minor,
    previous_id: race.previous_id,
  };
}

const auditView = (race: RaceDefinition, prizes: readonly bigint[]) => ({
  name: race.name,
  metric: race.metric,
  recurrence: race.recurrence,
  currency: race.currency,
  starts_at: race.starts_at.toISOString(),
  ends_at: race.ends_at.toISOString(),
  games: race.games,
  min_stake_eur_minor: String(race.min_stake_eur_minor),
  prizes: prizes.map(String),
});

/** EUR for `wagered`, a multiplier with two decimals for `multiplier`. */
export function formatScore(metric: RaceRow['metric'], score: bigint): string {
  return metric === 'wagered' ? formatAmount(score, EUR_SCALE) : formatAmount(score, 2);
}

function safeRate(text: string | null): Rate | null {
  if (!text) return null;
  try {
    return parseRate(text);
  } catch {
    return null;
  }
}

/** Minor units of a currency in EUR minor units at the operator's rate, toward zero. */
function toEur(amount_minor: bigint, unit: Unit): bigint {
  if (!unit.rate) return 0n;
  return (
    (amount_minor * unit.rate.denominator * 10n ** BigInt(EUR_SCALE)) /
    (unit.rate.numerator * 10n ** BigInt(unit.scale))
  );
}

/** From one currency's minor units to another's through EUR, toward zero. */
function convert(amount_minor: bigint, from: Unit, to: Unit): bigint {
  if (!from.rate || !to.rate) return 0n;
  return (
    (amount_minor * from.rate.denominator * to.rate.numerator * 10n ** BigInt(to.scale)) /
    (from.rate.numerator * to.rate.denominator * 10n ** BigInt(from.scale))
  );
}
