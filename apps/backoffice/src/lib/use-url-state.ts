import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Table state (page, sort, filters) lives in the URL, so a filtered view can be
 * shared, reloaded and navigated back to.
 */
export function useUrlState<T extends Record<string, string>>(defaults: T) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const result = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const value = params.get(key);
      if (value !== null) (result as Record<string, string>)[key] = value;
    }
    return result;
  }, [params, defaults]);
  const update = useCallback(
    (patch: Partial<T>, options: { resetPage?: boolean } = { resetPage: true }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          if (options.resetPage && !('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaults],
  );
  return [state, update] as const;
}

/** Header click: same column flips the order, a new column starts descending. */
export function nextSort(current: { sort: string; order: string }, key: string) {
  return current.sort === key
    ? { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { sort: key, order: 'desc' };
}
