import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrenciesRepository, CurrencyRow } from './currencies.repository.ts';

export type CurrencyUnit = Pick<
  CurrencyRow,
  'id' | 'code' | 'name' | 'prefix' | 'scale' | 'is_crypto'
>;

/**
 * How long an instance answers from the catalogue it read. Bets read it on every request, so
 * it is kept in memory; a change made on another instance shows here within this time, one
 * made through this instance at once.
 */
export const CURRENCY_CACHE_MS = 1_000;
/** The currency every rate is quoted against (`rate_to_eur`). */
export const REFERENCE_CURRENCY = 'EUR';

/** Exact decimal strings for rates; at most 18 fraction digits, positive. */
const DECIMAL = /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

type Catalogue = {
  rows: readonly CurrencyRow[];
  byId: ReadonlyMap<number, CurrencyRow>;
  byCode: ReadonlyMap<string, CurrencyRow>;
};

export class CurrenciesService {
  private cached: { catalogue: Catalogue; read_at_ms: number } | null = null;
  private loading: Promise<Catalogue> | null = null;
  /** Bumped by every change, so a read that started before it is never cached after it. */
  private generation = 0;

  constructor(
    private readonly repository: CurrenciesRepository,
    private readonly audit: AuditService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every currency, disabled ones too, in the catalogue's order. */
  async all(): Promise<readonly CurrencyRow[]> {
    return (await this.catalogue()).rows;
  }

  /** The currencies players are offered, in the catalogue's order. */
  async enabled(): Promise<CurrencyRow[]> {
    return (await this.all()).filter((row) => row.enabled);
  }

  /** A currency by id, enabled or not. */
  async byId(id: number): Promise<CurrencyRow | null> {
    return (await this.catalogue()).byId.get(id) ?? null;
  }

  /** A currency by its code (`EUR`, `BTC`), enabled or not. */
  /**
   * The code of a wallet currency by id; a player without one (or with an id that is gone)
   * counts in the reference currency, euros, as the exchange rates do.
   */
  async walletCode(id: number | null): Promise<string> {
    return (id === null ? null : (await this.byId(id))?.code) ?? REFERENCE_CURRENCY;
  }

  async byCode(code: string): Promise<CurrencyRow | null> {
    return (await this.catalogue()).byCode.get(code) ?? null;
  }

  /** A currency a new player may choose: enabled and fiat (crypto is a payment method, not a wallet currency). */
  async requireWalletCurrency(id: number): Promise<CurrencyUnit> {
    const row = await this.byId(id);
    if (!row?.enabled || row.is_crypto) {
      throw new AppError('VALIDATION_FAILED', 'currency_id: choose one of the offered currencies', {
        errors: [{ path: 'currency_id', message: 'Unknown or unavailable currency' }],
      });
    }
    return row;
  }

  /** The operator's rate to EUR and availability (back office), audited. */
  async update(
    id: number,
    patch: { rate_to_eur?: string | null; enabled?: boolean },
    actor: AuditActor,
  ): Promise<CurrencyRow> {
    if (
      patch.rate_to_eur != null &&
      (!DECIMAL.test(patch.rate_to_eur) || /^0(\.0+)?$/.test(patch.rate_to_eur))
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        'rate_to_eur must be a positive decimal such as 90.25',
      );
    }
    const before = await this.repository.byId(id);
    if (!before) throw new AppError('NOT_FOUND', `Currency ${id} does not exist`);
    const after = await this.repository.update(id, patch);
    this.forget();
    await this.audit.record({
      actor,
      action: 'currency.update',
      target: { type: 'currency', id },
      before,
      after,
    });
    return after!;
  }

  /** Reference data at start-up: adds a missing currency, never overwrites the operator's edits. */
  async insertIfMissing(row: CurrencyRow): Promise<void> {
    await this.repository.insertIfMissing(row);
    this.forget();
  }

  private async catalogue(): Promise<Catalogue> {
    const cached = this.cached;
    if (cached && this.now() - cached.read_at_ms < CURRENCY_CACHE_MS) return cached.catalogue;
    return this.load();
  }

  /** One read at a time; callers arriving meanwhile share it. */
  private load(): Promise<Catalogue> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const read_at_ms = this.now();
    const loading = this.repository
      .all()
      .then((rows) => {
        const catalogue = catalogueOf(rows);
        if (generation === this.generation) this.cached = { catalogue, read_at_ms };
        return catalogue;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  private forget(): void {
    this.generation += 1;
    this.cached = null;
    this.loading = null;
  }
}

/** Frozen: every caller shares these rows, so a change to one must fail rather than leak. */
function catalogueOf(rows: CurrencyRow[]): Catalogue {
  for (const row of rows) Object.freeze(row);
  Object.freeze(rows);
  return {
    rows,
    byId: new Map(rows.map((row) => [row.id, row])),
    byCode: new Map(rows.map((row) => [row.code, row])),
  };
}
