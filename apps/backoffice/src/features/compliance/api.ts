export type AlertStatus = 'open' | 'investigating' | 'cleared' | 'reported';
export type RuleCode =
  | 'large_amount'
  | 'structuring'
  | 'deposit_withdraw_little_play'
  | 'shared_device'
  | 'shared_address'
  | 'shared_instrument'
  | 'payout_changes'
  | 'anonymiser';

export type Alert = {
  id: string;
  rule_code: RuleCode;
  player_id: string;
  summary: string;
  evidence: Record<string, unknown>;
  status: AlertStatus;
  assigned_to: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  username?: string;
};

export type SourceOfFunds = {
  id: string;
  message: string;
  status: 'requested' | 'answered' | 'closed';
  response: string | null;
  requested_at: string;
  answered_at: string | null;
};

export type Case = {
  alert: Alert;
  player: {
    id: string;
    username: string;
    email: string;
    currency: string | null;
    withdrawals_frozen: { frozen: boolean; since: string | null; reason: string | null };
    source_of_funds: SourceOfFunds | null;
    other_alerts: Alert[];
  };
  notes: Array<{
    id: string;
    author: string;
    body: string;
    status_from: string | null;
    status_to: string | null;
    at: string;
  }>;
};

export type PlayerCompliance = {
  withdrawals_frozen: boolean;
  frozen_since: string | null;
  frozen_reason: string | null;
  source_of_funds: SourceOfFunds[];
  alerts: Alert[];
};

export type Rule = {
  code: RuleCode;
  enabled: boolean;
  window_minutes: number;
  min_count: number;
  percent: number;
  thresholds: Record<string, string>;
  updated_at: string;
};

/** Names and plain explanations of the rules, for the queue and the rules editor. */
export const RULES: Record<
  RuleCode,
  { name: string; explain: string; count?: string; percent?: string; thresholds?: string }
> = {
  large_amount: {
    name: 'Large amount',
    explain: 'One deposit or withdrawal at or above the threshold of its currency.',
    thresholds: 'Threshold',
  },
  structuring: {
    name: 'Structuring',
    explain:
      'Several deposits in the window, each just under the threshold (within the band below it).',
    count: 'Deposits in the band',
    percent: 'Band under the threshold (%)',
    thresholds: 'Threshold',
  },
  deposit_withdraw_little_play: {
    name: 'Deposit, then withdrawal with little play',
    explain:
      'A withdrawal after deposits of at least the amount, with stakes below the given share of them.',
    percent: 'Play below (% of deposits)',
    thresholds: 'Deposits of at least',
  },
  shared_device: {
    name: 'Many accounts, one device',
    explain: 'Accounts signed in on one device (the browser’s device cookie) within the window.',
    count: 'Accounts',
  },
  shared_address: {
    name: 'Many accounts, one address',
    explain: 'Accounts signed in from one public IP address within the window.',
    count: 'Accounts',
  },
  anonymiser: {
    name: 'Sign-ins through VPN, proxy or Tor',
    explain:
      'Sign-ins from an address on the anonymising-network list, where the location policy flags them (Jurisdictions screen).',
    count: 'Sign-ins',
  },
  shared_instrument: {
    name: 'Many accounts, one payment instrument',
    explain: 'Accounts paying out to (or in from) one bank account, UPI id or crypto address.',
    count: 'Accounts',
  },
  payout_changes: {
    name: 'Rapid payout changes',
    explain: 'Withdrawals to several different destinations within the window.',
    count: 'Destinations',
  },
};

export const STATUS_TONE: Record<AlertStatus, 'warning' | 'accent' | 'positive' | 'negative'> = {
  open: 'warning',
  investigating: 'accent',
  cleared: 'positive',
  reported: 'negative',
};

export function windowLabel(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}
