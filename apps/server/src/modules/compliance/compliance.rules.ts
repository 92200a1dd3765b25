import type { RuleCode, RuleRow } from './compliance.repository.ts';

/** A deposit or withdrawal, as the module that recorded it tells it (the cashier, crypto). */
export type MoneyEvent = {
  kind: 'deposit' | 'withdrawal';
  /** `payment:<public id>`, `crypto-deposit:<tracking id>`, `crypto-withdrawal:<tracking id>`. */
  ref: string;
  amount_minor: bigint;
  currency: string;
  at: Date;
  /** A withdrawal's payout account, UPI id or address; a deposit's paying account if known. */
  destination: string | null;
};

/** What a rule found: one alert's worth (the service stores it, deduplicated). */
export type Hit = {
  rule_code: RuleCode;
  /** The same evidence never raises twice: the rule, the player, the newest item that decided it. */
  fingerprint: string;
  summary: string;
  evidence: Record<string, unknown>;
};

/** The facts about one player the rules look at (gathered by the service). */
export type Facts = {
  player_id: bigint;
  now: Date;
  events: MoneyEvent[];
  /** Real-money stakes in a currency since a moment (the ledger's bet transfers). */
  wagered: (currency: string, since: Date) => Promise<bigint>;
  addresses: Array<{ ip: string; player_id: string; username: string }>;
  devices: Array<{ device: string; player_id: string; username: string }>;
  /** Sign-ins through an anonymising network (empty unless the operator's policy flags them). */
  anonymised: Array<{ id: string; ip: string | null; at: Date }>;
  instruments: Array<{ instrument: string; player_id: string; username: string }>;
  format: (amount_minor: bigint, currency: string) => string;
};

/** The evidence's name for the shared thing. */
const SHARED_KEY = {
  shared_device: 'device',
  shared_address: 'ip',
  shared_instrument: 'instrument',
};

const since = (rule: RuleRow, now: Date) => new Date(now.getTime() - rule.window_minutes * 60_000);
const threshold = (rule: RuleRow, currency: string): bigint | null => {
  const value = rule.thresholds[currency];
  return value === undefined ? null : BigInt(value);
};
const item = (event: MoneyEvent, facts: Facts) => ({
  ref: event.ref,
  kind: event.kind,
  amount: facts.format(event.amount_minor, event.currency),
  at: event.at.toISOString(),
  ...(event.destination ? { destination: event.destination } : {}),
});
const windowText = (minutes: number) =>
  minutes % 1440 === 0
    ? `${minutes / 1440} d`
    : minutes % 60 === 0
      ? `${minutes / 60} h`
      : `${minutes} min`;

/**
 * The rules, each a pure function of its row (thresholds, window, counts: data staff edit)
 * and the player's facts. Adding a rule = a row (migration) + a case here.
 */
