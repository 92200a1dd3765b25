import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { controlClasses } from '../../../components/field.tsx';
import {
  BET_PRODUCTS,
  type TransactionFilters,
  type TransactionType,
} from '../api/get-transactions.ts';

/**
 * The statement's filters: movement type, product (bets tabs only), dates, and a reset. Every
 * change goes back to the first page (the caller's `onChange`).
 */
export function TransactionsFilters({
  filters,
  types,
  allTypes,
  products,
  filtered,
  onChange,
  onClear,
}: {
  filters: TransactionFilters;
  types: readonly TransactionType[];
  /** Offer "all types" (the activity tab); a bets tab always shows one type. */
  allTypes: boolean;
  /** Offer the product filter (decision 0972). */
  products: boolean;
  filtered: boolean;
  onChange: (change: Partial<TransactionFilters>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={cn(
        'grid grid-cols-2 gap-3 rounded-2xl border border-ink-700 bg-ink-900/60 p-4 sm:items-end',
        products ? 'sm:grid-cols-[1fr_1.2fr_1fr_1fr_auto]' : 'sm:grid-cols-[1.2fr_1fr_1fr_auto]',
      )}
    >
      <legend className="sr-only">{t('transactions.filters')}</legend>
      <label className={cn('flex flex-col gap-1.5', !products && 'col-span-2 sm:col-span-1')}>
        <span className="text-[13px] font-medium text-fg-muted">{t('transactions.type')}</span>
        <select
          className={cn(controlClasses(false), 'h-10')}
          value={filters.type}
          onChange={(event) => onChange({ type: event.target.value as TransactionFilters['type'] })}
          data-testid="transactions-type"
        >
          {allTypes && <option value="">{t('transactions.allTypes')}</option>}
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`transactions.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      {products && (
        <label className="flex min-w-0 flex-col gap-1.5">
          <span className="text-[13px] font-medium text-fg-muted">{t('pxRest.product')}</span>
          <select
            className={cn(controlClasses(false), 'h-10 truncate')}
            value={filters.product}
            onChange={(event) =>
              onChange({ product: event.target.value as TransactionFilters['product'] })
            }
            data-testid="transactions-product"
          >
            <option value="">{t('pxRest.allProducts')}</option>
            {BET_PRODUCTS.map((product) => (
              <option key={product} value={product}>
                {t(`pxRest.products.${product}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium text-fg-muted">{t('transactions.from')}</span>
        <input
          type="date"
          className={cn(controlClasses(false), 'h-10 [color-scheme:dark]')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium text-fg-muted">{t('transactions.to')}</span>
        <input
          type="date"
          className={cn(controlClasses(false), 'h-10 [color-scheme:dark]')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </label>
      <Button
        variant="ghost"
        className="col-span-2 sm:col-span-1"
        disabled={!filtered}
        onClick={onClear}
      >
        {t('transactions.clear')}
      </Button>
    </fieldset>
  );
}
