import { formatAmount, isMoneyError } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { ProtectionService } from '../protection/index.ts';
import { complianceError } from './compliance.errors.ts';
import {
  type AlertRow,
  type AlertStatus,
  type ComplianceRepository,
  RULE_CODES,
  type RuleCode,
  type RuleRow,
  type SourceOfFundsRow,
} from './compliance.repository.ts';
import { evaluate, type Facts, type MoneyEvent } from './compliance.rules.ts';

/** Rules that look at deposits and withdrawals (the others at sessions and instruments). */
const MONEY_RULES: ReadonlySet<RuleCode> = new Set([
  'large_amount',
  'structuring',
  'deposit_withdraw_little_play',
  'payout_changes',
]);
/** Allowed case moves: a closed case (cleared or reported) stays closed. */
const NEXT: Record<AlertStatus, AlertStatus[]> = {
  open: ['investigating', 'cleared', 'reported'],
  investigating: ['cleared', 'reported'],
  cleared: [],
  reported: [],
};
export const SWEEP_PLAYERS_MAX = 500;
/** At most this many rows of one kind of evidence (money events, shared instruments). */
export const EVIDENCE_ROWS_MAX = 500;
/** At most this many anonymised sign-ins are read for one evaluation. */
export const ANONYMISED_SIGN_INS_MAX = 50;
/** Links kept per kind for one-offer-per-person checks. */
export const LINKED_ACCOUNTS_MAX = 50;
const DAY_MS = 86_400_000;

/**
 * Deposits and withdrawals, from each module that records them (the cashier's payments,
 * crypto); every list is ordered as its doc says, so lists from several modules merge exactly.
 */
export type MoneyRecords = {
  /** Deposits credited (or being credited) and withdrawals requested since `since`, by time then ref. */
  movementsOf(player_id: bigint, since: Date, limit: number): Promise<MoneyEvent[]>;
  /** The account numbers, UPI ids and payout addresses the player used since `since`. */
  instrumentsOf(player_id: bigint, since: Date): Promise<string[]>;
  /** `(instrument, player id as text)` pairs since `since`, by instrument (bytes) then player. */
  instrumentUsers(
    instruments: readonly string[],
    since: Date,
    limit: number,
  ): Promise<Array<{ instrument: string; player_id: string }>>;
  /** Players whose records changed since `since`, by id as text. */
  playersActiveSince(since: Date, limit: number): Promise<bigint[]>;
};

/** Sign-ins (the auth module's sessions). */
export type SignIns = {
  addressesSharedWith(
    player_id: bigint,
    since: Date,
  ): Promise<Array<{ ip: string; player_id: string }>>;
  devicesSharedWith(
    player_id: bigint,
    since: Date,
  ): Promise<Array<{ device: string; player_id: string }>>;
  anonymisedSignIns(
    player_id: bigint,
    since: Date,
    limit: number,
  ): Promise<Array<{ id: string; ip: string | null; at: Date }>>;
  playersSignedInSince(since: Date, limit: number): Promise<bigint[]>;
};

export type ComplianceOptions = {
  currencies: {
    byCode(code: string): Promise<{ scale: number } | null>;
    byId(id: number): Promise<{ code: string } | null>;
  };
  log: (message: string, error: unknown) => void;
  /** The fiat and crypto records the money rules read. */
  money: readonly MoneyRecords[];
  signIns: SignIns;
  /** Real-money stakes since a moment (the ledger's bet transfers). */
  ledger: {
    playSince(player_id: bigint, currency: string, since: Date): Promise<{ staked: bigint }>;
  };
  players: {
    byId(
      id: bigint,
    ): Promise<{ username: string; email: string; currency_id: number | null } | undefined>;
    usernames(ids: readonly bigint[]): Promise<Map<string, string>>;
  };
  /** Staff display names (case assignees, note authors). */
  staff: { names(ids: bigint[]): Promise<Map<string, string>> };
};

export type StaffRef = { id: bigint; actor: AuditActor };

const notFound = () => new AppError('NOT_FOUND', 'No such alert');

/**
 * AML and risk monitoring: rules (data) evaluated on events and by a sweep; each hit an alert
 * with its evidence; the case workflow with notes; the withdrawal freeze (through the gate's
 * module, so the gate stays the one place that refuses); source-of-funds requests.
 */
