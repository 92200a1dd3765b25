/**
 * The player's reduced-motion setting (WCAG 2.3.3). CSS animations and transitions follow it in
 * index.css; scripted ones (Web Animations, requestAnimationFrame) ask here, and with it on the
 * games show their result at once instead of rolling, dropping or spinning towards it.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** An animation's length: `ms`, or 0 (the end state at once) when the player asked for less motion. */
export function motionMs(ms: number, reduced = prefersReducedMotion()): number {
  return reduced ? 0 : ms;
}