export async function evaluate(rule: RuleRow, facts: Facts): Promise<Hit[]> {
  const from = since(rule, facts.now);
  const recent = facts.events.filter((event) => event.at >= from);
  const player = facts.player_id.toString();
  switch (rule.code) {
    case 'large_amount': {
      const large = recent.filter((event) => {
        const limit = threshold(rule, event.currency);
        return limit !== null && event.amount_minor >= limit;
      });
      const last = large.at(-1);
      if (!last) return [];
      return [
        {
          rule_code: rule.code,
          fingerprint: `large_amount:${player}:${last.ref}`,
          summary: `${large.length} payment(s) at or above the threshold, the latest a ${last.kind} of ${facts.format(last.amount_minor, last.currency)}`,
          evidence: {
            threshold: facts.format(threshold(rule, last.currency)!, last.currency),
            window: windowText(rule.window_minutes),
            payments: large.map((event) => item(event, facts)),
          },
        },
      ];
    }
    case 'structuring': {
      const hits: Hit[] = [];
      for (const currency of new Set(recent.map((event) => event.currency))) {
        const limit = threshold(rule, currency);
        if (limit === null) continue;
        const floor = limit - (limit * BigInt(rule.percent)) / 100n;
        const under = recent.filter(
          (event) =>
            event.kind === 'deposit' &&
            event.currency === currency &&
            event.amount_minor >= floor &&
            event.amount_minor < limit,
        );
        if (under.length < rule.min_count) continue;
        const last = under.at(-1)!;
        hits.push({
          rule_code: rule.code,
          fingerprint: `structuring:${player}:${last.ref}`,
          summary: `${under.length} deposits within ${windowText(rule.window_minutes)} just under ${facts.format(limit, currency)} (between ${facts.format(floor, currency)} and the threshold)`,
          evidence: {
            threshold: facts.format(limit, currency),
            band_from: facts.format(floor, currency),
            window: windowText(rule.window_minutes),
            total: facts.format(
              under.reduce((sum, event) => sum + event.amount_minor, 0n),
              currency,
            ),
            deposits: under.map((event) => item(event, facts)),
          },
        });
      }
      return hits;
    }
    case 'deposit_withdraw_little_play': {
      const withdrawal = recent.filter((event) => event.kind === 'withdrawal').at(-1);
      if (!withdrawal) return [];
      const limit = threshold(rule, withdrawal.currency);
      if (limit === null) return [];
      const deposits = recent.filter(
        (event) =>
          event.kind === 'deposit' &&
          event.currency === withdrawal.currency &&
          event.at <= withdrawal.at,
      );
      const deposited = deposits.reduce((sum, event) => sum + event.amount_minor, 0n);
      if (deposits.length === 0 || deposited < limit) return [];
      const played = await facts.wagered(withdrawal.currency, deposits[0]!.at);
      if (played * 100n >= deposited * BigInt(rule.percent)) return [];
      return [
        {
          rule_code: rule.code,
          fingerprint: `deposit_withdraw_little_play:${player}:${withdrawal.ref}`,
          summary: `Withdrawal of ${facts.format(withdrawal.amount_minor, withdrawal.currency)} after deposits of ${facts.format(deposited, withdrawal.currency)} with ${facts.format(played, withdrawal.currency)} played (under ${rule.percent} %)`,
          evidence: {
            deposited: facts.format(deposited, withdrawal.currency),
            played: facts.format(played, withdrawal.currency),
            play_threshold_percent: rule.percent,
            window: windowText(rule.window_minutes),
            withdrawal: item(withdrawal, facts),
            deposits: deposits.map((event) => item(event, facts)),
          },
        },
      ];
    }
    case 'anonymiser': {
      const signIns = facts.anonymised.filter((row) => row.at >= from);
      if (signIns.length < rule.min_count) return [];
      const last = signIns[0]!;
      return [
        {
          rule_code: rule.code,
          fingerprint: `anonymiser:${player}:${last.id}`,
          summary: `${signIns.length} sign-in(s) through an anonymising network (VPN, proxy or Tor), last from ${last.ip ?? 'an unknown address'}`,
          evidence: {
            sign_ins: signIns.slice(0, 20).map((row) => ({ ip: row.ip, at: row.at.toISOString() })),
            window: windowText(rule.window_minutes),
          },
        },
      ];
    }
    case 'shared_device':
    case 'shared_address':
    case 'shared_instrument': {
      const key = SHARED_KEY[rule.code];
      const rows =
        rule.code === 'shared_device'
          ? facts.devices.map((row) => ({ key: row.device, ...row }))
          : rule.code === 'shared_address'
            ? facts.addresses.map((row) => ({ key: row.ip, ...row }))
            : facts.instruments.map((row) => ({ key: row.instrument, ...row }));
      const groups = new Map<string, Array<{ id: string; username: string }>>();
      for (const row of rows) {
        const list = groups.get(row.key) ?? [];
        if (!list.some((entry) => entry.id === row.player_id))
          list.push({ id: row.player_id, username: row.username });
        groups.set(row.key, list);
      }
      const hits: Hit[] = [];
      for (const [value, accounts] of groups) {
        if (accounts.length < rule.min_count) continue;
        const ids = accounts.map((account) => account.id).sort();
        hits.push({
          rule_code: rule.code,
          fingerprint: `${rule.code}:${player}:${value}:${ids.join(',')}`.slice(0, 300),
          summary:
            rule.code === 'shared_device'
              ? `${accounts.length} accounts signed in on one device (${value.slice(0, 8)}…)`
              : rule.code === 'shared_address'
                ? `${accounts.length} accounts signed in from ${value}`
                : `${accounts.length} accounts use the payment instrument ${value}`,
          evidence: { [key]: value, accounts, window: windowText(rule.window_minutes) },
        });
      }
      return hits.slice(0, 5);
    }
    case 'payout_changes': {
      const withdrawals = recent.filter(
        (event) => event.kind === 'withdrawal' && event.destination !== null,
      );
      const destinations = [...new Set(withdrawals.map((event) => event.destination!))];
      if (destinations.length < rule.min_count) return [];
      const last = withdrawals.at(-1)!;
      return [
        {
          rule_code: rule.code,
          fingerprint: `payout_changes:${player}:${last.ref}`,
          summary: `${destinations.length} different payout destinations within ${windowText(rule.window_minutes)}`,
          evidence: {
            destinations,
            window: windowText(rule.window_minutes),
            withdrawals: withdrawals.map((event) => item(event, facts)),
          },
        },
      ];
    }
  }
}
