/**
 * What the back office needs from the money modules, as ports: the wallet and the
 * ledger are wired in at composition time (app.ts). Until they are, balances and
 * money figures read zero and adjustments are refused as unavailable.
 */

export type WalletActor = { type: 'staff' | 'system'; id: string; role?: string };

export type MovementView = {
  id: string;
  created_at: Date;
  type: string;
  /** Signed, minor units of `currency`, as seen from the player's account. */
  amount_minor: bigint;
  balance_after_minor: bigint | null;
  currency: string;
  scale: number;
  description: string | null;
};

export interface BackofficeWallet {
  adjust(input: {
    player_id: bigint;
    amount_minor: bigint;
    reason_code: string;
    comment: string;
    actor: WalletActor;
    idempotency_key: string;
  }): Promise<{ transfer_id: bigint; balance_minor: bigint }>;
  summary(
    player_id: bigint,
  ): Promise<{ cash_minor: bigint; bonus_minor: bigint; withdrawable_minor: bigint }>;
  movements(
    player_id: bigint,
    query: { page: number; per_page: number; type?: string; from?: Date; to?: Date },
  ): Promise<{ items: MovementView[]; total: number }>;
}

export type LedgerTotal = {
  currency: string;
  reason_code: string;
  amount_minor: bigint;
  count: number;
};

export interface BackofficeLedger {
  totals(range: { from: Date; to: Date }): Promise<LedgerTotal[]>;
  /** Players whose first deposit falls in [from, to), per UTC day (optional). */
  firstDepositors?(range: { from: Date; to: Date }): Promise<Array<{ day: string; count: number }>>;
}