export class ComplianceService {
  constructor(
    private readonly repository: ComplianceRepository,
    private readonly protection: ProtectionService,
    private readonly audit: AuditService,
    private readonly options: ComplianceOptions,
  ) {}

  // --- evaluation -----------------------------------------------------------------

  /**
   * Runs every enabled rule over one player's recent activity; returns the alerts raised or
   * updated. Idempotent: the same evidence never raises twice (fingerprints).
   */
  async evaluate(player_id: bigint, now = new Date()): Promise<bigint[]> {
    const rules = (await this.repository.rules()).filter((rule) => rule.enabled);
    if (rules.length === 0) return [];
    const windowOf = (codes: (code: RuleCode) => boolean) =>
      Math.max(0, ...rules.filter((rule) => codes(rule.code)).map((rule) => rule.window_minutes));
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const moneyWindow = windowOf((code) => MONEY_RULES.has(code));
    const deviceWindow = windowOf((code) => code === 'shared_device');
    const addressWindow = windowOf((code) => code === 'shared_address');
    const anonymiserWindow = windowOf((code) => code === 'anonymiser');
    // Anonymised sign-ins raise alerts only where the operator's location policy flags them.
    const flagAnonymisers =
      anonymiserWindow > 0 && (await this.protection.locationPolicy()).anonymisers !== 'allow';
    const instrumentWindow = windowOf((code) => code === 'shared_instrument');
    const scales = new Map<string, number>();
    for (const currency of await this.currencies())
      scales.set(currency, (await this.options.currencies.byCode(currency))?.scale ?? 2);
    const facts: Facts = {
      player_id,
      now,
      events: moneyWindow ? await this.moneyEvents(player_id, ago(moneyWindow)) : [],
      wagered: async (currency, since) =>
        (await this.options.ledger.playSince(player_id, currency, since)).staked,
      addresses: addressWindow
        ? await this.named(
            await this.options.signIns.addressesSharedWith(player_id, ago(addressWindow)),
          )
        : [],
      devices: deviceWindow
        ? await this.named(
            await this.options.signIns.devicesSharedWith(player_id, ago(deviceWindow)),
          )
        : [],
      anonymised: flagAnonymisers
        ? await this.options.signIns.anonymisedSignIns(
            player_id,
            ago(anonymiserWindow),
            ANONYMISED_SIGN_INS_MAX,
          )
        : [],
      instruments: instrumentWindow
        ? await this.named(await this.sharedInstruments(player_id, ago(instrumentWindow)))
        : [],
      format: (amount, currency) =>
        `${formatAmount(amount, scales.get(currency) ?? 2)} ${currency}`,
    };
    for (const event of facts.events)
      if (!scales.has(event.currency))
        scales.set(
          event.currency,
          (await this.options.currencies.byCode(event.currency))?.scale ?? 2,
        );
    const raised: bigint[] = [];
    for (const rule of rules) {
      for (const hit of await evaluate(rule, facts)) {
        const result = await this.repository.raise({ ...hit, player_id });
        if (!result) continue;
        raised.push(result.id);
        if (result.created)
          await this.audit.record({
            actor: { type: 'system', id: 'compliance' },
            action: 'compliance.alert',
            target: { type: 'player', id: player_id },
            metadata: { alert_id: result.id.toString(), rule: hit.rule_code, summary: hit.summary },
          });
      }
    }
    return raised;
  }

  private async currencies(): Promise<string[]> {
    const codes = new Set<string>();
    for (const rule of await this.repository.rules())
      for (const code of Object.keys(rule.thresholds)) codes.add(code);
    return [...codes];
  }

  /** The event hook: never throws (a failing rule must not disturb the money path). */
  async onActivity(player_id: bigint): Promise<void> {
    try {
      await this.evaluate(player_id);
    } catch (error) {
      this.options.log('compliance rules', error);
    }
  }

  /**
   * The player's deposits and withdrawals since `since` from every module that records them,
   * oldest first (by time, then reference), at most EVIDENCE_ROWS_MAX.
   */
  private async moneyEvents(player_id: bigint, since: Date): Promise<MoneyEvent[]> {
    const events: MoneyEvent[] = [];
    for (const records of this.options.money)
      events.push(...(await records.movementsOf(player_id, since, EVIDENCE_ROWS_MAX)));
    return events
      .sort((a, b) => a.at.getTime() - b.at.getTime() || textOrder(a.ref, b.ref))
      .slice(0, EVIDENCE_ROWS_MAX);
  }

