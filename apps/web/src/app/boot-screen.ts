/**
 * The spec's loading screen (§2 "shows for the first 2 seconds after start", §9 2000 ms) is
 * drawn by index.html itself, so it is the first paint, before any script has arrived. The app
 * renders underneath it meanwhile; this module fades it out (decision 0900):
 * - 2000 ms after navigation start (`performance.now()` counts from it), or
 * - right after the app's first render, if that comes later (a slow phone), so the player
 *   never sees an empty page between the two.
 * Only opacity changes, on a fixed layer: nothing under it moves (no layout shift).
 */
export const LOADING_SCREEN_MS = 2_000;
export const FADE_MS = 300;

/** How long the screen stays once the app has rendered, `now` ms after navigation start. */
export function bootScreenRemainingMs(now: number): number {
  return Math.max(0, Math.ceil(LOADING_SCREEN_MS - now));
}

let released = false;

/** Called once the app has rendered; `label` is the translated "Loading…" for screen readers. */
export function releaseBootScreen(label: string): void {
  if (released || typeof document === 'undefined') return;
  released = true;
  const screen = document.getElementById('boot-screen');
  if (!screen) return;
  const sr = screen.querySelector('[data-boot-label]');
  if (sr && label) sr.textContent = label;
  // The server fills the brand name in (static-sites.ts); the Vite dev server does not.
  const brand = screen.querySelector('.boot-brand');
  if (brand?.textContent?.startsWith('__')) brand.textContent = '';
  window.setTimeout(() => {
    screen.classList.add('boot-fading');
    window.setTimeout(() => screen.remove(), FADE_MS);
  }, bootScreenRemainingMs(performance.now()));
}
