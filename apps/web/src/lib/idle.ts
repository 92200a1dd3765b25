import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle: for work the first render does
 * not need (checking responses against their schemas, the toast container, the jurisdiction
 * banner, preloading modals). On a phone on mobile data this keeps the first page's code and
 * data alone on the network and the main thread until the page is drawn (issue 20).
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof window === 'undefined') {
    task();
    return () => {};
  }
  let idle: number | undefined;
  let cancelled = false;
  const schedule = () => {
    if (cancelled) return;
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(task, { timeout: timeoutMs })
        : window.setTimeout(task, 500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

/** `false` until the page has loaded and the browser has been idle once (see `whenIdle`). */
export function useAfterIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready;
}