  /**
   * `(instrument, player)` pairs for every instrument the player used since `since` (bank
   * accounts, UPI ids, crypto payout addresses; one may match across modules), the player
   * included, by instrument then player id, at most EVIDENCE_ROWS_MAX.
   */
  private async sharedInstruments(player_id: bigint, since: Date) {
    const mine = new Set<string>();
    for (const records of this.options.money)
      for (const instrument of await records.instrumentsOf(player_id, since)) mine.add(instrument);
    if (mine.size === 0) return [];
    const pairs = new Map<string, { instrument: string; player_id: string }>();
    for (const records of this.options.money)
      for (const pair of await records.instrumentUsers([...mine], since, EVIDENCE_ROWS_MAX))
        pairs.set(`${pair.instrument}\u0000${pair.player_id}`, pair);
    return [...pairs.values()]
      .sort((a, b) => textOrder(a.instrument, b.instrument) || textOrder(a.player_id, b.player_id))
      .slice(0, EVIDENCE_ROWS_MAX);
  }

  /** Evidence rows with each player's username; a row whose player is gone is left out. */
  private async named<T extends { player_id: string }>(rows: T[]) {
    const names = await this.options.players.usernames(rows.map((row) => BigInt(row.player_id)));
    return rows.flatMap((row) => {
      const username = names.get(row.player_id);
      return username === undefined ? [] : [{ ...row, username }];
    });
  }

  /**
   * Other accounts that look like the same person, for one-per-person offers (issue 19): those
   * sharing a payment instrument or a device (strong), or a public address (weak). 90 days for
   * devices and addresses, two years for instruments; at most LINKED_ACCOUNTS_MAX of each.
   */
  async linkedAccounts(player_id: bigint) {
    const ids = (rows: Array<{ player_id: string }>) =>
      [...new Set(rows.map((row) => BigInt(row.player_id)).filter((id) => id !== player_id))].slice(
        0,
        LINKED_ACCOUNTS_MAX,
      );
    const now = Date.now();
    const recent = new Date(now - 90 * DAY_MS);
    return {
      instrument: ids(await this.sharedInstruments(player_id, new Date(now - 730 * DAY_MS))),
      device: ids(await this.options.signIns.devicesSharedWith(player_id, recent)),
      address: ids(await this.options.signIns.addressesSharedWith(player_id, recent)),
    };
  }

  /** Evaluates every player with new payments, withdrawals or sign-ins since `since`. */
  async sweep(since: Date): Promise<number> {
    const active = new Set<string>();
    for (const records of this.options.money)
      for (const id of await records.playersActiveSince(since, SWEEP_PLAYERS_MAX))
        active.add(String(id));
    for (const id of await this.options.signIns.playersSignedInSince(since, SWEEP_PLAYERS_MAX))
      active.add(String(id));
    // The first SWEEP_PLAYERS_MAX by id as text, as each source lists them.
    const players = [...active].sort(textOrder).slice(0, SWEEP_PLAYERS_MAX).map(BigInt);
    for (const player_id of players) await this.onActivity(player_id);
    return players.length;
  }

  // --- rules ----------------------------------------------------------------------

  async rules() {
    const rows = await this.repository.rules();
    return Promise.all(rows.map((row) => this.ruleView(row)));
  }

  private async ruleView(row: RuleRow) {
    const thresholds: Record<string, string> = {};
    for (const [currency, minor] of Object.entries(row.thresholds))
      thresholds[currency] = formatAmount(
        BigInt(minor),
        (await this.options.currencies.byCode(currency))?.scale ?? 2,
      );
    return { ...row, thresholds, updated_at: row.updated_at.toISOString() };
  }

