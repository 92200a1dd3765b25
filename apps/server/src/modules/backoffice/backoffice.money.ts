import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { BackofficeLedger, BackofficeWallet } from './backoffice.ports.ts';

const SCALE_DEFAULT = 2;

/**
 * The back office's view of the money modules: adjustments and balances through the
 * wallet, a player's movements and the dashboard totals from the ledger. Movements
 * keep the ledger's own reason codes and exact balances (staff need more detail than
 * the player's statement).
 */
export function backofficeMoney(deps: {
  wallet: WalletService;
  ledger: LedgerService;
  currencies: CurrenciesService;
}): { wallet: BackofficeWallet; ledger: BackofficeLedger } {
  return {
    wallet: {
      adjust: (input) => deps.wallet.adjust(input),
      summary: (player_id) => deps.wallet.summary(player_id),
      async movements(player_id, query) {
        const { rows, total } = await deps.ledger.movements({
          player_id,
          reason_codes: query.type ? [query.type] : undefined,
          from: query.from,
          to: query.to,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        });
        const scales = new Map(
          (await deps.currencies.all()).map((currency) => [currency.code, currency.scale]),
        );
        return {
          total,
          items: rows.map((row) => {
            const pending = row.kind === 'pending';
            return {
              id: String(row.id),
              created_at: row.created_at,
              type: row.reason_code,
              amount_minor: row.player_side === 'credit' ? row.amount_minor : -row.amount_minor,
              balance_after_minor: pending ? null : row.balance_after_minor,
              currency: row.currency,
              scale: scales.get(row.currency) ?? SCALE_DEFAULT,
              description: [
                row.player_account_kind === 'player_bonus' ? 'bonus wallet' : 'cash',
                `${row.object_type}:${row.object_id}`,
                pending
                  ? `hold ${row.hold_state ?? ''}`.trim()
                  : row.kind === 'single'
                    ? null
                    : row.kind,
              ]
                .filter(Boolean)
                .join(' · '),
            };
          }),
        };
      },
    },
    ledger: {
      totals: (range) => deps.ledger.totals(range),
      firstDepositors: (range) => deps.ledger.firstDepositors(range),
    },
  };
}
