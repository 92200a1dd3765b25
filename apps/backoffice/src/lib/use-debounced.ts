import { useEffect, useMemo, useRef } from 'react';

/** A stable function that runs `callback` once input has been quiet for `delay_ms`. */
export function useDebounced<A extends unknown[]>(callback: (...args: A) => void, delay_ms = 300) {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useMemo(
    () =>
      (...args: A) => {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => latest.current(...args), delay_ms);
      },
    [delay_ms],
  );
}