  /** Changes a rule (thresholds in major units per currency); audited with before and after. */
  async updateRule(
    code: string,
    input: {
      enabled?: boolean;
      window_minutes?: number;
      min_count?: number;
      percent?: number;
      thresholds?: Record<string, string>;
    },
    actor: AuditActor,
  ) {
    if (!(RULE_CODES as readonly string[]).includes(code))
      throw new AppError('NOT_FOUND', `No rule ${code}`);
    const before = (await this.repository.rule(code))!;
    let thresholds: Record<string, string> | undefined;
    if (input.thresholds) {
      thresholds = {};
      for (const [currency, text] of Object.entries(input.thresholds)) {
        if (!/^[A-Z]{3,5}$/.test(currency))
          throw new AppError('VALIDATION_FAILED', `thresholds: ${currency} is not a currency`);
        try {
          const amount = parseAmountInput(
            text.trim(),
            (await this.options.currencies.byCode(currency))?.scale ?? 2,
          );
          if (amount <= 0n) throw new Error('must be above zero');
          thresholds[currency] = amount.toString();
        } catch (error) {
          const why = isMoneyError(error) ? error.message : (error as Error).message;
          throw new AppError('VALIDATION_FAILED', `thresholds.${currency}: ${why}`, {
            errors: [{ path: `thresholds.${currency}`, message: why }],
          });
        }
      }
    }
    const after = await this.repository.updateRule(code as RuleCode, {
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.window_minutes !== undefined ? { window_minutes: input.window_minutes } : {}),
      ...(input.min_count !== undefined ? { min_count: input.min_count } : {}),
      ...(input.percent !== undefined ? { percent: input.percent } : {}),
      ...(thresholds ? { thresholds } : {}),
    });
    await this.audit.record({
      actor,
      action: 'compliance.rule',
      target: { type: 'aml_rule', id: code },
      before,
      after,
    });
    return this.ruleView(after);
  }

  // --- the queue and cases ------------------------------------------------------------

  async alerts(filter: {
    status?: AlertStatus | 'active';
    player_id?: bigint;
    rule_code?: RuleCode;
    limit: number;
    before_id?: bigint;
  }) {
    const rows = await this.repository.alerts(filter);
    const names = await this.options.players.usernames(rows.map((row) => row.player_id));
    return {
      counts: await this.repository.counts(),
      alerts: rows.flatMap((row) => {
        const username = names.get(String(row.player_id));
        return username === undefined ? [] : [{ ...alertView(row), username }];
      }),
    };
  }

  async alertCase(id: bigint) {
    const alert = await this.repository.alert(null, id);
    if (!alert) throw notFound();
    const player = await this.options.players.byId(alert.player_id);
    const currency =
      player?.currency_id == null ? null : await this.options.currencies.byId(player.currency_id);
    const notes = await this.repository.notes(id);
    const authors = await this.options.staff.names(
      notes.flatMap((note) => (note.staff_id === null ? [] : [note.staff_id])),
    );
    return {
      alert: alertView(alert),
      player: {
        id: alert.player_id.toString(),
        username: player?.username ?? '',
        email: player?.email ?? '',
        currency: currency?.code ?? null,
        withdrawals_frozen: await this.freezeView(alert.player_id),
        source_of_funds: await this.openSof(alert.player_id),
        other_alerts: (await this.repository.alerts({ player_id: alert.player_id, limit: 20 }))
          .filter((row) => row.id !== alert.id)
          .map((row) => alertView(row)),
      },
      notes: notes.map((note) => ({
        id: note.id.toString(),
        author:
          (note.staff_id === null ? undefined : authors.get(String(note.staff_id))) ?? 'system',
        body: note.body,
        status_from: note.status_from,
        status_to: note.status_to,
        at: note.created_at.toISOString(),
      })),
    };
  }

  /** Moves a case (open → investigating → cleared / reported); closing needs a note. */
  async setStatus(id: bigint, status: AlertStatus, note: string | undefined, staff: StaffRef) {
    const text = note?.trim() ?? '';
    if ((status === 'cleared' || status === 'reported') && !text)
      throw new AppError('VALIDATION_FAILED', 'A note is required to clear or report a case', {
        errors: [{ path: 'note', message: 'required to clear or report' }],
      });
    const from = await this.repository.transaction(async (tx) => {
      const alert = await this.repository.alert(tx, id, true);
      if (!alert) throw notFound();
      if (!NEXT[alert.status].includes(status))
        throw complianceError(
          'INVALID_TRANSITION',
          `A case that is ${alert.status} cannot become ${status}`,
        );
      await this.repository.setStatus(tx, id, status, staff.id);
      await this.repository.addNote(tx, {
        alert_id: id,
        staff_id: staff.id,
        body: text || `Status: ${status}`,
        status_from: alert.status,
        status_to: status,
      });
      return alert;
    });
    await this.audit.record({
      actor: staff.actor,
      action: 'compliance.case',
      target: { type: 'aml_alert', id },
      before: { status: from.status },
      after: { status, note: text || null },
    });
    return this.alertCase(id);
  }

  async addNote(id: bigint, body: string, staff: StaffRef) {
    if (!(await this.repository.alert(null, id))) throw notFound();
    await this.repository.addNote(null, {
      alert_id: id,
      staff_id: staff.id,
      body: body.trim(),
      status_from: null,
      status_to: null,
    });
    await this.audit.record({
      actor: staff.actor,
      action: 'compliance.note',
      target: { type: 'aml_alert', id },
    });
    return this.alertCase(id);
  }

  // --- freeze and source of funds ----------------------------------------------------

  private async freezeView(player_id: bigint) {
    const freeze = await this.protection.withdrawalFreeze(player_id);
    return {
      frozen: freeze.frozen,
      since: freeze.since?.toISOString() ?? null,
      reason: freeze.reason,
    };
  }

  async setFreeze(player_id: bigint, frozen: boolean, reason: string, staff: StaffRef) {
    await this.protection.setWithdrawalFreeze(player_id, frozen, reason.trim(), staff.actor);
    return this.playerCompliance(player_id);
  }

  async requestSourceOfFunds(player_id: bigint, message: string, staff: StaffRef) {
    if (!(await this.options.players.byId(player_id)))
      throw new AppError('NOT_FOUND', 'No such player');
    const row = await this.repository.requestSourceOfFunds(player_id, message.trim(), staff.id);
    if (!row) throw complianceError('SOURCE_OF_FUNDS_OPEN');
    await this.audit.record({
      actor: staff.actor,
      action: 'compliance.source_of_funds',
      target: { type: 'player', id: player_id },
      after: { message: row.message },
    });
    return this.playerCompliance(player_id);
  }

  async closeSourceOfFunds(player_id: bigint, staff: StaffRef) {
    const row = await this.repository.closeSourceOfFunds(player_id);
    if (!row) throw new AppError('NOT_FOUND', 'No open source-of-funds request');
    await this.audit.record({
      actor: staff.actor,
      action: 'compliance.source_of_funds_closed',
      target: { type: 'player', id: player_id },
    });
    return this.playerCompliance(player_id);
  }

  private async openSof(player_id: bigint) {
    const open = await this.repository.openSourceOfFunds(player_id);
    return open ? sofView(open) : null;
  }

  /** What the back office shows on a player: freeze, source-of-funds requests, alerts. */
  async playerCompliance(player_id: bigint) {
    const freeze = await this.protection.withdrawalFreeze(player_id);
    return {
      withdrawals_frozen: freeze.frozen,
      frozen_since: freeze.since?.toISOString() ?? null,
      frozen_reason: freeze.reason,
      source_of_funds: (await this.repository.sourceOfFundsHistory(player_id)).map(sofView),
      alerts: (await this.repository.alerts({ player_id, limit: 50 })).map((row) => alertView(row)),
    };
  }

  // --- the player's side ---------------------------------------------------------------

  /** What the player's account page shows: a source-of-funds request, a withdrawal hold. */
  async playerView(player_id: bigint) {
    const freeze = await this.protection.withdrawalFreeze(player_id);
    const open = await this.repository.openSourceOfFunds(player_id);
    return {
      withdrawals_frozen: freeze.frozen,
      source_of_funds: open ? sofView(open) : null,
    };
  }

  /** The player's data export: their source-of-funds requests (not AML alerts: tipping off). */
  async exportOf(player_id: bigint) {
    return { source_of_funds_requests: await this.repository.sourceOfFundsExport(player_id) };
  }

  async answerSourceOfFunds(player_id: bigint, response: string, actor: AuditActor) {
    const row = await this.repository.answerSourceOfFunds(player_id, response.trim());
    if (!row) throw new AppError('NOT_FOUND', 'There is no source-of-funds request to answer');
    await this.audit.record({
      actor,
      action: 'compliance.source_of_funds_answered',
      target: { type: 'player', id: player_id },
    });
    return this.playerView(player_id);
  }
}

/** Plain code-unit order: what `order by … collate "C"` gives, for lists merged from modules. */
const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function alertView(row: AlertRow) {
  return {
    id: row.id.toString(),
    rule_code: row.rule_code,
    player_id: row.player_id.toString(),
    summary: row.summary,
    evidence: row.evidence,
    status: row.status,
    assigned_to: row.assigned_to?.toString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
  };
}

function sofView(row: SourceOfFundsRow) {
  return {
    id: row.id.toString(),
    message: row.message,
    status: row.status,
    response: row.response,
    requested_at: row.created_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
  };
}
