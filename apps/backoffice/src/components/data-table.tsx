import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { SortIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

export type Column<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right';
  className?: string;
};

export type SortState = { key: string; order: 'asc' | 'desc' };

/**
 * A dense table for server-side data: sortable headers (the caller fetches), a
 * roving focus over rows (↑/↓ or j/k move, Enter or a click opens the row),
 * loading and empty states, and pagination below.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  onOpen,
  loading = false,
  empty = 'Nothing to show',
  pagination,
  label,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  sort?: SortState;
  onSort?: (key: string) => void;
  onOpen?: (row: T) => void;
  loading?: boolean;
  empty?: ReactNode;
  pagination?: PaginationProps;
  label: string;
}) {
  const [active, setActive] = useState(0);
  const rowRefs = useRef<Array<HTMLTableRowElement | null>>([]);
  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    rowRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.key === 'ArrowDown' || event.key === 'j') {
      event.preventDefault();
      focusRow(index + 1);
    } else if (event.key === 'ArrowUp' || event.key === 'k') {
      event.preventDefault();
      focusRow(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusRow(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusRow(rows.length - 1);
    } else if (event.key === 'Enter' && onOpen) {
      event.preventDefault();
      onOpen(row);
    }
  };

  return (
    <div className="overflow-hidden rounded-lg border border-ink-700 bg-ink-900">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-[13px]" aria-label={label}>
          <thead>
            <tr className="border-b border-ink-700 bg-ink-850 text-left text-[11px] tracking-wide text-fg-subtle uppercase">
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.order : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : undefined
                    }
                    className={cn(
                      'h-8 px-3 font-semibold whitespace-nowrap',
                      column.align === 'right' && 'text-right',
                    )}
                  >
                    {column.sortable && onSort ? (
                      <button
                        type="button"
                        onClick={() => onSort(column.key)}
                        className={cn(
                          'inline-flex items-center gap-1 uppercase hover:text-fg',
                          direction && 'text-fg',
                        )}
                      >
                        {column.header}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr
                key={rowKey(row)}
                ref={(element) => {
                  rowRefs.current[index] = element;
                }}
                tabIndex={index === Math.min(active, rows.length - 1) ? 0 : -1}
                onFocus={() => setActive(index)}
                onKeyDown={(event) => onKeyDown(event, index, row)}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('button, a, input, select')) return;
                  onOpen?.(row);
                }}
                data-row
                className={cn(
                  'h-9 border-b border-ink-800 outline-none last:border-b-0 focus:bg-accent-500/10 focus:shadow-[inset_2px_0_0_var(--color-accent-500)]',
                  onOpen && 'cursor-pointer hover:bg-ink-850',
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      'px-3 py-1.5 align-middle whitespace-nowrap',
                      column.align === 'right' && 'text-right tabular-nums',
                      column.className,
                    )}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <div className="flex h-24 items-center justify-center gap-2 text-[13px] text-fg-subtle">
            {loading ? <Spinner /> : empty}
          </div>
        )}
      </div>
      {pagination && <Pagination {...pagination} loading={loading} />}
    </div>
  );
}

export type PaginationProps = {
  page: number;
  per_page: number;
  total: number;
  onPage: (page: number) => void;
  onPerPage?: (per_page: number) => void;
  loading?: boolean;
};

export const PAGE_SIZES = [25, 50, 100];

export function Pagination({ page, per_page, total, onPage, onPerPage, loading }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / per_page));
  const first = total === 0 ? 0 : (page - 1) * per_page + 1;
  const last = Math.min(total, page * per_page);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-ink-700 bg-ink-850 px-3 py-1.5 text-xs text-fg-muted">
      <span className="flex items-center gap-2">
        {first}–{last} of {total.toLocaleString('en')}
        {loading && <Spinner className="size-3" />}
      </span>
      <div className="flex items-center gap-2">
        {onPerPage && (
          <label className="flex items-center gap-1.5">
            Rows
            <select
              value={per_page}
              onChange={(event) => onPerPage(Number(event.target.value))}
              className="h-7 rounded border border-ink-600 bg-ink-900 px-1.5 text-xs"
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button size="xs" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹ Prev
        </Button>
        <span className="tabular-nums">
          {page} / {pages}
        </span>
        <Button size="xs" variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next ›
        </Button>
      </div>
    </div>
  );
}
