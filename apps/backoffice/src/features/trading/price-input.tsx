import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { bookWith, oddsMilli, percent } from './book.ts';

type MarketPrices = {
  /** The book's floor (basis points); null: the market is not exhaustive, no book to keep. */
  book_min_bp: number | null;
  selections: { id: string; odds_milli: number | null }[];
};

/**
 * A selection's price on the desk. While the trader types, it previews the market's book
 * with the others as offered; a price the server refuses as breaking the book
 * (BOOK_UNDER_MARGIN) shows the server's message and a button to set it anyway, which lets
 * the book shorten the market's other prices.
 */
export function PriceInput({
  selection,
  market,
  onSave,
}: {
  selection: { id: string; odds: string | null; trader_odds_milli: number | null };
  market: MarketPrices;
  onSave: (odds: string | null, confirm_book: boolean) => Promise<void>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fixed = selection.trader_odds_milli !== null;
  const close = () => {
    setEditing(null);
    setWarning(null);
  };
  const save = async (odds: string | null, confirm_book: boolean) => {
    setBusy(true);
    try {
      await onSave(odds, confirm_book);
      close();
    } catch (error) {
      // The server's detail ("book 96.07 % with this price; at most 2.04 keeps 105.00 %") is
      // the exact figure; its message speaks to API callers.
      if (error instanceof ApiError && error.code === 'BOOK_UNDER_MARGIN')
        setWarning(error.fieldErrors[0]?.message ?? error.message);
    } finally {
      setBusy(false);
    }
  };

  if (editing === null) {
    return (
      <button
        type="button"
        onClick={() => setEditing(selection.odds ?? '')}
        className={cn('rounded px-1 hover:bg-ink-800', fixed && 'text-warning')}
        title={fixed ? 'Fixed by a trader' : 'From the feed, through the book'}
        data-testid="trader-price"
      >
        {selection.odds ?? '—'}
      </button>
    );
  }
  const typed = oddsMilli(editing);
  const preview =
    typed !== null && market.book_min_bp !== null
      ? bookWith(market.selections, selection.id, typed)
      : null;
  const under = preview !== null && market.book_min_bp !== null && preview < market.book_min_bp;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <span className="inline-flex items-center gap-1">
        <input
          autoFocus
          aria-label="New price"
          value={editing}
          onChange={(e) => {
            setEditing(e.target.value);
            setWarning(null);
          }}
          className={cn(controlClasses, 'h-6 !w-16 text-right', under && 'border-negative')}
          data-testid="trader-price-input"
        />
        <button
          type="button"
          className="text-accent-300 disabled:opacity-50"
          disabled={busy}
          onClick={() => void save(editing, false)}
          data-testid="trader-price-set"
        >
          Set
        </button>
        {fixed && (
          <button
            type="button"
            className="text-fg-subtle"
            disabled={busy}
            onClick={() => void save(null, false)}
          >
            Feed
          </button>
        )}
        <button type="button" className="text-fg-subtle" onClick={close}>
          ✕
        </button>
      </span>
      {preview !== null && (
        <span
          className={cn('font-sans text-[11px]', under ? 'text-negative' : 'text-fg-subtle')}
          data-testid="trader-price-preview"
        >
          book {percent(preview)}
          {under && ` < ${percent(market.book_min_bp!)}`}
        </span>
      )}
      {warning && (
        <span
          role="alert"
          className="w-64 rounded border border-warning/40 bg-warning/10 p-2 text-left font-sans text-[11px] whitespace-normal text-warning"
          data-testid="trader-price-warning"
        >
          Under the book's floor: {warning}. Set it anyway and the book shortens the other prices to
          keep its floor.
          <span className="mt-1.5 flex justify-end gap-1.5">
            <Button size="xs" variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button
              size="xs"
              variant="danger"
              loading={busy}
              onClick={() => void save(editing, true)}
              data-testid="trader-price-confirm"
            >
              Set it; shorten the others
            </Button>
          </span>
        </span>
      )}
    </span>
  );
}
